import { type INestApplication, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { AccessModule, PrincipalMiddleware } from '@lore/access';
import { ConfigModule } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { KnowledgeModule } from '@lore/knowledge';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { gitIn } from '../../../../test/support/fixtures';
import { testDriver, wipeGraph } from '../../../../test/support/graph';
import { GraphqlApiModule } from '../graphql-api.module';

/**
 * Symbol.callers, as the explorer's neighbourhood reads it: callers in code before callers in test
 * files and test cases, whatever their paths. A repository with its tests beside its code (as hono's
 * src/compose.test.ts, which sorts before src/hono-base.ts): by path alone the test's callers came
 * first and the page's first page of callers was tests.
 */
const TENANT = 'explorer-callers-order';
process.env.LORE_TENANT = TENANT;
const principal: Principal = localPrincipal(TENANT, 'test');
const REPO = 'colocated-tests';

const FILES: Record<string, string> = {
  'package.json': '{ "name": "colocated-tests", "devDependencies": { "vitest": "1.0.0" } }\n',
  'src/compose.ts': 'export function compose(steps: string[]): string {\n  return steps.join(" > ");\n}\n',
  'src/compose.test.ts': [
    "import { describe, expect, it } from 'vitest';",
    "import { compose } from './compose';",
    '',
    "describe('compose', () => {",
    "  it('joins the steps', () => {",
    "    expect(compose(['a', 'b'])).toBe('a > b');",
    '  });',
    "  it('joins no steps', () => {",
    "    expect(compose([])).toBe('');",
    '  });',
    '});',
    '',
  ].join('\n'),
  'src/server.ts': "import { compose } from './compose';\n\nexport function route(): string {\n  return compose(['auth', 'handler']);\n}\n",
  'src/worker.ts': "import { compose } from './compose';\n\nexport function job(): string {\n  return compose(['queue', 'handler']);\n}\n",
};

@Module({ imports: [ConfigModule, AccessModule, KnowledgeModule, GraphqlApiModule] })
class GraphqlDoorModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(PrincipalMiddleware).forRoutes('graphql');
  }
}

let app: INestApplication;
let driver: Driver;
let url: string;

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  const path = join(mkdtempSync(join(tmpdir(), 'lore-colocated-')), REPO);
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(join(path, file, '..'), { recursive: true });
    writeFileSync(join(path, file), text);
  }
  gitIn(path, ['-c', 'init.defaultBranch=main', 'init', '-q']);
  gitIn(path, ['add', '-A']);
  gitIn(path, ['commit', '-q', '-m', 'colocated tests']);
  const moduleRef = await Test.createTestingModule({ imports: [GraphqlDoorModule] }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  url = `${await app.getUrl()}/graphql`;
  await app.get(IndexingService).indexRepository({ path, repositoryId: REPO }, principal);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await wipeGraph(driver);
  await driver?.close();
});

async function callersOfCompose(first: number, after?: string) {
  const query = `query($after: String) { symbolNode(uid: "${TENANT}:${REPO}:src/compose.ts#compose") {
    callers(first: ${first}, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { kind qualifiedName path } }
  } }`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: { after } }),
  });
  const body = (await response.json()) as { data?: { symbolNode: { callers: Record<string, unknown> } }; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data!.symbolNode.callers as {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string };
    nodes: { kind: string; qualifiedName: string; path: string }[];
  };
}

it('lists the callers in code first, then those in the test file, though src/compose.test.ts sorts before src/server.ts', async () => {
  const all = await callersOfCompose(10);
  expect(all.totalCount).toBe(4);
  expect(all.nodes.map((node) => `${node.kind} ${node.qualifiedName} ${node.path}`)).toEqual([
    'function route src/server.ts',
    'function job src/worker.ts',
    expect.stringMatching(/ src\/compose\.test\.ts$/),
    expect.stringMatching(/ src\/compose\.test\.ts$/),
  ]);
});

it('pages in that order: the first page of two is the code, the next the tests', async () => {
  const first = await callersOfCompose(2);
  expect(first.nodes.map((node) => node.path)).toEqual(['src/server.ts', 'src/worker.ts']);
  expect(first.pageInfo.hasNextPage).toBe(true);
  const next = await callersOfCompose(2, first.pageInfo.endCursor);
  expect(next.nodes.map((node) => node.path)).toEqual(['src/compose.test.ts', 'src/compose.test.ts']);
  expect(next.pageInfo.hasNextPage).toBe(false);
});
