import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioTransportV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Driver } from 'neo4j-driver';
import type { FixtureRepository } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { LORE_BIN, type RunningServer } from '../support/processes';
import { FULL_PROFILE_TOOLS, indexAndServe } from './doors';

/**
 * Lore driven by clients it did not write: the MCP Inspector's CLI mode, and the previous SDK
 * generation's client (@modelcontextprotocol/sdk 1.x, what most deployed agents embed), each over
 * stdio and Streamable HTTP: list the tools, call two, read a resource, get a prompt.
 */
const TENANT = 'e2e-mcp-clients';
const REPO = 'order-service';
const env = { LORE_TENANT: TENANT };
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
/** What `lore mcp` needs from the test environment (a client passes a server no environment of its own). */
const SERVER_ENV = ['NEO4J_URI', 'NEO4J_USER', 'NEO4J_PASSWORD', 'NEO4J_DATABASE', 'LORE_CACHE_DIR', 'LORE_EMBEDDINGS_PROVIDER'];

let driver: Driver;
let fixture: FixtureRepository;
let server: RunningServer;
let home: string;

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  ({ fixture, server } = await indexAndServe(REPO, env));
  // The Inspector keeps a catalog under HOME: a writable one of its own.
  home = mkdtempSync(join(tmpdir(), 'lore-inspector-'));
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await driver?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

const serverEnv = (): Record<string, string> => {
  const passed: Record<string, string> = { ...env };
  for (const key of SERVER_ENV) if (process.env[key]) passed[key] = process.env[key];
  return passed;
};

const codeUri = (): string => `code://${REPO}/${fixture.commitSha}/src/pricing/discounts.ts#L9-L12`;

/** The answers a client got for the same five requests, reduced to what must be the same everywhere. */
interface Round {
  tools: string[];
  /** The message a client shows for a tool call that fails (get_symbol of a name nothing has). */
  error: string;
  search: string[];
  symbol: string;
  resource: string;
  prompt: string;
}

const expectedRound = (): Round => ({
  tools: FULL_PROFILE_TOOLS,
  error: MISSING_SYMBOL_ERROR,
  search: ['applyDiscount'],
  symbol: `${TENANT}:${REPO}:src/pricing/discounts.ts#applyDiscount`,
  resource: 'export function applyDiscount',
  prompt: 'Call analyze_impact with {"repositoryId": "order-service", "path": "src/pricing/discounts.ts"}',
});

interface ToolAnswer {
  data: { results?: { qualifiedName: string }[]; symbol?: { uid: string } };
}

