import type { RepositorySnapshot } from '@lore/domain';
import {
  ENDPOINTS,
  endpointsOf,
  NODE_LABELS,
  RELATIONSHIPS,
  SHAPE_INDEXES,
  type GraphNode,
  type GraphRelationship,
  type NodeLabel,
  type RelationshipShape,
  type SnapshotGraph,
} from './snapshot-graph';
import { emptyState, setRelationship, type GraphState } from './graph-state-file';

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

/** Relationships resolved from code (calls, and what derives from them), as opposed to declared ones. */
const RESOLVED = RELATIONSHIPS.map((shape) => ['CALLS', 'TESTS', 'EXTENDS', 'IMPLEMENTS'].includes(shape.type));

/** Whether the difference leaves every node as it is and changes only calls, tests and inheritance. */
export function refinesResolvedRelationships(diff: SnapshotDiff): boolean {
  for (const label of NODE_LABELS) {
    if (diff.nodeCreates.get(label)!.length + diff.nodeUpdates.get(label)!.length + diff.nodeDeletes.get(label)!.length > 0) return false;
  }
  const resolvedOnly = (shape: RelationshipShape, rows: unknown[]): boolean => rows.length === 0 || RESOLVED[SHAPE_INDEXES.get(shape)!]!;
  for (const [shape, rows] of diff.relationshipUpdates) if (!resolvedOnly(shape, rows)) return false;
  for (const [shape, rows] of diff.relationshipDeletes) if (!resolvedOnly(shape, rows)) return false;
  for (const rows of diff.relationshipCreates.values()) for (const { shape } of rows) if (!resolvedOnly(shape, [shape])) return false;
  return true;
}

/**
 * The snapshot's graph compared with the live one element by element, by hash. With
 * `keepResolvedEdgesOfUnchangedFiles`, files whose hash did not change, and their symbols, keep the
 * live graph's resolved edges instead of the snapshot's (see IndexStoreRepository.applyQueryableSnapshot).
 */
