import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The agent clients `lore setup` configures, each in the file and format its own documentation gives
 * (checked 2026-12):
 *
 * | client         | file                                                            | format | servers under      | remote entry                     | source                                      |
 * | -------------- | --------------------------------------------------------------- | ------ | ------------------ | -------------------------------- | ------------------------------------------- |
 * | Claude Code    | <repository>/.mcp.json (project scope)                          | JSON   | mcpServers         | type: http, url, headers         | code.claude.com/docs/en/mcp                 |
 * | Claude Desktop | macOS ~/Library/Application Support/Claude/, Windows %APPDATA%\Claude\, Linux ~/.config/Claude/: claude_desktop_config.json | JSON | mcpServers | none (connectors in its settings) | modelcontextprotocol.io/quickstart/user |
 * | Cursor         | <repository>/.cursor/mcp.json (project)                         | JSON   | mcpServers         | url, headers                     | cursor.com/docs/mcp                         |
 * | VS Code        | <repository>/.vscode/mcp.json (workspace)                       | JSONC  | servers            | type: http, url, headers         | code.visualstudio.com/docs/copilot/reference/mcp-configuration |
 * | Windsurf       | ~/.codeium/windsurf/mcp_config.json                             | JSON   | mcpServers         | serverUrl, headers               | docs.windsurf.com/windsurf/cascade/mcp      |
 * | Zed            | ~/.config/zed/settings.json (Windows %APPDATA%\Zed\)            | JSONC  | context_servers    | url, headers                     | zed.dev/docs/ai/mcp                         |
 * | Cline          | VS Code's globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json; the Cline CLI's ~/.cline/data/settings/ (CLINE_MCP_SETTINGS_PATH overrides) | JSON | mcpServers | type: streamableHttp, url, headers | docs.cline.bot/mcp/configuring-mcp-servers |
 * | Continue       | ~/.continue/config.yaml                                         | YAML   | mcpServers (list)  | type: streamable-http, url, requestOptions.headers | docs.continue.dev/customize/deep-dives/mcp |
 * | Codex CLI      | $CODEX_HOME/config.toml (default ~/.codex)                      | TOML   | [mcp_servers.NAME] | url, http_headers                | developers.openai.com/codex/mcp             |
 * | Gemini CLI     | <repository>/.gemini/settings.json (project)                    | JSON   | mcpServers         | httpUrl, headers                 | geminicli.com/docs/tools/mcp-server         |
 *
 * A file inside the repository belongs to it, so a project-scope client needs no install check; a
 * user file is written only where the client's own directory exists (else: not installed).
 */
export type ConfigFormat = 'json' | 'jsonc' | 'yaml' | 'toml';

export interface StdioServer {
  command: string;
  args: string[];
}
export interface HttpServer {
  url: string;
  /** Sent as `Authorization: Bearer <key>`; null when no key was given. */
  key: string | null;
}

/** Where the paths are computed from: the process's, or a test's. */
export interface SetupEnvironment {
  home: string;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The repository's root: the project-scope files go there. */
  repository: string;
}

export interface AgentClient {
  id: string;
  name: string;
  format: ConfigFormat;
  /** 'project': a file of the repository; 'user': the user's own, for every repository. */
  scope: 'project' | 'user';
  file(environment: SetupEnvironment): string;
  /** The directories whose presence says the client is installed (any one); none for a project file. */
  installedWhere(environment: SetupEnvironment): string[];
  /** The key holding the servers: an object keyed by name, or (Continue) a list of entries with `name`. */
  serversKey: string;
  stdioEntry(server: StdioServer): Record<string, unknown>;
  /** null: the client's file takes no remote server. */
  httpEntry: ((server: HttpServer) => Record<string, unknown>) | null;
}

const bearer = (key: string | null): Record<string, unknown> => (key === null ? {} : { headers: { Authorization: `Bearer ${key}` } });
const plainStdio = ({ command, args }: StdioServer): Record<string, unknown> => ({ command, args });

/** A per-user application directory: macOS's Application Support, Windows' %APPDATA%, else XDG's config directory. */
function appDirectory({ home, platform, env }: SetupEnvironment, name: string, linuxName = name): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', name);
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), name);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), linuxName);
}

