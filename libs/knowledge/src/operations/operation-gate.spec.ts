import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { currentCallContext, runInCallContext } from '@lore/access';
import { type Principal, localPrincipal } from '@lore/domain';
import { CodeGraphRepository } from '@lore/graph';
import { Operation, type OperationCall, type OperationStage } from './operation';
import { GatedCompositionError, OperationGate } from './operation-gate';
import { AuthorizationStage } from './stages/authorization.stage';

const seen: string[] = [];

@Injectable()
class EchoService {
  @Operation('echo', { kind: 'read' })
  async echo(input: { text: string }, principal: Principal): Promise<string> {
    seen.push(`service ${currentCallContext().door}`);
    return `${principal.subject}: ${input.text}`;
  }

  @Operation('index_repository', { kind: 'side_effect' })
  async rewrite(input: { text: string }, principal: Principal): Promise<string> {
    return `${principal.subject} rewrote ${input.text}`;
  }

  @Operation('read_the_audit', { kind: 'admin' })
  async audit(_input: object, principal: Principal): Promise<string> {
    return `${principal.subject} read the audit`;
  }

  @Operation('compose_through_the_gate', { kind: 'read' })
  async composeThroughTheGate(input: { text: string }, principal: Principal): Promise<string> {
    return this.echo(input, principal);
  }

  @Operation('compose_below_the_gate', { kind: 'read' })
  async composeBelowTheGate(_input: object, _principal: Principal): Promise<string> {
    return this.notAnOperation();
  }

  async notAnOperation(): Promise<string> {
    seen.push('ungated');
    return 'plain';
  }
}

@Injectable()
class OuterStage implements OperationStage {
  readonly position = 10;
  async handle(call: OperationCall, next: () => Promise<unknown>): Promise<unknown> {
    seen.push(`outer ${call.operation} ${JSON.stringify(call.args)} by ${call.principal.subject} via ${call.context.door}`);
    const answer = await next();
    seen.push(`outer saw ${String(answer)}`);
    return answer;
  }
}

@Injectable()
class CachedStage implements OperationStage {
  readonly position = 50;
  async handle(call: OperationCall, next: () => Promise<unknown>): Promise<unknown> {
    return (call.args[0] as { text: string }).text === 'cached' ? 'from cache' : next();
  }
}

async function gatedService(): Promise<EchoService> {
  const stages = [CachedStage, AuthorizationStage, OuterStage];
  @Module({
    providers: [
      EchoService,
      ...stages,
      { provide: CodeGraphRepository, useValue: { listRepositories: async () => [] } },
      {
        provide: OperationGate,
        inject: [ModuleRef],
        useFactory: (modules: ModuleRef) => new OperationGate(modules, [EchoService], stages),
      },
    ],
  })
  class GatedModule {}
  const module = await Test.createTestingModule({ imports: [GatedModule] }).compile();
  await module.init();
  return module.get(EchoService);
}

describe('OperationGate', () => {
  beforeEach(() => seen.splice(0));

  it('runs every stage in position order around each marked method, with the door of the call', async () => {
    const service = await gatedService();
    const answer = await runInCallContext({ door: 'rest' }, () => service.echo({ text: 'hi' }, localPrincipal('t', 'ana')));
    expect(answer).toBe('ana: hi');
    expect(seen).toEqual(['outer echo [{"text":"hi"}] by ana via rest', 'service rest', 'outer saw ana: hi']);
  });

  it('lets a stage answer without the service, and leaves unmarked methods alone', async () => {
    const service = await gatedService();
    expect(await service.echo({ text: 'cached' }, localPrincipal('t', 'ana'))).toBe('from cache');
    expect(await service.notAnOperation()).toBe('plain');
    expect(seen).toEqual(['outer echo [{"text":"cached"}] by ana via internal', 'outer saw from cache', 'ungated']);
  });

  it('refuses a side effect to a principal without the index permission, and a read to one without read', async () => {
    const service = await gatedService();
    const reader: Principal = { ...localPrincipal('t', 'reader'), permissions: ['read'] };
    await expect(service.rewrite({ text: 'x' }, reader)).rejects.toMatchObject({
      code: 'permission_denied',
      message: 'index_repository needs the index permission, which this credential does not hold.',
    });
    await expect(service.echo({ text: 'x' }, { ...reader, permissions: [] })).rejects.toMatchObject({ code: 'permission_denied' });
    expect(await service.rewrite({ text: 'x' }, localPrincipal('t', 'owner'))).toBe('owner rewrote x');
  });

  it('lets only an admin call an admin operation, whatever its tool profile', async () => {
    const service = await gatedService();
    const reader: Principal = { ...localPrincipal('t', 'reader'), permissions: ['read', 'index'] };
    await expect(service.audit({}, reader)).rejects.toMatchObject({
      code: 'permission_denied',
      message: 'read_the_audit needs the admin permission, which this credential does not hold.',
    });
    expect(await service.audit({}, { ...localPrincipal('t', 'admin'), toolProfile: 'read_only_explorer' })).toBe('admin read the audit');
  });

  it('refuses an operation called from inside another (it would be audited, charged and authorized twice), and allows a plain method', async () => {
    const service = await gatedService();
    const ana = localPrincipal('t', 'ana');
    const refused = service.composeThroughTheGate({ text: 'x' }, ana);
    await expect(refused).rejects.toBeInstanceOf(GatedCompositionError);
    await expect(refused).rejects.toThrow(
      'compose_through_the_gate called the gated operation echo: a service composes another capability below the gate',
    );
    expect(seen).toEqual(['outer compose_through_the_gate [{"text":"x"}] by ana via internal']);
    seen.splice(0);
    expect(await service.composeBelowTheGate({}, ana)).toBe('plain');
    expect(seen).toEqual(['outer compose_below_the_gate [{}] by ana via internal', 'ungated', 'outer saw plain']);
    expect(await service.echo({ text: 'after' }, ana)).toBe('ana: after');
  });
});
