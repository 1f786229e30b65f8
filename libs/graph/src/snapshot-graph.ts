import { createHash } from 'node:crypto';
import type { RepositorySnapshot } from '@lore/domain';

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

export function relationshipKey(shape: RelationshipShape, fromUid: string, toUid: string): string {
  return `${shape.from}-${shape.type}->${shape.to}|${fromUid}|${toUid}`;
}

/**
 * Node hashes by the row they were made from. Rows are not changed once read, and a long-lived
 * process meets the same symbol rows run after run (the per-file results it keeps): hashing them
 * once is most of the cost of comparing an unchanged repository with its graph.
 */
const hashesByRow = new WeakMap<object, string>();
const EMPTY_HASH = hashOf({});

export function snapshotGraph(snapshot: RepositorySnapshot): SnapshotGraph {
  const owner = { tenantId: snapshot.tenantId, repoId: snapshot.repositoryId };
  const nodes: GraphNode[] = [];
  const node = (label: NodeLabel, props: Record<string, unknown>, row: object): void => {
    const full = { ...props, ...owner };
    let hash = hashesByRow.get(row);
    if (hash === undefined) hashesByRow.set(row, (hash = hashOf(full)));
    nodes.push({ label, uid: props.uid as string, props: full, hash });
  };
  const relationships: GraphRelationship[] = [];
  const shape = (type: string, from: string, to: string): RelationshipShape =>
    RELATIONSHIPS.find((r) => r.type === type && r.from === from && r.to === to)!;
  const relate = (s: RelationshipShape, fromUid: string, toUid: string, props?: Record<string, unknown>): void => {
    relationships.push({ shape: s, fromUid, toUid, props: props ?? {}, hash: props ? hashOf(props) : EMPTY_HASH });
  };

  const repositoryUid = `${snapshot.tenantId}:${snapshot.repositoryId}`;
  for (const file of snapshot.files) {
    node('File', { ...file }, file);
    relate(shape('CONTAINS', 'Repository', 'File'), repositoryUid, file.uid);
  }
  for (const row of snapshot.symbols) {
    const { fileUid, parentUid, ...symbol } = row;
    node('Symbol', symbol, row);
    relate(shape('DECLARES', 'File', 'Symbol'), fileUid, symbol.uid);
    if (parentUid !== null) relate(shape('HAS_MEMBER', 'Symbol', 'Symbol'), parentUid, symbol.uid);
  }
  for (const document of snapshot.documents) node('Document', { ...document }, document);
  const documentPaths = new Map(snapshot.documents.map((document) => [document.uid, document.path]));
  for (const row of snapshot.sections) {
    const { documentUid, ...section } = row;
    node('Section', { ...section, path: documentPaths.get(documentUid) }, row);
    relate(shape('HAS_SECTION', 'Document', 'Section'), documentUid, section.uid);
  }
  for (const call of snapshot.calls) {
    relate(shape('CALLS', 'Symbol', 'Symbol'), call.callerUid, call.calleeUid, {
      line: call.line,
      count: call.count,
      confidence: call.confidence,
    });
  }
  for (const row of snapshot.imports) relate(shape('IMPORTS', 'File', 'File'), row.fromUid, row.toUid, { names: row.names });
  for (const row of snapshot.inheritance) relate(shape(row.kind, 'Symbol', 'Symbol'), row.fromUid, row.toUid);
  for (const row of snapshot.tests) relate(shape('TESTS', 'Symbol', 'Symbol'), row.testUid, row.targetUid, { via: row.via });
  for (const row of snapshot.mentions) {
    relate(shape('MENTIONS', 'Section', row.targetKind === 'symbol' ? 'Symbol' : 'File'), row.sectionUid, row.targetUid);
  }
  return { nodes, relationships };
}

/** Same properties, same hash: keys sorted, nulls kept. */
export function hashOf(props: Record<string, unknown>): string {
  const sorted = Object.keys(props)
    .sort()
    .map((key) => [key, props[key] ?? null]);
  return createHash('sha1').update(JSON.stringify(sorted)).digest('base64url');
}
