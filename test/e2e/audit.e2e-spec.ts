import { createHash } from 'node:crypto';
import { request } from 'node:http';
import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import type { AuditRecord, ListAuditResult } from '@lore/domain/schemas/audit';
import { testDriver, wipeGraph } from '../support/graph';
import { type RunningServer, startServer, waitUntilReady } from '../support/processes';
import { type McpDoor, cliJson, connectMcp, graphql, graphqlGetSymbol, indexAndServe } from './doors';

/**
 * The audit as an admin reads it: calls through every door (REST, GraphQL, MCP over HTTP and stdio,
 * the CLI) are recorded with their door, operation and status; requests refused before any
 * operation (401, 403, 413, a GraphQL query that fails validation) too; REST pages through it; `lore audit verify` names a record edited or
 * deleted directly in Neo4j.
 */
const TENANT = 'e2e-audit';
const REPO = 'order-service';
const env = { LORE_TENANT: TENANT };

let driver: Driver;
let server: RunningServer;
const mcp = new Map<McpDoor, Client>();

async function auditPage(
  url: string,
  query: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: ListAuditResult }> {
  const response = await fetch(`${url}/api/v1/audit?${query}`, { headers });
  return { status: response.status, body: (await response.json()) as ListAuditResult };
}

/** Every record of the tenant, oldest first, read a page of 5 at a time through REST. */
async function everyRecord(url: string): Promise<AuditRecord[]> {
  const records: AuditRecord[] = [];
  let cursor: string | null = null;
  do {
    const page = await auditPage(url, `limit=5${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status).toBe(200);
    records.push(...page.body.records);
    cursor = page.body.nextCursor;
  } while (cursor !== null);
  return records.reverse();
}

const summary = ({ door, operation, status, httpStatus, subject }: AuditRecord) => ({ door, operation, status, httpStatus, subject });

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  ({ server } = await indexAndServe(REPO, env));
  for (const door of ['stdio', 'http 2026-07-28'] as McpDoor[]) mcp.set(door, await connectMcp(door, server.url, env));
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await driver?.close();
});

describe('the audit of every door', () => {
  let records: AuditRecord[];
  let symbolUid: string;

  beforeAll(async () => {
    const rest = await fetch(`${server.url}/api/v1/symbols?name=applyDiscount`, { headers: { 'x-request-id': 'e2e-audit-rest' } });
    symbolUid = ((await rest.json()) as { symbol: { uid: string } }).symbol.uid;
    await graphqlGetSymbol(server.url, { name: 'applyDiscount' });
    // The explorer's root list is an operation; its nested lists are not (their cost is budgeted).
    expect(
      (await graphql(server.url, '{ repositories(first: 5) { nodes { id files(first: 2) { nodes { path } } } } }', {})).errors,
    ).toBeUndefined();
    for (const client of mcp.values()) await client.callTool({ name: 'get_symbol', arguments: { name: 'applyDiscount' } });
    await mcp.get('stdio')!.close();
    expect((await cliJson(['symbol', 'noSuchSymbol'], env)).code).toBe(3);
    // One call of a capability that composes another (get_related_tests uses impact below the gate): one record.
    expect((await cliJson(['tests-for', 'applyDiscount'], env)).code).toBe(0);
    await fetch(`${server.url}/api/v1/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lore-agent-run': 'run-42' },
      body: JSON.stringify({ query: 'discount for gold customers' }),
    });
    await hostRequest(`${server.url}/api/v1/symbols?name=applyDiscount`, 'evil.example');
    await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2_000_000) });
    const unknownField = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ noSuchField }' }),
    });
    expect(unknownField.status).toBe(400);
    // The lore mcp process writes its records as it closes; give it a moment past the client's close.
    for (let tries = 0; tries < 50 && !(await everyRecord(server.url)).some((record) => record.door === 'mcp-stdio'); tries++)
      await new Promise((resolve) => setTimeout(resolve, 200));
    records = await everyRecord(server.url);
  }, 120_000);

  afterAll(async () => {
    for (const client of mcp.values()) await client.close();
  });

  it('records each call with its door, operation and status, in order, the index run and refusals included', () => {
    // Reading the audit is recorded too (list_audit): left out here, it is every page asked above.
    const doorsOf = (door: string) => records.filter((record) => record.door === door && record.operation !== 'list_audit').map(summary);
    expect(records[0]).toMatchObject({ seq: 1, door: 'cli', operation: 'index_repository', status: 'ok', repository: REPO });
    expect(doorsOf('rest')).toEqual([
      { door: 'rest', operation: 'get_symbol', status: 'ok', httpStatus: null, subject: 'local' },
      { door: 'rest', operation: 'search_code', status: 'ok', httpStatus: null, subject: 'local' },
      { door: 'rest', operation: 'GET /api/v1/symbols', status: 'permission_denied', httpStatus: 403, subject: 'anonymous' },
    ]);
    expect(doorsOf('graphql')).toEqual([
      { door: 'graphql', operation: 'get_symbol', status: 'ok', httpStatus: null, subject: 'local' },
      { door: 'graphql', operation: 'explore_repositories', status: 'ok', httpStatus: null, subject: 'local' },
      { door: 'graphql', operation: 'POST /graphql', status: 'invalid_input', httpStatus: 413, subject: 'anonymous' },
      { door: 'graphql', operation: 'POST /graphql', status: 'invalid_input', httpStatus: 400, subject: 'local' },
    ]);
    expect(doorsOf('mcp-http')).toEqual([{ door: 'mcp-http', operation: 'get_symbol', status: 'ok', httpStatus: null, subject: 'local' }]);
    expect(doorsOf('mcp-stdio')).toEqual([
      { door: 'mcp-stdio', operation: 'get_symbol', status: 'ok', httpStatus: null, subject: 'local' },
    ]);
    expect(doorsOf('cli').slice(1)).toEqual([
      { door: 'cli', operation: 'get_symbol', status: 'not_found', httpStatus: null, subject: 'local' },
      { door: 'cli', operation: 'get_related_tests', status: 'ok', httpStatus: null, subject: 'local' },
    ]);
    expect(records.map((record) => record.seq)).toEqual(records.map((_, index) => index + 1));
  });

  it('keeps what a call named and how it went, never what it read or a query text', () => {
    const rest = records.find((record) => record.requestId === 'e2e-audit-rest')!;
    expect(rest).toMatchObject({ tenantId: TENANT, repository: null, refs: [symbolUid], queryHash: null, agentRunId: null });
    expect(rest.resultBytes).toBeGreaterThan(500);
    expect(rest.latencyMs).toBeGreaterThan(0);
    const search = records.find((record) => record.operation === 'search_code')!;
    expect(search).toMatchObject({
      queryHash: createHash('sha256').update('discount for gold customers').digest('hex'),
      agentRunId: 'run-42',
    });
    expect(JSON.stringify(records)).not.toContain('gold customers');
    expect(JSON.stringify(records)).not.toContain('export function');
  });

  it('pages newest first with filters, for an admin of the tenant only', async () => {
    const page = await auditPage(server.url, 'operation=get_symbol&status=ok&limit=2');
    const next = await auditPage(server.url, `operation=get_symbol&status=ok&limit=2&cursor=${page.body.nextCursor}`);
    const both = [...page.body.records, ...next.body.records];
    expect([page.body.records.length, next.body.records.length]).toEqual([2, 2]);
    expect(both.map((record) => record.seq)).toEqual(both.map((record) => record.seq).sort((a, b) => b - a));
    expect(new Set(both.map((record) => record.door))).toEqual(new Set(['rest', 'graphql', 'mcp-http', 'mcp-stdio']));
    expect(next.body.nextCursor).toBeNull();
    expect((await auditPage(server.url, 'tenant=someone-else')).body).toMatchObject({ code: 'permission_denied' });
    expect((await auditPage(server.url, 'door=fax')).status).toBe(400);
  });

  it('lore audit verify accepts the chain, then names a record edited and a record deleted in Neo4j', async () => {
    // Without --tenant: every chain (this spec's is the only one).
    expect(await cliJson(['audit', 'verify'], env)).toMatchObject({
      code: 0,
      body: { valid: true, chains: [{ tenantId: TENANT, valid: true, anchorSeq: 0, problem: null }] },
    });

    const edited = records[2]!;
    await driver.executeQuery("MATCH (a:AuditRecord {tenant: $tenant, seq: $seq}) SET a.status = 'ok', a.subject = 'nobody'", {
      tenant: TENANT,
      seq: edited.seq,
    });
    const afterEdit = await cliJson(['audit', 'verify', '--tenant', TENANT], env);
    expect(afterEdit.code).toBe(6);
    expect(afterEdit.body).toMatchObject({
      valid: false,
      chains: [{ tenantId: TENANT, problem: { kind: 'edited', seq: edited.seq, id: edited.id } }],
    });

    await driver.executeQuery('MATCH (a:AuditRecord {tenant: $tenant, seq: $seq}) DELETE a', { tenant: TENANT, seq: edited.seq });
    const afterDelete = await cliJson(['audit', 'verify', '--tenant', TENANT], env);
    expect(afterDelete.code).toBe(6);
    expect(afterDelete.body).toMatchObject({ chains: [{ problem: { kind: 'removed', seq: edited.seq, id: null } }] });
    expect((await cliJson(['audit', 'list', '--tenant', TENANT, '--operation', 'verify_audit'], env)).body).toMatchObject({
      records: [
        { door: 'cli', status: 'ok' },
        { door: 'cli', status: 'ok' },
        { door: 'cli', status: 'ok' },
      ],
    });
  });
});

