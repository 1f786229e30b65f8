import type { CallRow, FileRow, ImportRow, RepositorySnapshot, SymbolKind, SymbolRow } from '@lore/domain';
import { emptyState } from './graph-state-file';
import { diffSnapshot, refinesResolvedRelationships, type SnapshotDiff } from './snapshot-diff';
import { RELATIONSHIPS, snapshotGraph, type GraphRelationship, type SnapshotGraph } from './snapshot-graph';

const file = (path: string, contentHash: string): FileRow => ({
  uid: `t:r:${path}`,
  path,
  language: 'typescript',
  contentHash,
  lines: 10,
  bytes: 100,
  isTest: path.endsWith('.test.ts'),
  blocked: false,
});

const symbol = (path: string, qualifiedName: string, kind: SymbolKind, endLine = 9): SymbolRow => {
  const parent = qualifiedName.includes('.') ? qualifiedName.slice(0, qualifiedName.lastIndexOf('.')) : null;
  return {
    uid: `t:r:${path}#${qualifiedName}`,
    fileUid: `t:r:${path}`,
    parentUid: parent === null ? null : `t:r:${path}#${parent}`,
    kind,
    name: qualifiedName.split('.').pop()!,
    qualifiedName,
    nameTokens: qualifiedName.toLowerCase(),
    path,
    language: 'typescript',
    signature: null,
    doc: null,
    startLine: 1,
    endLine,
    exported: true,
    complexity: null,
  };
};

const call = (caller: string, callee: string, confidence: CallRow['confidence'], line = 3, count = 1): CallRow => ({
  callerUid: `t:r:${caller}`,
  calleeUid: `t:r:${callee}`,
  line,
  count,
  confidence,
});
const imported = (from: string, to: string, names: string[]): ImportRow => ({ fromUid: `t:r:${from}`, toUid: `t:r:${to}`, names });

const snapshot = (parts: Partial<RepositorySnapshot>): RepositorySnapshot => ({
  tenantId: 't',
  repositoryId: 'r',
  rootPath: '/r',
  commitSha: 'c',
  defaultBranch: null,
  url: null,
  gitPrefix: null,
  files: [],
  symbols: [],
  calls: [],
  imports: [],
  inheritance: [],
  tests: [],
  documents: [],
  sections: [],
  mentions: [],
  skipped: [],
  languageServers: [],
  chunks: [],
  secretsFound: 0,
  packages: [],
  externalReferences: { imports: [], calls: [], inheritance: [] },
  ...parts,
});

const documents = {
  documents: [{ uid: 't:r:README.md', fileUid: 't:r:README.md', path: 'README.md', title: 'R', kind: 'readme' as const }],
  sections: [{ uid: 't:r:README.md#usage', documentUid: 't:r:README.md', title: 'Usage', level: 2, startLine: 1, endLine: 5 }],
  mentions: [{ sectionUid: 't:r:README.md#usage', targetUid: 't:r:a.ts#A', targetKind: 'symbol' as const }],
};

/** What the live graph holds: an exact run's snapshot. */
const before = snapshot({
  files: [file('a.ts', 'a1'), file('a.test.ts', 't1'), file('b.ts', 'b1'), file('c.ts', 'c1')],
  symbols: [
    symbol('a.ts', 'A', 'class'),
    symbol('a.ts', 'A.m', 'method'),
    symbol('a.test.ts', 'T', 'test'),
    symbol('b.ts', 'B', 'class'),
    symbol('c.ts', 'C', 'function'),
  ],
  calls: [
    call('a.ts#A.m', 'b.ts#B', 'exact'),
    call('a.ts#A.m', 'c.ts#C', 'exact'),
    call('a.test.ts#T', 'a.ts#A.m', 'exact'),
    call('b.ts#B', 'a.ts#A.m', 'exact', 5),
    call('c.ts#C', 'a.ts#A', 'exact'),
  ],
  imports: [imported('a.ts', 'b.ts', ['B']), imported('b.ts', 'a.ts', ['A']), imported('c.ts', 'a.ts', ['A'])],
  inheritance: [
    { fromUid: 't:r:a.ts#A', toUid: 't:r:b.ts#B', kind: 'EXTENDS' },
    { fromUid: 't:r:c.ts#C', toUid: 't:r:a.ts#A', kind: 'IMPLEMENTS' },
  ],
  tests: [{ testUid: 't:r:a.test.ts#T', targetUid: 't:r:a.ts#A.m', via: 'direct' }],
  ...documents,
});

