import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { LORE_BIN } from '../support/processes';

/**
 * The Knowledge MCP server, as a client written against it sees `lore mcp`: the official MCP SDK
 * client over stdio, a fresh store in a temporary KNOWLEDGE_MCP_HOME, and a temporary HOME whose
 * git configuration must stay as it was (the user's name is never the author). Exact values
 * throughout: the files' bytes, the commits' messages and authors, the JSON-RPC codes and data.
 */
const SEED_DESCRIPTION =
  "Centralized project knowledge management. Use 'get_project_main' to retrieve project instructions instead of looking for CLAUDE.md files. Manages project-specific documentation and knowledge across all your repositories.";
const AUTHOR = 'Knowledge MCP Server <knowledge-mcp@localhost>';

let scratch: string;
let home: string;
let store: string;
let client: Client;

function git(args: string[], cwd = store, env: NodeJS.ProcessEnv = {}): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, HOME: home, ...env } });
}

/** Every commit of the store, oldest first, as `author|subject`. */
function commits(): string[] {
  if (git(['rev-list', '--all', '--count']).trim() === '0') return [];
  return git(['log', '--format=%an <%ae>|%s']).trim().split('\n').filter(Boolean).reverse();
}

async function connect(env: Record<string, string> = {}): Promise<Client> {
  const connected = new Client({ name: 'seed-003-client', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await connected.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [LORE_BIN, 'mcp'],
      env: { ...process.env, HOME: home, KNOWLEDGE_MCP_HOME: store, LORE_TENANT: 'default', ...env } as Record<string, string>,
      stderr: 'pipe',
    }),
  );
  return connected;
}

