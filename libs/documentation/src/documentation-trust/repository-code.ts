import type { CodeGraphRepository, RepositoryFileRecord, RepositoryRecord } from '@lore/graph';
import { type Principal, type SymbolRef, formatCodeUri } from '@lore/domain';
import type { EvidenceSpan } from '@lore/domain/schemas/documentation-trust';
import { type NameRemoval, knownLanguage, type SourceRepository } from '@lore/indexer';
import { linesOf } from '@lore/knowledge/files/file-span.service';
import { splitDocComments } from './doc-comments';

/** Past this many bytes of code the whole-repository text scan stops, and what it would settle stays unknown. */
export const MAX_SCAN_BYTES = 64 * 1024 * 1024;
/**
 * What one call may spend looking for removals in the history, in all (each name is a pickaxe
 * search of it, about 0.5 s of git on hono's 2,790 commits): past it, the other names answer null.
 */
const REMOVAL_SEARCH_BUDGET_MS = 10_000;
/** Whether the indexer extracts a language's declarations: a file of another language may declare what the graph does not list. */
export function isExtractedLanguage(language: string): boolean {
  return knownLanguage(language) !== null;
}
const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|spec)\/|\.(?:spec|test)\.[jt]sx?$|_test\.(?:go|py)$|(?:^|\/)test_[^/]*\.py$|Test\.java$/;

/** The text of every code file (not Markdown, not blocked), and whether every one could be read within MAX_SCAN_BYTES. */
export interface CodeScan {
  texts: Map<string, string>;
  complete: boolean;
}

/**
 * One repository's code as one verification reads it: its files and their text at the indexed
 * commit (read once per call and kept), its symbols by name, and code:// URIs of its spans. Built per
 * call, never shared: what it keeps is what this caller may read.
 */
