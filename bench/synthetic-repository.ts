/**
 * A synthetic repository of typeorm's size (3,000 files, 21,000 symbols, ~110,000 relationships),
 * deterministic, for the Neo4j-free micro-benchmarks. Rows are shared between runs as the indexer
 * shares them: symbol rows of unchanged files are the same objects; files, calls, imports, tests and
 * documents are new rows each run.
 */
import type { CallRow, FileRow, RepositorySnapshot, SectionRow, SymbolKind, SymbolRow } from '@lore/domain';

export const TENANT = 'bench';
export const REPOSITORY = 'typeorm';
const FILES = 3000;
const SYMBOLS_PER_FILE = 7;
const CALLS_PER_SYMBOL = 2.4;
const IMPORTS_PER_FILE = 4;
const DOCUMENTS = 100;
const SECTIONS_PER_DOCUMENT = 19;
const TEST_FILE_EVERY = 6;

/** Deterministic: the same repository on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const DIRECTORIES = ['driver/postgres', 'driver/sqlserver', 'query-builder', 'metadata-builder', 'entity-manager', 'persistence/subject'];
export const paths = Array.from({ length: FILES }, (_, i) => {
  const directory = DIRECTORIES[i % DIRECTORIES.length];
  return i % TEST_FILE_EVERY === 0
    ? `test/functional/${directory}/entity-schema-${i}/entity-schema-options-${i}.test.ts`
    : `src/${directory}/ConnectionOptionsReader${i}QueryRunner.ts`;
});

/** One file's symbols as the extractor keeps them: built once, reused while the file is unchanged. */
export function symbolsOf(fileIndex: number, fileUid: string, probe: boolean): SymbolRow[] {
  const path = paths[fileIndex]!;
  const rows: SymbolRow[] = [];
  const test = fileIndex % TEST_FILE_EVERY === 0;
  const add = (name: string, kind: SymbolKind, parent: SymbolRow | null, line: number): SymbolRow => {
    const qualifiedName = parent ? `${parent.qualifiedName}.${name}` : name;
    const row: SymbolRow = {
      uid: `${TENANT}:${REPOSITORY}:${path}#${qualifiedName}`,
      fileUid,
      parentUid: parent?.uid ?? null,
      kind,
      name,
      qualifiedName,
      nameTokens: qualifiedName.toLowerCase().replace(/\./g, ' '),
      path,
      language: 'typescript',
      signature: `${name}(queryRunner: QueryRunner, options?: FindManyOptions<Entity>): Promise<void>`,
      doc: line % 3 === 0 ? `Loads ${name} of the given entity and its relations.` : null,
      startLine: line,
      endLine: line + 12,
      exported: parent === null,
      complexity: kind === 'method' || kind === 'function' ? (line % 7) + 1 : null,
    };
    rows.push(row);
    return row;
  };
  const owner = add(
    test ? `EntitySchemaOptions${fileIndex}Suite` : `ConnectionOptionsReader${fileIndex}`,
    test ? 'test' : 'class',
    null,
    3,
  );
  for (let m = 1; m < SYMBOLS_PER_FILE; m++)
    add(`${test ? 'shouldLoad' : 'load'}Relations${m}Async`, test ? 'test' : 'method', owner, 3 + 14 * m);
  if (probe) add('loreBenchProbe', 'function', null, 200);
  return rows;
}

