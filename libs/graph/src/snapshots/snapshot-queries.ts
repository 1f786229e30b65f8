import { ENDPOINTS, NODE_LABELS, RELATIONSHIPS, type NodeLabel, type RelationshipShape } from './snapshot-graph';

/**
 * Cypher for applying a snapshot diff, one statement per label and relationship shape. Neo4j
 * cannot take a label or type as a parameter (and dynamic labels skip the indexes), so the text is
 * built from the fixed tables of snapshot-graph.ts; every value is a parameter.
 */
export interface SnapshotQueries {
  liveNodes: Record<NodeLabel, string>;
  createNodes: Record<NodeLabel, string>;
  updateNodes: Record<NodeLabel, string>;
  deleteNodes: Record<NodeLabel, string>;
  /** Up to $limit relationships of a storage slot that serves nothing; returns how many. */
  deleteSlotRelationships: Record<NodeLabel, string>;
  /** Up to $limit nodes (without relationships left) of a storage slot that serves nothing; returns how many. */
  deleteSlotNodes: Record<NodeLabel, string>;
  liveRelationships: Map<RelationshipShape, string>;
  /** By label pair (ENDPOINTS): the type is a value of each row, so that one statement (one plan) creates them all. */
  createRelationships: Map<string, string>;
  updateRelationships: Map<RelationshipShape, string>;
  deleteRelationships: Map<RelationshipShape, string>;
}

function byLabel(build: (label: NodeLabel) => string): Record<NodeLabel, string> {
  return Object.fromEntries(NODE_LABELS.map((label) => [label, build(label)])) as Record<NodeLabel, string>;
}

function byShape(build: (shape: RelationshipShape) => string): Map<RelationshipShape, string> {
  return new Map(RELATIONSHIPS.map((shape) => [shape, build(shape)]));
}

/**
 * An element is sought by its uid within the slot being written ($slotId, see storageSlots): while a
 * re-index is written beside the served graph, the same uid is in both. A Repository node's uid is its slot's.
 */
const inSlot = (label: string): string => (label === 'Repository' ? '' : ', repoId: $slotId');
/** The uniqueness constraint's index that seeks an element by uid within a slot (a Repository's by uid alone). */
const inSlotIndex = (label: string): string => (label === 'Repository' ? 'uid' : 'uid, repoId');

const source = (shape: RelationshipShape): string =>
  shape.from === 'Repository' ? `(a:Repository {uid: $slotUid})` : `(a:${shape.from} {tenantId: $tenantId, repoId: $slotId})`;

/**
 * One relationship by its two ends, each found by its uid. The hints make Cypher seek both ends, then
 * look between them or join on the node: planned on an empty graph, it sought one end and read the
 * uid of every neighbour of it, which made a full index of typeorm spend 25 s on one transaction (an
 * `expect` has thousands of callers).
 */
const matchRelationship = (shape: RelationshipShape): string =>
  `MATCH (a:${shape.from} {uid: row.fromUid${inSlot(shape.from)}})-[e:${shape.type}]->(b:${shape.to} {uid: row.toUid, repoId: $slotId}) ` +
  `USING INDEX a:${shape.from}(${inSlotIndex(shape.from)}) USING INDEX b:${shape.to}(uid, repoId)`;

export const SNAPSHOT_QUERIES: SnapshotQueries = {
  liveNodes: byLabel((label) => `MATCH (n:${label} {tenantId: $tenantId, repoId: $slotId}) RETURN collect([n.uid, n.hash]) AS elements`),
  // The diff knows which elements are new: CREATE skips MERGE's lookup and lock, and a uid that does
  // exist after all fails the uniqueness constraint, which rolls the whole snapshot back.
  // A node row's props carry its hash: one SET, without the Eager a second one after it made Cypher plan.
  createNodes: byLabel((label) => `UNWIND $rows AS row CREATE (n:${label}) SET n = row.props`),
  updateNodes: byLabel((label) => `UNWIND $rows AS row MATCH (n:${label} {uid: row.uid, repoId: $slotId}) SET n = row.props`),
  deleteNodes: byLabel((label) => `UNWIND $rows AS uid MATCH (n:${label} {uid: uid, repoId: $slotId}) DETACH DELETE n`),
  // A served slot is never deleted: its Repository node has a commit. Relationships go first, in
  // batches of their own: a node's can be thousands (the callers of an `expect`).
  deleteSlotRelationships: byLabel(
    (label) =>
      `MATCH (r:Repository {uid: $slotUid}) WHERE r.commitSha IS NULL ` +
      `MATCH (:${label} {tenantId: $tenantId, repoId: $slotId})-[e]-() WITH DISTINCT e LIMIT $limit DELETE e RETURN count(*) AS deleted`,
  ),
  deleteSlotNodes: byLabel(
    (label) =>
      `MATCH (r:Repository {uid: $slotUid}) WHERE r.commitSha IS NULL ` +
      `MATCH (n:${label} {tenantId: $tenantId, repoId: $slotId}) WITH n LIMIT $limit DELETE n RETURN count(*) AS deleted`,
  ),
  // Links to other repositories are the linker's (cross-repository-links.ts), not the snapshot's: left out of its live graph.
  liveRelationships: byShape(
    (shape) =>
      `MATCH ${source(shape)}-[e:${shape.type}]->(b:${shape.to}) WHERE e.crossRepository IS NULL ` +
      `RETURN collect([a.uid, b.uid, properties(e)]) AS elements`,
  ),
  // The endpoints are looked up by label and uid (the uniqueness constraint's index); the type comes
  // from the fixed table too, as a value: CREATE takes a dynamic type at no cost, and one plan per
  // label pair instead of one per type saves the planning of four statements (a cold server plans slowly).
  createRelationships: new Map(
    ENDPOINTS.map((endpoints) => {
      const [from, to] = endpoints.split('->');
      return [
        endpoints,
        `UNWIND $rows AS row MATCH (a:${from} {uid: row.fromUid${inSlot(from)}}), (b:${to} {uid: row.toUid, repoId: $slotId}) ` +
          `CREATE (a)-[e:$(row.type)]->(b) SET e = row.props`,
      ];
    }),
  ),
  updateRelationships: byShape((shape) => `UNWIND $rows AS row ${matchRelationship(shape)} SET e = row.props`),
  deleteRelationships: byShape((shape) => `UNWIND $rows AS row ${matchRelationship(shape)} DELETE e`),
};
