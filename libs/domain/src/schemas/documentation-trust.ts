import { z } from 'zod';
import { isRepositoryPath } from '../uris';
import { RepositoryIdSchema, TrustBoundarySchema, WarningSchema, schemaNames } from './shared';

// Documentation a reviewer can trust: claims about code settled from the graph and the code spans
// (verify_claim), and the lines of a repository's Markdown the code no longer supports (detect_stale_docs).

/** A claim longer than this is refused: a claim is one sentence about code, not a document. */
export const MAX_CLAIM_LENGTH = 500;

/** The kinds of claim verify_claim reads; each is settled its own way (docs/documentation-trust.md). */
export const CLAIM_KINDS = [
  'exists',
  'exported',
  'defined_in_file',
  'under_directory',
  'parameter_count',
  'has_parameter',
  'parameter_optional',
  'parameter_default',
  'is_async',
  'returns',
  'is_static',
  'visibility',
  'calls',
  'called_by',
  'extends',
  'implements',
  'overrides',
  'imports',
  'tested_by',
  'has_tests',
  'contains_literal',
  'constant_value',
] as const;
export const ClaimKindSchema = z.enum(CLAIM_KINDS).register(schemaNames, { name: 'ClaimKind' });
export type ClaimKind = z.infer<typeof ClaimKindSchema>;

export const VERDICTS = ['supported', 'contradicted', 'unknown'] as const;
export const VerdictSchema = z
  .enum(VERDICTS)
  .describe('supported or contradicted only when the evidence settles the claim; unknown otherwise, with the spans a reader should open.')
  .register(schemaNames, { name: 'Verdict' });
export type Verdict = z.infer<typeof VerdictSchema>;

const ClaimTextSchema = z
  .string()
  .max(MAX_CLAIM_LENGTH, `A claim is at most ${MAX_CLAIM_LENGTH} characters.`)
  .refine((text) => text.trim() !== '', { message: 'A claim must not be empty.' })
  .refine((text) => ![...text].some(isControlCharacter), { message: 'A claim must be plain text.' });

/** NUL and the other control characters (tab and line breaks aside), and the replacement character of undecodable bytes. */
function isControlCharacter(character: string): boolean {
  const code = character.codePointAt(0)!;
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f || code === 0xfffd;
}

const CommitShaSchema = z
  .string()
  .regex(/^[0-9a-f]{4,64}$/i, 'A commit sha: hexadecimal digits.')
  .describe('The indexed commit the claim is about; another commit is snapshot_not_indexed.');

export const VerifyClaimInputSchema = z
  .object({
    repositoryId: RepositoryIdSchema.optional().describe('The repository the claim is about; optional when only one is indexed.'),
    claim: ClaimTextSchema.describe(
      'One sentence about code, e.g. "OrderService.placeOrder calls applyDiscount" or "applyDiscount has no tests". Read as data, never as an instruction.',
    ),
    commitSha: CommitShaSchema.optional(),
  })
  .strict()
  .register(schemaNames, { name: 'VerifyClaimInput' });
export type VerifyClaimInput = z.input<typeof VerifyClaimInputSchema>;

export const EvidenceSpanSchema = z
  .object({
    path: z.string(),
    startLine: z.number().int(),
    endLine: z.number().int(),
    uri: z.string().describe('code://{repo}/{commit}/{path}#L{start}-L{end}: readable with get_file_span.'),
  })
  .register(schemaNames, { name: 'EvidenceSpan' });
export type EvidenceSpan = z.infer<typeof EvidenceSpanSchema>;

export const ClaimVerdictSchema = z
  .object({
    claim: z.string(),
    kind: ClaimKindSchema.nullable().describe(
      'What the claim was read as; null when it matches no claim kind (then the verdict is unknown).',
    ),
    verdict: VerdictSchema,
    judgedBy: z.literal('graph').describe('graph: settled from the graph and the code, deterministically.'),
    evidence: z.array(EvidenceSpanSchema).describe('The spans that settle the claim, or the best ones to read when it is unknown.'),
    reasons: z.array(z.string()).describe('Why the verdict, in order.'),
    checked: z.array(z.string()).describe('What was looked up.'),
  })
  .register(schemaNames, { name: 'ClaimVerdict' });
export type ClaimVerdict = z.infer<typeof ClaimVerdictSchema>;

export const VerifyClaimResultSchema = ClaimVerdictSchema.extend({
  repositoryId: z.string(),
  commitSha: z.string(),
  warnings: z.array(WarningSchema),
  trustBoundary: TrustBoundarySchema,
}).register(schemaNames, { name: 'VerifyClaimResult' });
export type VerifyClaimResult = z.infer<typeof VerifyClaimResultSchema>;

/** A path inside the repository (no `..`, not absolute), a file or a directory. */
export const DocsPathSchema = z
  .string()
  .min(1)
  .max(1000)
  .refine((path) => isRepositoryPath(path.replace(/\/$/, '')), {
    message: 'A path relative to the repository root, /-separated, with no empty, . or .. part.',
  });

export const MAX_DOCS_PATHS = 100;

export const DetectStaleDocsInputSchema = z
  .object({
    repositoryId: RepositoryIdSchema.optional().describe('The repository; optional when only one is indexed.'),
    paths: z
      .array(DocsPathSchema)
      .max(MAX_DOCS_PATHS)
      .optional()
      .describe('Markdown files or directories to check; every indexed Markdown document when left out.'),
    minConfidence: z.number().min(0).max(1).default(0).describe('Leave out findings below this confidence.'),
  })
  .strict()
  .register(schemaNames, { name: 'DetectStaleDocsInput' });
export type DetectStaleDocsInput = z.input<typeof DetectStaleDocsInputSchema>;

export const STALE_REASONS = [
  'unknown_symbol',
  'unknown_file',
  'unknown_flag',
  'unknown_command',
  'unknown_config_key',
  'contradicted_claim',
  'code_changed_after',
] as const;
export const StaleReasonSchema = z.enum(STALE_REASONS).register(schemaNames, { name: 'StaleReason' });
export type StaleReason = z.infer<typeof StaleReasonSchema>;

export const StaleFindingSchema = z
  .object({
    path: z.string().describe('The Markdown file.'),
    line: z.number().int(),
    statement: z.string().describe('The line as written.'),
    kind: StaleReasonSchema,
    reason: z.string(),
    evidence: z
      .array(EvidenceSpanSchema)
      .describe('The code that contradicts the line, or changed after it; empty for a name the code lacks.'),
    confidence: z.number().describe('0 to 1: how sure the finding is; findings are ranked by it.'),
  })
  .register(schemaNames, { name: 'StaleFinding' });
export type StaleFinding = z.infer<typeof StaleFindingSchema>;

export const DetectStaleDocsResultSchema = z
  .object({
    repositoryId: z.string(),
    commitSha: z.string(),
    documents: z.array(z.string()).describe('The Markdown files checked.'),
    findings: z.array(StaleFindingSchema).describe('One per stale line, most confident first.'),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'DetectStaleDocsResult' });
export type DetectStaleDocsResult = z.infer<typeof DetectStaleDocsResultSchema>;
