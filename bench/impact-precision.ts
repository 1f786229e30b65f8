/**
 * How right is analyze_impact's set of affected callers at each minimum confidence? For every
 * symbol the reference calls, the symbols that reach it through calls within IMPACT_DEPTH steps
 * (analyze_impact's default depth) in Lore's CALLS kept at that confidence, against the same walk
 * over the compiler's (or pyright's) reverse call graph; summed over all those symbols. What
 * analyze_impact's default `minConfidence` is chosen from (docs/benchmarks.md).
 */
import type { CallConfidence, CallRow } from '@lore/domain';

const CONFIDENCES: CallConfidence[] = ['exact', 'import', 'name', 'ambiguous'];
/** analyze_impact's default depth. */
const IMPACT_DEPTH = 3;

/** Prints precision and recall of the affected callers at each minimum confidence; `reference` holds `caller\0callee` edges. */
export function printImpactPrecision(calls: readonly CallRow[], reference: ReadonlySet<string>): void {
  const theirs = callersOf([...reference].map((edge) => edge.split('\u0000') as [string, string]));
  const targets = [...theirs.keys()];
  console.log(`\nimpact (callers within ${IMPACT_DEPTH} steps) of the ${targets.length} symbols the reference calls`);
  console.log('| min confidence | affected (ours) | affected (reference) | precision | recall |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [i, confidence] of CONFIDENCES.entries()) {
    const kept = calls.filter((call) => CONFIDENCES.indexOf(call.confidence) <= i);
    const ours = callersOf(kept.map((call) => [call.callerUid, call.calleeUid]));
    let found = 0;
    let right = 0;
    let expected = 0;
    for (const target of targets) {
      const mine = reachedFrom(ours, target);
      const truth = reachedFrom(theirs, target);
      found += mine.size;
      expected += truth.size;
      for (const uid of mine) if (truth.has(uid)) right++;
    }
    const ratio = (n: number, d: number): string => (d === 0 ? '–' : (n / d).toFixed(3));
    console.log(`| ${confidence} | ${found} | ${expected} | ${ratio(right, found)} | ${ratio(right, expected)} |`);
  }
}

function callersOf(edges: readonly (readonly [string, string])[]): Map<string, string[]> {
  const callers = new Map<string, string[]>();
  for (const [caller, callee] of edges) {
    if (caller === callee) continue;
    const list = callers.get(callee);
    if (list) list.push(caller);
    else callers.set(callee, [caller]);
  }
  return callers;
}

/** Breadth first along callers, IMPACT_DEPTH steps; the target itself left out. */
function reachedFrom(callers: ReadonlyMap<string, string[]>, target: string): Set<string> {
  const reached = new Set<string>([target]);
  let frontier = [target];
  for (let step = 0; step < IMPACT_DEPTH && frontier.length > 0; step++) {
    const next: string[] = [];
    for (const uid of frontier)
      for (const caller of callers.get(uid) ?? []) if (!reached.has(caller) && reached.add(caller)) next.push(caller);
    frontier = next;
  }
  reached.delete(target);
  return reached;
}
