import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { type RunningServer, runCli, startServer, waitUntilReady } from '../support/processes';
import { SEED_TRANSPORTS, connectSeedServer, seedPayload } from './seed-clients';

/**
 * A client of the Knowledge MCP server (seed 003), written from the seed's text only: its six tools
 * with their input fields, in the order a project's knowledge is made (main document, a knowledge
 * file, a search, a chapter update, the resources, a delete), the output fields it names, and its
 * JSON-RPC error codes with their `data`. Run against `lore mcp --as knowledge` and `/mcp/knowledge`
 * over a fresh store (KNOWLEDGE_MCP_HOME), each transport on a project of its own.
 */
const SEED_DESCRIPTION =
  "Centralized project knowledge management. Use 'get_project_main' to retrieve project instructions instead of looking for CLAUDE.md files. Manages project-specific documentation and knowledge across all your repositories.";
const SEED_TOOLS = [
  'get_project_main',
  'update_project_main',
  'search_knowledge',
  'create_knowledge_file',
  'update_chapter',
  'delete_knowledge_file',
];

let scratch: string;
let env: Record<string, string>;
let server: RunningServer;

/** The JSON-RPC error a request is answered with. */
async function rpcError(request: Promise<unknown>): Promise<{ code: number; data: unknown }> {
  try {
    await request;
  } catch (error) {
    const { code, data } = error as { code: number; data: unknown };
    return { code, data };
  }
  throw new Error('expected a JSON-RPC error');
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lore-seed-003-'));
  const home = join(scratch, 'home');
  mkdirSync(home);
  writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = Real User\n\temail = real@example.com\n');
  env = { HOME: home, KNOWLEDGE_MCP_HOME: join(scratch, 'km'), LORE_TENANT: 'seed-003-e2e' };
  // The schema first (no repository is indexed here), so that the server starts on a migrated graph.
  expect((await runCli(['migrate'], env)).code).toBe(0);
  server = await startServer(env);
  await waitUntilReady(server.url);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe.each(SEED_TRANSPORTS)('a Knowledge MCP client over %s', (transport) => {
  const project_id = `my-app-${transport}`;
  let client: Client;
  const call = (name: string, args: Record<string, unknown>) => seedPayload(client, name, args);

  beforeAll(async () => {
    client = await connectSeedServer(transport, 'knowledge', server.url, env);
  }, 60_000);
  afterAll(() => client?.close());

  it('describes itself as the seed does, with exactly its six tools and three resources', async () => {
    expect(client.getInstructions()).toContain(SEED_DESCRIPTION);
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([...SEED_TOOLS].sort());
    expect((await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual([
      'knowledge://projects/{project_id}/chapters/{filename}',
      'knowledge://projects/{project_id}/files',
      'knowledge://projects/{project_id}/main',
    ]);
  });

  it('keeps a project’s knowledge: main document, a knowledge file, search, a chapter, the resources, a delete', async () => {
    expect(await call('update_project_main', { project_id, content: '# My app\n\nUse pnpm.\n' })).toMatchObject({
      success: true,
      message: expect.any(String),
    });
    expect(await call('get_project_main', { project_id })).toEqual({ content: '# My app\n\nUse pnpm.\n', exists: true });

    const created = await call('create_knowledge_file', {
      project_id,
      filename: 'authentication',
      title: 'Authentication',
      introduction: 'How users sign in.\nTokens and sessions.',
      keywords: ['auth', 'jwt'],
      chapters: [
        { title: 'Tokens', summary: 'JWTs signed with RS256.', content: 'Access tokens last 15 minutes.' },
        { title: 'Sessions', summary: 'Refresh sessions in Redis.', content: 'A session lasts 30 days.' },
      ],
    });
    expect(created).toMatchObject({ success: true, filepath: expect.stringContaining('authentication.md'), message: expect.any(String) });

    const found = await call('search_knowledge', { project_id, query: 'JWT' });
    expect((found.results as Record<string, unknown>[])[0]).toMatchObject({
      file: 'authentication.md',
      title: 'Authentication',
      chapter: 'Tokens',
      chapter_summary: 'JWTs signed with RS256.',
      matches: expect.any(Array),
    });

    expect(
      await call('update_chapter', {
        project_id,
        filename: 'authentication.md',
        chapter_title: 'Tokens',
        new_content: 'Access tokens last 10 minutes.',
        new_summary: 'JWTs signed with ES256.',
      }),
    ).toMatchObject({ success: true });

    const files = await client.readResource({ uri: `knowledge://projects/${project_id}/files` });
    expect(JSON.parse((files.contents[0] as { text: string }).text)).toMatchObject({
      files: [{ filename: 'authentication.md', title: 'Authentication', keywords: ['auth', 'jwt'], updated: expect.any(String) }],
    });
    const chapters = await client.readResource({ uri: `knowledge://projects/${project_id}/chapters/authentication.md` });
    expect(JSON.parse((chapters.contents[0] as { text: string }).text)).toEqual({
      chapters: [
        { title: 'Tokens', summary: 'JWTs signed with ES256.' },
        { title: 'Sessions', summary: 'Refresh sessions in Redis.' },
      ],
    });

    expect(await call('delete_knowledge_file', { project_id, filename: 'authentication.md' })).toMatchObject({ success: true });
    const after = await client.readResource({ uri: `knowledge://projects/${project_id}/files` });
    expect(JSON.parse((after.contents[0] as { text: string }).text)).toMatchObject({ files: [] });
  });

  it('answers its JSON-RPC error codes and changes nothing; tools of other servers are unknown here', async () => {
    await call('create_knowledge_file', {
      project_id,
      filename: 'notes',
      title: 'Notes',
      introduction: 'Loose notes.',
      keywords: ['notes'],
      chapters: [{ title: 'One', summary: 'The first.', content: 'First.' }],
    });
    expect((await rpcError(client.readResource({ uri: 'knowledge://projects/no-such-project/main' }))).code).toBe(-32001);
    // "-32001: Project not found", with the seed's data, from every tool that reads an existing project.
    for (const [name, args] of [
      ['search_knowledge', { project_id: 'no-such-project', query: 'auth' }],
      ['delete_knowledge_file', { project_id: 'no-such-project', filename: 'notes.md' }],
      ['update_chapter', { project_id: 'no-such-project', filename: 'notes.md', chapter_title: 'One', new_content: 'x', new_summary: 'y' }],
    ] as const) {
      expect({ name, ...(await rpcError(client.callTool({ name, arguments: args }))) }).toEqual({
        name,
        code: -32001,
        data: { project_id: 'no-such-project', searched_path: expect.stringContaining('no-such-project') },
      });
    }
    // get_project_main answers the seed's own output for a project without knowledge: exists false.
    expect(await call('get_project_main', { project_id: 'no-such-project' })).toEqual({ content: '', exists: false });
    expect((await rpcError(client.callTool({ name: 'delete_knowledge_file', arguments: { project_id, filename: 'gone.md' } }))).code).toBe(
      -32002,
    );
    const chapterArgs = { project_id, filename: 'notes.md', chapter_title: 'Two', new_content: 'x', new_summary: 'y' };
    expect((await rpcError(client.callTool({ name: 'update_chapter', arguments: chapterArgs }))).code).toBe(-32003);
    expect(
      (await rpcError(client.callTool({ name: 'delete_knowledge_file', arguments: { project_id, filename: '../main.md' } }))).code,
    ).toBe(-32004);
    expect((await rpcError(client.callTool({ name: 'create_knowledge_file', arguments: { project_id, filename: 'x' } }))).code).toBe(
      -32008,
    );
    const chapters = await client.readResource({ uri: `knowledge://projects/${project_id}/chapters/notes.md` });
    expect(JSON.parse((chapters.contents[0] as { text: string }).text)).toEqual({ chapters: [{ title: 'One', summary: 'The first.' }] });
    await expect(client.callTool({ name: 'get_knowledge_links', arguments: { project_id } })).rejects.toThrow(/get_knowledge_links/);
    await expect(client.callTool({ name: 'search_code', arguments: { query: 'auth' } })).rejects.toThrow(/search_code/);
  });
});

describe('the Knowledge MCP server’s environment', () => {
  it('reads KNOWLEDGE_MCP_LOG_LEVEL, and refuses a level it does not know by name', async () => {
    const refused = await runCli(['mcp', '--as', 'knowledge'], { ...env, KNOWLEDGE_MCP_LOG_LEVEL: 'LOUD' });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('KNOWLEDGE_MCP_LOG_LEVEL: one of DEBUG, INFO, WARNING, WARN, ERROR, CRITICAL');
  });
});
