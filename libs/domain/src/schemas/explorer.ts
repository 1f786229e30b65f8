import { z } from 'zod';
import { DocumentKindSchema } from './documents';
import { CallConfidenceSchema, RepositoryIdSchema, RepositoryPathSchema, SymbolRefSchema, schemaNames } from './shared';

// The graph as a person explores it over GraphQL: Repository, File, Symbol, Document and Section nodes,
// each list a page of a connection (first/after, opaque cursors). The relations between nodes are
// fields the GraphQL door resolves; these are the nodes' own fields and the lists' shapes.

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** One page of a list: at most `first` items after the cursor `after` (from the start without one). */
export const PageInputSchema = z
  .object({
    first: z
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .default(DEFAULT_PAGE_SIZE)
      .describe(`At most this many items (at most ${MAX_PAGE_SIZE}).`),
    after: z.string().min(1).max(200).optional().describe('The endCursor of the previous page.'),
  })
  .strict();
export type PageInput = z.input<typeof PageInputSchema>;
export type Page = z.output<typeof PageInputSchema>;

export const PageInfoSchema = z
  .object({
    hasNextPage: z.boolean(),
    endCursor: z.string().nullable().describe('Ask with after: endCursor for the next page; null on an empty page.'),
  })
  .register(schemaNames, { name: 'PageInfo' });
export type PageInfo = z.infer<typeof PageInfoSchema>;

export const RepositoryNodeSchema = z
  .object({
    id: z.string().describe('The repository id, as given at index time.'),
    name: z.string(),
    commitSha: z.string().describe('The indexed commit.'),
    url: z.string().nullable(),
    defaultBranch: z.string().nullable(),
    indexedAt: z.string(),
    versionedBy: z
      .enum(['git', 'content'])
      .describe(
        'git: commitSha is the commit checked out when it was indexed. content: not a git checkout; commitSha is a digest of the files indexed, and answers compare files by content.',
      ),
  })
  .register(schemaNames, { name: 'Repository' });
export type RepositoryNode = z.infer<typeof RepositoryNodeSchema>;

export const FileNodeSchema = z
  .object({
    uid: z.string(),
    repositoryId: z.string(),
    path: z.string(),
    language: z.string(),
    lines: z.number().int(),
    bytes: z.number().int(),
    blocked: z.boolean().describe('A secret file: indexed by name only, its content never served.'),
    resourceUri: z.string().describe('code:// URI of the file at the indexed commit, readable with fileSpan.'),
  })
  .register(schemaNames, { name: 'File' });
export type FileNode = z.infer<typeof FileNodeSchema>;

export const SymbolNodeSchema = SymbolRefSchema.extend({
  language: z.string(),
  signature: z.string().nullable(),
  doc: z.string().nullable(),
  exported: z.boolean(),
  commitSha: z.string(),
  resourceUri: z.string().describe('code:// URI of the symbol span, readable with fileSpan.'),
}).register(schemaNames, { name: 'Symbol' });
export type SymbolNode = z.infer<typeof SymbolNodeSchema>;

export const DocumentNodeSchema = z
  .object({
    uid: z.string(),
    repositoryId: z.string(),
    path: z.string(),
    title: z.string().describe('Its first level-1 heading, else its file name.'),
    kind: DocumentKindSchema,
    resourceUri: z.string().describe('doc:// URI of the document, readable with fileSpan.'),
  })
  .register(schemaNames, { name: 'Document' });
export type DocumentNode = z.infer<typeof DocumentNodeSchema>;

export const SectionNodeSchema = z
  .object({
    uid: z.string(),
    title: z.string(),
    level: z.number().int().describe('Heading level, 1 to 6; 0 for text before the first heading.'),
    startLine: z.number().int(),
    endLine: z.number().int(),
    resourceUri: z.string().describe('doc:// URI of the section, readable with fileSpan.'),
    document: DocumentNodeSchema,
  })
  .register(schemaNames, { name: 'Section' });
export type SectionNode = z.infer<typeof SectionNodeSchema>;

/**
 * A page of a list as GraphQL connections have it: the items with their cursors (`edges`, each with
 * what the relation itself says, as a call's line), the items alone (`nodes`), where the page ends,
 * and how many there are in all.
 */
function connectionOf<Node extends z.ZodType, Extra extends z.ZodRawShape>(name: string, node: Node, edgeFields: Extra) {
  const edge = z.object({ cursor: z.string(), node, ...edgeFields }).register(schemaNames, { name: `${name}Edge` });
  return z
    .object({ edges: z.array(edge), nodes: z.array(node), pageInfo: PageInfoSchema, totalCount: z.number().int() })
    .register(schemaNames, { name: `${name}Connection` });
}

export const RepositoryConnectionSchema = connectionOf('Repository', RepositoryNodeSchema, {});
export const FileConnectionSchema = connectionOf('File', FileNodeSchema, {});
export const SymbolConnectionSchema = connectionOf('Symbol', SymbolNodeSchema, {});
export const CallConnectionSchema = connectionOf('Call', SymbolNodeSchema, {
  line: z.number().int().describe('Line of the call site, in the caller.'),
  confidence: CallConfidenceSchema,
});
export const TEST_LINKS = ['direct', 'helper'] as const;
export const TestConnectionSchema = connectionOf('Test', SymbolNodeSchema, {
  via: z
    .enum(TEST_LINKS)
    .register(schemaNames, { name: 'TestLink' })
    .describe('direct: the test calls the symbol; helper: through one helper.'),
});
export const DependedOnConnectionSchema = connectionOf('DependedOn', SymbolNodeSchema, {
  dependents: z.number().int().describe('How many distinct symbols call, extend or implement it (tests included).'),
});
export const DocumentConnectionSchema = connectionOf('Document', DocumentNodeSchema, {});
export const SectionConnectionSchema = connectionOf('Section', SectionNodeSchema, {});

export type Connection<Node, Extra = object> = {
  edges: ({ cursor: string; node: Node } & Extra)[];
  nodes: Node[];
  pageInfo: PageInfo;
  totalCount: number;
};
export type CallConnection = z.infer<typeof CallConnectionSchema>;
export type TestConnection = z.infer<typeof TestConnectionSchema>;

/** The arguments of the explorer's lookups. */
export const SymbolUidSchema = z.string().min(1).max(1000).describe('The symbol uid, as searchCode and every symbol answer give it.');
export const FileLookupSchema = z.object({ repositoryId: RepositoryIdSchema, path: RepositoryPathSchema }).strict();
export type FileLookup = z.infer<typeof FileLookupSchema>;
export const PathPrefixSchema = z.string().max(1000).describe('Only the files whose path starts with this (src/orders/).');
