import { Injectable } from '@nestjs/common';
import { CodeGraphRepository } from '@lore/graph';
import { SourceRepository } from '@lore/indexer';
import { type Principal, TRUST_BOUNDARY, type Warning } from '@lore/domain';
import { type AnalyzeImpactInput, AnalyzeImpactInputSchema, type AnalyzeImpactResult } from '@lore/domain/schemas/impact';
import { callResolutionWarnings } from '../call-graph/call-resolution';
import { callsNotFollowed, weakExamples } from '../call-graph/call-walk';
import { parseInput } from '../validation';
import { walkDependents } from './dependents-walk';
import { resolveImpactTargets } from './impact-targets';
import { affectedSections, affectedTests, impactSummary } from './impact-report';
import { walkImporters } from './importers-walk';
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
    const [testEdges, sections, knowledge] = await Promise.all([
      this.graph.findTestsFor(principal, reachedUids),
      this.graph.findSectionsMentioning(principal, namedUids),
      this.knowledge.knowledgeAbout(principal, namedUids),
    ]);
    const tests = affectedTests(targets.symbols, walk.affected, testEdges);
    const documents = affectedSections(sections);
    const report = { files: importers.files, tests, documents };
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
          files: importers.files.length,
        }),
        ...notFollowed,
      ],
      trustBoundary: TRUST_BOUNDARY,
    };
  }
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
      message: `Only the nearest ${listed.symbols} affected symbols and ${listed.files} importing files are listed (the walk stopped at its limit): raise limit (at most 1000), lower depth, or raise minConfidence.`,
    });
  }
  return warnings;
}
