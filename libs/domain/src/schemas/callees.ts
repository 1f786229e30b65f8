import { z } from 'zod';
import { callWalkFields, WalkedSymbolSchema } from './call-graph';
import { SymbolRefSchema, TrustBoundarySchema, WarningSchema, schemaNames, symbolTargetInput } from './shared';

/** get_callees: the symbols a symbol calls, directly or (with depth) through what it calls. */
export const GetCalleesInputSchema = symbolTargetInput(callWalkFields).register(schemaNames, { name: 'GetCalleesInput' });
export type GetCalleesInput = z.input<typeof GetCalleesInputSchema>;

export const GetCalleesResultSchema = z
  .object({
    source: SymbolRefSchema,
    callees: z.array(WalkedSymbolSchema).describe('Nearest first; `via` is the symbol that calls each one, on the way from the source.'),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'GetCalleesResult' });
export type GetCalleesResult = z.infer<typeof GetCalleesResultSchema>;