/** A syntactic snapshot after b.ts changed, c.ts was deleted and d.ts added: calls by name, no inheritance or tests. */
const after = snapshot({
  files: [file('a.ts', 'a1'), file('a.test.ts', 't1'), file('b.ts', 'b2'), file('d.ts', 'd1')],
  symbols: [
    symbol('a.ts', 'A', 'class'),
    symbol('a.ts', 'A.m', 'method'),
    symbol('a.test.ts', 'T', 'test'),
    symbol('b.ts', 'B', 'class', 12),
    symbol('d.ts', 'D', 'function'),
  ],
  calls: [
    call('a.ts#A.m', 'b.ts#B', 'name'),
    call('a.ts#A.m', 'd.ts#D', 'name'),
    call('a.test.ts#T', 'a.ts#A.m', 'name'),
    call('b.ts#B', 'a.ts#A.m', 'name', 6, 2),
    call('d.ts#D', 'b.ts#B', 'name'),
  ],
  imports: [imported('a.ts', 'b.ts', ['B']), imported('b.ts', 'a.ts', ['A', 'm']), imported('d.ts', 'b.ts', ['B'])],
  ...documents,
});

const live = diffSnapshot(before, snapshotGraph(before), emptyState(), { keepResolvedEdgesOfUnchangedFiles: false }).state;

const short = (uid: string): string => uid.replace(/^t:r:?/, '') || 'repository';

/** The diff as sorted lines: the order rows are written in is not part of what is written. */
function described(diff: SnapshotDiff): Record<string, string[]> {
  const nodes = (map: Map<string, { uid: string }[] | string[]>): string[] =>
    [...map].flatMap(([label, rows]) => rows.map((row) => `${label} ${short(typeof row === 'string' ? row : row.uid)}`)).sort();
  const relationships = (rows: { shape: { type: string }; fromUid: string; toUid: string }[]): string[] =>
    rows.map(({ shape, fromUid, toUid }) => `${shape.type} ${short(fromUid)} -> ${short(toUid)}`).sort();
  return {
    nodeCreates: nodes(diff.nodeCreates),
    nodeUpdates: nodes(diff.nodeUpdates),
    nodeDeletes: nodes(diff.nodeDeletes),
    relationshipCreates: relationships([...diff.relationshipCreates.values()].flat()),
    relationshipUpdates: relationships([...diff.relationshipUpdates.values()].flat()),
    relationshipDeletes: relationships([...diff.relationshipDeletes].flatMap(([shape, rows]) => rows.map((row) => ({ shape, ...row })))),
  };
}

const nothing = {
  nodeCreates: [],
  nodeUpdates: [],
  nodeDeletes: [],
  relationshipCreates: [],
  relationshipUpdates: [],
  relationshipDeletes: [],
};

