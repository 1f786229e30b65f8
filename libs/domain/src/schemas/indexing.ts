import { z } from 'zod';
import { SkippedFileSchema, schemaNames } from './shared';

/** index_repository: read a repository from disk and replace its snapshot in the graph. */
export const IndexRepositoryInputSchema = z
  .object({
    path: z.string().min(1).describe('The directory of a git checkout on this machine.'),
    repositoryId: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'letters, digits, dot, dash and underscore')
      .optional()
      .describe("The repository's id in the graph; default: the directory's name."),
  })
  .strict()
  .register(schemaNames, { name: 'IndexRepositoryInput' });
export type IndexRepositoryInput = z.infer<typeof IndexRepositoryInputSchema>;

export const LanguageServerRunSchema = z
  .object({
    language: z.string(),
    server: z.string().describe('clangd, gopls or pyright.'),
    version: z.string().nullable(),
    status: z
      .enum(['ran', 'unavailable', 'failed'])
      .describe(
        'ran: its answers replaced the first pass; unavailable: none installed, calls stay at first-pass confidence; failed: it crashed or hung.',
      ),
    detail: z.string().describe('What it ran on (the compile commands used), or why not.'),
  })
  .register(schemaNames, { name: 'LanguageServerRun' });

export const IndexRunSummarySchema = z
  .object({
    runId: z.string(),
    repositoryId: z.string(),
    commitSha: z.string(),
    status: z.enum(['completed', 'failed']),
    files: z.number().int(),
    symbols: z.number().int(),
    calls: z.number().int(),
    imports: z.number().int(),
    skipped: z.array(SkippedFileSchema),
    languageServers: z
      .array(LanguageServerRunSchema)
      .describe("The exact pass's language servers, per language: which ran, or why none did."),
    secretsRedacted: z.number().int().describe('Secrets found in indexed files and redacted from every stored snippet.'),
    startedAt: z.string(),
    finishedAt: z.string(),
    durationMs: z.number().int(),
    queryableMs: z
      .number()
      .int()
      .describe('From the start until the graph was queryable: symbols, files, imports, and calls resolved by scope and name.'),
    exactMs: z
      .number()
      .int()
      .nullable()
      .describe('From the start until calls were resolved by a compiler (TypeScript); null when no language of the repository has one.'),
    unchanged: z
      .boolean()
      .optional()
      .describe(
        'True when the commit and every file were those of the last complete run: the files were read and hashed, nothing was parsed, resolved, written or embedded again.',
      ),
  })
  .register(schemaNames, { name: 'IndexRunSummary' });
export type IndexRunSummary = z.infer<typeof IndexRunSummarySchema>;
