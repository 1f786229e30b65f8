import { hash as digest } from 'node:crypto';
import { enclosedBodies, repositoryUid, type RepositorySnapshot } from '@lore/domain';

/**
 * A repository snapshot as graph elements: nodes keyed by uid, relationships keyed by type and
 * endpoints, each with a hash of its properties so that two snapshots can be compared element by
 * element. Labels and types come from the tables below, never from input.
 */
export const NODE_LABELS = ['File', 'Symbol', 'Document', 'Section'] as const;
export type NodeLabel = (typeof NODE_LABELS)[number];

export const RELATIONSHIPS = [
  { type: 'CONTAINS', from: 'Repository', to: 'File' },
  { type: 'DECLARES', from: 'File', to: 'Symbol' },
  { type: 'HAS_MEMBER', from: 'Symbol', to: 'Symbol' },
  { type: 'CALLS', from: 'Symbol', to: 'Symbol' },
  { type: 'IMPORTS', from: 'File', to: 'File' },
  { type: 'EXTENDS', from: 'Symbol', to: 'Symbol' },
  { type: 'IMPLEMENTS', from: 'Symbol', to: 'Symbol' },
  { type: 'TESTS', from: 'Symbol', to: 'Symbol' },
  { type: 'HAS_SECTION', from: 'Document', to: 'Section' },
  { type: 'MENTIONS', from: 'Section', to: 'Symbol' },
  { type: 'MENTIONS', from: 'Section', to: 'File' },
  { type: 'ENCLOSES', from: 'Symbol', to: 'Symbol' },
  // Last: the graph state files shapes by index. Calls made by module-level code (it runs when the file loads).
  { type: 'CALLS', from: 'File', to: 'Symbol' },
] as const;
export type RelationshipShape = (typeof RELATIONSHIPS)[number];

/** The label pairs relationships join, each once; relationships of one pair are created by one statement. */
export const ENDPOINTS: readonly string[] = [...new Set(RELATIONSHIPS.map((shape) => endpointsOf(shape)))];

export function endpointsOf(shape: RelationshipShape): string {
  return `${shape.from}->${shape.to}`;
}

export interface GraphNode {
  label: NodeLabel;
  uid: string;
  props: Record<string, unknown>;
  hash: string;
}

export interface GraphRelationship {
  shape: RelationshipShape;
  fromUid: string;
  toUid: string;
  props: Record<string, unknown>;
  hash: string;
}

export interface SnapshotGraph {
  nodes: GraphNode[];
  relationships: GraphRelationship[];
}

/** A relationship's shape as its index in RELATIONSHIPS: how the graph state files them. */
export const SHAPE_INDEXES: ReadonlyMap<RelationshipShape, number> = new Map(RELATIONSHIPS.map((shape, index) => [shape, index]));

const shape = (type: string, from: string, to: string): RelationshipShape =>
  RELATIONSHIPS.find((r) => r.type === type && r.from === from && r.to === to)!;
const CONTAINS = shape('CONTAINS', 'Repository', 'File');
const DECLARES = shape('DECLARES', 'File', 'Symbol');
const HAS_MEMBER = shape('HAS_MEMBER', 'Symbol', 'Symbol');
const CALLS = shape('CALLS', 'Symbol', 'Symbol');
const MODULE_CALLS = shape('CALLS', 'File', 'Symbol');
const IMPORTS = shape('IMPORTS', 'File', 'File');
const INHERITANCE = { EXTENDS: shape('EXTENDS', 'Symbol', 'Symbol'), IMPLEMENTS: shape('IMPLEMENTS', 'Symbol', 'Symbol') };
const TESTS = shape('TESTS', 'Symbol', 'Symbol');
const HAS_SECTION = shape('HAS_SECTION', 'Document', 'Section');
const MENTIONS = { symbol: shape('MENTIONS', 'Section', 'Symbol'), file: shape('MENTIONS', 'Section', 'File') };
const ENCLOSES = shape('ENCLOSES', 'Symbol', 'Symbol');

/**
 * Nodes by the row they were made from (a row's uid names its repository). Rows are not changed once
 * read, and a long-lived process meets the same symbol rows run after run (the per-file results it
 * keeps): making and hashing their nodes once is most of the cost of comparing an unchanged
 * repository with its graph.
 */
const nodesByRow = new WeakMap<object, GraphNode>();
/** Relationship properties, shared by every relationship that has them: never changed. */
interface Properties {
  props: Record<string, unknown>;
  hash: string;
}
const NO_PROPERTIES: Properties = { props: Object.freeze({}), hash: hashOf({}) };

/**
 * Relationship properties by their values. Relationship rows are new each run, their values mostly
 * are not (a call's line, count and confidence): a lookup instead of an object and a sha1 per row.
 */
class PropertiesByValue {
  private static readonly LIMIT = 1 << 16;
  private readonly known = new Map<string, Properties>();

  get(key: string): Properties | undefined {
    return this.known.get(key);
  }

