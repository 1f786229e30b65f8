// The exact pass for Python: every call site resolved again by pyright, and its answers kept per file for the next run.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallRow, InheritanceRow, SkippedFile, SymbolRow } from '@lore/domain';
import type { ExactResolution, ExtractionInput, PyrightSettings } from '../../extractor';
import { CallEdges, fileUidOf } from '../../tree-sitter/edges';
import type { PyCallSite, PyModule } from './python-model';
import { PyrightSession, type DefinitionPlace, type LspPosition } from './pyright-session';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- its version names the cache's answers
const PYRIGHT_VERSION = (require('pyright/package.json') as { version: string }).version;

/** Requests in flight at once: pyright answers one at a time, this only hides the round trips. */
const IN_FLIGHT = 4;

/** Bumped whenever what a file's answers hold changes (2: the calls a module makes as it loads). */
const ANSWERS_FORMAT = 2;

export interface PyrightPassInput {
  input: ExtractionInput;
  modules: readonly PyModule[];
  symbols: readonly SymbolRow[];
  /** Each call site's edges from the first pass (scope, imports, names). */
  firstPass: ReadonlyMap<PyCallSite, readonly CallRow[]>;
  inheritance: InheritanceRow[];
}

/** How pyright runs when the run says nothing (LORE_PYRIGHT_HEAP_MB and LORE_PYRIGHT_TIMEOUT_MS's defaults). */
const DEFAULT_SETTINGS: PyrightSettings = { maxHeapMb: 1536, requestTimeoutMs: 120_000 };

/**
 * What pyright answered for one file: each call site it resolved, by its callee's 0-based position,
 * with the repository symbols it calls (none: a declaration outside the repository, the standard
 * library or a package). A site it does not list, pyright found no declaration for.
 */
interface FileAnswers {
  sites: [line: number, character: number, callees: string[]][];
}

/**
 * Resolves every call site of the repository's Python files with pyright: `exact` edges where it
 * finds the callee in the repository, none where it finds it outside, and the first pass's edges,
 * as `ambiguous` at best, where it finds no declaration. A file whose answers are kept from an earlier
 * run (same content, same content of every repository module it imports, directly or not) is not
 * asked again; when nothing is to be asked pyright is not started. What pyright cannot do (no Python
 * environment, a server that stops or does not answer) leaves the first pass's edges, with a warning.
 */
export async function resolveWithPyright(pass: PyrightPassInput): Promise<ExactResolution> {
  const { input, modules } = pass;
  const settings = input.pyright ?? DEFAULT_SETTINGS;
  const skipped: SkippedFile[] = [];
  const python = findPython(input.rootPath, settings.python);
  if (python.path === null) skipped.push({ path: projectFileOf(input), reason: python.reason });
  const cache = input.cache?.(`pyright-exact@${PYRIGHT_VERSION}@${ANSWERS_FORMAT}@${python.path ?? 'none'}`);
  const fingerprints = fingerprintsOf(input, modules);
  const answers = new Map<string, FileAnswers>();
  const toAsk: PyModule[] = [];
  for (const module of modules) {
    const kept = cache?.get(module.path, fingerprints.get(module.path)!) as FileAnswers | undefined;
    if (kept) answers.set(module.path, kept);
    else toAsk.push(module);
  }
  if (toAsk.length > 0) {
    const failure = await askPyright(pass, settings, python.path, toAsk, answers);
    if (failure) skipped.push(...failure);
    for (const module of toAsk) {
      const fresh = answers.get(module.path);
      if (fresh) cache?.set(module.path, fingerprints.get(module.path)!, fresh);
    }
  }
  const failed = skipped.find((row) => row.reason.startsWith('calls not resolved by pyright'));
  return {
    calls: callsOf(input, modules, answers, pass.firstPass),
    inheritance: pass.inheritance,
    skipped,
    languageServers: [
      {
        language: 'python',
        server: 'pyright',
        version: PYRIGHT_VERSION,
        status: failed ? 'failed' : 'ran',
        detail: failed?.reason ?? (python.path === null ? python.reason : `imports resolved in ${python.path}`),
      },
    ],
  };
}

/**
 * Asks pyright for the outgoing calls of each outermost named function of the modules (its answer
 * covers the functions and lambdas nested in it), and for the definition each call the module makes
 * as it loads names, where the first pass found a callee in the repository (a call pyright's call
 * hierarchy has no caller item for). Returns the warnings of what it could not do.
 */
