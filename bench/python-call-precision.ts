/**
 * How right are the CALLS edges of a Python repository? Compares the indexer's edges with pyright's
 * own answer: go-to-definition at the callee of every call expression (found by the tree-sitter
 * grammar the indexer parses with, but by a walk of this bench's own), mapped to the indexer's
 * symbols. Prints precision and recall at each minimum confidence (what analyze_impact's
 * `minConfidence` keeps) for the syntactic first pass (what is queryable first) and for the final,
 * pyright-resolved one, with the time of each pass and the peak memory of this process and of
 * pyright's.
 *
 *   npm run bench:python-precision -- bench/.repos/rich
 *
 * The reference asks another of pyright's services than the indexer does (go-to-definition at each
 * call, where the exact pass asks for each function's outgoing calls), so it checks where calls are
 * placed, attributed and mapped to symbols as well as how pyright resolves them. Caller attribution:
 * the innermost function, method or test whose lines contain the call. A definition outside the
 * repository (typeshed, an installed package) is not an edge: such a site is a call into the
 * standard library or a dependency, and an edge of ours whose first site is one is counted apart.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallConfidence, CallRow, SymbolRow } from '@lore/domain';
import { findPython, parserFor, parseText, PyrightSession, readRepository } from '@lore/indexer';
import { printImpactPrecision } from './impact-precision';

const CALLERS = new Set(['function', 'method', 'test']);
const CALLEES = new Set(['function', 'method', 'test', 'class']);
const CONFIDENCES: CallConfidence[] = ['exact', 'import', 'name', 'ambiguous'];

interface Reference {
  edges: Set<string>;
  /** Caller and line of the sites whose every definition is outside the repository. */
  outsideSites: Set<string>;
  sites: number;
}

