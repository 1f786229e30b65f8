import { Inject, Injectable } from '@nestjs/common';
import { Redactor, currentCallContext } from '@lore/access';
import { CodeGraphRepository, type RepositoryRecord } from '@lore/graph';
import { createHash } from 'node:crypto';
import {
  AmbiguousTargetError,
  InvalidInputError,
  type LanguageModel,
  NotFoundError,
  type Principal,
  QualityGateFailedError,
  TRUST_BOUNDARY,
} from '@lore/domain';
import {
  type ClaimVerdict,
  type DocumentationFinding,
  type EvidenceSpan,
  type DocumentQualityReport,
  type EvaluateDocumentQualityInput,
  EvaluateDocumentQualityInputSchema,
  type StaleFinding,
  type VerifyDocumentationInput,
  VerifyDocumentationInputSchema,
  type VerifyDocumentationResult,
  type DetectStaleDocsInput,
  DetectStaleDocsInputSchema,
  type DetectStaleDocsResult,
  type VerifyClaimInput,
  VerifyClaimInputSchema,
  type VerifyClaimResult,
} from '@lore/domain/schemas/documentation-trust';
import { SourceRepository } from '@lore/indexer';
import { Operation } from '@lore/knowledge/operations/operation';
import { type KnowledgeChapterText, ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { pathInRepository, repositoryAtCommit, targetRepository } from '@lore/knowledge/target-resolution';
import { parseInput } from '@lore/knowledge/validation';
import { type SpanText, judgeUnsettled } from './claim-judge';
import { ClaimVerifier } from './claim-verifier';
import { CONFIGURED_LANGUAGE_MODEL } from '@lore/knowledge/language-models/language-model.providers';
import { isExtractedLanguage, RepositoryCode } from './repository-code';
import { parseClaim } from './claim-parser';
import { docLines } from './markdown-mentions';
import { type Detection, type DocumentText, StaleDocsDetector } from './stale-docs';
import { formatQualityReportUri } from './quality-report-uri';
import { LoreMetrics } from '@lore/observability';

/** The most claims of one knowledge chapter verify_claim checks (the first ones, in line order). */
const MAX_CHAPTER_CLAIMS = 50;

/**
 * verify_claim and detect_stale_docs: claims about code and lines of Markdown checked against the
 * graph and the code, and the chapters of the repository's project knowledge beside its Markdown
 * (read through ProjectKnowledgeService's plain chaptersOfRepository, below the gate).
 */
@Injectable()
export class DocumentationTrustService {
  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly sources: SourceRepository,
    private readonly redactor: Redactor,
    private readonly knowledge: ProjectKnowledgeService,
    @Inject(CONFIGURED_LANGUAGE_MODEL) private readonly configuredModel: LanguageModel | null,
    private readonly metrics: LoreMetrics,
  ) {}

  @Operation('verify_claim', { kind: 'read' })
  async verifyClaim(input: VerifyClaimInput, principal: Principal): Promise<VerifyClaimResult> {
    const query = parseInput(VerifyClaimInputSchema, input);
    const repository = await repositoryAtCommit(this.graph, principal, query.repositoryId, query.commitSha);
    const code = this.codeOf(principal, repository);
    if (query.chapter !== undefined) {
      const wanted = decodedUri(query.chapter);
      const chapter = (await this.knowledge.chaptersOfRepository(principal, repository)).find((found) => decodedUri(found.uri) === wanted);
      if (!chapter) {
        throw new NotFoundError(`No knowledge chapter ${query.chapter} in the project knowledge of ${repository.repositoryId}.`, {
          hint: 'List the chapters with get_knowledge_links or the knowledge://projects/{project_id}/chapters/{filename} resource.',
          details: { reason: 'chapter_not_found', chapter: query.chapter },
        });
      }
      return {
        ...(await this.chapterVerdict(code, chapter)),
        repositoryId: repository.repositoryId,
        commitSha: repository.commitSha,
        warnings: [],
        trustBoundary: TRUST_BOUNDARY,
      };
    }
    const graphVerdict = await new ClaimVerifier(this.graph, code).verify(query.claim!);
    // A model only where the client lends one or one is configured, and only over evidence to cite.
    const model = currentCallContext().lentModel ?? this.configuredModel;
    const { verdict, warnings } =
      model !== null && graphVerdict.verdict === 'unknown' && graphVerdict.kind !== null && graphVerdict.evidence.length > 0
        ? await judgeUnsettled(graphVerdict, await this.spanTexts(code, graphVerdict.evidence), model)
        : { verdict: graphVerdict, warnings: [] };
    return {
      ...verdict,
      repositoryId: repository.repositoryId,
      commitSha: repository.commitSha,
      warnings,
      trustBoundary: TRUST_BOUNDARY,
    };
  }

  /**
   * The claims a knowledge chapter's lines make, each settled as verify_claim settles one, and their
   * verdict together: contradicted when one is, supported when every one is, unknown otherwise (or
   * when the chapter makes no claim Lore reads). Each claim's reasons are told with its line.
   */
  private async chapterVerdict(code: RepositoryCode, chapter: KnowledgeChapterText): Promise<ClaimVerdict> {
    const verifier = new ClaimVerifier(this.graph, code);
    const settled: { line: number; sentence: string; verdict: ClaimVerdict }[] = [];
    for (const line of docLines(chapter.text, [])) {
      for (const sentence of line.sentences) {
        if (settled.length === MAX_CHAPTER_CLAIMS || parseClaim(sentence) === null) continue;
        settled.push({ line: chapter.firstLine + line.line - 1, sentence, verdict: await verifier.verify(sentence) });
      }
    }
    const verdicts = settled.map((claim) => claim.verdict.verdict);
    const kinds = new Set(settled.map((claim) => claim.verdict.kind));
    const evidence = new Map(settled.flatMap((claim) => claim.verdict.evidence).map((span) => [span.uri, span]));
    return {
      claim: chapter.uri,
      kind: kinds.size === 1 ? [...kinds][0]! : null,
      verdict: verdicts.includes('contradicted')
        ? 'contradicted'
        : verdicts.length > 0 && verdicts.every((verdict) => verdict === 'supported')
          ? 'supported'
          : 'unknown',
      judgedBy: 'graph',
      model: null,
      evidence: [...evidence.values()],
      reasons:
        settled.length === 0
          ? [`${chapter.chapter} (${chapter.filename}) makes no claim about code that Lore reads.`]
          : settled.map(({ line, sentence, verdict }) => `line ${line}: "${sentence}" is ${verdict.verdict}: ${verdict.reasons.join(' ')}`),
      checked: [...new Set(settled.flatMap((claim) => claim.verdict.checked))],
    };
  }

  /** The evidence spans' lines as indexed, secrets redacted: what a model may read. A span whose file cannot be read is left out. */
  private async spanTexts(code: RepositoryCode, evidence: readonly EvidenceSpan[]): Promise<SpanText[]> {
    const texts: SpanText[] = [];
    for (const span of evidence) {
      const text = await code.text(span.path);
      if (text === null) continue;
      const lines = (await this.redactor.redact(span.path, text)).split('\n');
      texts.push({ span, text: lines.slice(span.startLine - 1, span.endLine).join('\n') });
    }
    return texts;
  }

  @Operation('detect_stale_docs', { kind: 'read' })
  async detectStaleDocs(input: DetectStaleDocsInput, principal: Principal): Promise<DetectStaleDocsResult> {
    const query = parseInput(DetectStaleDocsInputSchema, input);
    const repository = await repositoryAtCommit(this.graph, principal, query.repositoryId, undefined);
    const code = this.codeOf(principal, repository);
    const documents = await this.markdownDocuments(code, query.paths, { docComments: true, commentsUnder: query.docComments });
    const chapters = query.paths === undefined && query.knowledge ? await this.knowledge.chaptersOfRepository(principal, repository) : [];
    const detector = new StaleDocsDetector(this.graph, code);
    const findings = [
      ...(await detector.findings(documents, query.minConfidence)),
      ...(await this.chapterFindings(detector, code, chapters, query.minConfidence)),
    ].sort((a, b) => b.confidence - a.confidence || a.path.localeCompare(b.path) || a.line - b.line);
    return {
      repositoryId: repository.repositoryId,
      commitSha: repository.commitSha,
      documents: [...documents, ...chapters.map((chapter) => chapter.uri)],
      findings,
      warnings: await this.scanWarnings(code),
      trustBoundary: TRUST_BOUNDARY,
    };
  }

  /**
   * The stale lines of knowledge chapters: each chapter's text checked as Markdown is (no git
   * history: the store's commits are not the code's), and the lines naming code whose ABOUT link is
   * stale now (its signature or body changed since the chapter was written) reported as changed after.
   */
  private async chapterFindings(
    detector: StaleDocsDetector,
    code: RepositoryCode,
    chapters: readonly KnowledgeChapterText[],
    minConfidence: number,
  ): Promise<StaleFinding[]> {
    if (chapters.length === 0) return [];
    const documents = chapters.map((chapter) => ({ path: chapter.uri, text: chapter.text, indexed: false, firstLine: chapter.firstLine }));
    const { findings } = await detector.detect(documents, { claims: true, history: false });
    for (const chapter of chapters) {
      const lines = chapter.text.split('\n');
      for (const link of chapter.staleLinks) {
        // The first line naming the code that no other finding is about (a line is reported once).
        const reported = (index: number) =>
          findings.some((finding) => finding.path === chapter.uri && finding.line === chapter.firstLine + index);
        const index = lines.findIndex((text, at) => text.includes(link.reference) && !reported(at));
        if (index < 0) continue;
        findings.push({
          path: chapter.uri,
          line: chapter.firstLine + index,
          statement: lines[index]!.trim(),
          kind: 'code_changed_after',
          change: null,
          removedIn: null,
          reason: `The code this chapter is about changed since it was written: ${link.reason}.`,
          evidence: await this.linkEvidence(code, link.about),
          confidence: STALE_LINK_CONFIDENCE,
        });
      }
    }
    return findings.filter((finding) => finding.confidence >= minConfidence);
  }

  /** The declaration a chapter's link names now (a symbol's uid is {tenant}:{repo}:{path}#{qualifiedName}; a file's, its path). */
  private async linkEvidence(code: RepositoryCode, about: string): Promise<EvidenceSpan[]> {
    const [location, qualifiedName] = about.split('#') as [string, string | undefined];
    const path = location.split(':').slice(2).join(':');
    if (qualifiedName === undefined) return (await code.file(path)) === null ? [] : [code.evidence(path, 1)];
    const symbol = (await code.symbolsNamed(qualifiedName)).find((candidate) => candidate.path === path);
    return symbol ? [code.symbolEvidence(symbol)] : [];
  }

  @Operation('verify_documentation', { kind: 'read' })
  async verifyDocumentation(input: VerifyDocumentationInput, principal: Principal): Promise<VerifyDocumentationResult> {
    const query = parseInput(VerifyDocumentationInputSchema, input);
    const repository = await this.verifiedRepository(principal, query);
    const code = this.codeOf(principal, repository);
    const givenCodePaths = query.code_paths.map((path) => pathInRepository(repository, path));
    const [documentPath] = await this.markdownDocuments(code, [pathInRepository(repository, query.doc_path)]);
    const codePaths = await this.codePathsOf(code, givenCodePaths);
    const depth = query.verification_depth;
    const text = (await code.text(documentPath!)) ?? '';
    const detection = await new StaleDocsDetector(this.graph, code).detect([{ path: documentPath!, text, indexed: true }], {
      claims: depth !== 'shallow',
      history: depth !== 'shallow',
    });
    const findings = detection.findings.map(toDocumentationFinding);
    if (depth === 'comprehensive') {
      for (const symbol of await this.undocumented(principal, code, codePaths, detection)) {
        findings.push({
          severity: 'info',
          type: 'undocumented_symbol',
          doc_statement: '',
          code_reality: `${symbol.qualifiedName} (${symbol.kind}) is exported from ${symbol.path} and the document never names it.`,
          suggestion: `Describe ${symbol.qualifiedName}, or leave ${symbol.path} out of code_paths if the document is not about it.`,
          line: null,
          evidence: [code.symbolEvidence(symbol)],
        });
      }
    }
    const order = { error: 0, warning: 1, info: 2 } as const;
    findings.sort((a, b) => order[a.severity] - order[b.severity] || (a.line ?? 0) - (b.line ?? 0));
    const staleLines = detection.findings.length;
    return {
      report_id: `vd_${digest([repository.repositoryId, repository.commitSha, documentPath, [...givenCodePaths].sort(), depth])}`,
      repositoryId: repository.repositoryId,
      commitSha: repository.commitSha,
      doc_path: documentPath!,
      verification_depth: depth,
      summary: {
        total_findings: findings.length,
        errors: findings.filter((finding) => finding.severity === 'error').length,
        warnings: findings.filter((finding) => finding.severity === 'warning').length,
        accuracy_score: ratio(detection.checkedLines - staleLines, detection.checkedLines),
      },
      findings,
      warnings: await this.scanWarnings(code),
      trustBoundary: TRUST_BOUNDARY,
    };
  }

  @Operation('evaluate_document_quality', { kind: 'read' })
  async evaluateDocumentQuality(input: EvaluateDocumentQualityInput, principal: Principal): Promise<DocumentQualityReport> {
    return this.qualityReport(input, principal);
  }

  /** evaluate_document_quality's report, below the gate: for the capabilities that review a draft (generate_review_package). */
  async qualityReport(input: EvaluateDocumentQualityInput, principal: Principal): Promise<DocumentQualityReport> {
    const query = parseInput(EvaluateDocumentQualityInputSchema, input);
    const repository = await repositoryAtCommit(this.graph, principal, query.repositoryId, query.commitSha);
    const code = this.codeOf(principal, repository);
    let document: DocumentText;
    if (query.documentPath !== undefined) {
      const [path] = await this.markdownDocuments(code, [query.documentPath]);
      document = { path: path!, text: (await code.text(path!)) ?? '', indexed: true };
    } else {
      document = { path: 'draft.md', text: query.content!, indexed: false };
    }
    const detector = new StaleDocsDetector(this.graph, code);
    const detection = await detector.detect([document], { claims: true, history: document.indexed });
    const codePaths = query.codePaths ? await this.codePathsOf(code, query.codePaths) : await this.namedCode(code, detection, document);
    const publicSymbols = codePaths.length === 0 ? [] : await this.graph.findPublicSymbols(principal, repository.repositoryId, codePaths);
    const undocumented = publicSymbols.filter((symbol) => !isNamed(symbol, detection.mentionedSymbols));
    const claimsChecked = detection.claims.supported + detection.claims.contradicted + detection.claims.unknown;
    const unsupportedClaims = detection.claims.contradicted + detection.claims.unknown;
    const dimensions = {
      coverage: dimension(publicSymbols.length, undocumented.length),
      claims: dimension(claimsChecked, unsupportedClaims),
      staleness: dimension(detection.checkedLines, detection.findings.length),
      references: dimension(detection.references.total, detection.references.broken),
    };
    const score = round(
      (dimensions.coverage.score + dimensions.claims.score + dimensions.staleness.score + dimensions.references.score) / 4,
    );
    const warnings = [
      ...(detection.claims.contradicted > 0 ? [`${detection.claims.contradicted} claim(s) contradicted by the code.`] : []),
      ...(detection.claims.unknown > 0 ? [`${detection.claims.unknown} claim(s) the code does not settle: check them by hand.`] : []),
      ...(detection.findings.length > 0 ? [`${detection.findings.length} stale line(s).`] : []),
      ...(undocumented.length > 0 ? [`${undocumented.length} public symbol(s) of the documented code are not named.`] : []),
    ];
    const failing = detection.claims.contradicted > 0 || detection.findings.some((finding) => finding.confidence >= ERROR_CONFIDENCE);
    const report: DocumentQualityReport = {
      reportId: `qr_${digest([repository.repositoryId, repository.commitSha, document.indexed ? document.path : document.text, codePaths])}`,
      resourceUri: document.indexed
        ? formatQualityReportUri({ repositoryId: repository.repositoryId, commitSha: repository.commitSha, path: document.path })
        : null,
      repositoryId: repository.repositoryId,
      commitSha: repository.commitSha,
      documentPath: document.indexed ? document.path : null,
      quality: { status: failing ? 'fail' : warnings.length > 0 ? 'pass_with_warnings' : 'pass', score, unsupportedClaims, warnings },
      dimensions,
      undocumented: undocumented.map((symbol) => symbol.qualifiedName),
      findings: detection.findings,
      trustBoundary: TRUST_BOUNDARY,
    };
    if (failing) this.metrics.recordQualityFailure(document.indexed ? 'document' : 'content');
    if (query.minScore !== undefined && score < query.minScore) {
      throw new QualityGateFailedError(`The document scores ${score}, below the minimum ${query.minScore}.`, {
        hint: 'Fix the findings of the report, then evaluate it again.',
        details: { reportId: report.reportId, resourceUri: report.resourceUri, quality: report.quality, dimensions },
      });
    }
    return report;
  }

  /**
   * The repository verify_documentation reads, as a CodeDoc client names it: by repositoryId, by the
   * checkout that holds its absolute paths, or, for repository-relative paths with several
   * repositories indexed, the only one that holds doc_path (ambiguous_target when more than one does).
   */
  private async verifiedRepository(principal: Principal, query: { repositoryId?: string; doc_path: string; code_paths: string[] }) {
    const paths = [query.doc_path, ...query.code_paths];
    const repositories = await this.graph.listRepositories(principal);
    if (query.repositoryId !== undefined || repositories.length <= 1 || paths.some((path) => path.startsWith('/'))) {
      return targetRepository(this.graph, principal, query.repositoryId, paths);
    }
    const holding: RepositoryRecord[] = [];
    for (const repository of repositories) {
      if ((await this.codeOf(principal, repository).file(query.doc_path.replace(/^(\.\/)+/, ''))) !== null) holding.push(repository);
    }
    if (holding.length === 1) return holding[0]!;
    const indexed = repositories.map((repository) => repository.repositoryId).sort();
    if (holding.length === 0) {
      throw new NotFoundError(`No indexed repository holds ${query.doc_path} (${indexed.join(', ')} are indexed).`, {
        hint: 'Give doc_path relative to the repository root, or absolute inside its checkout.',
      });
    }
    const candidates = holding.map((repository) => repository.repositoryId).sort();
    throw new AmbiguousTargetError(`${holding.length} indexed repositories hold ${query.doc_path}: ${candidates.join(', ')}.`, {
      hint: 'Say which one with repositoryId, or give doc_path as an absolute path inside its checkout.',
      details: { candidates },
    });
  }

  /** The public symbols of `codePaths` that the document never names (by name or qualified name). */
  private async undocumented(principal: Principal, code: RepositoryCode, codePaths: string[], detection: Detection) {
    const symbols = await this.graph.findPublicSymbols(principal, code.repositoryId, codePaths);
    return symbols.filter((symbol) => !isNamed(symbol, detection.mentionedSymbols));
  }

  /** code_paths as the public-symbols query takes them: files as they are, directories with a final '/'; one that is neither is not found. */
  private async codePathsOf(code: RepositoryCode, paths: readonly string[]): Promise<string[]> {
    const resolved: string[] = [];
    for (const path of paths) {
      const bare = path.replace(/\/$/, '');
      if ((await code.file(bare)) !== null) resolved.push(bare);
      else if (await code.isDirectory(bare)) resolved.push(`${bare}/`);
      else throw new NotFoundError(`No indexed file or directory ${path} in ${code.repositoryId}.`);
    }
    return resolved;
  }

  /** The code a document names: the files it names and the files declaring the symbols it names. */
  private async namedCode(code: RepositoryCode, detection: Detection, document: DocumentText): Promise<string[]> {
    const paths = new Set<string>();
    for (const name of detection.mentionedSymbols) {
      for (const symbol of await code.symbolsNamed(name)) paths.add(symbol.path);
    }
    for (const match of document.text.matchAll(/`([\w./-]+\.[a-z]{1,5})`/g)) {
      if ((await code.file(match[1]!)) !== null) paths.add(match[1]!);
    }
    return [...paths].sort();
  }

  private async scanWarnings(code: RepositoryCode) {
    const { complete } = await code.codeTexts();
    return complete
      ? []
      : [
          {
            code: 'scan_incomplete',
            message: 'Not every code file could be read: names only missing from the unread files were not reported.',
          },
        ];
  }

  private codeOf(principal: Principal, repository: RepositoryRecord): RepositoryCode {
    return new RepositoryCode(this.graph, this.sources, principal, repository);
  }

  /**
   * The indexed Markdown files the paths name (files, or directories holding them), all of them when
   * no path is given; with `docComments`, code files named one by one too (their doc comments are read);
   * with `commentsUnder`, the code files under the directories named too (every one without paths).
   */
  private async markdownDocuments(
    code: RepositoryCode,
    paths: readonly string[] | undefined,
    { docComments = false, commentsUnder = false }: { docComments?: boolean; commentsUnder?: boolean } = {},
  ): Promise<string[]> {
    const files = await code.files();
    const markdown = files.filter((file) => file.language === 'markdown' && !file.blocked).map((file) => file.path);
    const commented = commentsUnder
      ? files.filter((file) => isExtractedLanguage(file.language) && !file.blocked).map((file) => file.path)
      : [];
    if (paths === undefined) return [...markdown, ...commented];
    const chosen = new Set<string>();
    const codeFiles: string[] = [];
    for (const path of paths) {
      const file = await code.file(path);
      if (file !== null && docComments && isExtractedLanguage(file.language) && !file.blocked) {
        if (!codeFiles.includes(file.path)) codeFiles.push(file.path);
        continue;
      }
      if (file !== null) {
        if (file.language !== 'markdown')
          throw new InvalidInputError(`${path} is not a Markdown file${docComments ? ', nor code whose doc comments Lore reads' : ''}.`, {
            hint: docComments
              ? 'Give .md files, directories, or code files (their doc comments are checked).'
              : 'Give .md files or directories.',
          });
        chosen.add(file.path);
        continue;
      }
      const prefix = `${path.replace(/\/$/, '')}/`;
      const under = markdown.filter((document) => document.startsWith(prefix));
      const codeUnder = commented.filter((file) => file.startsWith(prefix));
      if (under.length + codeUnder.length === 0)
        throw new NotFoundError(`No indexed Markdown file${commentsUnder ? ' or code' : ''} ${path} in ${code.repositoryId}.`);
      for (const document of under) chosen.add(document);
      for (const file of codeUnder) if (!codeFiles.includes(file)) codeFiles.push(file);
    }
    return [...markdown.filter((document) => chosen.has(document)), ...codeFiles];
  }
}

