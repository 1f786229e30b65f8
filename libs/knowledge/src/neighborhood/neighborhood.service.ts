import { Injectable } from '@nestjs/common';
import { CodeGraphRepository, type NeighborNode } from '@lore/graph';
import { NotFoundError, type Principal, TRUST_BOUNDARY, type Warning, fileUid } from '@lore/domain';
import {
  type GetGraphNeighborhoodInput,
  GetGraphNeighborhoodInputSchema,
  type GetGraphNeighborhoodResult,
  type GraphEdge,
  type GraphNode,
  NEIGHBORHOOD_EDGE_TYPES,
} from '@lore/domain/schemas/neighborhood';
import { pathInRepository, resolveSymbolUid, targetRepository, withPastedUid } from '../target-resolution';
import { callResolutionWarnings } from '../call-graph/call-resolution';
import { parseInput } from '../validation';
import { Operation } from '../operations/operation';
import { findSymbolsHint } from '../hints';

/**
 * get_graph_neighborhood: breadth first around a symbol or a file along the chosen relationships,
 * one query per hop; each node once, at its shortest distance; every edge met, once. Past the node
 * limit the answer is cut at a hop's edge and says how to narrow.
 */
@Injectable()
export class GraphNeighborhoodService {
  constructor(private readonly graph: CodeGraphRepository) {}

  @Operation('get_graph_neighborhood', { kind: 'read' })
  async getNeighborhood(input: GetGraphNeighborhoodInput, principal: Principal): Promise<GetGraphNeighborhoodResult> {
    const query = parseInput(GetGraphNeighborhoodInputSchema, input);
    const centerUid = await this.centerUid(query, principal);
    const center = await this.graph.getGraphNode(principal, centerUid);
    if (!center) throw new NotFoundError(`No node with uid ${centerUid}.`, { hint: findSymbolsHint() });
    const hop = {
      types: query.edgeTypes ?? [...NEIGHBORHOOD_EDGE_TYPES],
      outgoing: query.direction !== 'in',
      incoming: query.direction !== 'out',
    };
    const distances = new Map<string, number>([[center.uid, 0]]);
    const nodes: GraphNode[] = [];
    const edges = new Map<string, GraphEdge>();
    let frontier = [center.uid];
    let truncated = false;
    for (let distance = 1; distance <= query.depth && frontier.length > 0 && !truncated; distance++) {
      const wanted = query.limit - nodes.length + 1;
      // Edges among known nodes come back too: ask for more rows than new nodes are wanted.
      const found = await this.graph.findNeighbors(principal, frontier, { ...hop, limit: wanted * 4 });
      truncated = found.length === wanted * 4;
      frontier = [];
      for (const { node, edge } of found) {
        if (!distances.has(node.uid)) {
          if (nodes.length === query.limit) {
            truncated = true;
            continue;
          }
          distances.set(node.uid, distance);
          nodes.push(graphNode(node, distance));
          frontier.push(node.uid);
        }
        const key = `${edge.from}\0${edge.type}\0${edge.to}`;
        if (!edges.has(key)) edges.set(key, edge as GraphEdge);
      }
    }
    const known = (uid: string): boolean => distances.has(uid);
    const resolution = await callResolutionWarnings(
      this.graph,
      principal,
      [center, ...nodes].map((node) => node.repositoryId),
    );
    return {
      center: graphNode(center, 0),
      nodes,
      edges: [...edges.values()].filter((edge) => known(edge.from) && known(edge.to)),
      truncated,
      warnings: [...resolution, ...(truncated ? [truncationWarning(query.limit)] : [])],
      trustBoundary: TRUST_BOUNDARY,
    };
  }

  private async centerUid(asked: ReturnType<typeof GetGraphNeighborhoodInputSchema.parse>, principal: Principal): Promise<string> {
    const query = withPastedUid(asked);
    if (query.uid !== undefined) return query.uid;
    if (query.name !== undefined) return resolveSymbolUid(this.graph, principal, query);
    const repository = await targetRepository(this.graph, principal, query.repositoryId);
    return fileUid(principal.tenantId, repository.repositoryId, pathInRepository(repository, query.path!));
  }
}

function graphNode(node: NeighborNode, distance: number): GraphNode {
  return { ...node, distance };
}

function truncationWarning(limit: number): Warning {
  return {
    code: 'output_truncated',
    message: `The neighborhood has more than ${limit} nodes: only the nearest are listed. Narrow it with edgeTypes (e.g. CALLS), direction (in or out) or a smaller depth, or raise limit (at most 500).`,
  };
}
