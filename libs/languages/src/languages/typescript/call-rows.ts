// Call sites and heritage clauses as CALLS and EXTENDS/IMPLEMENTS rows, for the syntactic and the exact pass alike.
import type { CallConfidence, CallRow, InheritanceRow, SymbolRow } from '@lore/domain';
import { lastNameOf } from './module-scope';
import { checkedOrUnknown, type CallReference, type HeritageReference } from './script-model';
import type { Resolution } from './warm-program';

const CONFIDENCE_RANK: Record<CallConfidence, number> = { exact: 3, import: 2, name: 1, ambiguous: 0 };

/**
 * Call sites as CALLS rows, one per caller and callee (its first line, the count of sites, the best
 * confidence). A site `resolve` places outside the repository (the standard library, a dependency)
 * gets no edge: that is the answer, not a reason to guess. A site it cannot place at all gets an edge
 * to the one same-named function, method or (for `new`) class its file can reach (`loneCandidate`),
 * else to each of a few (`ambiguous`).
 */
export function resolveCalls<Site extends CallReference>(
  sites: Site[],
  resolve: (site: Site) => Resolution,
  resolvedConfidence: CallConfidence,
  symbolsByName: Pick<ReadonlyMap<string, SymbolRow[]>, 'get'>,
  /** Unresolved sites get an edge to each same-named candidate when there are at most this many. */
  maxCandidates: number,
  /**
   * The confidence of an edge to a lone candidate: `name` where no checker has been asked (the first
   * pass), `ambiguous` where the checker could not place the call (it found no declaration: a unique
   * name is then no surer than a few, and analyze_impact leaves both out by default).
   */
  loneCandidate: 'name' | 'ambiguous',
  /** Whether the sites' file can reach a declaration (its own package, the packages it depends on): see PackageReach. */
  reachable: (candidate: SymbolRow) => boolean,
): CallRow[] {
  // By caller, then callee: keyed by the uid strings themselves, no key built per site.
  const edges = new Map<string, Map<string, CallRow>>();
  const addEdge = (callerUid: string, calleeUid: string, line: number, confidence: CallConfidence): void => {
    let byCallee = edges.get(callerUid);
    if (!byCallee) edges.set(callerUid, (byCallee = new Map()));
    const existing = byCallee.get(calleeUid);
    if (!existing) {
      byCallee.set(calleeUid, { callerUid, calleeUid, line, count: 1, confidence });
      return;
    }
    existing.count++;
    existing.line = Math.min(existing.line, line);
    if (CONFIDENCE_RANK[confidence] > CONFIDENCE_RANK[existing.confidence]) existing.confidence = confidence;
  };

  for (const site of sites) {
    const resolution = checkedOrUnknown<Resolution>(() => resolve(site), { kind: 'unknown' });
    if (resolution.kind === 'repository') {
      addEdge(site.callerUid, resolution.uid, site.line, resolvedConfidence);
      continue;
    }
    if (resolution.kind === 'external') continue;
    const name = lastNameOf(site.callee);
    if (name === null) continue;
    const candidates = (symbolsByName.get(name) ?? []).filter(
      (symbol) => (site.isNew ? symbol.kind === 'class' : symbol.kind === 'function' || symbol.kind === 'method') && reachable(symbol),
    );
    if (candidates.length === 1) addEdge(site.callerUid, candidates[0]!.uid, site.line, loneCandidate);
    else if (candidates.length <= maxCandidates)
      for (const candidate of candidates) addEdge(site.callerUid, candidate.uid, site.line, 'ambiguous');
  }
  return sortCalls([...edges.values()].flatMap((byCallee) => [...byCallee.values()]));
}

/** CALLS rows by caller, then callee. */
export function sortCalls(rows: CallRow[]): CallRow[] {
  return rows.sort((a, b) => a.callerUid.localeCompare(b.callerUid) || a.calleeUid.localeCompare(b.calleeUid));
}

/** EXTENDS/IMPLEMENTS rows by class, then target. */
export function sortInheritance(rows: InheritanceRow[]): InheritanceRow[] {
  return rows.sort((a, b) => a.fromUid.localeCompare(b.fromUid) || a.toUid.localeCompare(b.toUid));
}

/** extends -> EXTENDS; a class's implements -> IMPLEMENTS; only targets declared in the repository. */
export function resolveHeritage<Site extends HeritageReference>(
  sites: Site[],
  resolve: (site: Site) => string | undefined,
): InheritanceRow[] {
  const rows = new Map<string, InheritanceRow>();
  for (const site of sites) {
    const toUid = resolve(site);
    if (toUid && toUid !== site.fromUid)
      rows.set(`${site.fromUid}|${site.kind}|${toUid}`, { fromUid: site.fromUid, toUid, kind: site.kind });
  }
  return sortInheritance([...rows.values()]);
}
