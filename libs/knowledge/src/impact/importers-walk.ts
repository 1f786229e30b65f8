import type { CodeGraphRepository } from '@lore/graph';
import type { Principal } from '@lore/domain';
import type { AnalyzeImpactResult, ImpactEdge } from '@lore/domain/schemas/impact';

type AffectedFile = AnalyzeImpactResult['files'][number];

/** Breadth first from the changed files along reverse imports, one query per step, each file once with its chain of imports. */
export async function walkImporters(
  graph: CodeGraphRepository,
  principal: Principal,
  changed: readonly { uid: string }[],
  options: { depth: number; limit: number },
): Promise<{ files: AffectedFile[]; truncated: boolean }> {
  const evidence = new Map<string, ImpactEdge[]>(changed.map((file) => [file.uid, []]));
  const files: AffectedFile[] = [];
  let frontier = changed.map((file) => file.uid);
  let truncated = false;
  for (let distance = 1; distance <= options.depth && frontier.length > 0 && !truncated; distance++) {
    const wanted = options.limit - files.length + 1;
    const edges = await graph.findImporters(principal, frontier, wanted);
    truncated = edges.length === wanted;
    frontier = [];
    for (const edge of edges) {
      if (evidence.has(edge.uid)) continue;
      if (files.length === options.limit) break;
      const path: ImpactEdge[] = [
        { from: edge.uid, to: edge.via, type: 'IMPORTS', confidence: edge.confidence },
        ...evidence.get(edge.via)!,
      ];
      evidence.set(edge.uid, path);
      files.push({ repositoryId: edge.repositoryId, path: edge.path, distance, evidence: path });
      frontier.push(edge.uid);
    }
  }
  return { files, truncated };
}
