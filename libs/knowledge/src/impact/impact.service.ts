import { Injectable } from '@nestjs/common';
import { CodeGraphRepository } from '@lore/graph';
import { SourceRepository } from '@lore/indexer';
import { type CallConfidence, type Principal, type SymbolRef, TRUST_BOUNDARY, type Warning } from '@lore/domain';
import { type AnalyzeImpactInput, AnalyzeImpactInputSchema, type AnalyzeImpactResult, type ImpactEdge } from '@lore/domain/schemas/impact';
import { callResolutionWarnings } from '../call-graph/call-resolution';
import { callsNotFollowed, weakExamples } from '../call-graph/call-walk';
import { parseInput } from '../validation';
import { walkDependents } from './dependents-walk';
import { resolveImpactTargets } from './impact-targets';
import { affectedSections, affectedTests, impactSummary } from './impact-report';
import { walkImporters } from './importers-walk';
import { filesCalling } from '../call-graph/file-callers';
import { Operation } from '../operations/operation';
import { KnowledgeLinksService } from '../project-knowledge/knowledge-links.service';

/**
 * analyze_impact: if this changes, what else is affected? The reverse transitive dependents of the
 * target (callers, subclasses, implementers, overriders), each with the shortest path to it as
 * evidence; the files importing a changed file; the tests to run; the document sections that name
 * any of them; a summary.
 */
@Injectable()
export class ImpactService {
  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly sources: SourceRepository,
    private readonly knowledge: KnowledgeLinksService,
  ) {}

  @Operation('analyze_impact', { kind: 'read' })
  analyzeImpact(input: AnalyzeImpactInput, principal: Principal): Promise<AnalyzeImpactResult> {
    return this.impactOf(input, principal);
  }

  /** The answer of analyze_impact below the gate, for services that compose it (get_related_tests). */
  async impactOf(input: AnalyzeImpactInput, principal: Principal): Promise<AnalyzeImpactResult> {
    const query = parseInput(AnalyzeImpactInputSchema, input);
    const targets = await resolveImpactTargets(this.graph, this.sources, principal, query);
    const [walk, importers] = await Promise.all([
      walkDependents(this.graph, principal, targets.symbols, query),
      walkImporters(this.graph, principal, targets.files, query),
    ]);
    const affected = walk.affected.filter((step) => step.symbol.kind !== 'test');
    const reachedUids = [...targets.symbols, ...affected.map((step) => step.symbol)].map((symbol) => symbol.uid);
    const namedUids = [...reachedUids, ...targets.files.map((file) => file.uid)];
    const [files, testEdges, sections, knowledge] = await Promise.all([
      withFilesCallingAtLoad(this.graph, principal, targets.symbols, affected, importers.files, query),
      this.graph.findTestsFor(principal, reachedUids),
      this.graph.findSectionsMentioning(principal, namedUids),
      this.knowledge.knowledgeAbout(principal, namedUids),
    ]);
    const tests = affectedTests(targets.symbols, walk.affected, testEdges);
    const documents = affectedSections(sections);
    const report = { files, tests, documents };
    const repositories = [...targets.symbols, ...targets.files, ...affected.map((step) => step.symbol)].map((item) => item.repositoryId);
    const [resolution, notFollowed] = await Promise.all([
      callResolutionWarnings(this.graph, principal, repositories),
      callsNotFollowed(this.graph, principal, [...targets.symbols, ...walk.affected.map((step) => step.symbol)], {
        direction: 'callers',
        minConfidence: query.minConfidence,
      }),
    ]);
    return {
      targets: targets.symbols,
      changedFiles: targets.files.map(({ repositoryId, path }) => ({ repositoryId, path })),
      affected,
      ...report,
      knowledge,
      summary: impactSummary(targets.symbols, affected, report, walk.dependents),
      warnings: [
        ...resolution,
        ...targets.warnings,
        ...impactWarnings(walk.affected, {
          truncated: walk.truncated || importers.truncated,
          symbols: affected.length,
          files: files.length,
        }),
        ...notFollowed,
      ],
      trustBoundary: TRUST_BOUNDARY,
    };
  }
}

type AffectedFile = AnalyzeImpactResult['files'][number];

/**
 * The importing files, with the files whose module-level code (run when the file loads) calls a
 * target or an affected symbol: one more step than that symbol, its evidence after the file's call.
 * A file both import and call reach is listed once, at its nearest.
 */
async function withFilesCallingAtLoad(
  graph: CodeGraphRepository,
  principal: Principal,
  targets: readonly SymbolRef[],
  affected: AnalyzeImpactResult['affected'],
  importing: readonly AffectedFile[],
  query: { depth: number; minConfidence: CallConfidence; limit: number },
): Promise<AffectedFile[]> {
  const evidence = new Map<string, ImpactEdge[]>([
    ...targets.map((symbol) => [symbol.uid, []] as [string, ImpactEdge[]]),
    ...affected.map((step) => [step.symbol.uid, step.evidence] as [string, ImpactEdge[]]),
  ]);
  // A file calling a symbol at the walk's last step would be one step past depth: not listed.
  const listed = [
    ...targets.map((symbol) => ({ uid: symbol.uid, distance: 0, confidence: 'exact' as const })),
    ...affected
      .filter((step) => step.distance < query.depth)
      .map((step) => ({ uid: step.symbol.uid, distance: step.distance, confidence: step.confidence })),
  ];
  const { steps } = await filesCalling(graph, principal, listed, query);
  const files = new Map(importing.map((file) => [`${file.repositoryId}\u0000${file.path}`, file]));
  for (const { edge, distance } of steps) {
    const key = `${edge.repositoryId}\u0000${edge.path}`;
    const kept = files.get(key);
    if (kept && kept.distance <= distance) continue;
    files.set(key, {
      repositoryId: edge.repositoryId,
      path: edge.path,
      distance,
      evidence: [{ from: edge.uid, to: edge.via, type: 'CALLS', confidence: edge.confidence }, ...evidence.get(edge.via)!],
    });
  }
  return [...files.values()].sort((a, b) => a.distance - b.distance).slice(0, query.limit);
}

/** What the answer lists when the walk stopped at its limit: the real counts, not the limit. */
interface Listed {
  truncated: boolean;
  symbols: number;
  files: number;
}

function impactWarnings(affected: AnalyzeImpactResult['affected'], listed: Listed): Warning[] {
  const warnings: Warning[] = [];
  const weak = affected.filter((step) => step.confidence === 'name' || step.confidence === 'ambiguous');
  if (weak.length > 0) {
    warnings.push({
      code: 'weak_edges',
      message: `${weak.length} affected symbol(s) are reached through a call matched by name only (confidence name or ambiguous), e.g. ${weakExamples(weak)}: confirm before relying on them.`,
    });
  }
  if (listed.truncated) {
    warnings.push({
      code: 'output_truncated',
      message: `Only the nearest ${listed.symbols} affected symbols and ${listed.files} importing or calling files are listed (the walk stopped at its limit): raise limit (at most 1000), lower depth, or raise minConfidence.`,
    });
  }
  return warnings;
}
