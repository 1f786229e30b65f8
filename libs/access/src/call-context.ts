import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LanguageModel } from '@lore/domain';

/** The door a call came through: audit records, metrics and logs name it. */
export type Door = 'rest' | 'graphql' | 'mcp-http' | 'mcp-stdio' | 'cli' | 'internal';

/** What the transport knows about a call besides its principal, carried through async work without parameters. */
export interface CallContext {
  /** Given by the caller (X-Request-Id, an MCP request id) or made here; logs and audit records carry it. */
  requestId: string;
  door: Door;
  /** An agent run named by the client (header X-Lore-Agent-Run, MCP _meta), for per-run tool budgets. */
  agentRunId: string | null;
  /** A model the client lends for this call (MCP sampling); null when it lends none. */
  lentModel: LanguageModel | null;
}

const storage = new AsyncLocalStorage<CallContext>();

export function runInCallContext<T>(context: Partial<CallContext> & { door: Door }, work: () => T): T {
  return storage.run(
    {
      requestId: context.requestId ?? randomUUID(),
      agentRunId: context.agentRunId ?? null,
      lentModel: context.lentModel ?? null,
      door: context.door,
    },
    work,
  );
}

/** The context of the call being served; work started outside any door (a background embedding, a test) is `internal`. */
export function currentCallContext(): CallContext {
  return storage.getStore() ?? { requestId: 'internal', door: 'internal', agentRunId: null, lentModel: null };
}
