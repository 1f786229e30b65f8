import { z } from 'zod';
import { CALL_CONFIDENCES, CallConfidenceSchema, SymbolRefSchema, schemaNames } from './shared';

// What get_callers and get_callees share: how far to walk the call graph, and what a walk reaches.

export const MAX_CALL_DEPTH = 5;
export const MAX_CALL_RESULTS = 500;

export const callWalkFields = {
  depth: z
    .number()
    .int()
    .min(1)
    .max(MAX_CALL_DEPTH)
    .default(1)
    .describe(`1: the direct neighbours; n: up to n calls away (at most ${MAX_CALL_DEPTH}).`),
  minConfidence: CallConfidenceSchema.default('ambiguous').describe(
    `Follow only calls resolved at least this surely (${CALL_CONFIDENCES.join(' > ')}); ambiguous follows every call.`,
  ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_CALL_RESULTS)
    .default(100)
    .describe(`At most this many symbols, nearest first (at most ${MAX_CALL_RESULTS}).`),
};

export const WalkedSymbolSchema = z
  .object({
    symbol: SymbolRefSchema,
    distance: z.number().int().describe('Calls between this symbol and the one asked about: 1 for a direct neighbour.'),
    line: z.number().int().describe('Line of the call site, in the calling symbol.'),
    via: z.string().describe('The uid of the symbol this one was reached through (the one asked about, at distance 1).'),
    confidence: CallConfidenceSchema.describe('The weakest confidence of the calls on the way.'),
  })
  .register(schemaNames, { name: 'WalkedSymbol' });
export type WalkedSymbol = z.infer<typeof WalkedSymbolSchema>;
