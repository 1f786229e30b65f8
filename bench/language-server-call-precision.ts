/**
 * How right are the CALLS edges of a C, C++ or Go repository (issue 45, item 4)? Compares the
 * indexer's edges, first pass and final (clangd or gopls), with the language server's own call
 * hierarchy, asked the other way round from the exact pass: for every function, method and test the
 * indexer stores, `callHierarchy/incomingCalls` (the exact pass asks each function's outgoing calls),
 * each caller placed at the innermost stored function whose lines hold the call. Prints precision and
 * recall at each minimum confidence, the index time and the peak RSS of this process and of the server.
 *
 *   npm run bench:language-server-precision -- /tmp/cJSON
 *   npm run bench:language-server-precision -- /tmp/cobra
 *
 * Needs the servers of scripts/install-language-servers.sh (LORE_LANGUAGE_SERVERS_DIR or the default
 * directory). A Go repository's modules must be in the module cache (`go mod download` before): the
 * index runs offline.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallConfidence, CallRow, InheritanceRow, SymbolRow } from '@lore/domain';
import { findClangd, findGopls, languageServersDirectory, LanguageServerSession, namePosition, readRepository } from '@lore/indexer';

const CALLERS = new Set(['function', 'method', 'test']);
const CONFIDENCES: CallConfidence[] = ['exact', 'import', 'name', 'ambiguous'];

async function main(): Promise<void> {
  const root = resolve(process.argv[2] ?? '.');
  const settings = { directory: languageServersDirectory(), requestTimeoutMs: 120_000, indexTimeoutMs: 1_200_000 };
  const serverPeak = watchChildRss();
  const started = performance.now();
  const reading = await readRepository(root, { tenantId: 'b', maxFileBytes: 1024 * 1024, languageServers: settings });
  const queryableMs = performance.now() - started;
  const syntactic = reading.snapshot;
  const snapshot = reading.resolveExactly ? await reading.resolveExactly() : syntactic;
  const exactMs = performance.now() - started;
  const lorePeak = Math.round(process.resourceUsage().maxRSS / 1024);
  const serverRss = serverPeak.stop();
  const languages = [...new Set(snapshot.files.map((file) => file.language))].filter((id) => ['c', 'cpp', 'go'].includes(id));
  const files = snapshot.files.filter((file) => languages.includes(file.language));
  console.log(
    `repository ${root} @ ${snapshot.commitSha.slice(0, 12)}: ${files.length} ${languages.join('/')} files, ${files.reduce((n, f) => n + f.lines, 0)} lines`,
  );
  for (const run of snapshot.languageServers)
    console.log(`${run.language}: ${run.server} ${run.version ?? ''} ${run.status}: ${run.detail}`);
  console.log(
    `Lore: queryable ${(queryableMs / 1000).toFixed(1)} s, exact ${(exactMs / 1000).toFixed(1)} s; peak RSS ${lorePeak} MiB, the server's ${serverRss} MiB`,
  );

  const referenceStarted = performance.now();
  const reference = await incomingCallGraph(root, languages.includes('go') ? 'go' : 'c', snapshot.symbols, settings);
  console.log(
    `reference (incoming calls of ${reference.asked} functions): ${reference.edges.size} edges, ${reference.calls.size} of them with a call site (the others only take the function as a value); ${((performance.now() - referenceStarted) / 1000).toFixed(1)} s`,
  );

  const kinds = new Map(snapshot.symbols.map((symbol) => [symbol.uid, symbol.kind]));
  const count = (kind: string) => snapshot.symbols.filter((symbol) => symbol.kind === kind && !symbol.nested).length;
  // A function declared in one place (a C++ class in its header) and defined in another is one symbol, its definition's.
  const declaredElsewhere = snapshot.symbols.filter((symbol) => 'declaredAt' in symbol).length;
  console.log(
    `stored: ${snapshot.symbols.length} symbols; ${count('function')} functions and ${count('method')} methods (not nested), ${declaredElsewhere} of them with their declaration's place (declaredAt)`,
  );
  // C and C++ functions of one name defined in several files (each program's `main`, each test runner's
  // `setUp`) are one symbol to clangd's index (one USR): its incoming calls name one file for all their
  // call sites, so it is no reference for them. Their edges are left out of both sides, and counted.
  const conflated = languages.includes('go') ? new Set<string>() : conflatedFunctions(snapshot.symbols);
  const comparable = (edge: string): boolean => !edge.split('\u0000').some((uid) => conflated.has(uid));
  const referenceEdges = new Set([...reference.edges].filter(comparable));
  const referenceCalls = new Set([...reference.calls].filter(comparable));
  if (conflated.size > 0)
    console.log(
      `left out: the edges of ${conflated.size} functions whose name several files define (${reference.edges.size - referenceEdges.size} reference edges)`,
    );
  const bases = baseMethods(snapshot.symbols, snapshot.inheritance);
  for (const [label, calls] of [
    ['first pass (syntax)', syntactic.calls],
    ['final (language server)', snapshot.calls],
  ] as const) {
    console.log(`\n${label}`);
    console.log(
      '| min confidence | edges | precision | recall | recall of the edges with a call site | the same, a virtual call found at the base method it names |',
    );
    console.log('| --- | --- | --- | --- | --- | --- |');
    const counted = new Set<string>();
    const own = calls
      .filter((call) => CALLERS.has(kinds.get(call.callerUid) ?? '') && reference.askedUids.has(call.calleeUid) && comparable(edgeOf(call)))
      .filter((call) => !counted.has(edgeOf(call)) && counted.add(edgeOf(call)));
    for (const [i, confidence] of CONFIDENCES.entries()) {
      const edges = own.filter((call) => CONFIDENCES.indexOf(call.confidence) <= i).map(edgeOf);
      const dispatched = foundThroughBases(edges, referenceCalls, bases);
      console.log(
        `| ${confidence} | ${edges.length} | ${ratio(edges, referenceEdges, edges.length)} | ${ratio(edges, referenceEdges, referenceEdges.size)} | ${ratio(edges, referenceCalls, referenceCalls.size)} | ${dispatched} |`,
      );
    }
    if (process.env.SHOW_DISAGREEMENTS) {
      const ours = new Set(own.map(edgeOf));
      const short = (edge: string): string =>
        edge
          .split('\u0000')
          .map((uid) => uid.slice(uid.indexOf(':', 2) + 1))
          .join(' -> ');
      for (const edge of [...ours].filter((e) => !referenceEdges.has(e)).slice(0, 25)) console.log(`ours only: ${short(edge)}`);
      for (const edge of [...referenceCalls].filter((e) => !ours.has(e)).slice(0, 25))
        console.log(`server only (a call site): ${short(edge)}`);
    }
  }
}

/** The uids of the C and C++ functions (not nested, not static: one linkage name) whose name is defined in more than one file. */
function conflatedFunctions(symbols: readonly SymbolRow[]): Set<string> {
  const files = new Map<string, Set<string>>();
  for (const symbol of symbols)
    if (symbol.kind === 'function' && !symbol.nested && symbol.exported)
      files.set(symbol.qualifiedName, (files.get(symbol.qualifiedName) ?? new Set()).add(symbol.path));
  return new Set(
    symbols.filter((symbol) => symbol.kind === 'function' && (files.get(symbol.qualifiedName)?.size ?? 0) > 1).map((symbol) => symbol.uid),
  );
}

