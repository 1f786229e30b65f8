import { z } from 'zod';
import { RepositoryIdSchema, WarningSchema, schemaNames } from './shared';
import { isRepositoryPath } from '../uris';

/** get_project_structure: the directories and files of an indexed repository, without their content, a page at a time. */
export const MAX_STRUCTURE_DEPTH = 32;
export const MAX_STRUCTURE_ENTRIES = 1000;
export const MAX_GLOBS = 50;

const GlobSchema = z.string().min(1).max(500);

export const GetProjectStructureInputSchema = z
  .object({
    repositoryId: RepositoryIdSchema.optional().describe('The repository to list (needed only when the caller can read several).'),
    pathPrefix: z
      .string()
      .max(1000)
      .refine((prefix) => prefix === '' || isRepositoryPath(prefix.replace(/\/$/, '')), {
        message: 'A directory relative to the repository root, /-separated, with no empty, . or .. part.',
      })
      .default('')
      .describe('List only below this directory (src, or src/orders/); the whole repository by default.'),
    depth: z
      .number()
      .int()
      .min(1)
      .max(MAX_STRUCTURE_DEPTH)
      .default(10)
      .describe(
        'List entries at most this many levels below pathPrefix (1: its direct children); a directory still counts everything below it.',
      ),
    include: z
      .array(GlobSchema)
      .max(MAX_GLOBS)
      .default([])
      .describe(
        'Only files matching one of these globs (src/**/*.ts; a glob without / matches the file name, as *.go). All files by default.',
      ),
    exclude: z.array(GlobSchema).max(MAX_GLOBS).default([]).describe('Leave out files matching any of these globs (vendor/**, *_test.go).'),
    cursor: z.string().min(1).max(1000).optional().describe('The nextCursor of the previous page, asked with the same other fields.'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_STRUCTURE_ENTRIES)
      .default(200)
      .describe(`At most this many entries on a page (at most ${MAX_STRUCTURE_ENTRIES}).`),
  })
  .strict()
  .register(schemaNames, { name: 'GetProjectStructureInput' });
export type GetProjectStructureInput = z.input<typeof GetProjectStructureInputSchema>;
export type GetProjectStructureQuery = z.output<typeof GetProjectStructureInputSchema>;

export const ENTRY_KINDS = ['directory', 'file'] as const;

export const ProjectEntrySchema = z
  .object({
    path: z.string().describe('Path from the repository root.'),
    kind: z.enum(ENTRY_KINDS).register(schemaNames, { name: 'ProjectEntryKind' }),
    depth: z.number().int().describe('Levels below pathPrefix: 1 for its direct children.'),
    language: z.string().nullable().describe('The language the indexer read the file as; null for a directory.'),
    bytes: z.number().int().describe('Size in bytes; of a directory, the sum over the files below it that the globs let through.'),
    lines: z.number().int().describe('Line count; of a directory, the sum over those files.'),
    symbols: z.number().int().describe('Symbols declared; of a directory, the sum over those files.'),
    files: z.number().int().describe('1 for a file; of a directory, how many of those files it holds, at any depth.'),
    blocked: z.boolean().describe('A secret file, known to exist and never read (false for a directory).'),
  })
  .register(schemaNames, { name: 'ProjectEntry' });
export type ProjectEntry = z.infer<typeof ProjectEntrySchema>;

export const ProjectSummarySchema = z
  .object({
    entries: z.number().int().describe('Entries on every page together.'),
    files: z.number().int().describe('Files below pathPrefix that the globs let through, at any depth.'),
    directories: z.number().int().describe('Directories holding them, at any depth.'),
    bytes: z.number().int(),
    lines: z.number().int(),
    symbols: z.number().int(),
    languages: z
      .array(z.object({ language: z.string(), files: z.number().int() }).register(schemaNames, { name: 'LanguageCount' }))
      .describe('Files per language, most first.'),
  })
  .register(schemaNames, { name: 'ProjectSummary' });

export const ProjectStructureSchema = z
  .object({
    repositoryId: z.string(),
    commitSha: z.string().describe('The last indexed commit: what the listing is of.'),
    indexedAt: z.string().describe('When it was indexed (ISO 8601).'),
    pathPrefix: z.string().describe('The directory listed, without a trailing slash ("" for the repository root).'),
    entries: z
      .array(ProjectEntrySchema)
      .describe('Directories and files in tree order: a directory before what it holds, names in code-point order.'),
    summary: ProjectSummarySchema,
    nextCursor: z.string().nullable().describe('Ask again with this cursor for the next page; null on the last page.'),
    warnings: z.array(WarningSchema),
  })
  .register(schemaNames, { name: 'ProjectStructure' });
export type ProjectStructure = z.infer<typeof ProjectStructureSchema>;
