import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { runInCallContext } from '@lore/access';
import { NotFoundError, type Principal, localPrincipal } from '@lore/domain';
import type { AuditEntry } from '@lore/domain/schemas/audit';
import { CodeGraphRepository } from '@lore/graph';
import { AuditWriter } from '../../audit/audit-writer';
import { Operation } from '../operation';
import { OperationGate } from '../operation-gate';
import { AuditStage } from './audit.stage';
import { AuthorizationStage } from './authorization.stage';

@Injectable()
class LookupService {
  @Operation('search_code', { kind: 'read' })
  async search(input: { query: string; scope?: { repositoryId: string } }, _principal: Principal): Promise<unknown> {
    return { results: Array.from({ length: 30 }, (_, index) => ({ uid: `sym-${index}`, snippet: `secret body ${input.query}` })) };
  }

  @Operation('get_file_span', { kind: 'read' })
  async read(input: { uri: string }, _principal: Principal): Promise<unknown> {
    throw new NotFoundError(`No file at ${input.uri}`);
  }
}

const recorded: AuditEntry[] = [];

async function gated(): Promise<LookupService> {
  const stages = [AuthorizationStage, AuditStage];
  @Module({
    providers: [
      LookupService,
      ...stages,
      { provide: AuditWriter, useValue: { record: (entry: AuditEntry) => recorded.push(entry) } },
      // The tenant has one indexed repository, shop, which the authorization stage checks named repositories against.
      { provide: CodeGraphRepository, useValue: { listRepositories: async () => [{ repositoryId: 'shop' }] } },
      {
        provide: OperationGate,
        inject: [ModuleRef],
        useFactory: (modules: ModuleRef) => new OperationGate(modules, [LookupService], stages),
      },
    ],
  })
  class GatedModule {}
  const module = await Test.createTestingModule({ imports: [GatedModule] }).compile();
  await module.init();
  return module.get(LookupService);
}

describe('AuditStage', () => {
  beforeEach(() => recorded.splice(0));
  const ana: Principal = localPrincipal('acme', 'api-key-7');

  it("records an answered call: who, door, repository, at most 20 of the answer's ids, its size; the query only as its sha256", async () => {
    const service = await gated();
    const answer = await runInCallContext({ door: 'mcp-http', requestId: 'r-1', agentRunId: 'run-9' }, () =>
      service.search({ query: 'where are passwords checked', scope: { repositoryId: 'shop' } }, ana),
    );
    expect(recorded).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        tenantId: 'acme',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        subject: 'api-key-7',
        door: 'mcp-http',
        operation: 'search_code',
        repository: 'shop',
        refs: Array.from({ length: 20 }, (_, index) => `sym-${index}`),
        // sha256 of 'where are passwords checked'
        queryHash: 'c70904fffa7555f2907566a8d5bf45b2672be329e0b25c4e6ab4a25eecc55604',
        status: 'ok',
        httpStatus: null,
        latencyMs: expect.any(Number),
        resultBytes: Buffer.byteLength(JSON.stringify(answer)),
        requestId: 'r-1',
        agentRunId: 'run-9',
      },
    ]);
    expect(JSON.stringify(recorded)).not.toMatch(/passwords|secret body/);
  });

  it('records a failed call with its error code, and a refusal of an inner stage (authorization)', async () => {
    const service = await gated();
    await expect(service.read({ uri: 'code://shop/src/a.ts' }, ana)).rejects.toMatchObject({ code: 'not_found' });
    await expect(service.search({ query: 'x' }, { ...ana, permissions: [] })).rejects.toMatchObject({ code: 'permission_denied' });
    expect(recorded.map(({ operation, status, refs, resultBytes, door }) => ({ operation, status, refs, resultBytes, door }))).toEqual([
      { operation: 'get_file_span', status: 'not_found', refs: ['code://shop/src/a.ts'], resultBytes: null, door: 'internal' },
      { operation: 'search_code', status: 'permission_denied', refs: [], resultBytes: null, door: 'internal' },
    ]);
  });
});
