// The exact pass through a language server's call hierarchy: each function's outgoing calls replace the first pass's guesses.
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ResponseError } from 'vscode-jsonrpc';
import type { CallRow, InheritanceRow, LanguageServerRun, SkippedFile, SymbolRow } from '@lore/domain';
import type { ExactResolution, LanguageServerSettings } from '../extractor';
import { CallEdges } from '../tree-sitter/edges';
import { LanguageServerSession, type CallHierarchyItem, type LanguageServerCommand, type LspPosition } from './language-server-session';

/** Requests in flight at once: servers answer a few at a time, this hides the round trips. */
const IN_FLIGHT = 4;

/** How long a server that names a readiness token may take to begin that work before it is asked anyway. */
const BEGIN_TIMEOUT_MS = 20_000;

/** The kinds of symbol whose bodies make calls, and which a call hierarchy item can stand for. */
const CALLABLE = new Set<SymbolRow['kind']>(['function', 'method', 'test']);

/** How one server is started over one repository, and what the index result says of it. */
export interface ServerSetup {
  server: string;
  version: string;
  /** The language ids of the repository it answers for (one report each). */
  languages: readonly string[];
  /** What it runs on (the compile commands), for the report. */
  detail: string;
  command: LanguageServerCommand;
  initializationOptions?: unknown;
  /** The `languageId` of a file opened in it. */
  languageIdOf(path: string): string;
  /** The `$/progress` token whose end says the server has read the repository (clangd's background index); absent: asked at once. */
  readyToken?: string;
  /** Removes what the setup made (a compile database in a temporary directory). */
  dispose(): void;
}

export interface CallHierarchyPassInput {
  setup: ServerSetup;
  rootPath: string;
  /** The files whose functions are asked about, with their text as the first pass read it. */
  files: readonly { path: string; text: string }[];
  symbols: readonly SymbolRow[];
  /** The first pass's edges, one row per call site and callee (CallRow.line is the site's). */
  firstPass: readonly CallRow[];
  inheritance: InheritanceRow[];
  settings: LanguageServerSettings;
}

/**
 * Asks the server, for each outermost function of the files, what it calls and from where
 * (`textDocument/prepareCallHierarchy` at its name, then `callHierarchy/outgoingCalls`). A call it
 * resolves into the repository is an `exact` edge from the body the call is in (a lambda's calls
 * are its own: see FunctionIndex.callerAt); one it resolves outside gives none. At a line of an answered
 * function where it resolved nothing (a macro, a call it could not type), the first pass's edges
 * stay, `name` lowered to `ambiguous`; a function it was not asked about or did not know keeps the
 * first pass's edges as they were. A server that cannot start, stops or hangs leaves the first
 * pass's edges for everything it had not answered, and the report says so.
 */
export async function resolveWithCallHierarchy(pass: CallHierarchyPassInput): Promise<ExactResolution> {
  const { setup, settings } = pass;
  const report = (status: LanguageServerRun['status'], detail: string): LanguageServerRun[] =>
    setup.languages.map((language) => ({ language, server: setup.server, version: setup.version, status, detail }));
  const functions = new FunctionIndex(pass.symbols, pass.firstPass);
  const answers: Answers = new Map();
  const edges = new CallEdges();
  let ready: () => void = () => undefined;
  let began: () => void = () => undefined;
  const readiness = new Promise<void>((resolve) => (ready = resolve));
  const beginning = new Promise<void>((resolve) => (began = resolve));
  let session: LanguageServerSession;
  try {
    session = await LanguageServerSession.start({
      command: setup.command,
      rootPath: pass.rootPath,
      requestTimeoutMs: settings.requestTimeoutMs,
      startTimeoutMs: settings.requestTimeoutMs,
      initializationOptions: setup.initializationOptions,
      onProgress: (token, kind) => {
        if (token !== setup.readyToken) return;
        if (kind === 'begin') began();
        if (kind === 'end') ready();
      },
    });
  } catch (error) {
    setup.dispose();
    const reason = `${setup.server} could not start: ${messageOf(error)}; calls stay at first-pass confidence`;
    return {
      calls: rowsOf(pass.firstPass, answers, functions, pass.symbols),
      inheritance: pass.inheritance,
      skipped: [{ path: '.', reason }],
      languageServers: report('failed', reason),
    };
  }
  const targets = new DeclarationTargets(pass.rootPath, pass.symbols, new Set(pass.files.map((file) => file.path)));
  const notes: string[] = [];
  const skipped: SkippedFile[] = [];
  let failure: string | null = null;
  try {
    if (setup.readyToken && pass.files.length > 0) {
      // clangd reads its compilation database, and starts its background index, when a first file is opened.
      const first = join(pass.rootPath, pass.files[0]!.path);
      await session.open(first, setup.languageIdOf(pass.files[0]!.path), pass.files[0]!.text);
      await session.release(first);
      notes.push(...(await waitUntilReady(beginning, readiness, settings.indexTimeoutMs)));
    }
    for (const [index, file] of pass.files.entries()) {
      try {
        await askFile(session, setup, pass.rootPath, file, functions, targets, answers, edges);
      } catch (error) {
        failure = `${messageOf(error)}; calls stay at first-pass confidence in the files it had not answered`;
        skipped.push(
          ...pass.files.slice(index).map((rest) => ({ path: rest.path, reason: `calls not resolved by ${setup.server}: ${failure}` })),
        );
        break;
      }
    }
  } finally {
    session.close();
    setup.dispose();
  }
  const detail = [setup.detail, ...notes, ...(failure ? [failure] : [])].join('; ');
  return {
    calls: rowsOf(pass.firstPass, answers, functions, pass.symbols, edges),
    inheritance: pass.inheritance,
    skipped,
    languageServers: report(failure ? 'failed' : 'ran', detail),
  };
}

