import { z } from 'zod';
import { AffectedTestSchema, changeTargetInput } from './impact';
import { SymbolRefSchema, TrustBoundarySchema, WarningSchema, schemaNames } from './shared';

/** get_related_tests: the tests to run for a change (the same targets as analyze_impact), nearest first. */
export const GetRelatedTestsInputSchema = changeTargetInput('GetRelatedTestsInput');
export type GetRelatedTestsInput = z.input<typeof GetRelatedTestsInputSchema>;

export const GetRelatedTestsResultSchema = z
  .object({
    targets: z.array(SymbolRefSchema),
    tests: z.array(AffectedTestSchema).describe('Each test once, nearest first, with how it reaches the change.'),
    testFiles: z.array(z.string()).describe('The files of those tests, nearest first: what a test runner takes as arguments.'),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'GetRelatedTestsResult' });
export type GetRelatedTestsResult = z.infer<typeof GetRelatedTestsResultSchema>;
