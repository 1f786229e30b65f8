import { z } from 'zod';
import { isRepositoryPath } from '../uris';

// What several capabilities share.

/**
 * The names of the schemas that a door shows as named types (GraphQL's object, input and enum types).
 * A registry of its own, not zod's meta ids: those would turn the JSON Schemas of MCP and OpenAPI into
 * $refs, and an MCP tool's inputSchema must be an object schema at its root.
 */
export const schemaNames = z.registry<{ name: string }>();

/** Symbol kinds (architecture.md section 3). */
export const SYMBOL_KINDS = ['module', 'class', 'interface', 'type', 'enum', 'function', 'method', 'property', 'variable', 'test'] as const;
export const SymbolKindSchema = z.enum(SYMBOL_KINDS).register(schemaNames, { name: 'SymbolKind' });
export type SymbolKind = z.infer<typeof SymbolKindSchema>;

/** How a CALLS edge was resolved: compiler, followed import, unique name, or several candidates; strongest first. */
export const CALL_CONFIDENCES = ['exact', 'import', 'name', 'ambiguous'] as const;
export const CallConfidenceSchema = z.enum(CALL_CONFIDENCES).register(schemaNames, { name: 'CallConfidence' });
export type CallConfidence = z.infer<typeof CallConfidenceSchema>;

/**
 * A language whose symbols Lore extracts, by id ('typescript', 'python', 'c'...). The indexer's
 * language folders define the ids (a new folder adds one, no list here), so the schema only checks
 * the id's shape and the search service rejects an id no folder defines, naming the known ones.
 */
export const CodeLanguageSchema = z
  .string()
  .regex(/^[a-z][a-z0-9+#_-]*$/, 'a language id such as typescript, python or c')
  .max(40);
export type CodeLanguage = z.infer<typeof CodeLanguageSchema>;

export const TRUST_BOUNDARY = 'untrusted_repository_content' as const;
export const TrustBoundarySchema = z.literal(TRUST_BOUNDARY);

export const RepositoryIdSchema = z
  .string()
  .min(1)
  .max(200)
  .describe('Repository id as given at index time (by default the directory name).');

/** A branch an answer is asked for: Lore indexes one commit per repository, so it only tells whether that commit was read from it. */
export const BranchSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^(?!.*\.\.)[^\s~^:?*[\\]+$/, 'a git branch name')
  .describe('Answer only if the indexed commit was read from this branch (Lore indexes one commit per repository).');

/** Why a file an answer names is not as it was indexed (issue 49): its working tree differs, or HEAD moved past the indexed commit. */
export const FILE_STALE_REASONS = ['modified', 'deleted', 'renamed', 'branch_moved'] as const;
export const FileStaleReasonSchema = z.enum(FILE_STALE_REASONS).register(schemaNames, { name: 'FileStaleReason' });

export const StaleFileSchema = z
  .object({
    repositoryId: z.string(),
    path: z.string(),
    stale: z.boolean(),
    reason: FileStaleReasonSchema,
    renamedTo: z.string().nullable(),
  })
  .register(schemaNames, { name: 'StaleFile' });
export type StaleFile = z.infer<typeof StaleFileSchema>;

export const WarningSchema = z
  .object({
    code: z.string().describe('Stable machine-readable warning code.'),
    message: z.string(),
    files: z.array(StaleFileSchema).optional().describe('stale_files: the files named that changed since indexed.'),
  })
  .register(schemaNames, { name: 'Warning' });
export type Warning = z.infer<typeof WarningSchema>;

export const SymbolRefSchema = z
  .object({
    uid: z.string(),
    kind: SymbolKindSchema,
    name: z.string(),
    qualifiedName: z.string(),
    repositoryId: z.string(),
    path: z.string(),
    startLine: z.number().int(),
    endLine: z.number().int(),
  })
  .register(schemaNames, { name: 'SymbolRef' });
export type SymbolRef = z.infer<typeof SymbolRefSchema>;

export const CallRefSchema = z
  .object({
    symbol: SymbolRefSchema,
    line: z.number().int().describe('Line of the call site, in the caller.'),
    confidence: CallConfidenceSchema,
  })
  .register(schemaNames, { name: 'CallRef' });
export type CallRef = z.infer<typeof CallRefSchema>;

const symbolTargetFields = {
  // Exactly one of uid and name is required (the refine below): no JSON Schema `required` can say so, their descriptions do.
  uid: z.string().min(1).max(1000).optional().describe('The symbol uid, as returned by search_code; give it or name.'),
  name: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe('A symbol name (OrderService) or qualified name (OrderService.placeOrder), when no uid is given.'),
  repositoryId: RepositoryIdSchema.optional().describe('Limit a name lookup to one repository.'),
};

/**
 * The input of a capability about one symbol: by uid, or by name or qualified name (optionally within
 * one repository), with the capability's own fields. Several matches answer ambiguous_target with the
 * candidates.
 */
export function symbolTargetInput<Fields extends z.ZodRawShape>(fields: Fields) {
  return z
    .object({ ...symbolTargetFields, ...fields })
    .strict()
    .refine((input) => ((input as SymbolTarget).uid === undefined) !== ((input as SymbolTarget).name === undefined), {
      message: 'Give exactly one of uid or name.',
    });
}
export type SymbolTarget = { uid?: string; name?: string; repositoryId?: string };

/**
 * A file as a caller names it: relative to the repository root, '/'-separated (a leading `./` is
 * dropped), or an absolute path inside the repository's directory, which the service makes relative
 * (`pathInRepository`).
 */
export const RepositoryPathSchema = z
  .string()
  .min(1)
  .max(1000)
  .overwrite((path) => path.replace(/^(\.\/)+/, ''))
  .refine((path) => isRepositoryPath(path.startsWith('/') ? path.slice(1) : path), {
    message: 'A path relative to the repository root (or absolute, inside it), /-separated, with no empty, . or .. part.',
  });

/**
 * The input of a capability about a symbol (as symbolTargetInput) or a file (repositoryId and path),
 * with the capability's own fields.
 */
export function symbolOrFileTargetInput<Fields extends z.ZodRawShape>(fields: Fields) {
  return z
    .object({
      ...symbolTargetFields,
      repositoryId: RepositoryIdSchema.optional().describe(
        'Limit a name lookup to one repository; with path, the repository of the file (needed only when the caller can read several).',
      ),
      path: RepositoryPathSchema.optional().describe('A file, by its path in the repository (the one repositoryId names).'),
      ...fields,
    })
    .strict()
    .refine(
      (input) => {
        const { uid, name, path } = input as SymbolOrFileTarget;
        return [uid, name, path].filter((given) => given !== undefined).length === 1;
      },
      { message: 'Give exactly one of uid, name or path.' },
    );
}
export type SymbolOrFileTarget = SymbolTarget & { path?: string };

/** A file an index run left out, and why (too large, binary, a secret file, unparsable). */
export const SkippedFileSchema = z.object({ path: z.string(), reason: z.string() }).register(schemaNames, { name: 'SkippedFile' });
export type SkippedFile = z.infer<typeof SkippedFileSchema>;