/** Waits for the end of the server's reading of the repository; what it could not wait for, said. */
async function waitUntilReady(beginning: Promise<void>, readiness: Promise<void>, timeoutMs: number): Promise<string[]> {
  const timer = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
  if ((await Promise.race([beginning.then(() => 'begun' as const), timer(BEGIN_TIMEOUT_MS)])) === 'timeout')
    return [`its index had not begun after ${BEGIN_TIMEOUT_MS} ms: answered from the files opened`];
  if ((await Promise.race([readiness.then(() => 'ready' as const), timer(timeoutMs)])) === 'ready') return [];
  return [`its index was not complete after ${timeoutMs} ms: answered from what it had`];
}

/** Opens one file, asks about each of its outermost functions, records the answers; a request the server refuses is no answer. */
async function askFile(
  session: LanguageServerSession,
  setup: ServerSetup,
  rootPath: string,
  file: { path: string; text: string },
  functions: FunctionIndex,
  targets: DeclarationTargets,
  answers: Answers,
  edges: CallEdges,
): Promise<void> {
  const absolute = join(rootPath, file.path);
  const lines = file.text.split('\n');
  const asked = functions.outermostIn(file.path);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < asked.length) {
      const fn = asked[next++]!;
      const position = namePosition(lines, fn);
      if (!position) continue;
      const items = await refusedAsNone(session.prepareCallHierarchy(absolute, position));
      const item = items?.find((each: CallHierarchyItem) => each.selectionRange.start.line === position.line) ?? items?.[0];
      if (!item) continue;
      const calls = await refusedAsNone(session.outgoingCalls(item));
      const calledAt = new Map<number, Set<string>>();
      answers.set(fn.uid, calledAt);
      for (const call of calls ?? []) {
        const callee = targets.resolve(call.to);
        for (const { start } of call.fromRanges) {
          const line = start.line + 1;
          let declared = calledAt.get(line);
          if (!declared) calledAt.set(line, (declared = new Set()));
          if (callee === 'unknown') declared.add(lastName(call.to.name));
          else if (callee !== 'outside') edges.add(functions.callerAt(fn, line, callee), callee, line, 'exact');
        }
      }
    }
  };
  await session.open(absolute, setup.languageIdOf(file.path), file.text);
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, asked.length) }, worker));
  await session.release(absolute);
}

/** A request the server answered with an error (no declaration there): null. A server that stopped or hung still throws. */
async function refusedAsNone<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ResponseError) return null;
    throw error;
  }
}

/**
 * Per asked function, per line where the server resolved calls: the names of those it resolved only to
 * a declaration the repository has no symbol for (a C prototype whose definition it did not index).
 */
type Answers = Map<string, Map<number, Set<string>>>;

/**
 * The server's edges (`edges`, when given) and the first pass's rows it does not replace: all of a
 * function it did not answer; at a line where it resolved nothing, lowered from `name` to
 * `ambiguous`; at a line where it resolved a call only to a declaration, those of that name.
 */
function rowsOf(
  firstPass: readonly CallRow[],
  answers: Answers,
  functions: FunctionIndex,
  symbols: readonly SymbolRow[],
  edges = new CallEdges(),
): CallRow[] {
  const nameOf = new Map(symbols.map((symbol) => [symbol.uid, symbol.name]));
  for (const row of firstPass) {
    const answered = answers.get(functions.outermostOf(row.callerUid));
    const declared = answered?.get(row.line);
    if (!answered || declared?.has(lastName(nameOf.get(row.calleeUid) ?? '')))
      edges.add(row.callerUid, row.calleeUid, row.line, row.confidence);
    else if (!declared) edges.add(row.callerUid, row.calleeUid, row.line, row.confidence === 'name' ? 'ambiguous' : row.confidence);
  }
  return edges.rows();
}

/**
 * Where a function's name is, as the protocol counts it: the first `name(` (or `name<`, `name[`) from
 * its first line on, the way C, C++ and Go declare one; null when the text does not show it (a test
 * macro's name).
 */
