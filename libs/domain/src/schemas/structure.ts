import { z } from 'zod';
import { RepositoryIdSchema, WarningSchema, schemaNames } from './shared';
import { isRepositoryPath } from '../uris';

/** get_project_structure: the directories and files of an indexed repository, without their content, a page at a time. */
export const MAX_STRUCTURE_DEPTH = 32;
export const MAX_STRUCTURE_ENTRIES = 1000;
export const MAX_GLOBS = 50;

export const DEFAULT_STRUCTURE_DEPTH = 10;

const GlobSchema = z.string().min(1).max(500);
const DepthSchema = z.number().int().min(1).max(MAX_STRUCTURE_DEPTH);

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
    workspace_path: z
      .string()
      .min(1)
      .max(4096)
      .optional()
      .describe(
        "The CodeDoc server's name for the repository to list: its root path as indexed, its repository id or its proj-<uuid> workspace id.",
      ),
    depth: DepthSchema.optional().describe(
      `List entries at most this many levels below pathPrefix (1: its direct children; ${DEFAULT_STRUCTURE_DEPTH} by default); a directory still counts everything below it.`,
    ),
    max_depth: DepthSchema.optional().describe("The CodeDoc server's name for depth."),
    include: z
      .array(GlobSchema)
      .max(MAX_GLOBS)
      .default([])
      .describe(
        'Only files matching one of these globs (src/**/*.ts; a glob without / matches the file name, as *.go). All files by default.',
      ),
    exclude: z.array(GlobSchema).max(MAX_GLOBS).default([]).describe('Leave out files matching any of these globs (vendor/**, *_test.go).'),
    include_patterns: z.array(GlobSchema).max(MAX_GLOBS).optional().describe("The CodeDoc server's name for include."),
    exclude_patterns: z.array(GlobSchema).max(MAX_GLOBS).optional().describe("The CodeDoc server's name for exclude."),
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
  .refine((input) => !(input.repositoryId !== undefined && input.workspace_path !== undefined), {
    message: 'Name the repository once: repositoryId or workspace_path.',
  })
  .refine((input) => !(input.depth !== undefined && input.max_depth !== undefined), { message: 'Give depth or max_depth, not both.' })
  .refine((input) => !(input.include.length > 0 && input.include_patterns !== undefined), {
    message: 'Give include or include_patterns, not both.',
  })
  .refine((input) => !(input.exclude.length > 0 && input.exclude_patterns !== undefined), {
    message: 'Give exclude or exclude_patterns, not both.',
  })
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
    total_files: z.number().int().describe("The CodeDoc server's name for files."),
    total_directories: z.number().int().describe("The CodeDoc server's name for directories."),
    file_types: z
      .record(z.string(), z.number().int())
      .describe('Files per extension (".ts"; "" for a file without one), as the CodeDoc server counts them.'),
  })
  .register(schemaNames, { name: 'ProjectSummary' });

/** The CodeDoc server's view of a page: its directories and its files, each with the fields that server gives. */
export const CodeDocStructureSchema = z
  .object({
    directories: z.array(z.string()).describe('The directories on this page, in tree order.'),
    files: z
      .array(
        z
          .object({
            path: z.string(),
            size: z.number().int().describe('Size in bytes.'),
            modified: z
              .string()
              .describe('When Lore read the file: the indexing time of the listed snapshot (the graph keeps no per-file time).'),
            extension: z.string().describe('".ts"; "" for a file without one.'),
          })
          .register(schemaNames, { name: 'CodeDocFile' }),
      )
      .describe('The files on this page, in tree order.'),
  })
  .register(schemaNames, { name: 'CodeDocStructure' });

export const ProjectStructureSchema = z
  .object({
    repositoryId: z.string(),
    workspace_id: z.string().describe("The repository's proj-<uuid> workspace id, which the documentation tools accept as workspace_id."),
    commitSha: z.string().describe('The last indexed commit: what the listing is of.'),
    indexedAt: z.string().describe('When it was indexed (ISO 8601).'),
    pathPrefix: z.string().describe('The directory listed, without a trailing slash ("" for the repository root).'),
    entries: z
      .array(ProjectEntrySchema)
      .describe('Directories and files in tree order: a directory before what it holds, names in code-point order.'),
    structure: CodeDocStructureSchema.describe("This page's entries as the CodeDoc server lists them."),
    summary: ProjectSummarySchema,
    nextCursor: z.string().nullable().describe('Ask again with this cursor for the next page; null on the last page.'),
    warnings: z.array(WarningSchema),
  })
  .register(schemaNames, { name: 'ProjectStructure' });
export type ProjectStructure = z.infer<typeof ProjectStructureSchema>;
