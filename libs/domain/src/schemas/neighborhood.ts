import { z } from 'zod';
import { CallConfidenceSchema, RepositoryIdSchema, RepositoryPathSchema, TrustBoundarySchema, WarningSchema, schemaNames } from './shared';

/** get_graph_neighborhood: the nodes and edges around a symbol or a file. */
export const NEIGHBORHOOD_EDGE_TYPES = [
  'CALLS',
  'IMPORTS',
  'EXTENDS',
  'IMPLEMENTS',
  'HAS_MEMBER',
  'DECLARES',
  'TESTS',
  'MENTIONS',
] as const;
export const NEIGHBORHOOD_DIRECTIONS = ['in', 'out', 'both'] as const;
export const NeighborhoodEdgeTypeSchema = z.enum(NEIGHBORHOOD_EDGE_TYPES).register(schemaNames, { name: 'NeighborhoodEdgeType' });
export const MAX_NEIGHBORHOOD_DEPTH = 3;
export const MAX_NEIGHBORHOOD_NODES = 500;

export const GetGraphNeighborhoodInputSchema = z
  .object({
    uid: z.string().min(1).max(1000).optional().describe('The uid of a symbol, file, document or section.'),
    name: z.string().min(1).max(500).optional().describe('A symbol name or qualified name.'),
    path: RepositoryPathSchema.optional().describe(
      'A file (with repositoryId when several repositories are indexed), or with name the file of the symbol.',
    ),
    repositoryId: RepositoryIdSchema.optional(),
    depth: z.number().int().min(1).max(MAX_NEIGHBORHOOD_DEPTH).default(1).describe('Hops from the center (1-3).'),
    direction: z
      .enum(NEIGHBORHOOD_DIRECTIONS)
      .register(schemaNames, { name: 'NeighborhoodDirection' })
      .default('both')
      .describe('out: what the center points to (calls, imports, members); in: what points to it; both.'),
    edgeTypes: z
      .array(NeighborhoodEdgeTypeSchema)
      .min(1)
      .max(NEIGHBORHOOD_EDGE_TYPES.length)
      .optional()
      .describe(`Only these relationships (default all: ${NEIGHBORHOOD_EDGE_TYPES.join(', ')}).`),
    limit: z.number().int().min(1).max(MAX_NEIGHBORHOOD_NODES).default(100).describe('At most this many nodes besides the center.'),
  })
  .strict()
  .refine(
    (input) =>
      [input.uid, input.name, input.name === undefined ? input.path : undefined].filter((value) => value !== undefined).length === 1,
    {
      message: 'Give exactly one center: uid, name (optionally with path), or path.',
    },
  )
  .register(schemaNames, { name: 'GetGraphNeighborhoodInput' });
export type GetGraphNeighborhoodInput = z.input<typeof GetGraphNeighborhoodInputSchema>;

export const GraphNodeSchema = z
  .object({
    uid: z.string(),
    label: z.enum(['Symbol', 'File', 'Document', 'Section']).register(schemaNames, { name: 'GraphNodeLabel' }),
    name: z.string(),
    kind: z.string().nullable().describe('The symbol kind (symbols only).'),
    qualifiedName: z.string().nullable(),
    repositoryId: z.string(),
    path: z.string(),
    startLine: z.number().int().nullable(),
    endLine: z.number().int().nullable(),
    distance: z.number().int().describe('Hops from the center.'),
  })
  .register(schemaNames, { name: 'GraphNode' });
export type GraphNode = z.infer<typeof GraphNodeSchema>;

export const GraphEdgeSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    type: NeighborhoodEdgeTypeSchema,
    confidence: CallConfidenceSchema.nullable().describe('How a CALLS edge was resolved.'),
    line: z.number().int().nullable().describe('The call site line of a CALLS edge.'),
  })
  .register(schemaNames, { name: 'GraphEdge' });
export type GraphEdge = z.infer<typeof GraphEdgeSchema>;

export const GetGraphNeighborhoodResultSchema = z
  .object({
    center: GraphNodeSchema,
    nodes: z.array(GraphNodeSchema).describe('Nearest first, the center not included.'),
    edges: z.array(GraphEdgeSchema).describe('Every edge found between the center and the nodes, and among them, once.'),
    truncated: z.boolean(),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'GetGraphNeighborhoodResult' });
export type GetGraphNeighborhoodResult = z.infer<typeof GetGraphNeighborhoodResultSchema>;
