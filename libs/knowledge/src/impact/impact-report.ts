import type { MentioningSection, TestEdge } from '@lore/graph';
import type { SymbolRef } from '@lore/domain';
import { weaker } from '../call-graph/call-walk';
import type { AffectedSection, AffectedSymbol, AffectedTest, AnalyzeImpactResult } from '@lore/domain/schemas/impact';

const HOTSPOTS = 10;

/**
 * The tests to run: tests among the dependents (a test calling a target is `direct`), and tests with a
 * TESTS edge to a target (`direct` or `helper`, as the edge says) or to an affected symbol
 * (`transitive`). Each test once, nearest first.
 */
export function affectedTests(
  targets: readonly SymbolRef[],
  affected: readonly AffectedSymbol[],
  testEdges: readonly TestEdge[],
): AffectedTest[] {
  const distanceOf = new Map<string, number>([
    ...targets.map((symbol): [string, number] => [symbol.uid, 0]),
    ...affected.map((step): [string, number] => [step.symbol.uid, step.distance]),
  ]);
  const candidates: AffectedTest[] = [
    ...affected
      .filter((step) => step.symbol.kind === 'test')
      .map((step) => ({
        test: step.symbol,
        via: step.distance === 1 ? ('direct' as const) : ('transitive' as const),
        distance: step.distance,
        exercises: step.evidence[0]!.to,
      })),
    ...testEdges.map((edge) => {
      const base = distanceOf.get(edge.exercises) ?? 0;
      const steps = edge.via === 'direct' ? 1 : 2;
      return { test: edge.test, via: base === 0 ? edge.via : ('transitive' as const), distance: base + steps, exercises: edge.exercises };
    }),
  ];
  const nearest = new Map<string, AffectedTest>();
  for (const candidate of candidates) {
    const known = nearest.get(candidate.test.uid);
    if (!known || candidate.distance < known.distance) nearest.set(candidate.test.uid, candidate);
  }
  return [...nearest.values()].sort(
    (a, b) =>
      a.distance - b.distance ||
      a.test.repositoryId.localeCompare(b.test.repositoryId) ||
      a.test.path.localeCompare(b.test.path) ||
      a.test.startLine - b.test.startLine ||
      a.test.uid.localeCompare(b.test.uid),
  );
}

/** Each section once per thing it names, in document order. */
export function affectedSections(sections: readonly MentioningSection[]): AffectedSection[] {
  const seen = new Set<string>();
  return sections.filter((section) => {
    const key = `${section.repositoryId}\0${section.documentPath}\0${section.startLine}\0${section.mentions}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Counts, repositories, the weakest evidence, and the symbols most depended on within the affected set. */
export function impactSummary(
  targets: readonly SymbolRef[],
  affected: readonly AffectedSymbol[],
  result: Pick<AnalyzeImpactResult, 'files' | 'tests' | 'documents'>,
  dependents: ReadonlyMap<string, number>,
): AnalyzeImpactResult['summary'] {
  const confidences = affected.map((step) => step.confidence);
  const symbols = [
    ...targets.map((symbol) => ({ symbol, distance: 0 })),
    ...affected.map((step) => ({ symbol: step.symbol, distance: step.distance })),
  ];
  return {
    affectedSymbols: affected.filter((step) => step.symbol.kind !== 'test').length,
    affectedFiles: result.files.length,
    tests: result.tests.length,
    documentSections: result.documents.length,
    repositories: [
      ...new Set([...symbols.map(({ symbol }) => symbol.repositoryId), ...result.files.map((file) => file.repositoryId)]),
    ].sort(),
    weakestConfidence: confidences.length === 0 ? null : confidences.reduce(weaker),
    mostDependedOn: symbols
      .map(({ symbol, distance }) => ({
        uid: symbol.uid,
        qualifiedName: symbol.qualifiedName,
        distance,
        dependents: dependents.get(symbol.uid) ?? 0,
      }))
      .filter((hotspot) => hotspot.dependents > 0)
      .sort((a, b) => b.dependents - a.dependents || a.distance - b.distance || a.qualifiedName.localeCompare(b.qualifiedName))
      .slice(0, HOTSPOTS),
  };
}
