/**
 * What an agent pays for Lore's MCP catalog before its first question (issue 49, 5.2): the size of
 * `tools/list` (bytes of the JSON result, o200k_base tokens, and how much of it is output schemas)
 * and of each `resources/list` page (entries, bytes, tokens; the pages followed by their cursor),
 * for `/mcp` and each seed endpoint, as the official MCP SDK client receives them over Streamable HTTP.
 *
 *   npm run bench:catalog
 *
 * The server is a `lore serve` over test/fixtures/order-service and health-ts (its own Neo4j unless
 * NEO4J_URI is set). Figures go in docs/benchmarks.md with the command and the load.
 */
import 'reflect-metadata';
import { loadavg } from 'node:os';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { countTokens } from '@lore/domain';
import { serveFixtures } from './served-fixtures';

const ENDPOINTS = ['/mcp', '/mcp/codeclone', '/mcp/codedoc', '/mcp/knowledge', '/mcp/analysis'];
/** The ceiling issue 49 sets for the default tools/list. */
const TOOLS_LIST_BUDGET = 25_000;

interface Size {
  bytes: number;
  tokens: number;
}

function sizeOf(value: unknown): Size {
  const text = JSON.stringify(value);
  return { bytes: Buffer.byteLength(text), tokens: countTokens(text) };
}

async function measure(url: string, endpoint: string): Promise<string[]> {
  const client = new Client({ name: 'bench-catalog', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}${endpoint}`)));
  try {
    const listed = await client.listTools();
    const whole = sizeOf(listed);
    const outputs = sizeOf(listed.tools.map((tool) => tool.outputSchema ?? null));
    const inputs = sizeOf(listed.tools.map((tool) => tool.inputSchema));
    const lines = [
      `${endpoint}: tools/list ${listed.tools.length} tools, ${whole.bytes} bytes, ${whole.tokens} tokens` +
        ` (input schemas ${inputs.tokens}, output schemas ${outputs.tokens} tokens)` +
        (endpoint === '/mcp' ? `; budget ${TOOLS_LIST_BUDGET}: ${whole.tokens <= TOOLS_LIST_BUDGET ? 'under' : 'OVER'}` : ''),
    ];
    if (client.getServerCapabilities()?.resources === undefined) return [...lines, `${endpoint}: no resources`];
    const pages: string[] = [];
    let cursor: string | undefined;
    let total = 0;
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor });
      const size = sizeOf(page);
      total += page.resources.length;
      pages.push(`${page.resources.length} entries/${size.bytes} B/${size.tokens} tok`);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    lines.push(`${endpoint}: resources/list ${total} entries in ${pages.length} page(s): ${pages.join('; ')}`);
    return lines;
  } finally {
    await client.close();
  }
}

async function main(): Promise<void> {
  const served = await serveFixtures({
    tenant: 'bench-catalog',
    repositories: [
      { fixture: 'order-service', repositoryId: 'order-service' },
      { fixture: 'health-ts', repositoryId: 'health-ts' },
    ],
    env: { LORE_LOG_LEVEL: 'warn' },
  });
  try {
    console.log(
      `load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    for (const endpoint of ENDPOINTS) for (const line of await measure(served.url, endpoint)) console.log(line);
  } finally {
    await served.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