/** The server's call graph: for each stored function, its incoming calls, each caller the innermost stored function around the call. */
async function incomingCallGraph(
  root: string,
  language: 'c' | 'go',
  symbols: readonly SymbolRow[],
  settings: { directory: string; requestTimeoutMs: number; indexTimeoutMs: number },
): Promise<{ edges: Set<string>; calls: Set<string>; asked: number; askedUids: Set<string> }> {
  const paths = [...new Set(symbols.map((symbol) => symbol.path))];
  const languages = [...new Set(symbols.map((symbol) => symbol.language))];
  const found =
    language === 'go'
      ? findGopls(root, settings)
      : findClangd(
          { rootPath: root, paths, languages, includeDirs: paths.some((p) => p.startsWith('include/')) ? ['include'] : [] },
          settings,
        );
  if (!found.setup) throw new Error(found.reason);
  const setup = found.setup();
  let indexed: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (indexed = resolve));
  const session = await LanguageServerSession.start({
    command: setup.command,
    rootPath: root,
    requestTimeoutMs: settings.requestTimeoutMs,
    startTimeoutMs: settings.requestTimeoutMs,
    onProgress: (token, kind) => {
      if (token === setup.readyToken && kind === 'end') indexed();
    },
  });
  const byPath = new Map<string, SymbolRow[]>();
  for (const symbol of symbols) if (CALLERS.has(symbol.kind)) byPath.set(symbol.path, [...(byPath.get(symbol.path) ?? []), symbol]);
  const texts = new Map<string, string[]>();
  const textOf = (path: string): string[] => {
    let lines = texts.get(path);
    if (!lines) texts.set(path, (lines = readFileSync(join(root, path), 'utf8').split('\n')));
    return lines;
  };
  // Bodies are known by lines only. A call written on the line a nested body (a closure, a lambda) starts
  // on, left of where the body starts (`c.SetHelpFunc(func(...) {`, `apply([](int y) {`), is made by
  // the body around it, as Lore's pass places it (call-hierarchy-pass.ts, callerAt).
  const bodyStart = /\bfunc\b|\[[^\]]*\]\s*\(/;
  const innermost = (path: string, line: number, character = 0): SymbolRow | undefined =>
    (byPath.get(path) ?? [])
      .filter((symbol) => symbol.startLine <= line && line <= symbol.endLine)
      .filter((symbol) => !(symbol.nested && symbol.startLine === line && character < (textOf(path)[line - 1]?.search(bodyStart) ?? -1)))
      .sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
  const sourcePaths = [...byPath.keys()];
  if (setup.readyToken && sourcePaths.length > 0) {
    const first = join(root, sourcePaths[0]!);
    await session.open(first, setup.languageIdOf(sourcePaths[0]!), readFileSync(first, 'utf8'));
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, settings.indexTimeoutMs).unref())]);
  }
  const edges = new Set<string>();
  const calls = new Set<string>();
  const askedUids = new Set<string>();
  let asked = 0;
  for (const path of sourcePaths) {
    const absolute = join(root, path);
    const text = readFileSync(absolute, 'utf8');
    const lines = text.split('\n');
    await session.open(absolute, setup.languageIdOf(path), text);
    for (const fn of byPath.get(path)!.filter((symbol) => !symbol.nested)) {
      const position = namePosition(lines, fn);
      if (!position) continue;
      const items = await session.prepareCallHierarchy(absolute, position).catch(() => []);
      const item = items.find((each) => each.selectionRange.start.line === position.line) ?? items[0];
      if (!item) continue;
      asked++;
      askedUids.add(fn.uid);
      type Incoming = { from: { uri: string }; fromRanges: { start: { line: number; character: number } }[] };
      const incoming = await session.ask<Incoming[] | null>('callHierarchy/incomingCalls', { item }).catch(() => null);
      for (const call of incoming ?? []) {
        let callerPath: string;
        try {
          callerPath = relative(root, fileURLToPath(call.from.uri)).split(sep).join('/');
        } catch {
          continue;
        }
        for (const range of call.fromRanges) {
          const caller = innermost(callerPath, range.start.line + 1, range.start.character);
          if (!caller) continue;
          edges.add(`${caller.uid}\u0000${fn.uid}`);
          // A name followed by its arguments is a call; else a function taken as a value (`Args: NoArgs`), which the server lists too.
          const after = textOf(callerPath)[range.start.line]?.slice(range.start.character) ?? '';
          if (/^~?[A-Za-z_]\w*\s*(\[[^\]]*\]\s*)?\(/.test(after)) calls.add(`${caller.uid}\u0000${fn.uid}`);
        }
      }
    }
    await session.release(absolute);
  }
  session.close();
  setup.dispose();
  return { edges, calls, asked, askedUids };
}

