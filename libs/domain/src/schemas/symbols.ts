import { z } from 'zod';
import { KnowledgeAboutSchema } from './knowledge-links';
import { CallRefSchema, SymbolRefSchema, TrustBoundarySchema, WarningSchema, symbolTargetInput, schemaNames } from './shared';

/** get_symbol: one symbol with its members, callees and callers. */
export const GetSymbolInputSchema = symbolTargetInput({}).register(schemaNames, { name: 'GetSymbolInput' });
export type GetSymbolInput = z.infer<typeof GetSymbolInputSchema>;

export const SymbolDetailSchema = SymbolRefSchema.extend({
  language: z.string(),
  signature: z.string().nullable(),
  doc: z.string().nullable(),
  exported: z.boolean(),
  complexity: z.number().int().nullable(),
  declaredAt: z
    .string()
    .optional()
    .describe('C and C++: where the function is declared (path:line) when it is defined in another place (Lore).'),
  commitSha: z.string(),
  resourceUri: z.string().describe('code:// URI of the symbol span, readable as an MCP resource.'),
  symbolUri: z.string(),
  parent: SymbolRefSchema.nullable(),
  members: z.array(SymbolRefSchema),
  calls: z.array(CallRefSchema),
  calledBy: z.array(CallRefSchema),
}).register(schemaNames, { name: 'SymbolDetail' });
export type SymbolDetail = z.infer<typeof SymbolDetailSchema>;

export const GetSymbolResultSchema = z
  .object({
    symbol: SymbolDetailSchema,
    knowledge: z
      .array(KnowledgeAboutSchema)
      .describe('Project knowledge chapters about the symbol, each flagged when that code changed after the chapter was written (Lore).'),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'GetSymbolResult' });
export type GetSymbolResult = z.infer<typeof GetSymbolResultSchema>;