/** The two snapshots of a run: from syntax (calls by name) and exact (calls by the compiler). */
export function snapshotsOf(symbolRows: SymbolRow[][], changed: number): { syntactic: RepositorySnapshot; exact: RepositorySnapshot } {
  const fileUid = (path: string): string => `${TENANT}:${REPOSITORY}:${path}`;
  const files: FileRow[] = paths.map((path, i) => ({
    uid: fileUid(path),
    path,
    language: 'typescript',
    contentHash: `${i === changed ? 'changed' : 'original'}-${i.toString(16).padStart(8, '0')}`,
    lines: i === changed ? 203 : 100,
    bytes: i === changed ? 7100 : 7000,
    isTest: i % TEST_FILE_EVERY === 0,
    blocked: false,
  }));
  const symbols = symbolRows.flat();
  const exactCalls: CallRow[] = [];
  const syntacticCalls: CallRow[] = [];
  symbolRows.forEach((rows, fileIndex) =>
    rows.forEach((caller, symbolIndex) => {
      if (caller.parentUid === null) return;
      // Per caller: a change elsewhere does not move its calls.
      const pick = random(fileIndex * 64 + symbolIndex);
      const count = Math.round(CALLS_PER_SYMBOL * (SYMBOLS_PER_FILE / (SYMBOLS_PER_FILE - 1)) * 2 * pick());
      for (let c = 0; c < count; c++) {
        const callee = symbolRows[Math.floor(pick() * FILES)]![Math.floor(pick() * SYMBOLS_PER_FILE)]!;
        if (callee === caller) continue;
        const line = caller.startLine + 1 + c;
        exactCalls.push({ callerUid: caller.uid, calleeUid: callee.uid, line, count: 1 + (c % 2), confidence: 'exact' });
        if (c % 5 !== 4)
          syntacticCalls.push({ callerUid: caller.uid, calleeUid: callee.uid, line, count: 1 + (c % 2), confidence: 'name' });
      }
    }),
  );
  const imports = files.flatMap((file, i) =>
    Array.from({ length: IMPORTS_PER_FILE }, (_, k) => ({
      fromUid: file.uid,
      toUid: files[(i + 1 + k * 37) % FILES]!.uid,
      names: [`ConnectionOptionsReader${(i + 1 + k * 37) % FILES}`, 'QueryRunner'],
    })),
  );
  const inheritance = symbolRows.flatMap((rows, i) =>
    i % 3 === 0
      ? [
          {
            fromUid: rows[0]!.uid,
            toUid: symbolRows[(i + 3) % FILES]![0]!.uid,
            kind: i % 2 ? ('EXTENDS' as const) : ('IMPLEMENTS' as const),
          },
        ]
      : [],
  );
  const tests = exactCalls
    .filter((call) => call.callerUid.startsWith(`${TENANT}:${REPOSITORY}:test/`))
    .map((call, i) => ({ testUid: call.callerUid, targetUid: call.calleeUid, via: i % 3 ? ('direct' as const) : ('helper' as const) }));
  const documents = Array.from({ length: DOCUMENTS }, (_, d) => ({
    uid: `${TENANT}:${REPOSITORY}:docs/guides/${d}/working-with-entity-manager.md`,
    fileUid: fileUid(`docs/guides/${d}/working-with-entity-manager.md`),
    path: `docs/guides/${d}/working-with-entity-manager.md`,
    title: `Working with EntityManager ${d}`,
    kind: 'doc' as const,
  }));
  const sections: SectionRow[] = documents.flatMap((document) =>
    Array.from({ length: SECTIONS_PER_DOCUMENT }, (_, s) => ({
      uid: `${document.uid}#section-${s}-how-to-use-entity-manager`,
      documentUid: document.uid,
      title: `How to use EntityManager ${s}`,
      level: 2,
      startLine: 10 * s + 1,
      endLine: 10 * s + 10,
    })),
  );
  const mentions = sections.flatMap((section, s) =>
    s % 2 === 0
      ? [{ sectionUid: section.uid, targetUid: symbolRows[(s * 11) % FILES]![s % SYMBOLS_PER_FILE]!.uid, targetKind: 'symbol' as const }]
      : [],
  );
  const syntactic: RepositorySnapshot = {
    tenantId: TENANT,
    repositoryId: REPOSITORY,
    rootPath: '/repos/typeorm',
    commitSha: `commit-${changed}`,
    defaultBranch: 'master',
    url: null,
    gitPrefix: '',
    files,
    symbols,
    calls: syntacticCalls,
    imports,
    inheritance,
    tests: [],
    documents,
    sections,
    mentions,
    skipped: [],
    languageServers: [],
    chunks: [],
    secretsFound: 0,
    packages: [],
    externalReferences: { imports: [], calls: [], inheritance: [] },
  };
  return { syntactic, exact: { ...syntactic, calls: exactCalls, tests } };
}