describe('diffSnapshot', () => {
  it('creates what is new, updates what changed, deletes what is gone with its relationships, and leaves the rest', () => {
    const diff = diffSnapshot(after, snapshotGraph(after), live, { keepResolvedEdgesOfUnchangedFiles: false });
    expect(described(diff)).toEqual({
      nodeCreates: ['File d.ts', 'Symbol d.ts#D'],
      nodeUpdates: ['File b.ts', 'Symbol b.ts#B'],
      nodeDeletes: ['File c.ts', 'Symbol c.ts#C'],
      relationshipCreates: [
        'CALLS a.ts#A.m -> d.ts#D',
        'CALLS d.ts#D -> b.ts#B',
        'CONTAINS repository -> d.ts',
        'DECLARES d.ts -> d.ts#D',
        'IMPORTS d.ts -> b.ts',
      ],
      relationshipUpdates: [
        'CALLS a.test.ts#T -> a.ts#A.m',
        'CALLS a.ts#A.m -> b.ts#B',
        'CALLS b.ts#B -> a.ts#A.m',
        'IMPORTS b.ts -> a.ts',
      ],
      relationshipDeletes: [
        'CALLS a.ts#A.m -> c.ts#C',
        'CALLS c.ts#C -> a.ts#A',
        'CONTAINS repository -> c.ts',
        'DECLARES c.ts -> c.ts#C',
        'EXTENDS a.ts#A -> b.ts#B',
        'IMPLEMENTS c.ts#C -> a.ts#A',
        'IMPORTS c.ts -> a.ts',
        'TESTS a.test.ts#T -> a.ts#A.m',
      ],
    });
    const updated = [...diff.relationshipUpdates.values()].flat().find((row) => row.fromUid === 't:r:b.ts#B')!;
    expect(updated.props).toEqual({ line: 6, count: 2, confidence: 'name' });
    expect(diff.nodeUpdates.get('Symbol')![0]!.props).toMatchObject({ uid: 't:r:b.ts#B', endLine: 12, tenantId: 't', repoId: 'r' });
  });

  it('keeps the live resolved edges of symbols of unchanged files, unless their target is gone', () => {
    const diff = diffSnapshot(after, snapshotGraph(after), live, { keepResolvedEdgesOfUnchangedFiles: true });
    expect(described(diff)).toEqual({
      nodeCreates: ['File d.ts', 'Symbol d.ts#D'],
      nodeUpdates: ['File b.ts', 'Symbol b.ts#B'],
      nodeDeletes: ['File c.ts', 'Symbol c.ts#C'],
      // a.ts's new call to D is not taken: a.ts keeps its resolved edges as they are.
      relationshipCreates: ['CALLS d.ts#D -> b.ts#B', 'CONTAINS repository -> d.ts', 'DECLARES d.ts -> d.ts#D', 'IMPORTS d.ts -> b.ts'],
      relationshipUpdates: ['CALLS b.ts#B -> a.ts#A.m', 'IMPORTS b.ts -> a.ts'],
      relationshipDeletes: [
        'CALLS a.ts#A.m -> c.ts#C',
        'CALLS c.ts#C -> a.ts#A',
        'CONTAINS repository -> c.ts',
        'DECLARES c.ts -> c.ts#C',
        'IMPLEMENTS c.ts#C -> a.ts#A',
        'IMPORTS c.ts -> a.ts',
      ],
    });

    // The state it leaves is the graph it writes: the same snapshot again writes nothing.
    expect(described(diffSnapshot(after, snapshotGraph(after), diff.state, { keepResolvedEdgesOfUnchangedFiles: true }))).toEqual(nothing);
    // The exact snapshot that follows finds the kept edges as it would have written them.
    const exact = snapshot({
      ...after,
      calls: [
        call('a.ts#A.m', 'b.ts#B', 'exact'),
        call('a.test.ts#T', 'a.ts#A.m', 'exact'),
        call('b.ts#B', 'a.ts#A.m', 'exact', 6, 2),
        call('d.ts#D', 'b.ts#B', 'exact'),
      ],
      inheritance: [{ fromUid: 't:r:a.ts#A', toUid: 't:r:b.ts#B', kind: 'EXTENDS' }],
      tests: [{ testUid: 't:r:a.test.ts#T', targetUid: 't:r:a.ts#A.m', via: 'direct' }],
    });
    expect(described(diffSnapshot(exact, snapshotGraph(exact), diff.state, { keepResolvedEdgesOfUnchangedFiles: false }))).toEqual({
      ...nothing,
      relationshipUpdates: ['CALLS b.ts#B -> a.ts#A.m', 'CALLS d.ts#D -> b.ts#B'],
    });
  });

  it('writes nothing for an unchanged snapshot, and deletes everything for an empty one', () => {
    expect(described(diffSnapshot(before, snapshotGraph(before), live, { keepResolvedEdgesOfUnchangedFiles: false }))).toEqual(nothing);
    const emptied = snapshot({});
    const diff = diffSnapshot(emptied, snapshotGraph(emptied), live, { keepResolvedEdgesOfUnchangedFiles: true });
    expect(diff.nodeDeletes.get('Symbol')!.sort()).toEqual(['t:r:a.test.ts#T', 't:r:a.ts#A', 't:r:a.ts#A.m', 't:r:b.ts#B', 't:r:c.ts#C']);
    expect(described(diff).relationshipDeletes).toHaveLength(snapshotGraph(before).relationships.length);
    expect(described(diffSnapshot(emptied, snapshotGraph(emptied), diff.state, { keepResolvedEdgesOfUnchangedFiles: false }))).toEqual(
      nothing,
    );
  });

  it('compares a source whose relationships are apart, or repeated, like any other, and leaves the live state as it was', () => {
    const calls = RELATIONSHIPS.find((shape) => shape.type === 'CALLS')!;
    const edge = (from: string, to: string, hash: string): GraphRelationship => ({
      shape: calls,
      fromUid: from,
      toUid: to,
      props: {},
      hash,
    });
    const graphOf = (...relationships: GraphRelationship[]): SnapshotGraph => ({ nodes: [], relationships });
    const none = snapshot({});
    const diff = (graph: SnapshotGraph, from: typeof live): SnapshotDiff =>
      diffSnapshot(none, graph, from, { keepResolvedEdgesOfUnchangedFiles: false });
    const first = graphOf(edge('x', 'a', '1'), edge('x', 'b', '1'), edge('y', 'a', '1'));
    const state = diff(first, emptyState()).state;

    const apart = graphOf(edge('x', 'a', '1'), edge('y', 'a', '1'), edge('x', 'b', '1'));
    expect(described(diff(apart, state))).toEqual(nothing);
    const changedLater = graphOf(edge('x', 'a', '1'), edge('x', 'b', '1'), edge('y', 'a', '1'), edge('x', 'b', '2'));
    const changed = diff(changedLater, state);
    expect(described(changed)).toEqual({ ...nothing, relationshipUpdates: ['CALLS x -> b'] });
    const asChanged = graphOf(edge('y', 'a', '1'), edge('x', 'b', '2'), edge('x', 'a', '1'));
    expect(described(diff(asChanged, changed.state))).toEqual(nothing);
    const repeated = graphOf(edge('x', 'a', '1'), edge('x', 'a', '1'), edge('y', 'a', '1'));
    expect(described(diff(repeated, state))).toEqual({ ...nothing, relationshipDeletes: ['CALLS x -> b'] });

    // The state compared against is not changed by any of it.
    expect(described(diff(first, state))).toEqual(nothing);
    expect(described(diff(graphOf(), state)).relationshipDeletes).toEqual(['CALLS x -> a', 'CALLS x -> b', 'CALLS y -> a']);
  });
});

describe('refinesResolvedRelationships', () => {
  const diff = (next: RepositorySnapshot): SnapshotDiff =>
    diffSnapshot(next, snapshotGraph(next), live, { keepResolvedEdgesOfUnchangedFiles: false });

  it('holds for the same files with other calls, tests and inheritance (the exact pass after the queryable one)', () => {
    const syntactic = snapshot({ ...before, calls: before.calls.map((row) => ({ ...row, confidence: 'name' as const })), tests: [] });
    expect(refinesResolvedRelationships(diff(syntactic))).toBe(true);
    expect(refinesResolvedRelationships(diff(before))).toBe(true);
  });

  it('does not hold when a node or a declared relationship changes', () => {
    expect(refinesResolvedRelationships(diff(after))).toBe(false);
    expect(refinesResolvedRelationships(diff(snapshot({ ...before, imports: before.imports.slice(1) })))).toBe(false);
  });
});