async function askPyright(
  pass: PyrightPassInput,
  settings: PyrightSettings,
  pythonPath: string | null,
  modules: readonly PyModule[],
  answers: Map<string, FileAnswers>,
): Promise<SkippedFile[]> {
  const { rootPath } = pass.input;
  let session: PyrightSession;
  try {
    session = await PyrightSession.start({
      rootPath,
      pythonPath,
      maxHeapMb: settings.maxHeapMb,
      requestTimeoutMs: settings.requestTimeoutMs,
    });
  } catch (error) {
    return [{ path: projectFileOf(pass.input), reason: `calls not resolved by pyright: ${messageOf(error)}` }];
  }
  const targets = new DeclarationTargets(rootPath, pass.symbols);
  const textOf = new Map(pass.input.files.map((file) => [file.path, file.text]));
  const failed: SkippedFile[] = [];
  try {
    for (const module of modules) {
      const found = new Map<string, Set<string>>();
      const path = join(rootPath, module.path);
      const record = (start: LspPosition, callee: string | null): void => {
        const key = `${start.line}:${start.character}`;
        let callees = found.get(key);
        if (!callees) found.set(key, (callees = new Set()));
        if (callee) callees.add(callee);
      };
      const asks: (() => Promise<void>)[] = [
        ...module.functions
          .filter((fn) => fn.enclosing === null && fn.name !== null)
          .map((fn) => async () => {
            for (const call of (await session.outgoingCalls(path, fn.name!)) ?? []) {
              const callee = targets.uidOf(call.to.uri, call.to.range.start.line, call.to.name);
              for (const { start } of call.fromRanges) record(start, callee);
            }
          }),
        ...module.sites
          .filter((site) => site.caller === null && (pass.firstPass.get(site)?.length ?? 0) > 0)
          .map((site) => async () => {
            const places = await session.definition(path, site.at);
            // A place in the repository that holds no symbol (an import's alias): no answer, the guesses stay.
            const callees = places.map((place) => ({ place, uid: targets.uidAtPlace(place, textOf) }));
            if (callees.length === 0 || callees.some(({ place, uid }) => uid === null && targets.holds(place.uri))) return;
            for (const { uid } of callees) record(site.at, uid);
          }),
      ];
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < asks.length) await asks[next++]!();
      };
      try {
        // One file open at a time: pyright checks what is open, and keeps less of what is not.
        await session.open(path, textOf.get(module.path) ?? '');
        await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, asks.length) }, worker));
        await session.release(path);
      } catch (error) {
        // A server that stopped answers nothing more: this file and the rest keep the first pass's edges.
        const reason = `calls not resolved by pyright: ${messageOf(error)}`;
        failed.push(...modules.slice(modules.indexOf(module)).map((rest) => ({ path: rest.path, reason })));
        break;
      }
      answers.set(module.path, {
        sites: [...found].map(([key, callees]) => {
          const [line, character] = key.split(':').map(Number) as [number, number];
          return [line, character, [...callees].sort()];
        }),
      });
    }
  } finally {
    session.close();
  }
  for (const message of session.messages) failed.push({ path: configFileOf(pass.input), reason: `pyright: ${message}` });
  return failed;
}

/** The CALLS rows: pyright's answer for each site it answered, the first pass's (as `ambiguous` at best) for the others. */
function callsOf(
  input: ExtractionInput,
  modules: readonly PyModule[],
  answers: ReadonlyMap<string, FileAnswers>,
  firstPass: ReadonlyMap<PyCallSite, readonly CallRow[]>,
): CallRow[] {
  const edges = new CallEdges();
  for (const module of modules) {
    const answered = answers.get(module.path);
    const bySite = new Map(answered?.sites.map(([line, character, callees]) => [`${line}:${character}`, callees]));
    for (const site of module.sites) {
      const callerUid = site.caller?.symbol.uid ?? fileUidOf(input, module.path);
      const callees = bySite.get(`${site.at.line}:${site.at.character}`);
      if (callees) {
        for (const callee of callees) edges.add(callerUid, callee, site.line, 'exact');
        continue;
      }
      // pyright found no declaration (an untyped receiver): the first pass's guesses, never more than `ambiguous`;
      // a file pyright did not answer keeps them as they were.
      for (const row of firstPass.get(site) ?? [])
        edges.add(callerUid, row.calleeUid, site.line, answered && row.confidence === 'name' ? 'ambiguous' : row.confidence);
    }
  }
  return edges.rows();
}

/** The repository symbol a declaration pyright names is: in a repository file, the innermost one of its name around its line. */
class DeclarationTargets {
  private readonly byPath = new Map<string, SymbolRow[]>();
  private readonly lines = new Map<string, readonly string[] | null>();

  constructor(
    private readonly rootPath: string,
    symbols: readonly SymbolRow[],
  ) {
    for (const symbol of symbols) {
      const list = this.byPath.get(symbol.path);
      if (list) list.push(symbol);
      else this.byPath.set(symbol.path, [symbol]);
    }
  }

