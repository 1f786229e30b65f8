import { z } from 'zod';
import { callWalkFields, WalkedSymbolSchema } from './call-graph';
import { CallConfidenceSchema, SymbolRefSchema, TrustBoundarySchema, WarningSchema, schemaNames, symbolTargetInput } from './shared';

/** get_callers: the symbols that call a symbol, directly or (with depth) through other callers. */
export const GetCallersInputSchema = symbolTargetInput(callWalkFields).register(schemaNames, { name: 'GetCallersInput' });
export type GetCallersInput = z.input<typeof GetCallersInputSchema>;

export const FileCallerSchema = z
  .object({
    repositoryId: z.string(),
    path: z.string(),
    line: z.number().int().describe("Line of the call in the file's module-level code."),
    via: z.string().describe('The uid of the symbol it calls: the target, or one of the callers listed.'),
    distance: z.number().int().describe('Calls between the file and the target: 1 when it calls the target itself.'),
    confidence: CallConfidenceSchema.describe('The weakest confidence of the calls on the way.'),
  })
  .register(schemaNames, { name: 'FileCaller' });
export type FileCaller = z.infer<typeof FileCallerSchema>;

export const GetCallersResultSchema = z
  .object({
    target: SymbolRefSchema,
    callers: z.array(WalkedSymbolSchema).describe('Nearest first; `via` is the symbol each one calls on its way to the target.'),
    fileCallers: z
      .array(FileCallerSchema)
      .describe(
        'Files whose module-level code (it runs when the file loads: a top-level statement, a decorator, a class body) calls the target or a caller listed, within depth, each once, nearest first.',
      ),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'GetCallersResult' });
export type GetCallersResult = z.infer<typeof GetCallersResultSchema>;
