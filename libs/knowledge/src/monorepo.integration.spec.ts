import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { ConfigModule } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import type { IndexRunSummary } from '@lore/domain/schemas/indexing';
import { gitFixture } from '../../../test/support/fixtures';
import { testDriver } from '../../../test/support/graph';
import { CallersService } from './callers/callers.service';
import { ImpactService } from './impact/impact.service';
import { IndexingService } from './indexing/indexing.service';
import { KnowledgeModule } from './knowledge.module';

/** test/fixtures/acme-monorepo: npm workspaces, project references, a tsconfig per package, build output and generated code. */
const principal: Principal = localPrincipal('monorepo', 'test');
const uid = (path: string): string => `monorepo:acme-monorepo:${path}`;

let moduleRef: TestingModule;
let driver: Driver;
let summary: IndexRunSummary;

beforeAll(async () => {
  moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
  await moduleRef.init();
  driver = testDriver();
  await driver.executeQuery('MATCH (n {tenantId: $t}) DETACH DELETE n', { t: principal.tenantId });
  summary = await moduleRef.get(IndexingService).indexRepository({ path: gitFixture('acme-monorepo').path }, principal);
}, 120_000);

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
});

describe('a monorepo indexed into Neo4j', () => {
  it("stores a call from one package into another's exported function as exact, on the source symbol", async () => {
    const { records } = await driver.executeQuery(
      `MATCH (caller:Symbol {tenantId: $t})-[call:CALLS]->(callee:Symbol)
       RETURN caller.uid AS caller, callee.uid AS callee, callee.path AS path, call.confidence AS confidence
       ORDER BY caller, callee`,
      { t: principal.tenantId },
    );
    expect(records.map((record) => record.toObject())).toEqual([
      {
        caller: uid('packages/app/src/checkout.ts#checkout'),
        callee: uid('packages/core/src/index.ts#orderTotal'),
        path: 'packages/core/src/index.ts',
        confidence: 'exact',
      },
      {
        caller: uid('packages/app/src/checkout.ts#checkout'),
        callee: uid('packages/core/src/money.ts#formatMoney'),
        path: 'packages/core/src/money.ts',
        confidence: 'exact',
      },
      {
        caller: uid('packages/app/src/total-badge.tsx#TotalBadge'),
        callee: uid('packages/core/src/index.ts#orderTotal'),
        path: 'packages/core/src/index.ts',
        confidence: 'exact',
      },
      {
        caller: uid('packages/app/src/total-badge.tsx#TotalBadge'),
        callee: uid('packages/core/src/money.ts#formatMoney'),
        path: 'packages/core/src/money.ts',
        confidence: 'exact',
      },
      {
        caller: uid('packages/cli/src/main.ts#main'),
        callee: uid('packages/app/src/checkout.ts#checkout'),
        path: 'packages/app/src/checkout.ts',
        confidence: 'exact',
      },
      {
        caller: uid('packages/cli/src/main.ts#main'),
        callee: uid('packages/cli/src/build/bundle.ts#bundleName'),
        path: 'packages/cli/src/build/bundle.ts',
        confidence: 'exact',
      },
      {
        caller: uid('packages/cli/src/main.ts#main'),
        callee: uid('packages/cli/src/commands/print.ts#printLine'),
        path: 'packages/cli/src/commands/print.ts',
        confidence: 'exact',
      },
    ]);
  });

  it('keeps the callback orderTotal hands to reduce as ENCLOSES, no call; impact on the callback reaches orderTotal through it', async () => {
    const { records } = await driver.executeQuery(
      `MATCH (enclosing:Symbol {tenantId: $t})-[:ENCLOSES]->(nested:Symbol) RETURN enclosing.uid AS enclosing, nested.uid AS nested ORDER BY enclosing, nested`,
      { t: principal.tenantId },
    );
    expect(records.map((record) => record.toObject())).toEqual([
      { enclosing: uid('packages/core/src/index.ts#orderTotal'), nested: uid('packages/core/src/index.ts#orderTotal.reduce(0)') },
    ]);
    const impact = await moduleRef
      .get(ImpactService)
      .analyzeImpact({ uid: uid('packages/core/src/index.ts#orderTotal.reduce(0)'), depth: 2 }, principal);
    expect(
      impact.affected.map((affected) => [affected.symbol.qualifiedName, affected.distance, affected.evidence.map((edge) => edge.type)]),
    ).toEqual([
      ['orderTotal', 1, ['ENCLOSES']],
      ['checkout', 2, ['CALLS', 'ENCLOSES']],
      ['TotalBadge', 2, ['CALLS', 'ENCLOSES']],
    ]);
  });

  it("answers get_callers of core's orderTotal across packages, exact", async () => {
    const callers = await moduleRef.get(CallersService).getCallers({ name: 'orderTotal', depth: 2 }, principal);
    expect(callers.callers.map((caller) => [caller.symbol.qualifiedName, caller.symbol.path, caller.distance, caller.confidence])).toEqual([
      ['checkout', 'packages/app/src/checkout.ts', 1, 'exact'],
      ['TotalBadge', 'packages/app/src/total-badge.tsx', 1, 'exact'],
      ['main', 'packages/cli/src/main.ts', 2, 'exact'],
    ]);
  });

  it('holds no file of dist/, no generated or minified file and nothing .loreignore leaves out; the run says why of each', async () => {
    const { records } = await driver.executeQuery('MATCH (f:File {tenantId: $t}) RETURN f.path AS path ORDER BY path', {
      t: principal.tenantId,
    });
    expect(records.map((record) => record.get('path'))).toEqual([
      '.loreignore',
      'README.md',
      'package.json',
      'packages/app/package.json',
      'packages/app/src/checkout.ts',
      'packages/app/src/total-badge.tsx',
      'packages/app/tsconfig.json',
      'packages/cli/package.json',
      'packages/cli/src/build/bundle.ts',
      'packages/cli/src/commands/print.ts',
      'packages/cli/src/main.ts',
      'packages/cli/tsconfig.json',
      'packages/core/package.json',
      'packages/core/src/index.ts',
      'packages/core/src/money.ts',
      'packages/core/tsconfig.json',
      'tsconfig.base.json',
      'tsconfig.json',
    ]);
    expect(summary.skipped.map(({ path, reason }) => `${path}: ${reason.split(';')[0]}`)).toEqual([
      // The run's account of the workspace's export subpaths, listed with what it could not read.
      'package.json: workspace: 2 of 2 export subpaths resolved to source',
      'packages/app/src/legacy/old-checkout.ts: .loreignore (rule "packages/app/src/legacy/")',
      'packages/cli/vendor/analytics.min.js: generated or build output (default rule "*.min.js"',
      'packages/core/dist/index.d.ts: generated or build output (default rule "dist/"',
      'packages/core/dist/index.js: generated or build output (default rule "dist/"',
      'packages/core/src/schema.generated.ts: generated or build output (default rule "*.generated.*"',
    ]);
    expect(summary).toMatchObject({ files: 18, calls: 7, imports: 7 });
  });
});