async function call(name: string, args: Record<string, unknown>, on: Client = client): Promise<Record<string, unknown>> {
  const result = await on.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} answered isError: ${JSON.stringify(result.content)}`);
  expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(result.structuredContent);
  return result.structuredContent as Record<string, unknown>;
}

/** The JSON-RPC error a request is answered with. */
async function rpcError(request: Promise<unknown>): Promise<{ code: number; message: string; data: unknown }> {
  try {
    await request;
  } catch (error) {
    const { code, message, data } = error as { code: number; message: string; data: unknown };
    return { code, message, data };
  }
  throw new Error('expected a JSON-RPC error');
}

/**
 * A store the server may not write: as root (CI) file modes do not stop a write, so the project's
 * directory is made immutable with chattr; elsewhere it is made read-only with chmod.
 */
async function expectReadOnlyStoreRefused(): Promise<void> {
  const directory = join(store, 'projects/demo');
  const root = process.getuid?.() === 0;
  try {
    if (root) execFileSync('chattr', ['+i', directory]);
    else execFileSync('chmod', ['a-w', directory]);
  } catch (error) {
    console.log(`Read-only store not tested: cannot make ${directory} read-only here (${(error as Error).message.split('\n')[0]}).`);
    return;
  }
  try {
    const error = await rpcError(client.callTool({ name: 'update_project_main', arguments: { project_id: 'demo', content: 'lost\n' } }));
    expect(error).toEqual({
      code: -32005,
      message: expect.stringContaining('Git operation failed'),
      data: { operation: 'write the store', reason: 'the knowledge store is read-only' },
    });
  } finally {
    if (root) execFileSync('chattr', ['-i', directory]);
    else execFileSync('chmod', ['u+w', directory]);
  }
}

const read = (path: string) => readFileSync(join(store, path), 'utf8');
const temporaries = () =>
  readdirSync(store, { recursive: true, encoding: 'utf8' }).filter((path) => path.includes('knowledge-tmp') || path.endsWith('index.lock'));

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lore-knowledge-'));
  home = join(scratch, 'home');
  store = join(scratch, 'km');
  mkdirSync(home);
  writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = Real User\n\temail = real@example.com\n');
  client = await connect();
}, 60_000);

afterAll(async () => {
  await client?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the Knowledge MCP server through the MCP SDK client over stdio', () => {
  it('describes itself and its tools as the seed does', async () => {
    expect(client.getInstructions()).toContain(SEED_DESCRIPTION);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of [
      'get_project_main',
      'update_project_main',
      'search_knowledge',
      'create_knowledge_file',
      'update_chapter',
      'delete_knowledge_file',
    ]) {
      expect(byName.has(name)).toBe(true);
    }
    expect(byName.get('get_project_main')!.description).toContain('Retrieves the main project instructions (replacement for CLAUDE.md)');
    expect(byName.get('update_project_main')!.description).toContain('Updates the main project instructions (replacement for CLAUDE.md)');
    expect(Object.keys(byName.get('create_knowledge_file')!.inputSchema.properties!).sort()).toEqual(
      ['chapters', 'filename', 'introduction', 'keywords', 'project_id', 'title'].sort(),
    );
    expect(Object.keys(byName.get('update_chapter')!.inputSchema.properties!).sort()).toEqual(
      ['chapter_title', 'expected_version', 'filename', 'new_content', 'new_summary', 'project_id'].sort(),
    );
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(
      expect.arrayContaining([
        'knowledge://projects/{project_id}/main',
        'knowledge://projects/{project_id}/files',
        'knowledge://projects/{project_id}/chapters/{filename}',
      ]),
    );
  });

  it('answers a new project with no main.md, and makes the store a git repository on first use', async () => {
    expect(existsSync(store)).toBe(false);
    expect(await call('get_project_main', { project_id: 'demo' })).toEqual({ content: '', exists: false });
    expect(git(['rev-parse', '--is-inside-work-tree']).trim()).toBe('true');
    expect(commits()).toEqual([]);
  });

  it('writes main.md byte for byte in one commit by Knowledge MCP Server, leaving the user git config alone', async () => {
    const content = '# Rules\n\nUse  tabs,\r\nnot spaces. Ünïcödé ✓\n';
    const answer = await call('update_project_main', { project_id: 'demo', content });
    expect(answer).toEqual({ success: true, message: 'Updated main.md for project demo', commit: git(['rev-parse', 'HEAD']).trim() });
    expect(readFileSync(join(store, 'projects/demo/main.md'))).toEqual(Buffer.from(content, 'utf8'));
    expect(commits()).toEqual([`${AUTHOR}|Update knowledge for demo: Updated main.md`]);
    expect(git(['log', '-1', '--format=%cn <%ce>']).trim()).toBe(AUTHOR);
    expect(git(['config', '--global', 'user.name'], home).trim()).toBe('Real User');
    expect(readFileSync(join(home, '.gitconfig'), 'utf8')).toBe('[user]\n\tname = Real User\n\temail = real@example.com\n');
    expect(git(['status', '--porcelain'])).toBe('');
    expect(await call('get_project_main', { project_id: 'demo' })).toEqual({ content, exists: true });
  });

  it('creates a knowledge document in the seed format under the slug of its name', async () => {
    const answer = await call('create_knowledge_file', {
      project_id: 'demo',
      filename: 'Authentication Flow',
      title: 'Auth',
      introduction: 'How login works.',
      keywords: ['JWT', 'oauth'],
      chapters: [
        { title: 'Tokens', summary: 'Token lifetimes.', content: 'Access tokens last 15 minutes.' },
        { title: 'Refresh', summary: 'How tokens are renewed.', content: 'A refresh token lasts a day.\n\nIt is rotated on use.' },
      ],
    });
    expect(answer).toEqual({
      success: true,
      filepath: join(store, 'projects/demo/authentication-flow.md'),
      message: 'Created authentication-flow.md in project demo',
      commit: git(['rev-parse', 'HEAD']).trim(),
    });
    const text = read('projects/demo/authentication-flow.md');
    const updated = /^updated: (.*)$/m.exec(text)![1]!;
    expect(updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(text).toBe(
      `---\ntitle: Auth\nkeywords: [JWT, oauth]\nupdated: ${updated}\n---\n\nHow login works.\n\n` +
        '## Tokens\nToken lifetimes.\n\nAccess tokens last 15 minutes.\n\n' +
        '## Refresh\nHow tokens are renewed.\n\nA refresh token lasts a day.\n\nIt is rotated on use.\n',
    );
    expect(commits().at(-1)).toBe(`${AUTHOR}|Update knowledge for demo: Created authentication-flow.md`);
    expect(
      (
        await call('create_knowledge_file', {
          project_id: 'demo',
          filename: 'Café Überblick (v2)',
          title: 'Überblick',
          introduction: 'I.',
          keywords: ['k'],
          chapters: [],
        })
      ).filepath,
    ).toBe(join(store, 'projects/demo/cafe-uberblick-v2.md'));
  });

  it('finds a keyword only in the front matter and a word only in the body, in any case, each chapter once', async () => {
    const tokens = { file: 'authentication-flow.md', title: 'Auth', chapter: 'Tokens', chapter_summary: 'Token lifetimes.' };
    const refresh = { file: 'authentication-flow.md', title: 'Auth', chapter: 'Refresh', chapter_summary: 'How tokens are renewed.' };
    expect(await call('search_knowledge', { project_id: 'demo', query: 'jwt' })).toEqual({
      results: [
        { ...tokens, matches: ['JWT'] },
        { ...refresh, matches: ['JWT'] },
      ],
      skipped: [],
    });
    expect(await call('search_knowledge', { project_id: 'demo', query: 'MINUTES' })).toEqual({
      results: [{ ...tokens, matches: ['Access tokens last 15 minutes.'] }],
      skipped: [],
    });
    expect(await call('search_knowledge', { project_id: 'demo', query: 'zebra' })).toEqual({ results: [], skipped: [] });
  });

  it('replaces one chapter only, refreshing updated, in one commit', async () => {
    const before = read('projects/demo/authentication-flow.md');
    const answer = await call('update_chapter', {
      project_id: 'demo',
      filename: 'authentication-flow.md',
      chapter_title: 'Tokens',
      new_summary: 'Shorter lifetimes.',
      new_content: 'Access tokens last 5 minutes.',
    });
    expect(answer).toEqual({
      success: true,
      message: "Updated chapter 'Tokens' in authentication-flow.md",
      commit: git(['rev-parse', 'HEAD']).trim(),
    });
    const after = read('projects/demo/authentication-flow.md');
    const refreshChapter = '## Refresh\nHow tokens are renewed.\n\nA refresh token lasts a day.\n\nIt is rotated on use.\n';
    expect(before.endsWith(refreshChapter)).toBe(true);
    expect(after.endsWith(refreshChapter)).toBe(true);
    expect(after).toContain('\n## Tokens\nShorter lifetimes.\n\nAccess tokens last 5 minutes.\n\n## Refresh');
    expect(after.replace(/^updated: .*$/m, '')).toBe(
      before
        .replace(/^updated: .*$/m, '')
        .replace('Token lifetimes.', 'Shorter lifetimes.')
        .replace('Access tokens last 15 minutes.', 'Access tokens last 5 minutes.'),
    );
    expect(commits().at(-1)).toBe(`${AUTHOR}|Update knowledge for demo: Updated chapter 'Tokens' in authentication-flow.md`);
  });

  it('answers an unknown chapter -32003 and an unknown file -32002, changing nothing', async () => {
    const count = commits().length;
    expect(
      await rpcError(
        client.callTool({
          name: 'update_chapter',
          arguments: { project_id: 'demo', filename: 'authentication-flow.md', chapter_title: 'Nope', new_content: 'x', new_summary: 'y' },
        }),
      ),
    ).toEqual({
      code: -32003,
      message: expect.stringContaining('Chapter not found: Nope in authentication-flow.md'),
      data: { project_id: 'demo', filename: 'authentication-flow.md', chapter_title: 'Nope', available_chapters: ['Tokens', 'Refresh'] },
    });
    expect(
      await rpcError(
        client.callTool({
          name: 'update_chapter',
          arguments: { project_id: 'demo', filename: 'missing.md', chapter_title: 'Tokens', new_content: 'x', new_summary: 'y' },
        }),
      ),
    ).toEqual({
      code: -32002,
      message: expect.stringContaining('Knowledge file not found: missing.md'),
      data: { project_id: 'demo', filename: 'missing.md', searched_path: join(store, 'projects/demo/missing.md') },
    });
    expect(commits()).toHaveLength(count);
  });

  it('serves the three knowledge:// resources, and -32001 for a project that does not exist', async () => {
    const main = await client.readResource({ uri: 'knowledge://projects/demo/main' });
    expect(main.contents).toEqual([
      { uri: 'knowledge://projects/demo/main', mimeType: 'text/markdown', text: read('projects/demo/main.md') },
    ]);
    const files = await client.readResource({ uri: 'knowledge://projects/demo/files' });
    const updated = /^updated: (.*)$/m.exec(read('projects/demo/authentication-flow.md'))![1]!;
    const uberblick = /^updated: (.*)$/m.exec(read('projects/demo/cafe-uberblick-v2.md'))![1]!;
    expect(JSON.parse((files.contents[0] as { text: string }).text)).toEqual({
      files: [
        { filename: 'authentication-flow.md', title: 'Auth', keywords: ['JWT', 'oauth'], updated },
        { filename: 'cafe-uberblick-v2.md', title: 'Überblick', keywords: ['k'], updated: uberblick },
      ],
      skipped: [],
    });
    const chapters = await client.readResource({ uri: 'knowledge://projects/demo/chapters/authentication-flow.md' });
    expect(JSON.parse((chapters.contents[0] as { text: string }).text)).toEqual({
      chapters: [
        { title: 'Tokens', summary: 'Shorter lifetimes.' },
        { title: 'Refresh', summary: 'How tokens are renewed.' },
      ],
    });
    expect(await rpcError(client.readResource({ uri: 'knowledge://projects/nope/main' }))).toEqual({
      code: -32001,
      message: expect.stringContaining('Project not found: nope'),
      data: { project_id: 'nope', searched_path: join(store, 'projects/nope') },
    });
  });

  it('deletes a document in one commit; deleting it again is -32002', async () => {
    expect(await call('delete_knowledge_file', { project_id: 'demo', filename: 'cafe-uberblick-v2.md' })).toEqual({
      success: true,
      message: 'Deleted cafe-uberblick-v2.md from project demo',
      commit: git(['rev-parse', 'HEAD']).trim(),
    });
    expect(existsSync(join(store, 'projects/demo/cafe-uberblick-v2.md'))).toBe(false);
    expect(commits().at(-1)).toBe(`${AUTHOR}|Update knowledge for demo: Deleted cafe-uberblick-v2.md`);
    expect(
      (
        await rpcError(
          client.callTool({ name: 'delete_knowledge_file', arguments: { project_id: 'demo', filename: 'cafe-uberblick-v2.md' } }),
        )
      ).code,
    ).toBe(-32002);
  });

  it('refuses traversal, separators and NUL with -32004, writing nothing anywhere', async () => {
    const count = commits().length;
    const outside = readdirSync(scratch).sort();
    const attempts: [string, Record<string, unknown>][] = [
      ['update_project_main', { project_id: '../../etc', content: 'x' }],
      ['update_project_main', { project_id: '..', content: 'x' }],
      ['update_project_main', { project_id: 'a/b', content: 'x' }],
      ['update_project_main', { project_id: 'de\0mo', content: 'x' }],
      ['get_project_main', { project_id: '/etc' }],
      ['create_knowledge_file', { project_id: 'demo', filename: '../x.md', title: 't', introduction: 'i', keywords: ['k'], chapters: [] }],
      ['create_knowledge_file', { project_id: 'demo', filename: 'a/b.md', title: 't', introduction: 'i', keywords: ['k'], chapters: [] }],
      [
        'create_knowledge_file',
        { project_id: 'demo', filename: '/etc/passwd', title: 't', introduction: 'i', keywords: ['k'], chapters: [] },
      ],
      ['create_knowledge_file', { project_id: 'demo', filename: 'x\0.md', title: 't', introduction: 'i', keywords: ['k'], chapters: [] }],
      ['delete_knowledge_file', { project_id: 'demo', filename: '../main.md' }],
    ];
    for (const [name, args] of attempts) {
      const error = await rpcError(client.callTool({ name, arguments: args }));
      expect({ name, args, code: error.code }).toEqual({ name, args, code: -32004 });
    }
    expect((await rpcError(client.readResource({ uri: 'knowledge://projects/demo/chapters/..%2Fmain.md' }))).code).toBe(-32004);
    expect((await rpcError(client.readResource({ uri: 'knowledge://projects/%2E%2E/files' }))).code).toBe(-32004);
    expect(commits()).toHaveLength(count);
    expect(readdirSync(scratch).sort()).toEqual(outside);
    expect(git(['status', '--porcelain', '--untracked-files=all'])).toBe('');
  });

  it('refuses front matter that is not the seed shape (-32007) and missing fields (-32008), never evaluating YAML', async () => {
    const count = commits().length;
    writeFileSync(
      join(store, 'projects/demo/evil.md'),
      '---\ntitle: x\nkeywords: [a]\nrun: !!js/function "function () { process.exit(1) }"\n---\n\n## A\nB\n',
    );
    writeFileSync(
      join(store, 'projects/demo/py.md'),
      '---\ntitle: x\nkeywords: [a]\nrun: !!python/object:os.system [ls]\n---\n\n## A\nB\n',
    );
    writeFileSync(join(store, 'projects/demo/flat.md'), '---\ntitle: x\nkeywords: not-a-list\n---\n\n## A\nB\n');
    for (const filename of ['evil.md', 'py.md', 'flat.md']) {
      const error = await rpcError(client.readResource({ uri: `knowledge://projects/demo/chapters/${filename}` }));
      expect({ filename, code: error.code, dataFile: (error.data as { filename: string }).filename }).toEqual({
        filename,
        code: -32007,
        dataFile: filename,
      });
    }
    const files = JSON.parse(
      ((await client.readResource({ uri: 'knowledge://projects/demo/files' })).contents[0] as { text: string }).text,
    );
    expect(files.skipped.map((skipped: { filename: string }) => skipped.filename)).toEqual(['evil.md', 'flat.md', 'py.md']);
    for (const filename of ['evil.md', 'py.md', 'flat.md']) rmSync(join(store, 'projects/demo', filename));
    expect(
      await rpcError(
        client.callTool({
          name: 'create_knowledge_file',
          arguments: { project_id: 'demo', filename: 'x', introduction: 'i', keywords: ['k'], chapters: [] },
        }),
      ),
    ).toEqual({ code: -32008, message: expect.stringContaining('Missing required fields: title'), data: { missing_fields: ['title'] } });
    expect(
      (
        await rpcError(
          client.callTool({
            name: 'create_knowledge_file',
            arguments: { project_id: 'demo', filename: 'x', title: 't', introduction: 'i', keywords: 'k', chapters: [] },
          }),
        )
      ).code,
    ).toBe(-32007);
    expect(commits()).toHaveLength(count);
  });

  it('refuses a document over the size limit, naming the limit', async () => {
    const error = await rpcError(
      client.callTool({ name: 'update_project_main', arguments: { project_id: 'demo', content: 'x'.repeat(1024 * 1024 + 1) } }),
    );
    expect(error.code).toBe(-32004);
    expect(error.data).toEqual({
      field: 'content',
      reason: 'main.md would be 1048577 bytes, over the limit of 1048576 bytes (LORE_KNOWLEDGE_MAX_BYTES)',
      filename: 'main.md',
      size_bytes: 1048577,
      limit_bytes: 1048576,
    });
  });

  it('answers -32006 on an I/O failure, -32005 without git or with a read-only store, leaving no commit and no temporary file', async () => {
    const count = commits().length;
    mkdirSync(join(store, 'projects/demo/broken.md'));
    expect(
      (
        await rpcError(
          client.callTool({
            name: 'create_knowledge_file',
            arguments: { project_id: 'demo', filename: 'broken', title: 't', introduction: 'i', keywords: ['k'], chapters: [] },
          }),
        )
      ).code,
    ).toBe(-32006);
    rmSync(join(store, 'projects/demo/broken.md'), { recursive: true });
    const withoutGit = await connect({ PATH: join(scratch, 'no-git-here') });
    try {
      const error = await rpcError(
        withoutGit.callTool({ name: 'update_project_main', arguments: { project_id: 'demo', content: 'lost\n' } }),
      );
      expect(error).toEqual({
        code: -32005,
        message: expect.stringContaining('Git operation failed'),
        data: { operation: expect.any(String), reason: 'git is not installed or not on PATH' },
      });
    } finally {
      await withoutGit.close();
    }
    await expectReadOnlyStoreRefused();
    expect(read('projects/demo/main.md')).toBe('# Rules\n\nUse  tabs,\r\nnot spaces. Ünïcödé ✓\n');
    expect(commits()).toHaveLength(count);
    expect(temporaries()).toEqual([]);
    expect(git(['status', '--porcelain', '--untracked-files=all'])).toBe('');
  });

  it('lands 20 concurrent writes on different documents as 20 commits, with no index.lock error', async () => {
    const count = commits().length;
    const base = { project_id: 'concurrent', introduction: 'i', keywords: ['k'] };
    for (let n = 0; n < 10; n += 1) {
      await call('create_knowledge_file', {
        ...base,
        filename: `existing-${n}`,
        title: `E${n}`,
        chapters: [{ title: 'C', summary: 's', content: 'c' }],
      });
    }
    const writes = Array.from({ length: 20 }, (_, n) =>
      n % 2 === 0
        ? call('create_knowledge_file', {
            ...base,
            filename: `new-${n}`,
            title: `N${n}`,
            chapters: [{ title: 'C', summary: 's', content: 'c' }],
          })
        : call('update_chapter', {
            project_id: 'concurrent',
            filename: `existing-${(n - 1) / 2}.md`,
            chapter_title: 'C',
            new_summary: `s${n}`,
            new_content: `c${n}`,
          }),
    );
    const answers = await Promise.all(writes);
    expect(answers.every((answer) => answer.success === true)).toBe(true);
    expect(commits()).toHaveLength(count + 30);
    expect(new Set(answers.map((answer) => answer.commit)).size).toBe(20);
    expect(temporaries()).toEqual([]);
  });

  it('gives one success and one conflict to two updates of one chapter with the same expected version', async () => {
    const version = git(['log', '-1', '--format=%H', '--', 'projects/demo/authentication-flow.md']).trim();
    const update = (content: string) =>
      client
        .callTool({
          name: 'update_chapter',
          arguments: {
            project_id: 'demo',
            filename: 'authentication-flow.md',
            chapter_title: 'Tokens',
            new_summary: 'S.',
            new_content: content,
            expected_version: version,
          },
        })
        .then(
          () => 'ok',
          (error: { code: number }) => error.code,
        );
    const outcomes = await Promise.all([update('first'), update('second')]);
    expect(outcomes.sort()).toEqual([-32009, 'ok'].sort());
    const stale = await rpcError(
      client.callTool({
        name: 'update_project_main',
        arguments: { project_id: 'demo', content: 'x', expected_version: '0000000' },
      }),
    );
    expect(stale.code).toBe(-32009);
    expect(stale.data).toEqual({
      project_id: 'demo',
      filename: 'main.md',
      expected_version: '0000000',
      current_commit: git(['log', '-1', '--format=%H', '--', 'projects/demo/main.md']).trim(),
      current_updated: null,
    });
  });

  it('counts exactly one commit per successful write', () => {
    // main 1, create 2, update 1, delete 1, concurrent 10 + 20, expected version 1.
    expect(commits()).toHaveLength(36);
    expect(commits().every((line) => line.startsWith(`${AUTHOR}|Update knowledge for `))).toBe(true);
  });
});