  /** `key` stands for `props`: the same key only ever for the same properties. */
  add(key: string, props: Record<string, unknown>): Properties {
    if (this.known.size >= PropertiesByValue.LIMIT) this.known.clear();
    const properties = { props, hash: hashOf(props) };
    this.known.set(key, properties);
    return properties;
  }
}
const callProperties = new PropertiesByValue();
const importProperties = new PropertiesByValue();
const testProperties = new PropertiesByValue();

export function snapshotGraph(snapshot: RepositorySnapshot): SnapshotGraph {
  const owner = { tenantId: snapshot.tenantId, repoId: snapshot.repositoryId };
  const nodes: GraphNode[] = [];
  const node = (label: NodeLabel, row: object, props: () => { uid: string }): GraphNode => {
    const full = { ...props(), ...owner };
    const made = { label, uid: full.uid, props: full, hash: hashOf(full) };
    nodesByRow.set(row, made);
    return made;
  };
  const relationships: GraphRelationship[] = [];
  const relate = (shape: RelationshipShape, fromUid: string, toUid: string, { props, hash }: Properties = NO_PROPERTIES): void => {
    relationships.push({ shape, fromUid, toUid, props, hash });
  };

  const repository = repositoryUid(snapshot.tenantId, snapshot.repositoryId);
  for (const file of snapshot.files) {
    nodes.push(nodesByRow.get(file) ?? node('File', file, () => file));
    relate(CONTAINS, repository, file.uid);
  }
  for (const row of snapshot.symbols) {
    nodes.push(
      nodesByRow.get(row) ??
        node('Symbol', row, () => {
          const { fileUid: _fileUid, parentUid: _parentUid, ...symbol } = row;
          return symbol;
        }),
    );
    relate(DECLARES, row.fileUid, row.uid);
  }
  // Apart from DECLARES: relationships of one shape and source in one run are compared at once (see diffSnapshot).
  for (const row of snapshot.symbols) if (row.parentUid !== null) relate(HAS_MEMBER, row.parentUid, row.uid);
  for (const document of snapshot.documents) nodes.push(nodesByRow.get(document) ?? node('Document', document, () => document));
  const documentPaths = new Map(snapshot.documents.map((document) => [document.uid, document.path]));
  for (const row of snapshot.sections) {
    const path = documentPaths.get(row.documentUid);
    const known = nodesByRow.get(row);
    nodes.push(
      // The row alone does not make the node: its path is its document's.
      known !== undefined && known.props.path === path
        ? known
        : node('Section', row, () => {
            const { documentUid: _documentUid, ...section } = row;
            return { ...section, path };
          }),
    );
    relate(HAS_SECTION, row.documentUid, row.uid);
  }
  const fileUids = new Set(snapshot.files.map((file) => file.uid));
  for (const call of snapshot.calls) {
    const key = `${call.line}:${call.count}:${call.confidence}`;
    const properties =
      callProperties.get(key) ?? callProperties.add(key, { line: call.line, count: call.count, confidence: call.confidence });
    relate(fileUids.has(call.callerUid) ? MODULE_CALLS : CALLS, call.callerUid, call.calleeUid, properties);
  }
  for (const row of snapshot.imports) {
    // `kind` only on a deferred import: a runtime import's edge is as it always was.
    const key = JSON.stringify([row.names, row.kind ?? null]);
    const properties = { names: [...row.names], ...(row.kind && { kind: row.kind }) };
    relate(IMPORTS, row.fromUid, row.toUid, importProperties.get(key) ?? importProperties.add(key, properties));
  }
  for (const row of snapshot.inheritance) relate(INHERITANCE[row.kind], row.fromUid, row.toUid);
  for (const row of snapshot.tests) {
    relate(TESTS, row.testUid, row.targetUid, testProperties.get(row.via) ?? testProperties.add(row.via, { via: row.via }));
  }
  for (const row of snapshot.mentions) relate(MENTIONS[row.targetKind], row.sectionUid, row.targetUid);
  for (const pair of enclosedBodies(snapshot.symbols)) relate(ENCLOSES, pair.enclosingUid, pair.nestedUid);
  return { nodes, relationships };
}

/**
 * The graph as stored in a repository's second storage slot (storageSlots in @lore/domain): its nodes
 * carry the slot's id as `repoId`, and the repository's CONTAINS start at the slot's Repository node.
 * uids are the repository's in either slot.
 */
export function inStorageSlot(graph: SnapshotGraph, repositoryUid: string, slot: { slotId: string; slotUid: string }): SnapshotGraph {
  return {
    nodes: graph.nodes.map((node) => {
      const props = { ...node.props, repoId: slot.slotId };
      return { ...node, props, hash: hashOf(props) };
    }),
    relationships: graph.relationships.map((relationship) =>
      relationship.fromUid === repositoryUid ? { ...relationship, fromUid: slot.slotUid } : relationship,
    ),
  };
}

/** Same properties, same hash: keys sorted, nulls kept. */
export function hashOf(props: Record<string, unknown>): string {
  const sorted = Object.keys(props)
    .sort()
    .map((key) => [key, props[key] ?? null]);
  return digest('sha1', JSON.stringify(sorted), 'base64url');
}
