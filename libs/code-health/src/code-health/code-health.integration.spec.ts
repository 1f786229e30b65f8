import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { localPrincipal, type Principal } from '@lore/domain';
import { testDriver } from '../../../../test/support/graph';
import { knowledgeWith } from '../../../../test/support/knowledge';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { CodeHealthService } from './code-health.service';

/**
 * Analysis groups the fingerprints the index stores per function body (exactFingerprint,
 * renamedFingerprint, nearMissSignature, blockFingerprints): written here directly on the indexed
 * symbols of order-service in the shape the indexer stores them, so that grouping is tested on the
 * real graph whatever the indexer computes. History is bounded by LORE_ANALYSIS_HISTORY_LIMIT.
 */
const principal: Principal = localPrincipal('health-int', 'test');
const REPOSITORY = 'health-int';

describe('code health analysis on the graph', () => {
  let driver: Driver;
  let moduleRef: TestingModule;
  let service: CodeHealthService;

  beforeAll(async () => {
    driver = testDriver();
    moduleRef = await knowledgeWith({ LORE_ANALYSIS_HISTORY_LIMIT: '2' });
    service = moduleRef.get(CodeHealthService);
    const root = join(mkdtempSync(join(tmpdir(), 'lore-health-')), REPOSITORY);
    cpSync(join(__dirname, '../../../../test/fixtures/order-service'), root, { recursive: true });
    await moduleRef.get(IndexingService).indexRepository({ path: root, repositoryId: REPOSITORY }, principal);
  }, 300_000);

  afterAll(async () => {
    await moduleRef?.close();
    await driver?.close();
  });

  const setFacts = async (name: string, facts: Record<string, unknown>) => {
    const { records } = await driver.executeQuery(
      `MATCH (s:Symbol {tenantId: 'health-int', repoId: $repo, name: $name}) SET s += $facts RETURN count(s) AS n`,
      { repo: REPOSITORY, name, facts },
    );
    expect(records[0]!.get('n')).toBe(1);
  };

  it('groups stored fingerprints into clone findings, and says what was not measured', async () => {
    const signature = Array.from({ length: 16 }, (_, index) => index);
    await setFacts('applyDiscount', { exactFingerprint: 'e1', renamedFingerprint: 'r1', bodyTokenCount: 40, nearMissSignature: signature });
    await setFacts('orderTotal', { exactFingerprint: 'e2', renamedFingerprint: 'r1', bodyTokenCount: 40, nearMissSignature: signature });
    const summary = await service.analyzeRepository({ repository: REPOSITORY, analysis_mode: 'clones_only' }, principal);
    expect(summary.findings.by_family.clones).toBe(1);
    const list = await service.listFindings({ family: 'clones', detail_level: 'normal' }, principal);
    expect(
      list.items.map((item) => [item.kind, item.clone_type, (item.locations as { symbol: string }[]).map((location) => location.symbol)]),
    ).toEqual([['function_clone', 'renamed', ['orderTotal', 'applyDiscount']]]);
    expect(summary.warnings).toContainEqual(expect.stringMatching(/^clone fingerprints is not measured for \d+ of \d+ function bodies/));
  });

  it('keeps a bounded history with a latest pointer, short and full ids accepted', async () => {
    const runs = [];
    for (const complexity_threshold of [5, 6, 7]) {
      runs.push(await service.analyzeRepository({ repository: REPOSITORY, complexity_threshold }, principal));
    }
    expect((await service.getRunSummary({}, principal)).run_id).toBe(runs[2]!.run_id);
    expect((await service.getRunSummary({ run_id: runs[1]!.run_id }, principal)).analysis_profile.complexity).toBe(6);
    await expect(service.getRunSummary({ run_id: runs[0]!.run_id }, principal)).rejects.toMatchObject({ code: 'not_found' });
    const { records } = await driver.executeQuery(
      `MATCH (run:AnalysisRun {tenantId: 'health-int'}) RETURN run.runId AS id ORDER BY run.seq`,
    );
    const ids = records.map((record) => record.get('id') as string);
    expect(ids.map((id) => id.slice(0, 8))).toEqual([runs[1]!.run_id, runs[2]!.run_id]);
    expect((await service.getRunSummary({ run_id: ids[0]! }, principal)).run_id).toBe(runs[1]!.run_id);
    // Another tenant sees none of them.
    await expect(service.getRunSummary({}, localPrincipal('health-other', 'test'))).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses a repository over the configured limit, naming it, and stores nothing', async () => {
    const small = await knowledgeWith({ LORE_ANALYSIS_MAX_SYMBOLS: '1' });
    try {
      await expect(small.get(CodeHealthService).analyzeRepository({ repository: REPOSITORY }, principal)).rejects.toMatchObject({
        code: 'resource_exhausted',
        details: { limit: 'LORE_ANALYSIS_MAX_SYMBOLS', value: 1 },
      });
    } finally {
      await small.close();
    }
  });

  it('finds the god class of four languages by the fields its methods share, and no cycle charged through deferred imports', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'lore-health-')), 'health-design');
    cpSync(join(__dirname, '../../../../test/fixtures/health-design'), root, { recursive: true });
    await moduleRef.get(IndexingService).indexRepository({ path: root, repositoryId: 'health-design' }, principal);
    const summary = await service.analyzeRepository({ repository: 'health-design' }, principal);
    const findings = await service.listFindings({ run_id: summary.run_id, detail_level: 'normal', limit: 100 }, principal);
    const design = findings.items
      .filter((item) => item.family === 'cohesion' || item.family === 'dependencies')
      .map((item) => [
        item.family,
        item.severity,
        item.confidence,
        item.metric?.value,
        (item.locations as { path: string; symbol: string | null }[]).map((location) =>
          location.symbol === null ? location.path : `${location.path}#${location.symbol}`,
        ),
      ]);
    // Each Inventory: four groups of two methods sharing a field (constructor left out); each Counter: one group.
    // The runtime cycle is a warning; the cycles only through `import type`, TYPE_CHECKING and a function-local import are info.
    expect(design.map((row) => JSON.stringify(row)).sort()).toEqual(
      [
        ['cohesion', 'warning', 'high', 4, ['go/inventory.go#Inventory']],
        ['cohesion', 'warning', 'high', 4, ['java/design/Inventory.java#Inventory']],
        ['cohesion', 'warning', 'high', 4, ['py/inventory.py#Inventory']],
        ['cohesion', 'warning', 'high', 4, ['ts/inventory.ts#Inventory']],
        ['dependencies', 'info', 'high', 2, ['py/models.py', 'py/repo.py']],
        ['dependencies', 'info', 'high', 2, ['ts/customer.ts', 'ts/order.ts']],
        ['dependencies', 'warning', 'high', 2, ['ts/journal.ts', 'ts/ledger.ts']],
      ].map((row) => JSON.stringify(row)),
    );
    expect(summary.findings.by_family).toMatchObject({ cohesion: 4, dependencies: 3 });
  });
});