const clineExtensionSettings = (environment: SetupEnvironment): string =>
  join(appDirectory(environment, 'Code'), 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings');
/** CLINE_MCP_SETTINGS_PATH's directory; else the VS Code extension's, unless only the Cline CLI (~/.cline) is there. */
function clineSettings(environment: SetupEnvironment): string {
  if (environment.env.CLINE_MCP_SETTINGS_PATH) return dirname(environment.env.CLINE_MCP_SETTINGS_PATH);
  const extension = clineExtensionSettings(environment);
  const cli = join(environment.home, '.cline', 'data', 'settings');
  return !existsSync(extension) && existsSync(join(environment.home, '.cline')) ? cli : extension;
}
const codexHome = ({ home, env }: SetupEnvironment): string => env.CODEX_HOME || join(home, '.codex');
const zedDirectory = (environment: SetupEnvironment): string =>
  environment.platform === 'win32'
    ? appDirectory(environment, 'Zed')
    : join(environment.env.XDG_CONFIG_HOME || join(environment.home, '.config'), 'zed');

export const AGENT_CLIENTS: readonly AgentClient[] = [
  {
    id: 'claude-code',
    name: 'Claude Code',
    format: 'json',
    scope: 'project',
    file: ({ repository }) => join(repository, '.mcp.json'),
    installedWhere: () => [],
    serversKey: 'mcpServers',
    stdioEntry: plainStdio,
    httpEntry: ({ url, key }) => ({ type: 'http', url, ...bearer(key) }),
  },
  {
    id: 'claude-desktop',
    name: 'Claude Desktop',
    format: 'json',
    scope: 'user',
    file: (environment) => join(appDirectory(environment, 'Claude'), 'claude_desktop_config.json'),
    installedWhere: (environment) => [appDirectory(environment, 'Claude')],
    serversKey: 'mcpServers',
    stdioEntry: plainStdio,
    httpEntry: null,
  },
  {
    id: 'cursor',
    name: 'Cursor',
    format: 'json',
    scope: 'project',
    file: ({ repository }) => join(repository, '.cursor', 'mcp.json'),
    installedWhere: () => [],
    serversKey: 'mcpServers',
    stdioEntry: plainStdio,
    httpEntry: ({ url, key }) => ({ url, ...bearer(key) }),
  },
  {
    id: 'vscode',
    name: 'VS Code (Copilot)',
    format: 'jsonc',
    scope: 'project',
    file: ({ repository }) => join(repository, '.vscode', 'mcp.json'),
    installedWhere: () => [],
    serversKey: 'servers',
    stdioEntry: ({ command, args }) => ({ type: 'stdio', command, args }),
    httpEntry: ({ url, key }) => ({ type: 'http', url, ...bearer(key) }),
  },
  {
    id: 'windsurf',
    name: 'Windsurf',
    format: 'json',
    scope: 'user',
    file: ({ home }) => join(home, '.codeium', 'windsurf', 'mcp_config.json'),
    installedWhere: ({ home }) => [join(home, '.codeium', 'windsurf')],
    serversKey: 'mcpServers',
    stdioEntry: plainStdio,
    httpEntry: ({ url, key }) => ({ serverUrl: url, ...bearer(key) }),
  },
  {
    id: 'zed',
    name: 'Zed',
    format: 'jsonc',
    scope: 'user',
    file: (environment) => join(zedDirectory(environment), 'settings.json'),
    installedWhere: (environment) => [zedDirectory(environment)],
    serversKey: 'context_servers',
    stdioEntry: plainStdio,
    httpEntry: ({ url, key }) => ({ url, ...bearer(key) }),
  },
  {
    id: 'cline',
    name: 'Cline',
    format: 'json',
    scope: 'user',
    file: (environment) => environment.env.CLINE_MCP_SETTINGS_PATH || join(clineSettings(environment), 'cline_mcp_settings.json'),
    installedWhere: (environment) => [clineSettings(environment)],
    serversKey: 'mcpServers',
    stdioEntry: plainStdio,
    httpEntry: ({ url, key }) => ({ type: 'streamableHttp', url, ...bearer(key) }),
  },
  {
    id: 'continue',
    name: 'Continue',
    format: 'yaml',
    scope: 'user',
    file: ({ home }) => join(home, '.continue', 'config.yaml'),
    installedWhere: ({ home }) => [join(home, '.continue')],
    serversKey: 'mcpServers',
    stdioEntry: plainStdio,
    httpEntry: ({ url, key }) => ({
      type: 'streamable-http',
      url,
      ...(key === null ? {} : { requestOptions: { headers: { Authorization: `Bearer ${key}` } } }),
    }),
  },
  {
    id: 'codex',
    name: 'Codex CLI',
    format: 'toml',
    scope: 'user',
    file: (environment) => join(codexHome(environment), 'config.toml'),
    installedWhere: (environment) => [codexHome(environment)],
    serversKey: 'mcp_servers',
    stdioEntry: plainStdio,
    httpEntry: ({ url, key }) => ({ url, ...(key === null ? {} : { http_headers: { Authorization: `Bearer ${key}` } }) }),
  },
  {
    id: 'gemini',
    name: 'Gemini CLI',
    format: 'json',
    scope: 'project',
    file: ({ repository }) => join(repository, '.gemini', 'settings.json'),
    installedWhere: () => [],
    serversKey: 'mcpServers',
    stdioEntry: plainStdio,
    httpEntry: ({ url, key }) => ({ httpUrl: url, ...bearer(key) }),
  },
];
