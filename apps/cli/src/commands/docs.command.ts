import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import { InvalidInputError, type LanguageModel } from '@lore/domain';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  type DetectStaleDocsResult,
  type DocumentQualityReport,
  VERIFICATION_DEPTHS,
  type VerificationDepth,
  type VerifyDocumentationResult,
} from '@lore/domain/schemas/documentation-trust';
import type { ContextPack, DocumentDraft } from '@lore/domain/schemas/document-generation';
import type { DocumentationStatus } from '@lore/domain/schemas/documentation-sessions';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { draftFileName } from '@lore/documentation/document-generation/draft-writer';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { CONFIGURED_LANGUAGE_MODEL } from '@lore/knowledge/language-models/language-model.providers';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { documentWithModel } from '../documentation-assistant';
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

interface GenerateOptions extends JsonOption {
  repo?: string;
  out?: string;
  /** false with --no-model. */
  model: boolean;
}

interface ContextPackOptions extends JsonOption {
  repo?: string;
  maxItems?: string;
}

/** `lore docs check|verify|quality|generate|context-pack`: the documentation commands (`lore docs-for` finds the sections about a symbol or file). */
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
  docs
    .command('generate')
    .description(
      "Document a module. With a model configured (LORE_LLM_URL, LORE_LLM_MODEL), play the assistant's side of a documentation " +
        'session: the model analyses each code file from the prompt Lore builds from the graph, and Lore writes and checks the ' +
        "module's documentation (create_documentation, analyze_file_callback). Without one (or with --no-model), draft it from " +
        'the graph alone (generate_document_draft): every statement cites its evidence. Printed, or written into --out.',
    )
    .argument('<paths...>', 'the module: a directory or file of the repository, or several')
    .option('--out <dir>', 'write the documentation there as <module>.md (created if missing)')
    .option('--repo <id>', 'the repository (needed when several are indexed)')
    .option('--no-model', 'draft from the graph alone even when a model is configured')
    .option('--json', 'print the generate_document_draft result (with a model: the get_documentation_status result) as JSON')
    .action(runAction(generateCommand));
  docs
    .command('context-pack')
    .description('What the graph knows that documenting a module needs, each item with its reason (assemble_context_pack).')
    .argument('<paths...>', 'the module: a directory or file of the repository, or several')
    .option('--max-items <n>', 'at most n symbols, callers, tests and documents each (default 20)')
    .option('--repo <id>', 'the repository (needed when several are indexed)')
    .option('--json', 'print the assemble_context_pack result as JSON')
    .action(runAction(contextPackCommand));
};

/** One path is the module's path; several are its paths. */
function moduleOf(paths: string[]): { modulePath: string } | { paths: string[] } {
  return paths.length === 1 ? { modulePath: paths[0]! } : { paths };
}

async function generateCommand(paths: string[], options: GenerateOptions): Promise<number> {
  const documented = await withServices(async (context) => {
    const model = options.model ? context.get<LanguageModel | null>(CONFIGURED_LANGUAGE_MODEL) : null;
    if (!model) return null;
    const moduleName = paths.length === 1 ? basename(paths[0]!.replace(/\/$/, '')) || 'module' : 'module';
    return documentWithModel(context, model, context.get(PrincipalResolver).local(), { repositoryId: options.repo, paths, moduleName });
  });
  if (documented) return printDocumented(documented, options);
  const draft: DocumentDraft = await withServices((context) =>
    context
      .get(DocumentGenerationService)
      .generateDocumentDraft({ repositoryId: options.repo, ...moduleOf(paths) }, context.get(PrincipalResolver).local()),
  );
  if (options.out !== undefined) {
    const directory = resolve(options.out);
    mkdirSync(directory, { recursive: true });
    const file = join(directory, draftFileName(draft.modulePath));
    writeFileSync(`${file}.tmp`, draft.content);
    renameSync(`${file}.tmp`, file);
    process.stderr.write(`wrote ${file}\n`);
  }
  if (options.json) printJson(draft);
  else if (options.out === undefined) process.stdout.write(draft.content);
  else printDraftSummary(draft);
  return EXIT.ok;
}

/** A model-documented session's outcome: its module files, copied into --out when given, and the claims checked. */
function printDocumented(status: DocumentationStatus, options: GenerateOptions): number {
  const written = readdirSync(status.documentation_path).filter((name) => name.endsWith('.md'));
  if (options.out !== undefined) {
    const directory = resolve(options.out);
    mkdirSync(directory, { recursive: true });
    for (const name of written) {
      writeFileSync(join(directory, `${name}.tmp`), readFileSync(join(status.documentation_path, name)));
      renameSync(join(directory, `${name}.tmp`), join(directory, name));
      process.stderr.write(`wrote ${join(directory, name)}\n`);
    }
  }
  if (options.json) printJson(status);
  else if (options.out === undefined)
    for (const name of written) process.stdout.write(readFileSync(join(status.documentation_path, name), 'utf8'));
  else {
    const { claims } = status.quality_metrics;
    process.stdout.write(
      `${status.progress.processed_files} of ${status.progress.total_files} files documented (${status.status}); ` +
        `claims naming code: ${claims.supported} supported, ${claims.contradicted} contradicted, ${claims.unknown} unknown\n`,
    );
  }
  return status.progress.failed_files.length > 0 ? EXIT.failure : EXIT.ok;
}

async function contextPackCommand(paths: string[], options: ContextPackOptions): Promise<number> {
  if (options.maxItems !== undefined && !/^\d+$/.test(options.maxItems)) throw new InvalidInputError('--max-items takes a whole number.');
  const pack: ContextPack = await withServices((context) =>
    context.get(DocumentGenerationService).assembleContextPack(
      {
        repositoryId: options.repo,
        ...moduleOf(paths),
        ...(options.maxItems === undefined ? {} : { maxItems: Number(options.maxItems) }),
      },
      context.get(PrincipalResolver).local(),
    ),
  );
  if (options.json) printJson(pack);
  else {
    const lines = [
      `${pack.resourceUri} (${pack.repositoryId} ${pack.commitSha.slice(0, 7)}, until ${pack.expiresAt})`,
      ...pack.symbols.map((symbol) => `  symbol ${symbol.qualifiedName}  ${symbol.path}:${symbol.startLine}  ${symbol.reason}`),
      ...pack.callers.map((caller) => `  caller ${caller.qualifiedName}  ${caller.path}:${caller.line}  ${caller.reason}`),
      ...pack.tests.map((test) => `  test ${test.qualifiedName}  ${test.path}:${test.startLine}  ${test.reason}`),
      ...pack.docs.map((doc) => `  doc ${doc.path} § ${doc.title}  ${doc.reason}`),
      ...pack.warnings.map((warning) => `warning: ${warning.message}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return EXIT.ok;
}

function printDraftSummary(draft: DocumentDraft): void {
  const lines = [
    `${draft.documentId}: ${draft.statements.length} statement(s), ${draft.evidence.length} evidence item(s), ${draft.evidenceMapUri}`,
    ...draft.warnings.map((warning) => `warning: ${warning.message}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

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
