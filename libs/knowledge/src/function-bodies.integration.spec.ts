import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { ConfigModule } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { gitFixture } from '../../../test/support/fixtures';
import { testDriver } from '../../../test/support/graph';
import { IndexingService } from './indexing/indexing.service';
import { KnowledgeModule } from './knowledge.module';

/** test/fixtures/function-bodies indexed into Neo4j: what the index stores per function body, read back from the Symbol nodes. */
const principal: Principal = localPrincipal('bodies', 'test');

let moduleRef: TestingModule;
let driver: Driver;

beforeAll(async () => {
  moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
  await moduleRef.init();
  driver = testDriver();
  await driver.executeQuery('MATCH (n {tenantId: $t}) DETACH DELETE n', { t: principal.tenantId });
  await moduleRef.get(IndexingService).indexRepository({ path: gitFixture('function-bodies').path }, principal);
}, 180_000);

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
});

const bodyOf = async (qualifiedName: string, path: string): Promise<Record<string, unknown>> => {
  const { records } = await driver.executeQuery(
    `MATCH (s:Symbol {tenantId: $t, qualifiedName: $qualifiedName, path: $path})
     OPTIONAL MATCH (parent:Symbol)-[:HAS_MEMBER]->(s)
     RETURN s {.kind, .nested, .complexity, .cognitiveComplexity, .bodyTokenCount, .exactFingerprint, .renamedFingerprint,
               .nearMissSignature, .blockFingerprints, parent: parent.qualifiedName} AS body`,
    { t: principal.tenantId, qualifiedName, path },
  );
  expect(records).toHaveLength(1);
  return records[0]!.get('body') as Record<string, unknown>;
};

describe('function bodies in the graph', () => {
  it('stores a returned handler as a nested function member of its factory, with its complexity and calls', async () => {
    expect(await bodyOf('requireRole.return', 'ts/middleware.ts')).toEqual({
      kind: 'function',
      nested: true,
      complexity: 5,
      cognitiveComplexity: 5,
      bodyTokenCount: 69,
      exactFingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      renamedFingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      nearMissSignature: expect.any(Array),
      // No window of four statements; the 50-token windows winnowing keeps (docs/analysis.md).
      blockFingerprints: [
        expect.stringMatching(/^[0-9a-f]{16}:23-27$/),
        expect.stringMatching(/^[0-9a-f]{16}:23-28$/),
        expect.stringMatching(/^[0-9a-f]{16}:24-28$/),
      ],
      parent: 'requireRole',
    });
    const { records } = await driver.executeQuery(
      `MATCH (:Symbol {tenantId: $t, qualifiedName: 'requireRole.return'})-[call:CALLS]->(callee:Symbol)
       RETURN callee.qualifiedName AS callee, call.count AS count ORDER BY callee`,
      { t: principal.tenantId },
    );
    expect(records.map((record) => record.toObject())).toEqual([
      { callee: 'audit', count: 1 },
      { callee: 'requireRole.deny', count: 2 },
    ]);
  });

  it('stores the fingerprints of planted clones: equal where copied, a MinHash list of 64 ints, block windows with their lines', async () => {
    const original = await bodyOf('totalPrice', 'ts/clones.ts');
    const copy = await bodyOf('totalPriceAgain', 'ts/clones.ts');
    const renamed = await bodyOf('sumWeights', 'ts/clones.ts');
    expect(original).toMatchObject({ kind: 'function', nested: null, complexity: 5, cognitiveComplexity: 5, bodyTokenCount: 80 });
    expect(copy.exactFingerprint).toBe(original.exactFingerprint);
    expect(renamed.exactFingerprint).not.toBe(original.exactFingerprint);
    expect(renamed.renamedFingerprint).toBe(original.renamedFingerprint);
    expect(renamed.nearMissSignature).toEqual(original.nearMissSignature);
    expect(original.nearMissSignature).toHaveLength(64);
    expect((original.nearMissSignature as unknown[]).every((value) => Number.isInteger(value))).toBe(true);
    // The window of four statements, then the token windows.
    expect((original.blockFingerprints as string[]).map((window) => window.replace(/^[0-9a-f]{16}:/, ''))).toEqual([
      '7-16',
      '6-13',
      '7-14',
      '8-16',
      '8-16',
      '8-16',
    ]);
    expect(await bodyOf('audit', 'ts/middleware.ts')).toMatchObject({
      bodyTokenCount: 15,
      exactFingerprint: null,
      nearMissSignature: null,
    });
    // Stored as Neo4j integers and strings, not floats.
    const { records } = await driver.executeQuery(
      `MATCH (s:Symbol {tenantId: $t, qualifiedName: 'totalPrice'})
       RETURN [valueType(s.complexity), valueType(s.cognitiveComplexity), valueType(s.bodyTokenCount), valueType(s.nearMissSignature),
               valueType(s.blockFingerprints), valueType(s.exactFingerprint)] AS types`,
      { t: principal.tenantId },
    );
    expect(records[0]!.get('types')).toEqual([
      'INTEGER NOT NULL',
      'INTEGER NOT NULL',
      'INTEGER NOT NULL',
      'LIST<INTEGER NOT NULL> NOT NULL',
      'LIST<STRING NOT NULL> NOT NULL',
      'STRING NOT NULL',
    ]);
  });

  it('stores the handler each factory returns in four languages as a nested member with its complexity and fingerprints', async () => {
    const handlers = [
      ['requireRole.return', 'ts/middleware.ts'],
      ['require_role.handler', 'py/handlers.py'],
      ['Handlers.requireRole.return', 'java/bodies/Handlers.java'],
      ['RequireRole.return', 'go/handlers.go'],
    ];
    const stored = await Promise.all(handlers.map(([qualifiedName, path]) => bodyOf(qualifiedName!, path!)));
    expect(
      stored.map(({ parent, nested, complexity, cognitiveComplexity, bodyTokenCount }) => [
        parent,
        nested,
        complexity,
        cognitiveComplexity,
        bodyTokenCount,
      ]),
    ).toEqual([
      ['requireRole', true, 5, 5, 69],
      ['require_role', true, 5, 5, 56],
      ['Handlers.requireRole', true, 5, 5, 85],
      ['RequireRole', true, 5, 5, 61],
    ]);
  });
});
