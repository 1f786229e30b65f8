import type { HealthFacts, HealthSymbolRow } from '@lore/graph';
import { knownLanguage } from '@lore/indexer';

/** A symbol nothing reaches from the roots (`dead`), or reaches only through calls matched by name (`unknown`). */
export interface UnreachedSymbol {
  symbol: HealthSymbolRow;
  status: 'dead' | 'unknown';
  confidence: 'high' | 'medium' | 'low';
  reason: string;
}

const STRONG_CALLS = new Set(['exact', 'import']);
const CANDIDATE_KINDS = new Set(['function', 'method', 'class']);
/** Files whose top-level symbols a runtime starts from (entry points, package roots). */
const ENTRY_FILE = /(?:^|\/)(?:index|main|__main__|__init__|cli|app|server|mod)\.[a-z]+$|(?:^|\/)bin\//;
const PACKAGE_ROOT = /(?:^|\/)(?:index\.[cm]?[jt]sx?|__init__\.py)$/;
/** Methods a runtime calls by name: constructors, Python dunders, Java and Go entry points. */
const IMPLICIT_METHOD = /^(?:constructor|__\w+__|main|init|toString|equals|hashCode|String|Error)$/;

/**
 * Dead code by reachability: from the roots (exported symbols and the members of exported classes,
 * module-level code and the bodies written there (registrations: routes, listeners),
 * names re-exported by a package root, the top-level symbols of entry files, tests, implicit methods,
 * overrides of a base's member and methods named like a method of an interface of the repository),
 * follow calls, tests, inheritance, enclosing and enclosed symbols. Function, method and class
 * symbols no strong path reaches are listed: `unknown` when a call matched only by name reaches them,
 * else `dead`. Nested bodies follow their encloser and are never listed themselves.
 */
export function unreachedSymbols(facts: HealthFacts, callsExact: boolean): UnreachedSymbol[] {
  const byUid = new Map(facts.symbols.map((symbol) => [symbol.uid, symbol]));
  const roots = rootsOf(facts, byUid);
  const strong = new Map<string, string[]>();
  const weak = new Map<string, string[]>();
  const link = (edges: Map<string, string[]>, from: string, to: string) => {
    const targets = edges.get(from);
    if (targets) targets.push(to);
    else edges.set(from, [to]);
  };
  for (const reference of facts.references) {
    const isWeak = reference.type === 'CALLS' && !STRONG_CALLS.has(reference.confidence ?? '');
    link(isWeak ? weak : strong, reference.fromUid, reference.toUid);
  }
  for (const symbol of facts.symbols) {
    if (symbol.parentUid === null) continue;
    // A reached member keeps its class; a reached body keeps the bodies nested in it.
    link(strong, symbol.uid, symbol.parentUid);
    if (symbol.nested) link(strong, symbol.parentUid, symbol.uid);
  }
  const reachedStrongly = walk(roots, [strong]);
  const reachedAtAll = walk(roots, [strong, weak]);
  return facts.symbols
    .filter((symbol) => CANDIDATE_KINDS.has(symbol.kind) && !symbol.nested && !symbol.inTest && !reachedStrongly.has(symbol.uid))
    .map((symbol) => {
      if (reachedAtAll.has(symbol.uid)) {
        return {
          symbol,
          status: 'unknown',
          confidence: 'low',
          reason: 'reached only through calls matched by name (confidence name or ambiguous)',
        };
      }
      // Languages whose calls the index resolves from declared types or with a compiler: an unreached symbol there is dead with high confidence.
      const sure = callsExact && knownLanguage(symbol.language)?.language.staticCalls === true;
      return {
        symbol,
        status: 'dead',
        confidence: sure ? 'high' : 'medium',
        reason: sure
          ? 'not exported, not re-exported, not an entry point, test, override or implementation, and nothing reachable calls it'
          : 'nothing reachable calls it (calls in this language or run are not all resolved by a compiler: dynamic uses may hide)',
      };
    });
}

function rootsOf(facts: HealthFacts, byUid: Map<string, HealthSymbolRow>): Set<string> {
  const roots = new Set<string>();
  const reExported = reExportedNames(facts);
  const interfaceMethods = new Set<string>();
  const baseMembers = new Map<string, Set<string>>();
  for (const symbol of facts.symbols) {
    const parent = symbol.parentUid === null ? undefined : byUid.get(symbol.parentUid);
    if (parent?.kind === 'interface') interfaceMethods.add(symbol.name);
    if (parent) baseMembers.set(parent.uid, (baseMembers.get(parent.uid) ?? new Set()).add(symbol.name));
  }
  const basesOf = new Map<string, string[]>();
  for (const reference of facts.references) {
    if (reference.type === 'EXTENDS' || reference.type === 'IMPLEMENTS') {
      basesOf.set(reference.fromUid, [...(basesOf.get(reference.fromUid) ?? []), reference.toUid]);
    }
  }
  for (const symbol of facts.symbols) {
    const parent = symbol.parentUid === null ? undefined : byUid.get(symbol.parentUid);
    const topLevel = parent === undefined;
    const isRoot =
      symbol.exported ||
      symbol.inTest ||
      // Module-level code runs when the module loads; a body written there with no symbol around it
      // is a registration (a route handler, a listener) or runs at once.
      symbol.kind === 'module' ||
      (symbol.nested && topLevel) ||
      (parent !== undefined && !symbol.nested && parent.exported && parent.kind !== 'function') ||
      (topLevel && ENTRY_FILE.test(symbol.path)) ||
      reExported.get(symbol.path)?.has(symbol.name) === true ||
      reExported.get(symbol.path)?.has('*') === true ||
      (symbol.kind === 'method' && (IMPLICIT_METHOD.test(symbol.name) || interfaceMethods.has(symbol.name))) ||
      (symbol.kind === 'function' && topLevel && IMPLICIT_METHOD.test(symbol.name)) ||
      (parent !== undefined && (basesOf.get(parent.uid) ?? []).some((base) => baseMembers.get(base)?.has(symbol.name)));
    if (isRoot) roots.add(symbol.uid);
  }
  return roots;
}

/** The names each file gives to a package root (index.ts, __init__.py) that imports them: its public API. */
function reExportedNames(facts: HealthFacts): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  for (const edge of facts.imports) {
    if (!PACKAGE_ROOT.test(edge.fromPath)) continue;
    const taken = names.get(edge.toPath) ?? new Set<string>();
    for (const name of edge.names) taken.add(name);
    names.set(edge.toPath, taken);
  }
  return names;
}

function walk(roots: ReadonlySet<string>, edgeSets: readonly Map<string, string[]>[]): Set<string> {
  const seen = new Set(roots);
  const queue = [...roots];
  while (queue.length > 0) {
    const uid = queue.pop()!;
    for (const edges of edgeSets) {
      for (const next of edges.get(uid) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}