export function namePosition(lines: readonly string[], fn: SymbolRow): LspPosition | null {
  const escaped = fn.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<![\\w~])${escaped}\\s*[(<\\[]`);
  for (let line = fn.startLine - 1; line < Math.min(fn.endLine, fn.startLine + 15) && line < lines.length; line++) {
    const found = pattern.exec(lines[line]!);
    if (found) return { line, character: found.index };
  }
  return null;
}

/** The repository's functions by file: which are asked about, which one a call is in. */
class FunctionIndex {
  private readonly byPath = new Map<string, SymbolRow[]>();
  private readonly outermost = new Map<string, string>();
  /** The first pass's caller of each (line, callee): it read the syntax, so it knows which body a site is in. */
  private readonly firstPassCallers = new Map<string, string[]>();

  constructor(symbols: readonly SymbolRow[], firstPass: readonly CallRow[]) {
    for (const symbol of symbols) {
      if (!CALLABLE.has(symbol.kind)) continue;
      const list = this.byPath.get(symbol.path);
      if (list) list.push(symbol);
      else this.byPath.set(symbol.path, [symbol]);
    }
    for (const list of this.byPath.values()) {
      const outer = list.filter((symbol) => !symbol.nested);
      for (const symbol of list)
        this.outermost.set(symbol.uid, (symbol.nested && outer.find((fn) => contains(fn, symbol))?.uid) || symbol.uid);
    }
    for (const row of firstPass) {
      const key = `${row.line}\u0000${row.calleeUid}`;
      const callers = this.firstPassCallers.get(key);
      if (callers) callers.push(row.callerUid);
      else this.firstPassCallers.set(key, [row.callerUid]);
    }
  }

  /**
   * The body in `fn` a call at `line` to `calleeUid` is made from. The server gives the call's line
   * and column but bodies are known by lines only: in `apply([](int y) { return y + 1; })` the call
   * of apply and the lambda share a line, and the lambda, innermost by lines, does not make the call.
   * So the first pass's caller of the same site and callee, when it has one in `fn`; else the
   * innermost body whose lines hold the line.
   */
  callerAt(fn: SymbolRow, line: number, calleeUid: string): string {
    const seen = this.firstPassCallers.get(`${line}\u0000${calleeUid}`)?.find((caller) => this.outermostOf(caller) === fn.uid);
    return seen ?? this.innermostAt(fn, line).uid;
  }

  outermostIn(path: string): SymbolRow[] {
    return (this.byPath.get(path) ?? []).filter((symbol) => !symbol.nested);
  }

  /** The asked function a symbol's calls are answered with (a lambda's: the function it is written in). */
  outermostOf(uid: string): string {
    return this.outermost.get(uid) ?? uid;
  }

  /** The innermost function in `fn` (itself or a body nested in it) whose lines hold `line`. */
  private innermostAt(fn: SymbolRow, line: number): SymbolRow {
    let best = fn;
    for (const symbol of this.byPath.get(fn.path) ?? []) {
      if (!symbol.nested || symbol.startLine > line || symbol.endLine < line || !contains(fn, symbol)) continue;
      if (symbol.endLine - symbol.startLine <= best.endLine - best.startLine) best = symbol;
    }
    return best;
  }
}

function contains(outer: SymbolRow, inner: SymbolRow): boolean {
  return outer !== inner && outer.startLine <= inner.startLine && inner.endLine <= outer.endLine;
}

/** The repository symbol a call hierarchy item names: in a repository file, the innermost one of its name around its line. */
class DeclarationTargets {
  private readonly byPath = new Map<string, SymbolRow[]>();

  constructor(
    private readonly rootPath: string,
    symbols: readonly SymbolRow[],
    private readonly paths: ReadonlySet<string>,
  ) {
    for (const symbol of symbols) {
      const list = this.byPath.get(symbol.path);
      if (list) list.push(symbol);
      else this.byPath.set(symbol.path, [symbol]);
    }
  }

  /** A uid; `outside` for a declaration in no file of the repository (a library's); `unknown` for one in a repository file with no symbol of its name there. */
  resolve(item: CallHierarchyItem): string {
    let path: string;
    try {
      path = relative(this.rootPath, fileURLToPath(item.uri)).split(sep).join(posix.sep);
    } catch {
      return 'outside';
    }
    if (!this.paths.has(path) && !this.byPath.has(path)) return 'outside';
    const line = item.selectionRange.start.line + 1;
    const name = lastName(item.name);
    let best: SymbolRow | null = null;
    for (const symbol of this.byPath.get(path) ?? []) {
      if (lastName(symbol.name) !== name || symbol.startLine > line || symbol.endLine < line) continue;
      if (!best || symbol.endLine - symbol.startLine < best.endLine - best.startLine) best = symbol;
    }
    return best?.uid ?? 'unknown';
  }
}

/** `Square::area` → `area`, `(*Server).Start` → `Start`, `~Shape` stays. */
function lastName(name: string): string {
  return name.match(/~?[A-Za-z_]\w*/g)?.at(-1) ?? name;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