/** One run of the Inspector's CLI: its exit code and what it printed. */
function inspectorRun(target: string[], method: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [INSPECTOR, '--cli', ...target, '--method', ...method],
      { env: { ...process.env, HOME: home }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function inspector(target: string[], method: string[]): Promise<unknown> {
  const { code, stdout, stderr } = await inspectorRun(target, method);
  if (code !== 0) throw new Error(`inspector ${method.join(' ')} exited ${code}:\n${stdout}\n${stderr}`);
  return JSON.parse(stdout);
}

/** What a client shows for a tool call that fails: the error message of its text content. */
function toolErrorMessage(result: { isError?: boolean; content?: unknown; structuredContent?: unknown }): string {
  if (!result.isError) return `not an error: ${JSON.stringify(result)}`;
  return (JSON.parse((result.content as { text: string }[])[0]!.text) as { error: { message: string } }).error.message;
}

const MISSING_SYMBOL_ERROR = 'No symbol named noSuchSymbol.';

async function inspectorRound(target: string[]): Promise<Round> {
  const tools = (await inspector(target, ['tools/list'])) as { tools: { name: string }[] };
  const search = (await inspector(target, [
    'tools/call',
    '--tool-name',
    'search_code',
    '--tool-arg',
    'query=applyDiscount',
    'maxResults=1',
  ])) as {
    structuredContent: ToolAnswer;
  };
  const symbol = (await inspector(target, ['tools/call', '--tool-name', 'get_symbol', '--tool-arg', 'name=applyDiscount'])) as {
    structuredContent: ToolAnswer;
  };
  const resource = (await inspector(target, ['resources/read', '--uri', codeUri()])) as { contents: { text: string }[] };
  const prompt = (await inspector(target, [
    'prompts/get',
    '--prompt-name',
    'analyze_impact',
    '--prompt-args',
    `repositoryId=${REPO}`,
    'changedPath=src/pricing/discounts.ts',
  ])) as { messages: { content: { text: string } }[] };
  // A failed call exits with the Inspector's tool-error code after printing the result; an answer
  // its output-schema validation refused would print that refusal instead.
  const failed = await inspectorRun(target, ['tools/call', '--tool-name', 'get_symbol', '--tool-arg', 'name=noSuchSymbol']);
  return roundOf(
    tools.tools,
    failed.stdout.trim().startsWith('{') ? toolErrorMessage(JSON.parse(failed.stdout) as never) : `${failed.stdout}${failed.stderr}`,
    search.structuredContent,
    symbol.structuredContent,
    resource.contents[0]!.text,
    prompt.messages[0]!.content.text,
  );
}

function roundOf(
  tools: { name: string }[],
  error: string,
  search: ToolAnswer,
  symbol: ToolAnswer,
  resource: string,
  prompt: string,
): Round {
  return {
    tools: tools.map((tool) => tool.name).sort(),
    error,
    search: search.data.results!.map((hit) => hit.qualifiedName),
    symbol: symbol.data.symbol!.uid,
    resource: resource.includes('export function applyDiscount') ? 'export function applyDiscount' : resource,
    prompt:
      prompt
        .split('\n')
        .find((line) => line.includes('Call analyze_impact with'))
        ?.replace(/^1\. /, '')
        .replace(/\. Note.*$/, '') ?? prompt,
  };
}

async function sdkV1Round(transport: StdioTransportV1 | HttpTransportV1): Promise<Round & { protocolVersion: string | undefined }> {
  const client = new ClientV1({ name: 'lore-e2e-sdk-1', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const search = await client.callTool({ name: 'search_code', arguments: { query: 'applyDiscount', maxResults: 1 } });
    const symbol = await client.callTool({ name: 'get_symbol', arguments: { name: 'applyDiscount' } });
    // This client validates structuredContent against the outputSchema even on an error result.
    const failed = await client.callTool({ name: 'get_symbol', arguments: { name: 'noSuchSymbol' } }).then(
      (result) => toolErrorMessage(result as Parameters<typeof toolErrorMessage>[0]),
      (error: Error) => error.message,
    );
    const { contents } = await client.readResource({ uri: codeUri() });
    const { messages } = await client.getPrompt({
      name: 'analyze_impact',
      arguments: { repositoryId: REPO, changedPath: 'src/pricing/discounts.ts' },
    });
    return {
      ...roundOf(
        tools,
        failed,
        search.structuredContent as ToolAnswer,
        symbol.structuredContent as ToolAnswer,
        (contents[0] as { text: string }).text,
        (messages[0]!.content as { text: string }).text,
      ),
      protocolVersion: transport instanceof HttpTransportV1 ? transport.protocolVersion : undefined,
    };
  } finally {
    await client.close();
  }
}

describe('the MCP Inspector (CLI mode)', () => {
  it('lists the tools, calls two, reads a resource and gets a prompt over stdio', async () => {
    const passed = Object.entries(serverEnv()).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
    expect(await inspectorRound([...passed, process.execPath, LORE_BIN, 'mcp'])).toEqual(expectedRound());
  }, 120_000);

  it('does the same over Streamable HTTP', async () => {
    expect(await inspectorRound([`${server.url}/mcp`])).toEqual(expectedRound());
  }, 120_000);

  it('finds nothing unportable in the tool schemas (--strict reports every finding)', async () => {
    const listed = await inspectorRun([`${server.url}/mcp`], ['tools/list', '--strict']);
    expect({ code: listed.code, stderr: listed.stderr }).toEqual({ code: 0, stderr: '' });
  }, 60_000);
});

describe('the current SDK client (@modelcontextprotocol/client 2.x)', () => {
  it('reads a failed call as its error, and every structuredContent it gets is valid against the outputSchema', async () => {
    const client = new Client({ name: 'lore-e2e-sdk-2', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      const { tools } = await client.listTools();
      const outputSchema = tools.find((tool) => tool.name === 'get_symbol')!.outputSchema!;
      const validate = new AjvJsonSchemaValidator().getValidator(outputSchema);
      const failed = await client.callTool({ name: 'get_symbol', arguments: { name: 'noSuchSymbol' } });
      const found = await client.callTool({ name: 'get_symbol', arguments: { name: 'applyDiscount' } });
      expect({
        error: toolErrorMessage(failed),
        errorStructured: failed.structuredContent === undefined ? 'absent' : validate(failed.structuredContent),
        answerValid: validate(found.structuredContent).valid,
      }).toEqual({ error: MISSING_SYMBOL_ERROR, errorStructured: 'absent', answerValid: true });
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('the previous SDK generation (@modelcontextprotocol/sdk 1.x)', () => {
  it('does the same over stdio', async () => {
    const transport = new StdioTransportV1({ command: process.execPath, args: [LORE_BIN, 'mcp'], env: serverEnv(), stderr: 'pipe' });
    expect(await sdkV1Round(transport)).toEqual({ ...expectedRound(), protocolVersion: undefined });
  }, 60_000);

  it('does the same over Streamable HTTP, as a 2025-11-25 client', async () => {
    const transport = new HttpTransportV1(new URL(`${server.url}/mcp`));
    expect(await sdkV1Round(transport)).toEqual({ ...expectedRound(), protocolVersion: '2025-11-25' });
  }, 60_000);
});
