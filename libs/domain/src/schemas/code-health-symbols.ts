import { z } from 'zod';
import { schemaNames } from './shared';
import { CloneTypeSchema, DeadCodeStatusSchema, FindingConfidenceSchema } from './code-health-vocabulary';

/** A place that repeats a symbol's body, by the clone findings of the latest run of its repository (GraphQL Symbol.clones). */
export const SymbolCloneSchema = z
  .object({
    finding_id: z.string().describe('The clone finding both belong to (get_finding).'),
    run_id: z.string(),
    clone_type: CloneTypeSchema,
    similarity: z.number().describe('1 for exact and renamed copies; the near miss group’s least similarity otherwise.'),
    path: z.string(),
    line: z.number().int(),
    end_line: z.number().int(),
    symbol: z.string().nullable().describe('The qualified name of the copy (a block clone: the body holding the block).'),
  })
  .register(schemaNames, { name: 'SymbolClone' });
export type SymbolClone = z.infer<typeof SymbolCloneSchema>;

/** A symbol's dead-code finding in the latest run of its repository (GraphQL Symbol.deadCode). */
export const SymbolDeadCodeSchema = z
  .object({
    finding_id: z.string(),
    run_id: z.string(),
    status: DeadCodeStatusSchema,
    confidence: FindingConfidenceSchema,
    message: z.string().describe('Why: what reaches it, or that nothing does.'),
  })
  .register(schemaNames, { name: 'SymbolDeadCode' });
export type SymbolDeadCode = z.infer<typeof SymbolDeadCodeSchema>;

/** What code health says of one symbol: its stored complexity, and from the latest run of its repository its clones and dead-code finding. */
export interface SymbolHealth {
  complexity: number | null;
  cognitiveComplexity: number | null;
  clones: SymbolClone[];
  deadCode: SymbolDeadCode | null;
}