describe('the same workflow through a third-party client: the MCP Inspector CLI over stdio', () => {
  const INSPECTOR = join(
    __dirname,
    '..',
    '..',
    'node_modules',
    '@modelcontextprotocol',
    'inspector',
    'clients',
    'launcher',
    'build',
    'index.js',
  );
  const SERVER_ENV = ['NEO4J_URI', 'NEO4J_USER', 'NEO4J_PASSWORD', 'NEO4J_DATABASE', 'LORE_CACHE_DIR', 'LORE_EMBEDDINGS_PROVIDER'];

  function inspector(inspected: string, method: string[]): Record<string, unknown> {
    const passed = { HOME: home, KNOWLEDGE_MCP_HOME: inspected, LORE_TENANT: 'default' } as Record<string, string>;
    for (const key of SERVER_ENV) if (process.env[key]) passed[key] = process.env[key];
    const target = [...Object.entries(passed).flatMap(([key, value]) => ['-e', `${key}=${value}`]), process.execPath, LORE_BIN, 'mcp'];
    const stdout = execFileSync(process.execPath, [INSPECTOR, '--cli', ...target, '--method', ...method], {
      env: { ...process.env, HOME: home },
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(stdout) as Record<string, unknown>;
  }

  it('reads main, creates, searches, updates, and lists files and chapters through the resources', () => {
    const inspected = join(scratch, 'inspected');
    const tool = (name: string, args: string[]) =>
      inspector(inspected, ['tools/call', '--tool-name', name, '--tool-arg', ...args]).structuredContent;
    const resource = (uri: string) =>
      JSON.parse((inspector(inspected, ['resources/read', '--uri', uri]).contents as { text: string }[])[0]!.text) as unknown;

    expect(tool('get_project_main', ['project_id=inspected'])).toEqual({ content: '', exists: false });
    expect(
      tool('create_knowledge_file', [
        'project_id=inspected',
        'filename=Build Notes',
        'title=Build',
        'introduction=How we build.',
        'keywords=["ci"]',
        'chapters=[{"title":"Steps","summary":"The order.","content":"Lint, then test."}]',
      ]),
    ).toMatchObject({ success: true, filepath: join(inspected, 'projects/inspected/build-notes.md') });
    expect(tool('search_knowledge', ['project_id=inspected', 'query=LINT'])).toEqual({
      results: [{ file: 'build-notes.md', title: 'Build', chapter: 'Steps', chapter_summary: 'The order.', matches: ['Lint, then test.'] }],
      skipped: [],
    });
    expect(
      tool('update_chapter', [
        'project_id=inspected',
        'filename=build-notes.md',
        'chapter_title=Steps',
        'new_summary=The new order.',
        'new_content=Test, then lint.',
      ]),
    ).toMatchObject({ success: true, message: "Updated chapter 'Steps' in build-notes.md" });
    expect(resource('knowledge://projects/inspected/files')).toMatchObject({
      files: [{ filename: 'build-notes.md', title: 'Build', keywords: ['ci'] }],
      skipped: [],
    });
    expect(resource('knowledge://projects/inspected/chapters/build-notes.md')).toEqual({
      chapters: [{ title: 'Steps', summary: 'The new order.' }],
    });
    expect(execFileSync('git', ['log', '--format=%s'], { cwd: inspected, encoding: 'utf8' })).toBe(
      "Update knowledge for inspected: Updated chapter 'Steps' in build-notes.md\nUpdate knowledge for inspected: Created build-notes.md\n",
    );
  }, 180_000);
});
