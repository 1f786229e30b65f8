import { existsSync } from 'node:fs';
import { basename, join, posix } from 'node:path';
import type { CodeGraphRepository } from '@lore/graph';
import type { NameRemoval } from '@lore/indexer';
import { isRepositoryPath } from '@lore/domain';
import type { EvidenceSpan, StaleChange, StaleFinding, StaleReason, Verdict } from '@lore/domain/schemas/documentation-trust';
import { parseClaim } from './claim-parser';
import { ClaimVerifier } from './claim-verifier';
import { escapeRegExp, findWord } from './code-facts';
import {
  type Mention,
  docLines,
  environmentSections,
  foreignNames,
  hasFileShape,
  namesForeignCode,
  namesForeignVariable,
  speaksOfHistory,
} from './markdown-mentions';
import { splitDocComments } from './doc-comments';
import { changeOfClaim, changeSentence, removalSentence, removalSite, renamedTo, replacedBy } from './stale-changes';
import type { CodeScan, RepositoryCode } from './repository-code';

/** How sure each kind of finding is: a contradicted claim is settled by the graph; a missing name may be a name the line did not mean as code. */
const CONFIDENCE: Record<StaleReason, number> = {
  contradicted_claim: 0.95,
  unknown_symbol: 0.9,
  unknown_flag: 0.85,
  unknown_file: 0.8,
  unknown_command: 0.75,
  unknown_config_key: 0.7,
  code_changed_after: 0.4,
};

/** How many declarations of a renamed symbol's new name a finding cites (an overloaded or re-declared name). */
const MAX_RENAMED_SPANS = 3;

/**
 * A Markdown text to check: an indexed document of the repository, a draft (no history to read), or
 * the doc comments of a code file (`docComments`: checked against the code without doc comments, so
 * that a comment never vouches for itself, and with no history: a comment changes with its code).
 */
export interface DocumentText {
  path: string;
  text: string;
  indexed: boolean;
  docComments?: boolean;
  /** The line of its file the text starts on (a knowledge chapter's heading); 1 when omitted. */
  firstLine?: number;
}

export interface DetectionOptions {
  /** Read prose sentences as claims and settle them. */
  claims: boolean;
  /** Compare each line's last change with its named declarations' (git blame). */
  history: boolean;
}

export interface Detection {
  findings: StaleFinding[];
  /** Lines that named code or made a claim. */
  checkedLines: number;
  claims: Record<Verdict, number>;
  /** Symbol and file names mentioned, and those no code has. */
  references: { total: number; broken: number };
  /** The names of code the documents mention (symbols, and constants written as configuration keys). */
  mentionedSymbols: Set<string>;
}

interface LineIssue {
  kind: StaleReason;
  change: StaleChange | null;
  reason: string;
  evidence: EvidenceSpan[];
  removedIn: StaleFinding['removedIn'];
}

/**
 * The lines of a repository's Markdown that its code no longer supports: names of symbols, files,
 * flags, commands and configuration keys that no code has, and claims the graph contradicts. A
 * name counts as present when the graph declares it or any code file's text contains it, so a line
 * is reported only when nothing in the code answers to it (few false alarms over many findings).
 */
