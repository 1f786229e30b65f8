import type { CallRow, ExternalReferences, ImportRow, InheritanceRow, LanguageServerRun, SkippedFile, SymbolRow } from '@lore/domain';
import type { FileResultCache } from './file-result-cache';

/** A repository's file as read for the extractors (repository-files.ts reads it). */
export interface SourceFile {
  path: string;
  language: string;
  isTest: boolean;
  blocked: boolean;
  contentHash: string;
  bytes: number;
  lines: number;
  /** Absent for blocked files: their content is never read. */
  text: string | null;
}

/** What every language extractor is given: all files of its languages, so it can resolve across files. */
export interface ExtractionInput {
  tenantId: string;
  repositoryId: string;
  rootPath: string;
  /** The repository's files of this extractor's languages, with their text (never blocked files). */
  files: SourceFile[];
  /** File uid by repository-relative path, for every file of the repository. */
  fileUids: ReadonlyMap<string, string>;
  /** Called once per file as it is processed (progress). */
  onFile?: (path: string) => void;
  /**
   * Results an extractor kept for files of an earlier run, by namespace (the extractor and the version
   * of what it extracts); absent when nothing is kept.
   */
  cache?: (namespace: string) => FileResultCache;
  /** How Python's exact pass runs pyright (defaults when absent). */
  pyright?: PyrightSettings;
  /** Where the exact pass finds clangd and gopls, and how long it waits for them (defaults when absent). */
  languageServers?: LanguageServerSettings;
  /** Which checker answers TypeScript's exact pass (LORE_TYPESCRIPT_CHECKER); DEFAULT_TYPESCRIPT_CHECKER when absent. */
  typescriptChecker?: TypeScriptChecker;
}

/** TypeScript 6 in this process, or TypeScript 7's native checker beside it (npm typescript-native). */
export type TypeScriptChecker = 'typescript-6' | 'typescript-7';

/**
 * TypeScript 7's: the same CALLS as TypeScript 6's on prisma, trpc and zod with about half the CPU
 * from cold, and, its session and every project's program kept between a running lore's runs, a
 * one-file change as fast or faster (docs/benchmarks.md, issue 46). A project it cannot load is
 * checked with TypeScript 6, and all of them when its process does not start.
 */
export const DEFAULT_TYPESCRIPT_CHECKER: TypeScriptChecker = 'typescript-7';

/** Whether the run's exact pass asks TypeScript 7's native checker. */
export function usesNativeChecker(input: { typescriptChecker?: TypeScriptChecker }): boolean {
  return (input.typescriptChecker ?? DEFAULT_TYPESCRIPT_CHECKER) === 'typescript-7';
}

export interface LanguageServerSettings {
  /** Where scripts/install-language-servers.sh put the pinned servers (LORE_LANGUAGE_SERVERS_DIR). */
  directory: string;
  /** Longest wait for one answer (LORE_LANGUAGE_SERVER_TIMEOUT_MS) before the pass gives the server up. */
  requestTimeoutMs: number;
  /** Longest wait for a server to read the repository before it is asked (clangd's background index). */
  indexTimeoutMs: number;
}

export interface PyrightSettings {
  /** The interpreter whose installed packages imports resolve in (LORE_PYTHON); absent: the repository's `.venv`/`venv`, else python3 or python on PATH. */
  python?: string;
  /** pyright's heap limit in MB (LORE_PYRIGHT_HEAP_MB): past about 90% of it pyright empties its caches. */
  maxHeapMb: number;
  /** Longest wait for one of pyright's answers (LORE_PYRIGHT_TIMEOUT_MS) before the pass gives it up. */
  requestTimeoutMs: number;
}

/**
 * What an extractor returns. Symbols of kind `test` are test cases; TESTS edges are derived from
 * their calls by the indexer, not by each extractor. Calls carry how they were resolved
 * (architecture.md section 3): `exact` (a compiler), `import` (followed an import), `name` (a
 * unique name in the repository), `ambiguous` (a few candidates, one edge each).
 */
export interface Extraction {
  symbols: SymbolRow[];
  calls: CallRow[];
  imports: ImportRow[];
  inheritance: InheritanceRow[];
  /** Files that could not be extracted (fully or partly), with the reason. */
  skipped: SkippedFile[];
  /** What the code takes from packages outside the repository, found without a compiler (the same after the exact pass). */
  externalReferences: ExternalReferences;
  /**
   * Present when a compiler can do better than syntax (TypeScript's checker): resolves every call
   * and heritage clause again, over the same symbols. Slower; run after the syntactic snapshot is
   * written, so the repository is queryable first.
   */
  resolveExactly?: () => Promise<ExactResolution>;
  /** The language servers that will not run, and why (with `resolveExactly` absent: no server was found). */
  languageServers?: LanguageServerRun[];
}

export interface ExactResolution {
  calls: CallRow[];
  inheritance: InheritanceRow[];
  /** What the compiler could not do, with the reason (the run lists it with the skipped files). */
  skipped: SkippedFile[];
  /** The language servers this pass ran, or tried to. */
  languageServers?: LanguageServerRun[];
}

/** One implementation per language folder (languages/<folder>/), behind one interface. */
export interface LanguageExtractor {
  /** The ids of the languages it reads, as languageOf() returns them (its folder's LanguageDefinition.languages). */
  readonly languages: readonly string[];
  extract(input: ExtractionInput): Promise<Extraction>;
}
