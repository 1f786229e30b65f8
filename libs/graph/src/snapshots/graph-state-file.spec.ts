import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyState, GraphStateFile, setRelationship, type GraphState } from './graph-state-file';
import { NODE_LABELS, RELATIONSHIPS } from './snapshot-graph';

type Module = typeof import('./graph-state-file');

/** A fresh copy of the module: nothing remembered in memory, as in a new process. */
function inNewProcess(): Module {
  let module!: Module;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    module = require('./graph-state-file') as Module;
  });
  return module;
}

/** Everything a state holds, in its order: equal only for the same state. */
function contents(state: GraphState | null): unknown {
  if (state === null) return null;
  return {
    nodes: [...state.nodes].map(([label, byUid]) => [label, [...byUid]]),
    relationships: state.relationships.map((byFrom) => [...byFrom].map(([fromUid, byTo]) => [fromUid, [...byTo]])),
  };
}

const shape = (type: string, to: string): number => RELATIONSHIPS.findIndex((r) => r.type === type && r.to === to);

/** Uids with separators, NUL, accents, astral and lone surrogates; hashes shared as relationship hashes are. */
function sampleState(): GraphState {
  const state = emptyState();
  const repository = 't:r';
  const files = ['t:r:src/a|b.ts', 't:r:src/nul\0.ts', 't:r:src/ünïcødé/😀.ts'];
  const symbols = ['t:r:src/a|b.ts#A', 't:r:src/a|b.ts#A.run', 't:r:src/nul\0.ts#B', 't:r:src/ünïcødé/😀.ts#\ud800', 't:r:"quoted"\\#C'];
  files.forEach((uid, i) => state.nodes.get('File')!.set(uid, `file-hash-${i}`));
  symbols.forEach((uid, i) => state.nodes.get('Symbol')!.set(uid, `symbol-hash-${i}`));
  state.nodes.get('Document')!.set('t:r:README.md', 'document-hash');
  state.nodes.get('Section')!.set('t:r:README.md#usage', 'section-hash');
  for (const file of files) setRelationship(state.relationships[shape('CONTAINS', 'File')]!, repository, file, 'no-properties');
  setRelationship(state.relationships[shape('DECLARES', 'Symbol')]!, files[0]!, symbols[0]!, 'no-properties');
  setRelationship(state.relationships[shape('DECLARES', 'Symbol')]!, files[0]!, symbols[1]!, 'no-properties');
  setRelationship(state.relationships[shape('HAS_MEMBER', 'Symbol')]!, symbols[0]!, symbols[1]!, 'no-properties');
  symbols.forEach((callee, i) => setRelationship(state.relationships[shape('CALLS', 'Symbol')]!, symbols[1]!, callee, `call-${i % 2}`));
  setRelationship(state.relationships[shape('CALLS', 'Symbol')]!, symbols[3]!, symbols[4]!, 'call-0');
  setRelationship(state.relationships[shape('IMPORTS', 'File')]!, files[1]!, files[2]!, 'import-|\0');
  setRelationship(state.relationships[shape('HAS_SECTION', 'Section')]!, 't:r:README.md', 't:r:README.md#usage', 'no-properties');
  setRelationship(state.relationships[shape('MENTIONS', 'File')]!, 't:r:README.md#usage', files[2]!, 'no-properties');
  return state;
}

/** The next run's state, as diffSnapshot makes it: unchanged sources keep their maps, one source's change in a new one. */
function nextState(last: GraphState, run: number): GraphState {
  const state = emptyState();
  for (const [label, byUid] of last.nodes) state.nodes.set(label, new Map(byUid));
  state.nodes.get('Symbol')!.set(`t:r:src/new-${run}.ts#N`, `new-hash-${run}`);
  state.relationships = last.relationships.map((byFrom) => new Map(byFrom));
  const calls = state.relationships[shape('CALLS', 'Symbol')]!;
  const [fromUid, byTo] = [...calls][0]!;
  calls.set(fromUid, new Map(byTo).set(`t:r:src/new-${run}.ts#N`, `call-${run}`));
  return state;
}

