import { z } from 'zod';
import { callWalkFields, WalkedSymbolSchema } from './call-graph';
import { SymbolRefSchema, TrustBoundarySchema, WarningSchema, schemaNames, symbolTargetInput } from './shared';

/** get_callers: the symbols that call a symbol, directly or (with depth) through other callers. */
export const GetCallersInputSchema = symbolTargetInput(callWalkFields).register(schemaNames, { name: 'GetCallersInput' });
export type GetCallersInput = z.input<typeof GetCallersInputSchema>;

export const GetCallersResultSchema = z
  .object({
    target: SymbolRefSchema,
    callers: z.array(WalkedSymbolSchema).describe('Nearest first; `via` is the symbol each one calls on its way to the target.'),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'GetCallersResult' });
export type GetCallersResult = z.infer<typeof GetCallersResultSchema>;
