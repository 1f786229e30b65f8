import { z } from 'zod';
import { KnowledgeAboutSchema } from './knowledge-links';
import {
  CALL_CONFIDENCES,
  CallConfidenceSchema,
  RepositoryIdSchema,
  RepositoryPathSchema,
  SymbolRefSchema,
  TrustBoundarySchema,
  WarningSchema,
  schemaNames,
} from './shared';

/** analyze_impact: what else is affected if a symbol, a file, some lines, some files or a git diff change. */
export const MAX_IMPACT_DEPTH = 5;
export const MAX_IMPACT_RESULTS = 1000;

/** A git revision range as `git diff` takes it; refs are letters, digits and ./_@{}~^- and never start with a dash. */
export const RevisionRangeSchema = z
  .string()
  .min(1)
  .max(300)
  .regex(/^(?!-)[\w./@{}~^-]+?(?:\.\.\.?(?!-)[\w./@{}~^-]+)?$/, 'a revision range: base..head, base...head, or one ref')
  .refine((range) => !/\.\.\.\.|(?:\.\.\.?.*){2}/.test(range), { message: 'one range only' });

export const IMPACT_EDGE_TYPES = ['CALLS', 'EXTENDS', 'IMPLEMENTS', 'OVERRIDES', 'ENCLOSES', 'IMPORTS'] as const;

/** The target forms analyze_impact and get_related_tests take, as one input schema named `name`. */
export function changeTargetInput(name: string) {
  return z
    .object({
      uid: z.string().min(1).max(1000).optional().describe('A symbol uid: the impact of changing that symbol.'),
      name: z.string().min(1).max(500).optional().describe('A symbol name or qualified name (with path to tell same-named symbols apart).'),
      path: RepositoryPathSchema.optional().describe('A file: the impact of changing it (or, with startLine/endLine, those lines).'),
      startLine: z.number().int().min(1).optional().describe('With path: the first changed line.'),
      endLine: z.number().int().min(1).optional().describe('With path: the last changed line (default: startLine).'),
      paths: z.array(RepositoryPathSchema).min(1).max(500).optional().describe('Changed files.'),
      diff: RevisionRangeSchema.optional().describe('A git range (base..head, base...head, or one ref against the working tree).'),
      repositoryId: RepositoryIdSchema.optional().describe('The repository of the target (needed when several are indexed).'),
      depth: z.number().int().min(1).max(MAX_IMPACT_DEPTH).default(3).describe('How many dependency steps to follow (1-5).'),
      minConfidence: CallConfidenceSchema.default('ambiguous').describe(
        `Follow only calls resolved at least this surely (${CALL_CONFIDENCES.join(' > ')}).`,
      ),
      limit: z.number().int().min(1).max(MAX_IMPACT_RESULTS).default(200).describe('At most this many affected symbols, nearest first.'),
    })
    .strict()
    .refine(
      (input) =>
        [input.uid, input.name, input.name === undefined ? input.path : undefined, input.paths, input.diff].filter(
          (value) => value !== undefined,
        ).length === 1,
      { message: 'Give exactly one target: uid, name (optionally with path), path (optionally with startLine/endLine), paths, or diff.' },
    )
    .refine((input) => input.startLine === undefined || (input.path !== undefined && input.name === undefined), {
      message: 'startLine and endLine go with path.',
    })
    .refine((input) => input.endLine === undefined || (input.startLine !== undefined && input.endLine >= input.startLine), {
      message: 'endLine needs a startLine at or before it.',
    })
    .register(schemaNames, { name });
}

export const AnalyzeImpactInputSchema = changeTargetInput('AnalyzeImpactInput');
export type AnalyzeImpactInput = z.input<typeof AnalyzeImpactInputSchema>;
export type AnalyzeImpactQuery = z.output<typeof AnalyzeImpactInputSchema>;

export const ImpactEdgeSchema = z
  .object({
    from: z
      .string()
      .describe(
        'The uid of the dependent end (the caller, the subclass, the overriding member, the body a nested body is defined in (ENCLOSES), the importing file, the file whose module-level code calls).',
      ),
    to: z.string().describe('The uid of what it depends on.'),
    type: z.enum(IMPACT_EDGE_TYPES).register(schemaNames, { name: 'ImpactEdgeType' }),
    confidence: CallConfidenceSchema,
  })
  .register(schemaNames, { name: 'ImpactEdge' });
