import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import { InvalidInputError } from '@lore/domain';
import { readFileSync } from 'node:fs';
import {
  type DetectStaleDocsResult,
  type DocumentQualityReport,
  VERIFICATION_DEPTHS,
  type VerificationDepth,
  type VerifyDocumentationResult,
} from '@lore/domain/schemas/documentation-trust';
import { DocumentationTrustService } from '@lore/knowledge/documentation-trust/documentation-trust.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface CheckOptions extends JsonOption {
  repo?: string;
  failOn?: string;
  minConfidence?: string;
  /** false with --no-knowledge. */
  knowledge?: boolean;
  docComments?: boolean;
}

interface VerifyOptions extends JsonOption {
  repo?: string;
  code: string[];
  depth?: string;
}

interface QualityOptions extends JsonOption {
  repo?: string;
  draft?: string;
  code?: string[];
  minScore?: string;
}

/** `lore docs check|verify|quality`: the documentation commands (`lore docs-for` finds the sections about a symbol or file). */
export const register: RegisterCommand = (program: Command) => {
  const docs = program.command('docs').description("Check a repository's documentation against its code.");
  docs
    .command('check')
    .description('The lines of Markdown the code no longer supports (detect_stale_docs), most confident first; for CI with --fail-on.')
    .argument(
      '[paths...]',
      "Markdown files or directories of the repository (default: every indexed Markdown document and the project knowledge's chapters)",
    )
    .option('--repo <id>', 'the repository (needed when several are indexed)')
    .option('--no-knowledge', "without paths, leave the project knowledge's chapters out")
    .option('--doc-comments', 'also check the doc comments of the code files under the directories given (every code file without paths)')
    .option('--min-confidence <c>', 'leave out findings below this confidence (0-1)')
    .option('--fail-on <n>', 'exit 5 when more than n lines are stale (for CI)')
    .option('--json', 'print the detect_stale_docs result as JSON')
    .action(runAction(checkCommand));
  docs
    .command('verify')
    .description(
      'Verify a Markdown document against the code it describes (verify_documentation): findings with what the code says and a suggestion.',
    )
    .argument('<doc_path>', 'the Markdown document, a path in the repository')
    .requiredOption('--code <paths...>', 'the files or directories the document describes')
    .option('--depth <depth>', `${VERIFICATION_DEPTHS.join(', ')} (default deep)`)
    .option('--repo <id>', 'the repository (needed when several are indexed)')
    .option('--json', 'print the verify_documentation result as JSON')
    .action(runAction(verifyCommand));
  docs
    .command('quality')
    .description('Score a document, or a draft file with --draft, against the code (evaluate_document_quality); exit 5 below --min-score.')
    .argument('[path]', 'an indexed Markdown document of the repository')
    .option('--draft <file>', 'a generated draft on disk, instead of an indexed document')
    .option('--code <paths...>', 'the files or directories the document claims to document')
    .option('--min-score <score>', 'fail (quality_gate_failed, exit 5) below this overall score (0-1)')
    .option('--repo <id>', 'the repository (needed when several are indexed)')
    .option('--json', 'print the evaluate_document_quality result as JSON')
    .action(runAction(qualityCommand));
};

async function verifyCommand(docPath: string, options: VerifyOptions): Promise<number> {
  const result = await withServices((context) =>
    context.get(DocumentationTrustService).verifyDocumentation(
      {
        repositoryId: options.repo,
        doc_path: docPath,
        code_paths: options.code,
        verification_depth: options.depth as VerificationDepth | undefined,
      },
      context.get(PrincipalResolver).local(),
    ),
  );
  if (options.json) printJson(result);
  else printVerification(result);
  return EXIT.ok;
}

async function qualityCommand(path: string | undefined, options: QualityOptions): Promise<number> {
  const content = options.draft === undefined ? undefined : readFileSync(options.draft, 'utf8');
  const result = await withServices((context) =>
    context.get(DocumentationTrustService).evaluateDocumentQuality(
      {
        repositoryId: options.repo,
        documentPath: path,
        content,
        codePaths: options.code,
        minScore: options.minScore === undefined ? undefined : Number(options.minScore),
      },
      context.get(PrincipalResolver).local(),
    ),
  );
  if (options.json) printJson(result);
  else printQuality(result);
  return EXIT.ok;
}

async function checkCommand(paths: string[], options: CheckOptions): Promise<number> {
  if (options.failOn !== undefined && !/^\d+$/.test(options.failOn))
    throw new InvalidInputError('--fail-on takes a whole number of lines.');
  const result = await withServices((context) =>
    context.get(DocumentationTrustService).detectStaleDocs(
      {
        repositoryId: options.repo,
        paths: paths.length === 0 ? undefined : paths,
        ...(options.knowledge === false ? { knowledge: false } : {}),
        ...(options.docComments ? { docComments: true } : {}),
        minConfidence: options.minConfidence === undefined ? undefined : Number(options.minConfidence),
      },
      context.get(PrincipalResolver).local(),
    ),
  );
  if (options.json) printJson(result);
  else printFindings(result);
  const threshold = options.failOn === undefined ? Infinity : Number(options.failOn);
  if (result.findings.length > threshold) {
    process.stderr.write(`${result.findings.length} stale line(s): more than --fail-on ${options.failOn}\n`);
    return EXIT.thresholdExceeded;
  }
  return EXIT.ok;
}

function printFindings({ documents, findings, warnings }: DetectStaleDocsResult): void {
  const lines = [
    ...findings.map(
      (finding) => `${finding.path}:${finding.line}  ${finding.confidence.toFixed(2)}  ${finding.reason}\n    ${finding.statement}`,
    ),
    `${findings.length} stale line(s) in ${documents.length} document(s)`,
    ...warnings.map((warning) => `warning: ${warning.message}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function printVerification({ doc_path, summary, findings }: VerifyDocumentationResult): void {
  const lines = [
    `${doc_path}: ${summary.errors} error(s), ${summary.warnings} warning(s), accuracy ${summary.accuracy_score}`,
    ...findings.map(
      (finding) => `  ${finding.severity} ${finding.type}${finding.line === null ? '' : ` line ${finding.line}`}: ${finding.code_reality}
    ${finding.suggestion}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function printQuality({ documentPath, quality, dimensions }: DocumentQualityReport): void {
  const lines = [
    `${documentPath ?? 'draft'}: ${quality.status}, score ${quality.score}, ${quality.unsupportedClaims} unsupported claim(s)`,
    ...Object.entries(dimensions).map(
      ([name, dimension]) => `  ${name} ${dimension.score} (${dimension.failed} of ${dimension.checked} failed)`,
    ),
    ...quality.warnings.map((warning) => `  warning: ${warning}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
