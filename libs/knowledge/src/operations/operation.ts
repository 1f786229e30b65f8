import type { CallContext } from '@lore/access';
import type { Principal } from '@lore/domain';

/**
 * How an operation touches the world: reads are cacheable and budgeted as reads; side effects need
 * their permission; admin operations (the audit, API keys) need the admin permission, are never
 * cached, and are not agents' tools, so no tool profile governs them.
 */
export type OperationKind = 'read' | 'side_effect' | 'admin';

export interface OperationOptions {
  kind: OperationKind;
  /** Which argument of the method is the Principal (services take `(input, principal)`, the explorer `(principal, ...)`). */
  principalArgument?: number;
  /**
   * Whether a read's answers may be kept by the read cache (default true). The cache's key follows
   * the tenant's graph; a read of a store outside the graph (project knowledge) changes without it,
   * and an analysis run registers itself as the latest run, which a kept answer would skip.
   */
  cached?: boolean;
}

/** One call of an operation, as every stage of the gate sees it. */
export interface OperationCall {
  /** The capability's name as MCP and OpenAPI call it (`get_callers`). */
  operation: string;
  kind: OperationKind;
  /** False for a read the read cache must not keep (see OperationOptions.cached). */
  cached: boolean;
  /** The method's arguments other than the principal. */
  args: readonly unknown[];
  principal: Principal;
  context: CallContext;
}

/**
 * One concern applied to every operation whatever its door (authorization, limits, audit, metrics,
 * cache). A stage calls `next()` to go on, or answers or throws without it. Stages are the
 * `stages/*.stage.ts` files, run in the order of their `position` (lowest first, outermost).
 */
export interface OperationStage {
  readonly position: number;
  handle(call: OperationCall, next: () => Promise<unknown>): Promise<unknown>;
}

const OPERATIONS = Symbol('lore:operations');

interface DeclaredOperation extends Required<OperationOptions> {
  method: string;
  operation: string;
}

/** Marks a service method as the operation `name`: every door's call of it goes through the gate. */
export function Operation(name: string, options: OperationOptions): MethodDecorator {
  return (target, method) => {
    const declared: DeclaredOperation[] = Reflect.getMetadata(OPERATIONS, target) ?? [];
    Reflect.defineMetadata(
      OPERATIONS,
      [
        ...declared,
        {
          method: String(method),
          operation: name,
          kind: options.kind,
          principalArgument: options.principalArgument ?? 1,
          cached: options.cached ?? true,
        },
      ],
      target,
    );
  };
}

export function declaredOperations(service: object): readonly DeclaredOperation[] {
  return (Reflect.getMetadata(OPERATIONS, Object.getPrototypeOf(service)) as DeclaredOperation[] | undefined) ?? [];
}