  /** null: a declaration outside the repository (or one it has no symbol for), which gives no edge. `line` is 0-based. */
  uidOf(uri: string, line: number, name: string): string | null {
    const path = this.pathOf(uri);
    let best: SymbolRow | null = null;
    for (const symbol of (path !== null && this.byPath.get(path)) || []) {
      if (symbol.name !== name || symbol.startLine > line + 1 || symbol.endLine < line + 1) continue;
      if (!best || symbol.endLine - symbol.startLine < best.endLine - best.startLine) best = symbol;
    }
    return best?.uid ?? null;
  }

  /** The symbol a definition's place names: the identifier there, read off the file's text. */
  uidAtPlace(place: DefinitionPlace, textOf: ReadonlyMap<string, string | null>): string | null {
    const path = this.pathOf(place.uri);
    const lines = path === null ? null : this.linesOf(path, textOf);
    if (!lines) return null;
    const { line, character } = place.range.start;
    const name = /^[\p{L}\p{N}_]+/u.exec(lines[line]?.slice(character) ?? '')?.[0];
    return name ? this.uidOf(place.uri, line, name) : null;
  }

  /** A file's lines, split once however many definitions point into it. */
  private linesOf(path: string, textOf: ReadonlyMap<string, string | null>): readonly string[] | null {
    let lines = this.lines.get(path);
    if (lines === undefined) {
      const text = textOf.get(path);
      lines = text ? text.split('\n') : null;
      this.lines.set(path, lines);
    }
    return lines;
  }

  /** Whether a place is in one of the repository's Python files. */
  holds(uri: string): boolean {
    const path = this.pathOf(uri);
    return path !== null && this.byPath.has(path);
  }

  /** A file's path in the repository, posix; null outside it. */
  private pathOf(uri: string): string | null {
    try {
      const path = relative(this.rootPath, fileURLToPath(uri)).split(sep).join(posix.sep);
      return path.startsWith('../') ? null : path;
    } catch {
      return null;
    }
  }
}

/**
 * Per module, what its answers depend on: its own content and that of every repository module it
 * imports, directly or not, with the packages (`__init__.py`) above each, which Python runs and
 * pyright reads on the way.
 */
function fingerprintsOf(input: ExtractionInput, modules: readonly PyModule[]): Map<string, string> {
  const contentHash = new Map(input.files.map((file) => [file.path, file.contentHash]));
  const direct = new Map<string, string[]>();
  for (const module of modules) {
    const targets = new Set<string>();
    for (const path of [module.path, ...module.imports.map((row) => row.toPath)]) {
      targets.add(path);
      for (let dir = posix.dirname(path); dir !== '.'; dir = posix.dirname(dir)) {
        const init = `${dir}/__init__.py`;
        if (contentHash.has(init)) targets.add(init);
      }
    }
    direct.set(module.path, [...targets]);
  }
  const fingerprints = new Map<string, string>();
  for (const module of modules) {
    const reached = new Set<string>([module.path]);
    const queue = [module.path];
    while (queue.length > 0)
      for (const next of direct.get(queue.pop()!) ?? []) if (!reached.has(next) && reached.add(next)) queue.push(next);
    const hash = createHash('sha256');
    for (const path of [...reached].sort()) hash.update(`${path}\0${contentHash.get(path) ?? ''}\n`);
    fingerprints.set(module.path, hash.digest('hex'));
  }
  return fingerprints;
}

/**
 * The interpreter pyright resolves installed packages in, as it would find one: the one named, the
 * repository's virtual environment, python3 or python on PATH.
 */
export function findPython(rootPath: string, named: string | undefined): { path: string; reason?: never } | { path: null; reason: string } {
  const candidates = named
    ? [named]
    : [join(rootPath, '.venv', 'bin', 'python'), join(rootPath, 'venv', 'bin', 'python')]
        .filter((path) => existsSync(path))
        .concat('python3', 'python');
  for (const candidate of candidates) {
    try {
      const executable = execFileSync(candidate, ['-c', 'import sys; print(sys.executable)'], {
        timeout: 10_000,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
      if (executable) return { path: executable };
    } catch {
      // Not there, or not Python: the next one.
    }
  }
  return {
    path: null,
    reason: `no Python environment found (${named ? `LORE_PYTHON=${named} does not run` : 'no .venv or venv, no python3 or python on PATH'}): pyright resolves calls within the repository and into the standard library, but not into installed packages`,
  };
}

/** The file a warning about the repository's Python as a whole names: its project file, else the root. */
function projectFileOf(input: ExtractionInput): string {
  const project = ['pyrightconfig.json', 'pyproject.toml', 'setup.cfg', 'setup.py', 'requirements.txt'].find((name) =>
    existsSync(join(input.rootPath, name)),
  );
  return project ?? '.';
}

/** The file pyright takes its configuration from. */
function configFileOf(input: ExtractionInput): string {
  return ['pyrightconfig.json', 'pyproject.toml'].find((name) => existsSync(join(input.rootPath, name))) ?? '.';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