export class StaleDocsDetector {
  private symbolNames: Promise<Set<string>> | null = null;
  private simpleNames: Promise<string[]> | null = null;

  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly code: RepositoryCode,
  ) {}

  /** The stale lines of the repository's indexed Markdown files at `documentPaths`, at least `minConfidence` sure. */
  async findings(documentPaths: readonly string[], minConfidence = 0): Promise<StaleFinding[]> {
    const documents: DocumentText[] = [];
    for (const path of documentPaths) {
      const text = await this.code.text(path);
      const language = (await this.code.file(path))?.language;
      if (text === null) continue;
      if (language === 'markdown') documents.push({ path, text, indexed: true });
      else documents.push({ path, text: splitDocComments(text, language ?? '').comments, indexed: false, docComments: true });
    }
    // The history is the least confident finding: not read when it would be left out.
    const history = CONFIDENCE.code_changed_after >= minConfidence;
    return (await this.detect(documents, { claims: true, history })).findings.filter((finding) => finding.confidence >= minConfidence);
  }

  /**
   * Checks documents line by line: the names each line's code mentions, and (with `claims`) its
   * sentences as claims, and (with `history`, for indexed documents) whether a declaration it names
   * changed after it. Also counts what was checked, for a score.
   */
  async detect(documents: readonly DocumentText[], options: DetectionOptions): Promise<Detection> {
    const bins = await this.commandNames();
    const own = [...bins, ...(await this.packageNames())];
    const detection: Detection = {
      findings: [],
      checkedLines: 0,
      claims: { supported: 0, contradicted: 0, unknown: 0 },
      references: { total: 0, broken: 0 },
      mentionedSymbols: new Set(),
    };
    for (const document of documents) {
      const foreign = foreignNames(document.text, own);
      const environment = environmentSections(document.text, own);
      for (const line of docLines(document.text, bins)) {
        const issues: LineIssue[] = [];
        // A migration guide or a changelog names what was removed: those names are history, not errors.
        const history = speaksOfHistory(document.path, line);
        for (const mention of line.mentions) {
          // A constant's name reads as a configuration key (DEFAULT_TIMEOUT_MS): either way, the line names it.
          if (mention.kind === 'symbol' || mention.kind === 'config_key') detection.mentionedSymbols.add(mention.name);
          const issue = await this.checkMention(mention, document);
          if (mention.kind === 'symbol' || mention.kind === 'file') {
            detection.references.total++;
            if (issue) detection.references.broken++;
          }
          if (
            issue &&
            !history &&
            !namesForeignCode(mention, foreign, await this.names()) &&
            !namesForeignVariable(mention, line, environment)
          )
            issues.push(issue);
        }
        let claims = 0;
        for (const sentence of options.claims ? line.sentences : []) {
          const checked = await this.checkSentence(sentence);
          if (checked === null) continue;
          claims++;
          detection.claims[checked.verdict]++;
          if (checked.issue) issues.push(checked.issue);
        }
        if (line.mentions.length > 0 || claims > 0) detection.checkedLines++;
        if (issues.length === 0 && options.history && document.indexed) {
          const changed = await this.changedAfter(document.path, line.line, line.mentions);
          if (changed) issues.push(changed);
        }
        if (issues.length === 0) continue;
        issues.sort((a, b) => CONFIDENCE[b.kind] - CONFIDENCE[a.kind]);
        detection.findings.push({
          path: document.path,
          line: line.line + (document.firstLine ?? 1) - 1,
          statement: line.text.trim(),
          kind: issues[0]!.kind,
          change: issues[0]!.change,
          removedIn: issues[0]!.removedIn,
          reason: issues.map((issue) => issue.reason).join(' '),
          evidence: issues.flatMap((issue) => issue.evidence),
          confidence: CONFIDENCE[issues[0]!.kind],
        });
      }
    }
    detection.findings.sort((a, b) => b.confidence - a.confidence || a.path.localeCompare(b.path) || a.line - b.line);
    return detection;
  }

  private async checkMention(mention: Mention, document: DocumentText): Promise<LineIssue | null> {
    const scan = document.docComments ? this.code.codeTextsWithoutDocComments() : this.code.codeTexts();
    switch (mention.kind) {
      case 'symbol': {
        const names = await this.names();
        const last = mention.name.split('.').pop()!;
        if (names.has(mention.name) || names.has(last)) return null;
        if (await codeNames(scan, mention.name, last)) return null;
        return this.unknownSymbol(mention.name, last);
      }
      case 'file': {
        if (await this.fileExists(mention.name, document.path)) return null;
        // `hono/cookie`, `click/testing`: an import specifier, unless it starts in a directory the repository has.
        if (!hasFileShape(mention.name) && !(await this.fileExists(mention.name.split('/')[0]!, document.path))) return null;
        if (await codeContains(scan, mention.name)) return null;
        return removed('unknown_file', `The repository has no file or directory ${mention.name}.`, mention.name);
      }
      case 'flag': {
        const bare = mention.name.replace(/^--/, '');
        const camel = bare.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
        if (await codeContains(scan, mention.name)) return null;
        if (await codeMatches(scan, new RegExp(`["'\`]${escapeRegExp(bare)}["'\`]|(?<![\\w$])${escapeRegExp(camel)}(?![\\w$])`)))
          return null;
        return removed('unknown_flag', `No code defines the flag ${mention.name}.`, mention.name);
      }
      case 'command': {
        const command = mention.name.split(' ')[1]!;
        if (await codeMatches(scan, new RegExp(`["'\`]${escapeRegExp(command)}(?:[\\s"'\`]|$)`, 'm'))) return null;
        return removed('unknown_command', `No code defines the command ${mention.name}.`, mention.name);
      }
      case 'config_key':
        if (await codeNames(scan, mention.name, mention.name)) return null;
        return removed('unknown_config_key', `No code reads the configuration key ${mention.name}.`, mention.name);
    }
  }

  /**
   * A symbol name no code has: renamed when exactly one declared name is close to its last part, or
   * when the commit that took it out put exactly one name the code declares in its place (the new
   * name's declarations are the evidence); removed otherwise. Either way the commit that took it out
   * is cited when the history has one.
   */
  private async unknownSymbol(name: string, last: string): Promise<LineIssue> {
    const reason = `No symbol or code in the repository is named ${name}.`;
    const declared = await this.declaredSimpleNames();
    const closeName = renamedTo(last, declared);
    const removal = closeName === null ? await this.code.lastRemoval(last) : null;
    const newName = closeName ?? (removal && replacedBy(removal, declared));
    if (!newName) return removed('unknown_symbol', reason, name, removal);
    const declarations = (await this.code.symbolsNamed(newName)).slice(0, MAX_RENAMED_SPANS);
    return {
      kind: 'unknown_symbol',
      change: 'renamed',
      reason: citingRemoval(`${reason} ${changeSentence('renamed', name, newName)}`, removal),
      evidence: declarations.map((symbol) => this.code.symbolEvidence(symbol)),
      removedIn: removal && removalSite(removal),
    };
  }

  /**
   * A line naming a symbol whose declaration line changed after the line did (git blame at the
   * indexed commit): the line may describe the declaration as it was. The declaration's own line, not
   * its body, so a fix inside a function does not make every line naming it suspect.
   */
  private async changedAfter(documentPath: string, line: number, mentions: Mention[]): Promise<LineIssue | null> {
    const named = mentions.filter((mention) => mention.kind === 'symbol');
    if (named.length === 0) return null;
    const documentTime = (await this.code.lineTimes(documentPath))?.[line - 1];
    if (documentTime === undefined) return null;
    for (const mention of named) {
      const symbols = await this.code.symbolsNamed(mention.name);
      if (symbols.length !== 1) continue;
      const [symbol] = symbols as [(typeof symbols)[number]];
      const codeTime = (await this.code.lineTimes(symbol.path))?.[symbol.startLine - 1];
      if (codeTime === undefined || codeTime <= documentTime) continue;
      return {
        kind: 'code_changed_after',
        change: null,
        reason: `The declaration of ${symbol.qualifiedName} changed on ${day(codeTime)}, after this line last changed on ${day(documentTime)}.`,
        evidence: [this.code.evidence(symbol.path, symbol.startLine)],
        removedIn: null,
      };
    }
    return null;
  }

  /** A sentence read as a claim and settled: null when it is no claim; an issue when the graph contradicts it. */
  private async checkSentence(sentence: string): Promise<{ verdict: Verdict; issue: LineIssue | null } | null> {
    const claim = parseClaim(sentence);
    if (claim === null) return null;
    const verdict = await new ClaimVerifier(this.graph, this.code).verify(sentence);
    if (verdict.verdict !== 'contradicted') return { verdict: verdict.verdict, issue: null };
    const change = changeOfClaim(claim.kind);
    const reason = `"${sentence}" is contradicted: ${verdict.reasons.join(' ')}`;
    return {
      verdict: verdict.verdict,
      issue: {
        kind: 'contradicted_claim',
        change,
        reason: change === null ? reason : `${reason} ${changeSentence(change, claim.subject)}`,
        evidence: verdict.evidence,
        removedIn: null,
      },
    };
  }

  private names(): Promise<Set<string>> {
    this.symbolNames ??= this.graph
      .listSymbolNames(this.code.principal, this.code.repositoryId)
      .then(({ names, qualifiedNames }) => new Set([...names, ...qualifiedNames]));
    return this.symbolNames;
  }

  /** The declared names without a qualifier (`write`, not `ReportWriter.write`): what a renamed name is looked for among. */
  private declaredSimpleNames(): Promise<string[]> {
    this.simpleNames ??= this.names().then((names) => [...names].filter((name) => /^[A-Za-z_$][\w$]*$/.test(name)));
    return this.simpleNames;
  }

  /** A path as the repository root or the document's directory resolves it: an indexed file, a directory, or a file on disk Lore did not index (an image). */
  private async fileExists(path: string, documentPath: string): Promise<boolean> {
    const candidates = [path.replace(/\/$/, ''), posix.normalize(posix.join(posix.dirname(documentPath), path)).replace(/\/$/, '')];
    for (const candidate of candidates) {
      if (!isRepositoryPath(candidate)) continue;
      if ((await this.code.file(candidate)) !== null || (await this.code.isDirectory(candidate))) return true;
      if (existsSync(join(this.code.repository.rootPath, candidate))) return true;
    }
    return false;
  }

  /** The names the repository's own packages are imported by: its package.json name, its directory's and its id (`ky`, `click`, `hono`). */
  private async packageNames(): Promise<string[]> {
    const names = [this.code.repositoryId, basename(this.code.repository.rootPath)];
    const text = await this.code.text('package.json');
    if (text === null) return names;
    try {
      const manifest = JSON.parse(text) as { name?: string };
      return manifest.name ? [...names, manifest.name] : names;
    } catch {
      return names;
    }
  }

  /** The command names the repository's package.json declares (`bin`), which its docs' shell lines run. */
  private async commandNames(): Promise<string[]> {
    const text = await this.code.text('package.json');
    if (text === null) return [];
    try {
      const manifest = JSON.parse(text) as { name?: string; bin?: string | Record<string, string> };
      if (typeof manifest.bin === 'string') return manifest.name ? [manifest.name.replace(/^@[^/]+\//, '')] : [];
      return Object.keys(manifest.bin ?? {});
    } catch {
      return [];
    }
  }
}

/** A name no code has any more, said in words. */
function removed(kind: StaleReason, reason: string, name: string, removal: NameRemoval | null = null): LineIssue {
  const said = citingRemoval(`${reason} ${changeSentence('removed', name)}`, removal);
  return { kind, change: 'removed', reason: said, evidence: [], removedIn: removal && removalSite(removal) };
}

/** A reason ending with the commit that took the name out, when the history has one. */
function citingRemoval(reason: string, removal: NameRemoval | null): string {
  return removal ? `${reason} ${removalSentence(removal)}` : reason;
}

/** Whether any code file of the scan names `name` or its last part as a whole word; true when the scan is not complete. */
async function codeNames(scan: Promise<CodeScan>, name: string, last: string): Promise<boolean> {
  const { texts, complete } = await scan;
  if (!complete) return true;
  for (const text of texts.values()) if (findWord(text, name) >= 0 || findWord(text, last) >= 0) return true;
  return false;
}

async function codeContains(scan: Promise<CodeScan>, literal: string): Promise<boolean> {
  const { texts, complete } = await scan;
  if (!complete) return true;
  for (const text of texts.values()) if (text.includes(literal)) return true;
  return false;
}

async function codeMatches(scan: Promise<CodeScan>, pattern: RegExp): Promise<boolean> {
  const { texts, complete } = await scan;
  if (!complete) return true;
  for (const text of texts.values()) if (pattern.test(text)) return true;
  return false;
}

function day(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
