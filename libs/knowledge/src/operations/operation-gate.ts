import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { currentCallContext } from '@lore/access';
import type { Principal } from '@lore/domain';
import { withOneTenantView } from '@lore/graph';
import { type OperationCall, type OperationStage, declaredOperations } from './operation';

/**
 * The one place every door's call of a service passes: the methods marked `@Operation` on the
 * services are wrapped, once, at start, so that the stages (authorization, limits, audit, metrics,
 * cache) apply whichever door called, the CLI and MCP over stdio included, and no door can forget one.
 */
/** The operation whose service method is running: a gated call from inside it is a composition error. */
const runningOperation = new AsyncLocalStorage<string>();

/**
 * Thrown when a service calls another service's `@Operation` method: that call would be audited,
 * charged and authorized a second time. Compose below the gate, with a plain method or a core function.
 */
export class GatedCompositionError extends Error {
  constructor(outer: string, inner: string) {
    super(
      `${outer} called the gated operation ${inner}: a service composes another capability below the gate (a plain method or a core function), never through its @Operation method`,
    );
    this.name = 'GatedCompositionError';
  }
}

@Injectable()
export class OperationGate implements OnModuleInit {
  private stages: readonly OperationStage[] = [];

  constructor(
    private readonly modules: ModuleRef,
    private readonly services: readonly Type[],
    private readonly stageTypes: readonly Type<OperationStage>[],
  ) {}

  onModuleInit(): void {
    this.stages = this.stageTypes.map((type) => this.modules.get(type, { strict: false })).sort((a, b) => a.position - b.position);
    this.gate(this.services);
  }

  /**
   * Puts the `@Operation` methods of `services` behind the gate: knowledge's own at start, and those of
   * each engine library's module (code health, documentation), which calls it from its `onModuleInit`.
   */
  gate(services: readonly Type[]): void {
    for (const type of services) this.install(this.modules.get(type, { strict: false }) as Record<string, unknown>);
  }

  /**
   * Runs `work` through every stage, outermost first. A read sees one state of the tenant's graph
   * throughout (which repositories are served, the cache's token), read once instead of by each stage
   * and query; a side effect changes that state, so its reads always ask again.
   */
  run(call: OperationCall, work: () => Promise<unknown>): Promise<unknown> {
    const step = (index: number): Promise<unknown> =>
      index < this.stages.length ? this.stages[index].handle(call, () => step(index + 1)) : work();
    return call.kind === 'read' ? withOneTenantView(() => step(0)) : step(0);
  }

  private install(service: Record<string, unknown>): void {
    for (const declared of declaredOperations(service)) {
      const method = service[declared.method] as (...args: unknown[]) => Promise<unknown>;
      service[declared.method] = (...args: unknown[]) => {
        const outer = runningOperation.getStore();
        if (outer !== undefined) return Promise.reject(new GatedCompositionError(outer, declared.operation));
        const call: OperationCall = {
          operation: declared.operation,
          kind: declared.kind,
          cached: declared.cached,
          args: args.filter((_, index) => index !== declared.principalArgument),
          principal: args[declared.principalArgument] as Principal,
          context: currentCallContext(),
        };
        return this.run(call, () => runningOperation.run(declared.operation, () => method.apply(service, args) as Promise<unknown>));
      };
    }
  }
}