describe('GraphStateFile', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lore-graph-state-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const stateFile = (module: Module = inNewProcess(), cacheDir = dir): GraphStateFile =>
    new module.GraphStateFile(cacheDir, 'db', 't', 'r');
  const fileOnDisk = (): string => join(dir, 'graph-state', readdirSync(join(dir, 'graph-state'))[0]!);

  it('gives a new process the state it was written with, exactly', () => {
    const state = sampleState();
    stateFile().write('v1', state);
    expect(contents(stateFile().read('v1'))).toStrictEqual(contents(state));
  });

  it('gives the state in the process that wrote it without reading the file', () => {
    const module = inNewProcess();
    const state = sampleState();
    stateFile(module).write('v1', state);
    rmSync(fileOnDisk());
    expect(stateFile(module).read('v1')).toBe(state);
  });

  it('gives the last state of a long-lived process exactly, run after run, however its strings table has grown', () => {
    const module = inNewProcess();
    let state = sampleState();
    for (let run = 1; run <= 12; run++) {
      state = nextState(state, run);
      stateFile(module).write(`v${run}`, state);
      expect(contents(stateFile().read(`v${run}`))).toStrictEqual(contents(state));
    }
  });

  it('drops the strings a long-lived process no longer uses', () => {
    const module = inNewProcess();
    const renamed = (run: number): GraphState => {
      const state = emptyState();
      state.nodes.get('File')!.set('t:r:src/a.ts', `file-hash-${run}`);
      state.nodes.get('Symbol')!.set(`t:r:src/a.ts#Renamed${run}`, 'symbol-hash');
      setRelationship(state.relationships[shape('DECLARES', 'Symbol')]!, 't:r:src/a.ts', `t:r:src/a.ts#Renamed${run}`, 'no-properties');
      return state;
    };
    for (let run = 1; run <= 20; run++) stateFile(module).write(`v${run}`, renamed(run));
    expect(contents(stateFile().read('v20'))).toStrictEqual(contents(renamed(20)));
    const { strings } = JSON.parse(readFileSync(fileOnDisk(), 'utf8')) as { strings: string[] };
    // 3 in use; the table is made anew once it has grown by half.
    expect(strings.length).toBeLessThan(2 * 3);
  });

  it('gives an empty state back', () => {
    stateFile().write('v1', emptyState());
    expect(contents(stateFile().read('v1'))).toStrictEqual(contents(emptyState()));
  });

  it('refuses another version', () => {
    stateFile().write('v1', sampleState());
    expect(stateFile().read('v2')).toBeNull();
  });

  it('refuses no file', () => {
    expect(stateFile().read('v1')).toBeNull();
  });

  it('refuses a truncated or corrupt file', () => {
    stateFile().write('v1', sampleState());
    const text = readFileSync(fileOnDisk(), 'utf8');
    const stored = JSON.parse(text) as { nodes: unknown[][]; relationships: number[][]; format: string };
    const corrupt = [
      text.slice(0, text.length / 2),
      text.slice(0, -1),
      '',
      'null',
      '[]',
      JSON.stringify({ ...stored, format: `${stored.format} ` }),
      JSON.stringify({ ...stored, nodes: stored.nodes.slice(1) }),
      JSON.stringify({ ...stored, nodes: [[999, 'hash'], ...stored.nodes.slice(1)] }),
      JSON.stringify({ ...stored, nodes: [[0, 7], ...stored.nodes.slice(1)] }),
      JSON.stringify({ ...stored, relationships: [[0, 99, 1, 1], ...stored.relationships.slice(1)] }),
      JSON.stringify({ ...stored, relationships: [[0, 1, 1, 999], ...stored.relationships.slice(1)] }),
    ];
    for (const variant of corrupt) {
      writeFileSync(fileOnDisk(), variant);
      expect(stateFile().read('v1')).toBeNull();
    }
  });

  it('refuses a file of the earlier format', () => {
    stateFile().write('v1', sampleState());
    const earlier = {
      version: 'v1',
      nodes: [['File', 't:r:src/a.ts', 'file-hash']],
      relationships: [[0, 't:r', 't:r:src/a.ts', 'no-properties']],
    };
    writeFileSync(fileOnDisk(), JSON.stringify(earlier));
    expect(stateFile().read('v1')).toBeNull();
  });

  it('refuses a file written under other node labels or relationship shapes', () => {
    stateFile().write('v1', sampleState());
    const stored = JSON.parse(readFileSync(fileOnDisk(), 'utf8')) as { format: string };
    const tables = JSON.stringify([NODE_LABELS, RELATIONSHIPS]);
    expect(stored.format).toContain(tables);
    writeFileSync(fileOnDisk(), JSON.stringify({ ...stored, format: stored.format.replace(tables, JSON.stringify([NODE_LABELS, []])) }));
    expect(stateFile().read('v1')).toBeNull();
  });

  it("writes nothing with the cache 'off'", () => {
    let module!: Module;
    let atomicWrites!: jest.SpyInstance;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      atomicWrites = jest.spyOn(require('write-file-atomic') as { sync: () => void }, 'sync');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      module = require('./graph-state-file') as Module;
    });
    stateFile(module, 'off').write('v1', sampleState());
    expect(atomicWrites).not.toHaveBeenCalled();
    expect(stateFile(module, 'off').read('v1')).toBeNull();
    atomicWrites.mockRestore();
  });
});
