import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forgetRunningLore, queryOf, readRunningLore, recordRunningLore } from './running-lore';

describe('the running Lore a command asks', () => {
  let env: NodeJS.ProcessEnv;
  beforeEach(() => (env = { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'lore-running-')) }));
  afterEach(() => rmSync(env.XDG_CONFIG_HOME!, { recursive: true, force: true }));

  it('is the one recorded while its process lives, and forgotten by that process', () => {
    expect(readRunningLore(env)).toBeNull();
    const running = { url: 'http://127.0.0.1:7300', pid: process.pid, neo4jUri: 'bolt://127.0.0.1:7687' };
    recordRunningLore(running, env);
    expect(readRunningLore(env)).toEqual(running);
    forgetRunningLore(env);
    expect(readRunningLore(env)).toBeNull();
  });

  it('is stale once its process is gone', () => {
    // A pid far above any the kernel hands out (pid_max is at most 2^22).
    recordRunningLore({ url: 'http://127.0.0.1:7300', pid: 2 ** 30, neo4jUri: 'bolt://127.0.0.1:7687' }, env);
    expect(readRunningLore(env)).toBeNull();
  });
});

it("spells an input as the REST route's query: nested fields by their names, arrays comma-separated", () => {
  expect(queryOf({ name: 'compose', scope: { repositoryId: 'hono' }, kinds: ['function', 'method'], depth: 2, path: undefined })).toBe(
    'name=compose&repositoryId=hono&kinds=function%2Cmethod&depth=2',
  );
});