export function diffSnapshot(
  snapshot: RepositorySnapshot,
  graph: SnapshotGraph,
  live: GraphState,
  options: { keepResolvedEdgesOfUnchangedFiles: boolean },
): SnapshotDiff {
  const nodeCreates = new Map(NODE_LABELS.map((label) => [label, [] as GraphNode[]]));
  const nodeUpdates = new Map(NODE_LABELS.map((label) => [label, [] as GraphNode[]]));
  const nodeDeletes = new Map(NODE_LABELS.map((label) => [label, [] as string[]]));
  const state = emptyState();
  let label: NodeLabel | undefined;
  let liveHashes: Map<string, string> | undefined;
  let hashes: Map<string, string> | undefined;
  for (const node of graph.nodes) {
    // A snapshot's nodes come in runs of one label.
    if (node.label !== label) {
      label = node.label;
      liveHashes = live.nodes.get(label)!;
      hashes = state.nodes.get(label)!;
    }
    const liveHash = liveHashes!.get(node.uid);
    if (liveHash === undefined) nodeCreates.get(label)!.push(node);
    else if (liveHash !== node.hash) nodeUpdates.get(label)!.push(node);
    hashes!.set(node.uid, node.hash);
  }
  for (const label of NODE_LABELS) {
    const wanted = state.nodes.get(label)!;
    for (const uid of live.nodes.get(label)!.keys()) if (!wanted.has(uid)) nodeDeletes.get(label)!.push(uid);
  }

  const keptSources = options.keepResolvedEdgesOfUnchangedFiles ? sourcesOfUnchangedFiles(snapshot, graph, live) : new Set<string>();
  const relationshipCreates = new Map(ENDPOINTS.map((endpoints) => [endpoints, [] as GraphRelationship[]]));
  const relationshipUpdates = new Map(RELATIONSHIPS.map((shape) => [shape, [] as GraphRelationship[]]));
  const creates = RELATIONSHIPS.map((shape) => relationshipCreates.get(endpointsOf(shape))!);
  const updates = RELATIONSHIPS.map((shape) => relationshipUpdates.get(shape)!);
  const relationships = graph.relationships;
  for (let start = 0, end = 0; start < relationships.length; start = end) {
    // A snapshot's relationships come in runs of one shape and source: a run is looked up once.
    const { shape, fromUid } = relationships[start]!;
    while (end < relationships.length && relationships[end]!.shape === shape && relationships[end]!.fromUid === fromUid) end++;
    const index = SHAPE_INDEXES.get(shape)!;
    if (RESOLVED[index] && keptSources.has(fromUid)) continue;
    const wantedByFrom = state.relationships[index]!;
    const liveTo = live.relationships[index]!.get(fromUid);
    let wantedTo = wantedByFrom.get(fromUid);
    // Whether all of the source's relationships are as they were: known only when they are all in this run.
    let same = wantedTo === undefined;
    if (wantedTo === undefined) wantedByFrom.set(fromUid, (wantedTo = new Map()));
    else if (wantedTo === liveTo) wantedByFrom.set(fromUid, (wantedTo = new Map(liveTo)));
    for (let i = start; i < end; i++) {
      const relationship = relationships[i]!;
      const { toUid, hash } = relationship;
      wantedTo.set(toUid, hash);
      const liveHash = liveTo?.get(toUid);
      if (liveHash === hash) continue;
      same = false;
      if (liveHash === undefined) creates[index]!.push(relationship);
      else updates[index]!.push(relationship);
    }
    // As it was: the state keeps the live map, which the deletes skip.
    if (same && wantedTo.size === liveTo?.size) wantedByFrom.set(fromUid, liveTo);
  }
  if (keptSources.size > 0) {
    const symbols = state.nodes.get('Symbol')!;
    live.relationships.forEach((liveByFrom, index) => {
      if (!RESOLVED[index]) return;
      const wanted = state.relationships[index]!;
      for (const [fromUid, byTo] of liveByFrom) {
        if (!keptSources.has(fromUid)) continue;
        // Kept as they are: neither created nor updated. All of them, most often: then the same map.
        let all = true;
        for (const toUid of byTo.keys()) {
          if (symbols.has(toUid)) continue;
          all = false;
          break;
        }
        if (all) wanted.set(fromUid, byTo);
        else for (const [toUid, hash] of byTo) if (symbols.has(toUid)) setRelationship(wanted, fromUid, toUid, hash);
      }
    });
  }
  const relationshipDeletes = new Map(RELATIONSHIPS.map((shape) => [shape, [] as { fromUid: string; toUid: string }[]]));
  RELATIONSHIPS.forEach((shape, index) => {
    const deletes = relationshipDeletes.get(shape)!;
    const wanted = state.relationships[index]!;
    for (const [fromUid, byTo] of live.relationships[index]!) {
      const wantedTo = wanted.get(fromUid);
      if (wantedTo === byTo) continue;
      for (const toUid of byTo.keys()) if (!wantedTo?.has(toUid)) deletes.push({ fromUid, toUid });
    }
  });
  return { nodeCreates, nodeUpdates, nodeDeletes, relationshipCreates, relationshipUpdates, relationshipDeletes, state };
}

/**
 * The files whose node is unchanged and their symbols: their resolved edges (a file's: the calls of
 * its module-level code) are kept from the live graph.
 */
function sourcesOfUnchangedFiles(snapshot: RepositorySnapshot, graph: SnapshotGraph, live: GraphState): Set<string> {
  const liveFiles = live.nodes.get('File')!;
  const sources = new Set<string>();
  for (const node of graph.nodes) if (node.label === 'File' && liveFiles.get(node.uid) === node.hash) sources.add(node.uid);
  for (const symbol of snapshot.symbols) if (sources.has(symbol.fileUid)) sources.add(symbol.uid);
  return sources;
}