async function main(): Promise<void> {
  const root = resolve(process.argv[2] ?? '.');
  const pyrightPeak = watchChildRss();
  const started = performance.now();
  const reading = await readRepository(root, { tenantId: 'p', maxFileBytes: 1024 * 1024 });
  const queryableMs = performance.now() - started;
  const queryableRss = peakRssMiB();
  const syntactic = reading.snapshot;
  const snapshot = reading.resolveExactly ? await reading.resolveExactly() : syntactic;
  const exactMs = performance.now() - started;
  const exactRss = peakRssMiB();
  const pyrightRss = pyrightPeak.stop();

  const referenceStarted = performance.now();
  const reference = await referenceCallGraph(root, snapshot.symbols);
  const referenceMs = performance.now() - referenceStarted;

  const pythonFiles = snapshot.files.filter((file) => file.language === 'python');
  console.log(
    `repository ${root} @ ${snapshot.commitSha.slice(0, 12)}: ${pythonFiles.length} Python files, ${pythonFiles.reduce((n, f) => n + f.lines, 0)} lines`,
  );
  console.log(
    `reference (pyright go-to-definition at ${reference.sites} call sites): ${reference.edges.size} edges; ${(referenceMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `Lore: queryable ${(queryableMs / 1000).toFixed(1)} s (peak RSS ${queryableRss} MiB), exact ${(exactMs / 1000).toFixed(1)} s (peak RSS ${exactRss} MiB; pyright's ${pyrightRss} MiB)`,
  );
  for (const finding of snapshot.skipped.filter((row) => /pyright|Python environment/.test(row.reason)))
    console.log(`${finding.path}: ${finding.reason}`);

  for (const [label, calls] of [
    ['first pass (syntax)', syntactic.calls],
    ['final (pyright)', snapshot.calls],
  ] as const) {
    console.log(`\n${label}`);
    console.log('| min confidence | edges | precision | recall | first site a built-in or dependency |');
    console.log('| --- | --- | --- | --- | --- |');
    const kinds = new Map(snapshot.symbols.map((symbol) => [symbol.uid, symbol.kind]));
    const own = calls.filter((call) => CALLERS.has(kinds.get(call.callerUid) ?? ''));
    for (const [i, confidence] of CONFIDENCES.entries()) {
      const kept = own.filter((call) => CONFIDENCES.indexOf(call.confidence) <= i);
      const edges = kept.map(edgeOf);
      const outside = kept.filter(
        (call) => !reference.edges.has(edgeOf(call)) && reference.outsideSites.has(`${call.callerUid}\u0000${call.line}`),
      );
      console.log(
        `| ${confidence} | ${edges.length} | ${ratio(edges, reference.edges, edges.length)} | ${ratio(edges, reference.edges, reference.edges.size)} | ${outside.length} |`,
      );
    }
    printImpactPrecision(own, reference.edges);
    if (process.env.SHOW_DISAGREEMENTS) {
      const ours = new Set(own.map(edgeOf));
      const short = (edge: string): string =>
        edge
          .split('\u0000')
          .map((uid) => uid.slice(uid.indexOf(':', 2) + 1))
          .join(' -> ');
      const confidenceOf = new Map(own.map((call) => [edgeOf(call), call.confidence]));
      for (const edge of [...ours].filter((e) => !reference.edges.has(e)).slice(0, 25))
        console.log(`ours only (${confidenceOf.get(edge)}): ${short(edge)}`);
      for (const edge of [...reference.edges].filter((e) => !ours.has(e)).slice(0, 25)) console.log(`pyright only: ${short(edge)}`);
    }
  }
}

function edgeOf(call: CallRow): string {
  return `${call.callerUid}\u0000${call.calleeUid}`;
}

function ratio(edges: readonly string[], reference: ReadonlySet<string>, denominator: number): string {
  if (denominator === 0) return '–';
  return (edges.filter((edge) => reference.has(edge)).length / denominator).toFixed(3);
}

function peakRssMiB(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** The largest resident size of this process's children (pyright's server), sampled twice a second. */
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

/** pyright's call graph: go-to-definition at the callee of every call expression of every Python file. */
async function referenceCallGraph(root: string, symbols: readonly SymbolRow[]): Promise<Reference> {
  const symbolsByPath = new Map<string, SymbolRow[]>();
  for (const symbol of symbols) symbolsByPath.set(symbol.path, [...(symbolsByPath.get(symbol.path) ?? []), symbol]);
  const innermost = (path: string, line: number, accept: (symbol: SymbolRow) => boolean): SymbolRow | undefined =>
    (symbolsByPath.get(path) ?? [])
      .filter((symbol) => symbol.startLine <= line && line <= symbol.endLine && accept(symbol))
      .sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
  const python = findPython(root, process.env.LORE_PYTHON);
  const session = await PyrightSession.start({ rootPath: root, pythonPath: python.path, maxHeapMb: 4096, requestTimeoutMs: 120_000 });
  const parser = await parserFor('python');
  const reference: Reference = { edges: new Set(), outsideSites: new Set(), sites: 0 };
  const paths = [...symbolsByPath.keys()].filter((path) => path.endsWith('.py'));
  const texts = new Map<string, string[]>();
  const linesOf = (path: string): string[] => {
    let lines = texts.get(path);
    if (!lines) texts.set(path, (lines = readFileSync(join(root, path), 'utf8').split('\n')));
    return lines;
  };
  for (const path of paths) {
    const text = readFileSync(join(root, path), 'utf8');
    const tree = parseText(parser, text);
    const sites: { line: number; character: number; caller: SymbolRow }[] = [];
    const visit = (node: NonNullable<ReturnType<typeof tree.rootNode.child>>): void => {
      if (node.type === 'call') {
        const fn = node.childForFieldName('function');
        const name = fn?.type === 'identifier' ? fn : fn?.type === 'attribute' ? fn.childForFieldName('attribute') : null;
        const caller = innermost(path, node.startPosition.row + 1, (symbol) => CALLERS.has(symbol.kind));
        if (name && caller) sites.push({ line: name.startPosition.row, character: name.startPosition.column, caller });
      }
      for (const child of node.children) if (child) visit(child);
    };
    visit(tree.rootNode);
    tree.delete();
    await session.open(join(root, path), text);
    for (const site of sites) {
      reference.sites++;
      const definitions = await session.definition(join(root, path), site);
      let inside = false;
      for (const definition of definitions) {
        let targetPath: string;
        try {
          targetPath = relative(root, fileURLToPath(definition.uri)).split(sep).join('/');
        } catch {
          continue;
        }
        if (targetPath.startsWith('..') || !symbolsByPath.has(targetPath)) continue;
        inside = true;
        const line = definition.range.start.line;
        const word = /^[A-Za-z_]\w*/.exec(linesOf(targetPath)[line]?.slice(definition.range.start.character) ?? '')?.[0];
        const target = innermost(targetPath, line + 1, (symbol) => CALLEES.has(symbol.kind) && symbol.name === word);
        if (target) reference.edges.add(`${site.caller.uid}\u0000${target.uid}`);
      }
      if (definitions.length > 0 && !inside) reference.outsideSites.add(`${site.caller.uid}\u0000${site.line + 1}`);
    }
    await session.release(join(root, path));
  }
  session.close();
  return reference;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