describe('check_dead_code: a public name nothing calls is dead in an application, information in a library (its clients may use it)', () => {
  let moduleRef: TestingModule;
  let service: CodeHealthService;

  beforeAll(async () => {
    moduleRef = await knowledgeWith({});
    service = moduleRef.get(CodeHealthService);
  }, 120_000);

  afterAll(async () => {
    await moduleRef?.close();
  });

  /** A committed repository whose entry file's main calls one of lib.ts's two exports; the other nothing calls. */
  const indexedWith = async (repositoryId: string, manifest: Record<string, unknown>) => {
    const root = join(mkdtempSync(join(tmpdir(), 'lore-publication-')), repositoryId);
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(join(root, 'package.json'), `${JSON.stringify(manifest)}\n`);
    writeFileSync(join(root, 'src', 'main.ts'), "import { used } from './lib';\n\nfunction main(): void {\n  used();\n}\n\nmain();\n");
    writeFileSync(
      join(root, 'src', 'lib.ts'),
      'export function used(): number {\n  return 1;\n}\n\nexport function neverCalled(): number {\n  return 2;\n}\n',
    );
    const git = (args: string[]) =>
      execFileSync('git', args, {
        cwd: root,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@lore.invalid',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@lore.invalid',
        },
      });
    git(['-c', 'init.defaultBranch=main', 'init', '-q']);
    git(['add', '-A']);
    git(['commit', '-qm', 'first']);
    await moduleRef.get(IndexingService).indexRepository({ path: root, repositoryId }, principal);
    const summary = await service.analyzeRepository({ repository: repositoryId }, principal);
    const listed = await service.listFindings({ family: 'dead_code', detail_level: 'full' }, principal);
    const checked = await service.checkDeadCode({ detail_level: 'full' }, principal);
    const warningsOnly = await service.checkDeadCode({ min_severity: 'warning' }, principal);
    const view = (items: typeof checked.items) => items.map((item) => [item.kind, item.title, item.severity, item.status, item.message]);
    return { total: summary.findings.total, listed: view(listed.items), checked: view(checked.items), warningsOnly: warningsOnly.total };
  };

  it('lists the uncalled export as an unknown finding when package.json is private, as information check_dead_code alone lists when it publishes the package', async () => {
    const unknown = [
      'unreachable',
      'neverCalled: reachability unknown',
      'info',
      'unknown',
      "function neverCalled: public in an application (an application: package.json publishes no package) and nothing in the repository calls, imports or names it, but a runtime may (plugins loaded by name, a C extension's init, compiled JSX): not called dead.",
    ];
    expect(await indexedWith('publication-app', { name: 'web', private: true })).toEqual({
      total: 1,
      listed: [unknown],
      checked: [unknown],
      warningsOnly: 0,
    });
    expect(await indexedWith('publication-lib', { name: 'tiny-lib', version: '1.0.0' })).toEqual({
      total: 0,
      listed: [],
      checked: [
        [
          'unused_public_api',
          'neverCalled: information: unused in this repository, public API of a library',
          'info',
          'unknown',
          'function neverCalled: information: unused in this repository, public API of a library, its clients may use it (package.json publishes tiny-lib (not private); nothing in the repository calls, imports or names it).',
        ],
      ],
      warningsOnly: 0,
    });
  }, 300_000);
});