/**
 * For each C++ method, the methods of the same name in the classes it derives from (transitively).
 * clangd's incoming calls of an override list the virtual calls made through its base
 * (`node->Accept(visitor)` with `node` an `XMLNode*` is an incoming call of `XMLText::Accept`), where
 * its outgoing calls, and Lore, name the base method the call site names.
 */
function baseMethods(symbols: readonly SymbolRow[], inheritance: readonly InheritanceRow[]): Map<string, string[]> {
  const classes = new Map(symbols.filter((symbol) => symbol.kind === 'class').map((symbol) => [symbol.uid, symbol]));
  const parents = new Map<string, string[]>();
  for (const row of inheritance) if (row.kind === 'EXTENDS') parents.set(row.fromUid, [...(parents.get(row.fromUid) ?? []), row.toUid]);
  const ancestors = (uid: string, seen = new Set<string>()): Set<string> => {
    for (const parent of parents.get(uid) ?? []) if (!seen.has(parent)) ancestors(parent, seen.add(parent));
    return seen;
  };
  const classUid = new Map([...classes.values()].map((symbol) => [symbol.qualifiedName, symbol.uid]));
  const memberName = (qualifiedName: string) => qualifiedName.slice(qualifiedName.lastIndexOf('::') + 2).replace(/~\d+$/, '');
  const methodsOf = new Map<string, SymbolRow[]>();
  for (const symbol of symbols)
    if (symbol.kind === 'method' && symbol.qualifiedName.includes('::')) {
      const owner = symbol.qualifiedName.slice(0, symbol.qualifiedName.lastIndexOf('::'));
      methodsOf.set(owner, [...(methodsOf.get(owner) ?? []), symbol]);
    }
  const bases = new Map<string, string[]>();
  for (const [owner, methods] of methodsOf) {
    const uid = classUid.get(owner);
    if (uid === undefined) continue;
    const inherited = [...ancestors(uid)].flatMap((ancestor) => methodsOf.get(classes.get(ancestor)?.qualifiedName ?? '') ?? []);
    for (const method of methods)
      bases.set(
        method.uid,
        inherited.filter((base) => memberName(base.qualifiedName) === memberName(method.qualifiedName)).map((base) => base.uid),
      );
  }
  return bases;
}

