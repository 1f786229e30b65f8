import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { IndexRunSummarySchema } from './indexing';
import { schemaNames } from './shared';

/**
 * Index jobs: index runs queued on Redis (LORE_QUEUE_URL) and done by `lore worker` processes, so
 * that no server indexes in its own process. A job names what to index (a directory of the workers'
 * machines, or a git URL) and, optionally, the commit; its state and progress are read back by id.
 */

export const INDEX_JOB_STATES = ['waiting', 'delayed', 'active', 'completed', 'failed'] as const;
export const MAX_INDEX_JOB_PAGE = 100;

const repositoryId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'letters, digits, dot, dash and underscore');

export const EnqueueIndexInputSchema = z
  .object({
    source: z
      .string()
      .min(1)
      .max(2048)
      .describe(
        "What to index: a directory of the workers' machines (inside LORE_INDEX_ROOTS), or a git URL (https://, ssh://, git@host:path) without credentials in it.",
      ),
    repositoryId: repositoryId.optional().describe('The repository id (default: the directory or URL name).'),
    commit: z
      .string()
      .regex(/^[0-9a-f]{7,64}$/, 'a commit sha (7 to 64 lower-case hex digits)')
      .optional()
      .describe('The commit to index (default: the directory as it is, or the remote HEAD).'),
  })
  .strict()
  .register(schemaNames, { name: 'EnqueueIndexInput' });
export type EnqueueIndexInput = z.infer<typeof EnqueueIndexInputSchema>;

export const IndexJobProgressSchema = z
  .object({
    phase: z.string().describe('reading, extracting, writing, resolving, embedding, or completed.'),
    done: z.number().int(),
    total: z.number().int(),
    files: z.number().int().nullable().describe('Files read so far (all of them once the run completes).'),
    symbols: z.number().int().nullable().describe('Symbols written; known once the snapshot is written.'),
    embeddedChunks: z.number().int().nullable().describe('Chunks embedded for semantic search; known once embedded.'),
  })
  .register(schemaNames, { name: 'IndexJobProgress' });
export type IndexJobProgress = z.infer<typeof IndexJobProgressSchema>;

export const IndexJobErrorSchema = z
  .object({ code: z.enum(ERROR_CODES), message: z.string() })
  .register(schemaNames, { name: 'IndexJobError' });
export type IndexJobError = z.infer<typeof IndexJobErrorSchema>;

export const IndexJobSchema = z
  .object({
    jobId: z.string(),
    tenantId: z.string(),
    repositoryId: z.string(),
    source: z.string(),
    commit: z.string().nullable(),
    state: z.enum(INDEX_JOB_STATES),
    attemptsMade: z.number().int().describe('Attempts that ended (failed ones, or the one that completed).'),
    maxAttempts: z.number().int(),
    progress: IndexJobProgressSchema.nullable(),
    error: IndexJobErrorSchema.nullable().describe("The last attempt's error; a failed job keeps it."),
    result: IndexRunSummarySchema.nullable().describe('The index run of a completed job.'),
    enqueuedAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .register(schemaNames, { name: 'IndexJob' });
export type IndexJob = z.infer<typeof IndexJobSchema>;

export const GetIndexJobInputSchema = z
  .object({ jobId: z.string().min(1).max(200) })
  .strict()
  .register(schemaNames, { name: 'GetIndexJobInput' });
export type GetIndexJobInput = z.infer<typeof GetIndexJobInputSchema>;

export const ListIndexJobsInputSchema = z
  .object({
    state: z.enum(INDEX_JOB_STATES).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_INDEX_JOB_PAGE).default(20),
  })
  .strict()
  .register(schemaNames, { name: 'ListIndexJobsInput' });
export type ListIndexJobsInput = z.infer<typeof ListIndexJobsInputSchema>;

export const ListIndexJobsResultSchema = z
  .object({ jobs: z.array(IndexJobSchema).describe("The tenant's jobs, newest first.") })
  .register(schemaNames, { name: 'ListIndexJobsResult' });
export type ListIndexJobsResult = z.infer<typeof ListIndexJobsResultSchema>;
