import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LoreError } from '@lore/domain';
import type { SetupEnvironment } from './clients';
import { type SetupRequest, repositoryRoot, runSetup } from './setup';

const STDIO = { command: 'lore', args: ['mcp'] };
const HTTP = { url: 'http://127.0.0.1:7300/mcp', key: 'lore_k1' };

let root: string;
let environment: SetupEnvironment;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lore-setup-'));
  environment = { home: join(root, 'home'), platform: 'linux', env: {}, repository: join(root, 'repo') };
  mkdirSync(environment.repository, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const request = (client: string, overrides: Partial<SetupRequest> = {}): SetupRequest => ({
  client,
  action: 'write',
  http: null,
  stdio: STDIO,
  ...overrides,
});
const write = (file: string, text: string): void => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const errorOf = (work: () => unknown): LoreError => {
  try {
    work();
  } catch (error) {
    if (error instanceof LoreError) return error;
    throw error;
  }
  throw new Error('no error');
};

const MCP_SERVERS_STDIO = `{
  "mcpServers": {
    "lore": {
      "command": "lore",
      "args": [
        "mcp"
      ]
    }
  }
}
`;

describe('lore setup: a new file per client, in its documented place and format', () => {
  it.each([
    ['claude-code', 'repo/.mcp.json', MCP_SERVERS_STDIO],
    ['cursor', 'repo/.cursor/mcp.json', MCP_SERVERS_STDIO],
    ['gemini', 'repo/.gemini/settings.json', MCP_SERVERS_STDIO],
    ['claude-desktop', 'home/.config/Claude/claude_desktop_config.json', MCP_SERVERS_STDIO],
    ['windsurf', 'home/.codeium/windsurf/mcp_config.json', MCP_SERVERS_STDIO],
    ['cline', 'home/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json', MCP_SERVERS_STDIO],
    [
      'vscode',
      'repo/.vscode/mcp.json',
      '{\n  "servers": {\n    "lore": {\n      "type": "stdio",\n      "command": "lore",\n      "args": [\n        "mcp"\n      ]\n    }\n  }\n}\n',
    ],
    ['zed', 'home/.config/zed/settings.json', MCP_SERVERS_STDIO.replace('mcpServers', 'context_servers')],
    [
      'continue',
      'home/.continue/config.yaml',
      'name: Local config\nversion: 1.0.0\nschema: v1\nmcpServers:\n  - name: lore\n    command: lore\n    args:\n      - mcp\n',
    ],
    ['codex', 'home/.codex/config.toml', '[mcp_servers.lore]\ncommand = "lore"\nargs = ["mcp"]\n'],
  ])('%s: %s', (client, path, expected) => {
    const file = join(root, path);
    // A user-scope client is installed when its own directory exists.
    for (const directory of [
      '.config/Claude',
      '.codeium/windsurf',
      '.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings',
      '.config/zed',
      '.continue',
      '.codex',
    ])
      mkdirSync(join(environment.home, directory), { recursive: true });
    const outcome = runSetup(request(client), environment);
    expect({ status: outcome.status, file: outcome.file, backup: outcome.backup }).toEqual({ status: 'written', file, backup: null });
    expect(readFileSync(file, 'utf8')).toBe(expected);
    // Asked again: already as asked, nothing written.
    expect(runSetup(request(client), environment).status).toBe('unchanged');
    expect(existsSync(`${file}.lore-backup`)).toBe(false);
  });
});

describe('lore setup: an existing file keeps its other servers, settings and comments', () => {
  it('Claude Code (JSON): adds beside another server, keeps the indentation, backs the old file up, removes again', () => {
    const file = join(environment.repository, '.mcp.json');
    const before = '{\n    "mcpServers": {\n        "github": {\n            "command": "gh-mcp"\n        }\n    }\n}\n';
    write(file, before);
    const outcome = runSetup(request('claude-code'), environment);
    expect(outcome.backup).toBe(`${file}.lore-backup`);
    expect(readFileSync(`${file}.lore-backup`, 'utf8')).toBe(before);
    expect(readFileSync(file, 'utf8')).toBe(
      '{\n    "mcpServers": {\n        "github": {\n            "command": "gh-mcp"\n        },\n        "lore": {\n            "command": "lore",\n            "args": [\n                "mcp"\n            ]\n        }\n    }\n}\n',
    );
    expect(runSetup(request('claude-code', { action: 'remove' }), environment).status).toBe('removed');
    expect(readFileSync(file, 'utf8')).toBe(
      '{\n    "mcpServers": {\n        "github": {\n            "command": "gh-mcp"\n        }\n    }\n}\n',
    );
    expect(runSetup(request('claude-code', { action: 'remove' }), environment).status).toBe('absent');
  });

  it('Claude Code over HTTP: the URL with the key as a bearer header, replacing the stdio entry', () => {
    const file = join(environment.repository, '.mcp.json');
    runSetup(request('claude-code'), environment);
    runSetup(request('claude-code', { http: HTTP }), environment);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      mcpServers: { lore: { type: 'http', url: 'http://127.0.0.1:7300/mcp', headers: { Authorization: 'Bearer lore_k1' } } },
    });
  });

  it('VS Code (JSONC): comments and the inputs stay', () => {
    const file = join(environment.repository, '.vscode', 'mcp.json');
    write(
      file,
      '{\n  // shared with the team\n  "inputs": [],\n  "servers": {\n    "memory": {\n      "type": "stdio",\n      "command": "mem"\n    }\n  }\n}\n',
    );
    runSetup(request('vscode', { http: { url: HTTP.url, key: null } }), environment);
    expect(readFileSync(file, 'utf8')).toBe(
      '{\n  // shared with the team\n  "inputs": [],\n  "servers": {\n    "memory": {\n      "type": "stdio",\n      "command": "mem"\n    },\n    "lore": {\n      "type": "http",\n      "url": "http://127.0.0.1:7300/mcp"\n    }\n  }\n}\n',
    );
  });

  it('Zed (JSONC settings): every other setting and its comments stay', () => {
    const file = join(environment.home, '.config', 'zed', 'settings.json');
    write(file, '// Zed settings\n{\n  "theme": "One Dark", // the theme\n  "context_servers": {}\n}\n');
    runSetup(request('zed'), environment);
    expect(readFileSync(file, 'utf8')).toBe(
      '// Zed settings\n{\n  "theme": "One Dark", // the theme\n  "context_servers": {\n    "lore": {\n      "command": "lore",\n      "args": [\n        "mcp"\n      ]\n    }\n  }\n}\n',
    );
  });

  it('Continue (YAML): the list keeps its other entries and comments; the entry is replaced in place', () => {
    const file = join(environment.home, '.continue', 'config.yaml');
    write(
      file,
      'name: Mine\nversion: 0.0.1\nschema: v1\n# tools\nmcpServers:\n  - name: lore\n    command: old\n  - name: sqlite # the database\n    command: uvx\n',
    );
    runSetup(request('continue', { http: HTTP }), environment);
    expect(readFileSync(file, 'utf8')).toBe(
      'name: Mine\nversion: 0.0.1\nschema: v1\n# tools\nmcpServers:\n  - name: lore\n    type: streamable-http\n    url: http://127.0.0.1:7300/mcp\n    requestOptions:\n      headers:\n        Authorization: Bearer lore_k1\n  - name: sqlite # the database\n    command: uvx\n',
    );
    runSetup(request('continue', { action: 'remove' }), environment);
    expect(readFileSync(file, 'utf8')).toBe(
      'name: Mine\nversion: 0.0.1\nschema: v1\n# tools\nmcpServers:\n  - name: sqlite # the database\n    command: uvx\n',
    );
  });

  it('Codex (TOML): other tables and comments stay; a new server is its own table; removing takes only it', () => {
    const file = join(environment.home, '.codex', 'config.toml');
    const before = '# my Codex\nmodel = "o3" # fast enough\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\nargs = ["--stdio"]\n';
    write(file, before);
    runSetup(request('codex'), environment);
    expect(readFileSync(file, 'utf8')).toBe(`${before}\n[mcp_servers.lore]\ncommand = "lore"\nargs = ["mcp"]\n`);
    runSetup(request('codex', { http: HTTP }), environment);
    expect(readFileSync(file, 'utf8')).toBe(
      `${before}\n[mcp_servers.lore]\nurl = "http://127.0.0.1:7300/mcp"\nhttp_headers = {Authorization = "Bearer lore_k1"}\n`,
    );
    runSetup(request('codex', { action: 'remove' }), environment);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});

describe('lore setup: bad input changes nothing and says why', () => {
  it.each([
    ['claude-code', 'repo/.mcp.json', '{ "mcpServers": { "a": 1 }, }', 'is not valid JSON: PropertyNameExpected at line 1'],
    ['cursor', 'repo/.cursor/mcp.json', '{\n  // a comment\n  "mcpServers": {}\n}', 'is not valid JSON: InvalidCommentToken at line 2'],
    ['vscode', 'repo/.vscode/mcp.json', '{ "servers": [ }', 'is not valid JSON with comments: ValueExpected at line 1'],
    ['gemini', 'repo/.gemini/settings.json', '{ "mcpServers": [] }', 'is not valid configuration: "mcpServers" is not an object'],
    ['continue', 'home/.continue/config.yaml', 'mcpServers:\n  - name: a\n   bad: [', 'is not valid YAML'],
    ['continue', 'home/.continue/config.yaml', 'mcpServers:\n  a: 1\n', 'is not valid configuration: "mcpServers" is not a list'],
    ['codex', 'home/.codex/config.toml', '[mcp_servers.a\ncommand = "x"', 'is not valid TOML'],
  ])('%s with %s: %j', (client, path, text, message) => {
    const file = join(root, path);
    write(file, text);
    const error = errorOf(() => runSetup(request(client), environment));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(`${file} ${message}`);
    expect(error.message).toContain('Nothing was changed.');
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(existsSync(`${file}.lore-backup`)).toBe(false);
  });

  it('a read-only file: permission_denied, the file as it was', () => {
    const file = join(environment.repository, '.mcp.json');
    write(file, '{}\n');
    chmodSync(file, 0o444);
    const error = errorOf(() => runSetup(request('claude-code'), environment));
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'permission_denied',
      message: `${file} is read-only: the file cannot be written. Nothing was changed.`,
    });
    expect(readFileSync(file, 'utf8')).toBe('{}\n');
  });

  it('a client that is not installed: not_found naming the directory looked for, nothing created', () => {
    const error = errorOf(() => runSetup(request('windsurf'), environment));
    const directory = join(environment.home, '.codeium', 'windsurf');
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'not_found',
      message: `Windsurf does not look installed here: ${directory} does not exist. Nothing was changed.`,
    });
    expect(existsSync(directory)).toBe(false);
    // --print still shows the entry.
    expect(runSetup(request('windsurf', { action: 'print' }), environment).text).toBe(MCP_SERVERS_STDIO);
  });

  it('Claude Desktop over HTTP: refused, its file takes only stdio servers', () => {
    const error = errorOf(() => runSetup(request('claude-desktop', { http: HTTP }), environment));
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'invalid_input',
      message: "Claude Desktop's configuration file takes only local (stdio) servers.",
    });
  });

  it('an unknown client: invalid_input listing the known ones', () => {
    const error = errorOf(() => runSetup(request('emacs'), environment));
    expect(error.code).toBe('invalid_input');
    expect(error.hint).toBe(
      'one of claude-code, claude-desktop, cursor, vscode, windsurf, zed, cline, continue, codex, gemini (lore setup --list)',
    );
  });
});

it('the repository is the nearest directory up holding .git', () => {
  mkdirSync(join(environment.repository, '.git'));
  mkdirSync(join(environment.repository, 'src', 'deep'), { recursive: true });
  expect(repositoryRoot(join(environment.repository, 'src', 'deep'))).toBe(environment.repository);
});
