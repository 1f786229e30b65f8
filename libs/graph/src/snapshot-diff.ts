import type { RepositorySnapshot } from '@lore/domain';
import {
  ENDPOINTS,
  endpointsOf,
  NODE_LABELS,
  RELATIONSHIPS,
  relationshipKey,
  type GraphNode,
  type GraphRelationship,
  type NodeLabel,
  type RelationshipShape,
  type SnapshotGraph,
} from './snapshot-graph';
import type { GraphState } from './graph-state-file';

/** What to write to turn the live graph into the snapshot's, and the graph it leaves. */
export interface SnapshotDiff {
  nodeCreates: Map<NodeLabel, GraphNode[]>;
  nodeUpdates: Map<NodeLabel, GraphNode[]>;
  nodeDeletes: Map<NodeLabel, string[]>;
  /** By label pair (ENDPOINTS): one statement creates the relationships of all types between two labels. */
  relationshipCreates: Map<string, GraphRelationship[]>;
  relationshipUpdates: Map<RelationshipShape, GraphRelationship[]>;
  relationshipDeletes: Map<RelationshipShape, { fromUid: string; toUid: string }[]>;
  state: GraphState;
}

/**
 * The snapshot's graph compared with the live one element by element, by hash. With
 * `keepResolvedEdgesOfUnchangedFiles`, symbols of files whose hash did not change keep the live
 * graph's resolved edges instead of the snapshot's (see IndexStoreRepository.applyQueryableSnapshot).
 */
export function diffSnapshot(
  snapshot: RepositorySnapshot,
  graph: SnapshotGraph,
  live: GraphState,
  options: { keepResolvedEdgesOfUnchangedFiles: boolean },
): SnapshotDiff {
  const relationships = options.keepResolvedEdgesOfUnchangedFiles ? keepResolvedEdges(snapshot, graph, live) : graph.relationships;

  const nodeCreates = new Map(NODE_LABELS.map((label) => [label, [] as GraphNode[]]));
  const nodeUpdates = new Map(NODE_LABELS.map((label) => [label, [] as GraphNode[]]));
  const nodeDeletes = new Map(NODE_LABELS.map((label) => [label, [] as string[]]));
  const state = emptyState();
  for (const node of graph.nodes) {
    const liveHash = live.nodes.get(node.label)!.get(node.uid);
    if (liveHash === undefined) nodeCreates.get(node.label)!.push(node);
    else if (liveHash !== node.hash) nodeUpdates.get(node.label)!.push(node);
    state.nodes.get(node.label)!.set(node.uid, node.hash);
  }
  for (const label of NODE_LABELS) {
    const wanted = state.nodes.get(label)!;
    for (const uid of live.nodes.get(label)!.keys()) if (!wanted.has(uid)) nodeDeletes.get(label)!.push(uid);
  }
  const relationshipCreates = new Map(ENDPOINTS.map((endpoints) => [endpoints, [] as GraphRelationship[]]));
  const relationshipUpdates = new Map(RELATIONSHIPS.map((shape) => [shape, [] as GraphRelationship[]]));
  for (const relationship of relationships) {
    const { shape, fromUid, toUid, hash } = relationship;
    const key = relationshipKey(shape, fromUid, toUid);
    state.relationships.set(key, { shape, fromUid, toUid, hash });
    const liveHash = live.relationships.get(key)?.hash;
    if (liveHash === undefined) relationshipCreates.get(endpointsOf(shape))!.push(relationship);
    else if (liveHash !== hash) relationshipUpdates.get(shape)!.push(relationship);
  }
  const relationshipDeletes = new Map(RELATIONSHIPS.map((shape) => [shape, [] as { fromUid: string; toUid: string }[]]));
  for (const [key, { shape, fromUid, toUid }] of live.relationships) {
    if (!state.relationships.has(key)) relationshipDeletes.get(shape)!.push({ fromUid, toUid });
  }
  return { nodeCreates, nodeUpdates, nodeDeletes, relationshipCreates, relationshipUpdates, relationshipDeletes, state };
}

/** Relationships resolved from code (calls, and what derives from them), as opposed to declared ones. */
const RESOLVED_TYPES = new Set(['CALLS', 'TESTS', 'EXTENDS', 'IMPLEMENTS']);

/** The snapshot's relationships, with the live resolved edges of symbols whose file did not change. */
function keepResolvedEdges(snapshot: RepositorySnapshot, graph: SnapshotGraph, live: GraphState): GraphRelationship[] {
  const liveFiles = live.nodes.get('File')!;
  const unchangedFiles = new Set(
    graph.nodes.filter((node) => node.label === 'File' && liveFiles.get(node.uid) === node.hash).map((node) => node.uid),
  );
  const keptSources = new Set(snapshot.symbols.filter((symbol) => unchangedFiles.has(symbol.fileUid)).map((symbol) => symbol.uid));
  const symbols = new Set(snapshot.symbols.map((symbol) => symbol.uid));
  const relationships = graph.relationships.filter(
    (relationship) => !(RESOLVED_TYPES.has(relationship.shape.type) && keptSources.has(relationship.fromUid)),
  );
  for (const { shape, fromUid, toUid, hash } of live.relationships.values()) {
    if (RESOLVED_TYPES.has(shape.type) && keptSources.has(fromUid) && symbols.has(toUid)) {
      // Unchanged: the diff compares hashes only, so the live properties need not be known.
      relationships.push({ shape, fromUid, toUid, props: {}, hash });
    }
  }
  return relationships;
}

export function emptyState(): GraphState {
  return { nodes: new Map(NODE_LABELS.map((label) => [label, new Map()])), relationships: new Map() };
}