export class RepositoryCode {
  private filesRead: Promise<RepositoryFileRecord[]> | null = null;
  private readonly texts = new Map<string, Promise<string | null>>();
  private readonly blames = new Map<string, Promise<number[] | null>>();
  private readonly named = new Map<string, Promise<SymbolRef[]>>();
  private readonly removals = new Map<string, Promise<NameRemoval | null>>();
  private removalSearchMs = 0;
  private scanned: Promise<CodeScan> | null = null;
  private scannedWithoutDocComments: Promise<CodeScan> | null = null;

  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly sources: SourceRepository,
    readonly principal: Principal,
    readonly repository: RepositoryRecord,
  ) {}

  get repositoryId(): string {
    return this.repository.repositoryId;
  }

  files(): Promise<RepositoryFileRecord[]> {
    this.filesRead ??= this.graph.listRepositoryFiles(this.principal, this.repositoryId);
    return this.filesRead;
  }

  async file(path: string): Promise<RepositoryFileRecord | null> {
    return (await this.files()).find((file) => file.path === path) ?? null;
  }

  /** Whether `path` is a directory of the repository (some file lies under it). */
  async isDirectory(path: string): Promise<boolean> {
    const prefix = `${path.replace(/\/$/, '')}/`;
    return (await this.files()).some((file) => file.path.startsWith(prefix));
  }

  /** A file's text as it was indexed; null for a blocked secret file or one that cannot be read at that commit. */
  text(path: string): Promise<string | null> {
    let read = this.texts.get(path);
    if (!read) {
      read = this.file(path).then((file) =>
        file === null || file.blocked ? null : this.sources.readAtCommit(this.repository, file.path, file.contentHash),
      );
      this.texts.set(path, read);
    }
    return read;
  }

  /** When each line of a file last changed at the indexed commit (git blame), or null outside git. */
  lineTimes(path: string): Promise<number[] | null> {
    let blamed = this.blames.get(path);
    if (!blamed) {
      blamed = this.sources.lineTimes(this.repository, path);
      this.blames.set(path, blamed);
    }
    return blamed;
  }

  /** Where a name the code no longer has left it (see SourceRepository.lastRemoval); null once REMOVAL_SEARCH_BUDGET_MS is spent. */
  lastRemoval(name: string): Promise<NameRemoval | null> {
    let removal = this.removals.get(name);
    if (!removal) {
      removal = this.removalSearchMs < REMOVAL_SEARCH_BUDGET_MS ? this.searchRemoval(name) : Promise.resolve(null);
      this.removals.set(name, removal);
    }
    return removal;
  }

  private async searchRemoval(name: string): Promise<NameRemoval | null> {
    const started = Date.now();
    try {
      return await this.sources.lastRemoval(this.repository, name);
    } finally {
      this.removalSearchMs += Date.now() - started;
    }
  }

  /** Lines `startLine`..`endLine` (1-based) of a file, joined; null when the file cannot be read. */
  async lines(path: string, startLine: number, endLine: number): Promise<string | null> {
    const text = await this.text(path);
    return text === null
      ? null
      : linesOf(text)
          .slice(startLine - 1, endLine)
          .join('\n');
  }

  async symbolText(symbol: SymbolRef): Promise<string | null> {
    return this.lines(symbol.path, symbol.startLine, symbol.endLine);
  }

  /** Whether a path is a test's (a tests directory, `.spec.ts`, `_test.go`, `test_x.py`). */
  isTestPath(path: string): boolean {
    return TEST_PATH.test(path);
  }

  /** The symbols named `name` (or with that qualified name); exact qualified names first, code before test cases. */
  symbolsNamed(name: string): Promise<SymbolRef[]> {
    let found = this.named.get(name);
    if (!found) {
      found = this.lookUp(name);
      this.named.set(name, found);
    }
    return found;
  }

  private async lookUp(name: string): Promise<SymbolRef[]> {
    const found = await this.graph.findSymbolsByName(this.principal, name, this.repositoryId, 50);
    const byQualifiedName = found.filter((symbol) => symbol.qualifiedName === name);
    const pool = byQualifiedName.length > 0 ? byQualifiedName : found;
    const code = pool.filter((symbol) => symbol.kind !== 'test');
    return code.length > 0 ? code : pool;
  }

  /** The text of every readable file that is not Markdown, up to MAX_SCAN_BYTES; `complete` says whether every one was read. */
  /** The code files' text with their doc comments blank: what doc comments are checked against, not themselves. */
  codeTextsWithoutDocComments(): Promise<CodeScan> {
    this.scannedWithoutDocComments ??= (async () => {
      const { texts, complete } = await this.codeTexts();
      const languages = new Map((await this.files()).map((file) => [file.path, file.language]));
      const stripped = new Map([...texts].map(([path, text]) => [path, splitDocComments(text, languages.get(path) ?? '').code]));
      return { texts: stripped, complete };
    })();
    return this.scannedWithoutDocComments;
  }

  codeTexts(): Promise<CodeScan> {
    this.scanned ??= (async () => {
      const texts = new Map<string, string>();
      let bytes = 0;
      let complete = true;
      const files = (await this.files()).filter((file) => !file.blocked && file.language !== 'markdown');
      for (let start = 0; start < files.length; start += 32) {
        const batch = files.slice(start, start + 32);
        const read = await Promise.all(batch.map((file) => this.text(file.path)));
        batch.forEach((file, i) => {
          const text = read[i];
          if (text === null || text === undefined) {
            complete = false;
            return;
          }
          bytes += text.length;
          if (bytes > MAX_SCAN_BYTES) complete = false;
          else texts.set(file.path, text);
        });
        if (bytes > MAX_SCAN_BYTES) break;
      }
      return { texts, complete };
    })();
    return this.scanned;
  }

  /** Paths of the files that look like tests by their names (spec/test files, test directories). */
  async testFilePaths(): Promise<string[]> {
    return (await this.files()).filter((file) => TEST_PATH.test(file.path) && !file.blocked).map((file) => file.path);
  }

  evidence(path: string, startLine: number, endLine: number = startLine): EvidenceSpan {
    return {
      path,
      startLine,
      endLine,
      uri: formatCodeUri({ repositoryId: this.repositoryId, commitSha: this.repository.commitSha, path, startLine, endLine }),
    };
  }

  symbolEvidence(symbol: SymbolRef): EvidenceSpan {
    return this.evidence(symbol.path, symbol.startLine, symbol.endLine);
  }
}