/** A chapter line whose linked code changed since it was written: as unsure as a Markdown line older than its code. */
const STALE_LINK_CONFIDENCE = 0.4;

/** A stale line at least this confident is an error of the document; below, a warning. */
const ERROR_CONFIDENCE = 0.8;

const SUGGESTIONS: Record<StaleFinding['kind'], string> = {
  unknown_symbol: 'Use the name the code has now (search_code finds it), or remove the mention.',
  unknown_file: 'Point to the file where it is now (get_project_structure lists them), or remove the mention.',
  unknown_flag: 'Remove the flag, or name the one the command takes now.',
  unknown_command: 'Name a command the CLI defines now.',
  unknown_config_key: 'Name a configuration key the code reads now.',
  contradicted_claim: 'Rewrite the sentence to say what the code in the evidence does.',
  code_changed_after: 'Read the declaration in the evidence and update the line if it no longer holds.',
};

function toDocumentationFinding(finding: StaleFinding): DocumentationFinding {
  return {
    severity: finding.confidence >= ERROR_CONFIDENCE ? 'error' : 'warning',
    type: finding.kind,
    doc_statement: finding.statement,
    code_reality: finding.reason,
    suggestion: SUGGESTIONS[finding.kind],
    line: finding.line,
    evidence: finding.evidence,
  };
}

/** A chapter URI with its title decoded, so that a title written with or without percent-encoding names one chapter. */
function decodedUri(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

function isNamed(symbol: { name: string; qualifiedName: string }, mentioned: Set<string>): boolean {
  return mentioned.has(symbol.name) || mentioned.has(symbol.qualifiedName);
}

function dimension(checked: number, failed: number): { score: number; checked: number; failed: number } {
  return { score: ratio(checked - failed, checked), checked, failed };
}

/** A share rounded to two decimals; 1 when there is nothing to share. */
function ratio(part: number, whole: number): number {
  return whole === 0 ? 1 : round(part / whole);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function digest(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}