export type ImpactEdge = z.infer<typeof ImpactEdgeSchema>;

export const AffectedSymbolSchema = z
  .object({
    symbol: SymbolRefSchema,
    distance: z.number().int().describe('Dependency steps from the nearest target.'),
    confidence: CallConfidenceSchema.describe('The weakest confidence on the evidence path.'),
    evidence: z.array(ImpactEdgeSchema).describe('The shortest path from this symbol to a target, dependent first.'),
  })
  .register(schemaNames, { name: 'AffectedSymbol' });
export type AffectedSymbol = z.infer<typeof AffectedSymbolSchema>;

export const AffectedFileSchema = z
  .object({
    repositoryId: z.string(),
    path: z.string(),
    distance: z.number().int(),
    evidence: z
      .array(ImpactEdgeSchema)
      .describe(
        "The shortest chain of imports from this file to a changed file, or its module-level code's call of a target or an affected symbol (CALLS from the file) followed by that symbol's evidence.",
      ),
  })
  .register(schemaNames, { name: 'AffectedFile' });

export const TEST_VIAS = ['direct', 'helper', 'transitive'] as const;

export const AffectedTestSchema = z
  .object({
    test: SymbolRefSchema,
    via: z
      .enum(TEST_VIAS)
      .register(schemaNames, { name: 'TestVia' })
      .describe('direct: the test calls a target; helper: through one helper; transitive: through the affected set.'),
    distance: z.number().int().describe('Steps from the test to the nearest target.'),
    exercises: z.string().describe('The uid of the target or affected symbol the test reaches.'),
  })
  .register(schemaNames, { name: 'AffectedTest' });
export type AffectedTest = z.infer<typeof AffectedTestSchema>;

export const AffectedSectionSchema = z
  .object({
    repositoryId: z.string(),
    documentPath: z.string(),
    title: z.string(),
    startLine: z.number().int(),
    endLine: z.number().int(),
    mentions: z.string().describe('The uid of the target or affected symbol or file the section names.'),
  })
  .register(schemaNames, { name: 'AffectedSection' });
export type AffectedSection = z.infer<typeof AffectedSectionSchema>;

export const AnalyzeImpactResultSchema = z
  .object({
    targets: z
      .array(SymbolRefSchema)
      .describe('The symbols the target stands for (a file: its symbols; a diff: the symbols its lines touch).'),
    changedFiles: z.array(z.object({ repositoryId: z.string(), path: z.string() }).register(schemaNames, { name: 'ChangedFile' })),
    affected: z.array(AffectedSymbolSchema).describe('Reverse transitive dependents, nearest first.'),
    files: z
      .array(AffectedFileSchema)
      .describe(
        'Files importing a changed file, directly or not, and files whose module-level code (run when the file loads) calls a target or an affected symbol.',
      ),
    tests: z.array(AffectedTestSchema).describe('The tests to run, nearest first.'),
    documents: z.array(AffectedSectionSchema).describe('Document sections that name a target or an affected symbol or file.'),
    knowledge: z
      .array(KnowledgeAboutSchema)
      .describe(
        'Project knowledge chapters about a target or an affected symbol or file, each flagged when that code changed after the chapter was written (Lore).',
      ),
    summary: z
      .object({
        affectedSymbols: z.number().int(),
        affectedFiles: z.number().int(),
        tests: z.number().int(),
        documentSections: z.number().int(),
        repositories: z.array(z.string()),
        weakestConfidence: CallConfidenceSchema.nullable().describe(
          'The weakest confidence of any evidence path; null when nothing is affected.',
        ),
        mostDependedOn: z
          .array(
            z
              .object({ uid: z.string(), qualifiedName: z.string(), distance: z.number().int(), dependents: z.number().int() })
              .register(schemaNames, { name: 'ImpactHotspot' }),
          )
          .describe('Affected symbols with the most dependents in the affected set, up to 10.'),
      })
      .register(schemaNames, { name: 'ImpactSummary' }),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'AnalyzeImpactResult' });
export type AnalyzeImpactResult = z.infer<typeof AnalyzeImpactResultSchema>;
