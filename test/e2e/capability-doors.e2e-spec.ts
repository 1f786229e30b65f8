import type { Client } from '@modelcontextprotocol/client';
import { freePort, type RunningServer, runCli, startServer } from '../support/processes';
import { CAPABILITY_DOORS } from './capability-doors';
import { connectMcp, graphql } from './doors';

/**
 * Every door CAPABILITY_DOORS declares is served, and every door served is declared: asked of the
 * running server (its OpenAPI document, GraphQL introspection, MCP tools/list over stdio in the full
 * profile with every tool enabled) and of the CLI's help, as a client would find them.
 */
const declared = Object.entries(CAPABILITY_DOORS);
const sorted = (names: Iterable<string>): string[] => [...new Set(names)].sort();
/** The liveness and readiness probes: answered by the server, not a capability. */
const PROBES = ['/health', '/ready'];

describe('the doors each capability declares', () => {
  let server: RunningServer;
  let mcp: Client;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // What doors there are needs no graph: no Neo4j listens there (as in neo4j-down.e2e-spec.ts), so nothing waits on migrations.
    env = {
      NEO4J_URI: `bolt://127.0.0.1:${await freePort()}`,
      NEO4J_PASSWORD: 'unused',
      NEO4J_MAX_RETRY_MS: '200',
      LORE_MCP_ENABLE_SIDE_EFFECTS: 'true',
      LORE_MEMORY_ENABLE_APPROVAL: 'true',
    };
    server = await startServer(env);
    mcp = await connectMcp('stdio', server.url, env, ['--profile', 'full']);
  }, 120_000);

  afterAll(async () => {
    await mcp?.close();
    await server?.stop();
  });

  it('MCP: a tool of each declared name, and no other', async () => {
    const served = (await mcp.listTools()).tools.map((tool) => tool.name);
    expect(sorted(served)).toEqual(sorted(declared.filter(([, doors]) => doors.mcp).map(([name]) => name)));
  });

  it('GraphQL: the declared root fields, and no other', async () => {
    const answer = await graphql(server.url, '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }', {});
    const schema = answer.data!.__schema as Record<'queryType' | 'mutationType', { fields: { name: string }[] }>;
    const served = [...schema.queryType.fields, ...schema.mutationType.fields].map((field) => field.name);
    expect(sorted(served)).toEqual(sorted(declared.flatMap(([, doors]) => doors.graphql ?? [])));
  });

  it('REST: the declared operations, and no other', async () => {
    const openApi = (await (await fetch(`${server.url}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const served = Object.entries(openApi.paths)
      .filter(([path]) => !PROBES.includes(path))
      .flatMap(([, operations]) => Object.values(operations).map((operation) => operation.operationId));
    expect(sorted(served)).toEqual(sorted(declared.flatMap(([, doors]) => doors.rest ?? [])));
  });

  it('CLI: each declared command is one `lore` lists', async () => {
    const commands = declared.flatMap(([, doors]) => (doors.cli ? [doors.cli.split(' ')] : []));
    const listed = new Map<string, string[]>();
    for (const parent of sorted(commands.map((words) => words.slice(0, -1).join(' ')))) {
      const help = await runCli([...(parent ? parent.split(' ') : []), '--help'], env);
      expect(help.code).toBe(0);
      const section = help.stdout.split('\nCommands:\n')[1] ?? '';
      listed.set(
        parent,
        section.split('\n').flatMap((line) => /^ {2}([a-z][a-z-]*)/.exec(line)?.[1] ?? []),
      );
    }
    const missing = commands.filter((words) => !listed.get(words.slice(0, -1).join(' '))!.includes(words.at(-1)!));
    expect(missing.map((words) => words.join(' '))).toEqual([]);
  }, 240_000);
});