describe('the audit on a server that requires keys', () => {
  const keyed = { LORE_TENANT: 'e2e-audit-keys' };
  let keyedServer: RunningServer;
  let readKey: { key: string; id: string };
  beforeAll(async () => {
    // A key exists, so the server requires one.
    readKey = (await cliJson(['keys', 'create', '--tenant', keyed.LORE_TENANT, '--permissions', 'read'], keyed)).body as typeof readKey;
    keyedServer = await startServer(keyed);
    await waitUntilReady(keyedServer.url);
  }, 120_000);
  afterAll(async () => {
    await keyedServer?.stop();
    // Keys are server-wide: left behind, they would make later specs' servers require authentication.
    await driver.executeQuery('MATCH (k:ApiKey) DETACH DELETE k');
  });

  it('records a 401 on REST and MCP as anonymous, and refuses the audit to a key without admin', async () => {
    expect((await fetch(`${keyedServer.url}/api/v1/symbols?name=applyDiscount`)).status).toBe(401);
    const mcpPost = await fetch(`${keyedServer.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer wrong-key' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcpPost.status).toBe(401);
    const asReader = await auditPage(keyedServer.url, '', { authorization: `Bearer ${readKey.key}` });
    expect(asReader.status).toBe(403);
    expect(asReader.body).toMatchObject({ code: 'permission_denied' });

    const listed = await cliJson(['audit', 'list', '--status', 'permission_denied'], keyed);
    expect((listed.body as unknown as ListAuditResult).records.map(summary)).toEqual([
      { door: 'rest', operation: 'list_audit', status: 'permission_denied', httpStatus: null, subject: `api-key:${readKey.id}` },
      { door: 'mcp-http', operation: 'POST /mcp', status: 'permission_denied', httpStatus: 401, subject: 'anonymous' },
      { door: 'rest', operation: 'GET /api/v1/symbols', status: 'permission_denied', httpStatus: 401, subject: 'anonymous' },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('wrong-key');
  });
});

function hostRequest(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
