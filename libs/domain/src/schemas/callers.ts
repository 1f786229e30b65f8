import { z } from 'zod';
import {
  CALL_CONFIDENCES,
  CallConfidenceSchema,
  SymbolRefSchema,
  TrustBoundarySchema,
  WarningSchema,
  symbolTargetInput,
  schemaNames,
} from './shared';

/** get_callers: the symbols that call a symbol, directly or (with depth) through other callers. */
export const MAX_CALLER_DEPTH = 5;
export const MAX_CALLERS = 500;

export const GetCallersInputSchema = symbolTargetInput({
  depth: z
    .number()
    .int()
    .min(1)
    .max(MAX_CALLER_DEPTH)
    .default(1)
    .describe('1: direct callers; n: also the callers of callers, up to n calls away.'),
  minConfidence: CallConfidenceSchema.default('ambiguous').describe(
    `Follow only calls resolved at least this surely (${CALL_CONFIDENCES.join(' > ')}); ambiguous follows every call.`,
  ),
  limit: z.number().int().min(1).max(MAX_CALLERS).default(100).describe('At most this many callers, nearest first.'),
}).register(schemaNames, { name: 'GetCallersInput' });
export type GetCallersInput = z.input<typeof GetCallersInputSchema>;
export type GetCallersQuery = z.output<typeof GetCallersInputSchema>;

export const CallerSchema = z
  .object({
    symbol: SymbolRefSchema,
    distance: z.number().int().describe('Calls between this caller and the target: 1 for a direct caller.'),
    line: z.number().int().describe('Line of the call site in this caller.'),
    calls: z.string().describe('The uid this caller calls on its way to the target (the target itself at distance 1).'),
    confidence: CallConfidenceSchema.describe('The weakest confidence of the calls from this caller to the target.'),
  })
  .register(schemaNames, { name: 'Caller' });
export type Caller = z.infer<typeof CallerSchema>;

export const GetCallersResultSchema = z
  .object({
    target: SymbolRefSchema,
    callers: z.array(CallerSchema),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'GetCallersResult' });
export type GetCallersResult = z.infer<typeof GetCallersResultSchema>;