/** Recall of the reference's call-site edges, a (caller, override) edge found when Lore has the caller's call of a base method it overrides. */
function foundThroughBases(edges: readonly string[], referenceCalls: ReadonlySet<string>, bases: ReadonlyMap<string, string[]>): string {
  if (referenceCalls.size === 0) return '–';
  const ours = new Set(edges);
  let found = 0;
  for (const edge of referenceCalls) {
    const [caller, callee] = edge.split('\u0000') as [string, string];
    if (ours.has(edge) || (bases.get(callee) ?? []).some((base) => ours.has(`${caller}\u0000${base}`))) found++;
  }
  return (found / referenceCalls.size).toFixed(3);
}

function edgeOf(call: CallRow): string {
  return `${call.callerUid}\u0000${call.calleeUid}`;
}

function ratio(edges: readonly string[], reference: ReadonlySet<string>, denominator: number): string {
  if (denominator === 0) return '–';
  return (edges.filter((edge) => reference.has(edge)).length / denominator).toFixed(3);
}

/** The largest resident size of this process's children (the language servers), sampled twice a second. */
function watchChildRss(): { stop(): number } {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const out = execFileSync('ps', ['-o', 'rss=', '--ppid', String(process.pid)], { encoding: 'utf8' });
      for (const line of out.split('\n')) peak = Math.max(peak, Number(line.trim()) || 0);
    } catch {
      // No child at the moment.
    }
  }, 500);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(peak / 1024);
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
