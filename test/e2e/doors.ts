import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { LORE_BIN, runCli } from '../support/processes';

/** Asks the same question through each door, the way a real caller of that door would. */

const REF = 'uid kind name qualifiedName repositoryId path startLine endLine';
const GET_SYMBOL_QUERY = `query GetSymbol($input: GetSymbolInput!) {
  symbol(input: $input) {
    symbol { ${REF} language signature doc exported complexity commitSha resourceUri symbolUri
      parent { ${REF} } members { ${REF} }
      calls { symbol { ${REF} } line confidence } calledBy { symbol { ${REF} } line confidence } }
    warnings { code message }
    trustBoundary
  }
}`;
const SEARCH_QUERY = `query Search($input: SearchCodeInput!) {
  searchCode(input: $input) {
    results { ${REF} artifactType title score reasons scores { fulltext semantic } resourceUri }
    warnings { code message }
    trustBoundary
  }
}`;

export async function graphql(
  url: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ data?: Record<string, unknown>; errors?: { message: string; extensions: Record<string, unknown> }[] }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as never;
}

export async function graphqlGetSymbol(url: string, input: Record<string, unknown>): Promise<unknown> {
  const body = await graphql(url, GET_SYMBOL_QUERY, { input });
  if (body.errors) return { error: body.errors[0]!.extensions.code };
  return body.data!.symbol;
}

export async function graphqlSearch(url: string, input: Record<string, unknown>): Promise<unknown> {
  const body = await graphql(url, SEARCH_QUERY, { input });
  if (body.errors) return { error: body.errors[0]!.extensions.code };
  return body.data!.searchCode;
}

export async function restJson(url: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function cliJson(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; body: Record<string, unknown> }> {
  const result = await runCli([...args, '--json'], env);
  try {
    return { code: result.code, body: JSON.parse(result.stdout) as Record<string, unknown> };
  } catch {
    throw new Error(`lore ${args.join(' ')} printed no JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
}

export type McpDoor = 'stdio' | 'http 2026-07-28' | 'http 2025-11-25';

export async function connectMcp(door: McpDoor, url: string, env: NodeJS.ProcessEnv): Promise<Client> {
  const client = new Client(
    { name: 'lore-e2e', version: '1.0.0' },
    door === 'http 2026-07-28'
      ? { versionNegotiation: { mode: { pin: '2026-07-28' } } }
      : door === 'stdio'
        ? { versionNegotiation: { mode: 'auto' } }
        : {},
  );
  const transport =
    door === 'stdio'
      ? new StdioClientTransport({
          command: process.execPath,
          args: [LORE_BIN, 'mcp'],
          env: { ...process.env, ...env } as Record<string, string>,
          stderr: 'pipe',
        })
      : new StreamableHTTPClientTransport(new URL(`${url}/mcp`));
  await client.connect(transport);
  return client;
}
