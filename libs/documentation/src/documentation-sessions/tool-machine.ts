import { assign, setup } from 'xstate';

/** One call of a stateful tool as a session remembers it (the tool machine's history). */
export interface ToolHistoryEntry {
  tool: string;
  result: { success: boolean; code: string | null };
  at: string;
}

export interface ToolMachineContext {
  toolName: string | null;
  parameters: Record<string, unknown> | null;
  result: { success: boolean; code: string | null } | null;
  error: string | null;
  sessionId: string | null;
  selectedTool: string | null;
  history: ToolHistoryEntry[];
}

export type ToolMachineEvent =
  | { type: 'SELECT_TOOL'; toolName: string }
  | { type: 'SET_PARAMETERS'; parameters: Record<string, unknown> }
  | { type: 'EXECUTE' }
  | { type: 'SUCCEED'; code: string | null; at: string }
  | { type: 'FAIL'; code: string; error: string; at: string }
  | { type: 'CANCEL' }
  | { type: 'RESET' };

/** A session keeps the history of its last calls, not all of them: the session is one graph node. */
export const MAX_TOOL_HISTORY = 50;

/**
 * The lifecycle of one call of a stateful tool (the "toolExecution" machine of the MCP Code Analysis
 * foundations): idle → toolSelected → parametersSet → executing → succeeded | failed | cancelled. A
 * session runs its calls through one such machine, persisted with the session, so a call's history
 * and its last result survive a restart. A finished call (succeeded, failed, cancelled) starts the
 * next one with SELECT_TOOL, or goes back to idle with RESET.
 */
export const toolMachine = setup({
  types: { context: {} as ToolMachineContext, events: {} as ToolMachineEvent, input: {} as { sessionId: string | null } },
  actions: {
    selectTool: assign(({ event }) => {
      const { toolName } = event as Extract<ToolMachineEvent, { type: 'SELECT_TOOL' }>;
      return { toolName, selectedTool: toolName, parameters: null, result: null, error: null };
    }),
    setParameters: assign(({ event }) => ({
      parameters: (event as Extract<ToolMachineEvent, { type: 'SET_PARAMETERS' }>).parameters,
    })),
    recordSuccess: assign(({ context, event }) => {
      const { code, at } = event as Extract<ToolMachineEvent, { type: 'SUCCEED' }>;
      const result = { success: true, code };
      return { result, error: null, history: remembered(context, { tool: context.toolName!, result, at }) };
    }),
    recordFailure: assign(({ context, event }) => {
      const { code, error, at } = event as Extract<ToolMachineEvent, { type: 'FAIL' }>;
      const result = { success: false, code };
      return { result, error, history: remembered(context, { tool: context.toolName!, result, at }) };
    }),
    clearCall: assign({ toolName: null, selectedTool: null, parameters: null, result: null, error: null }),
  },
}).createMachine({
  id: 'toolExecution',
  initial: 'idle',
  context: ({ input }) => ({
    toolName: null,
    parameters: null,
    result: null,
    error: null,
    sessionId: input.sessionId,
    selectedTool: null,
    history: [],
  }),
  states: {
    idle: { on: { SELECT_TOOL: { target: 'toolSelected', actions: 'selectTool' } } },
    toolSelected: {
      on: {
        SELECT_TOOL: { target: 'toolSelected', actions: 'selectTool' },
        SET_PARAMETERS: { target: 'parametersSet', actions: 'setParameters' },
        CANCEL: 'cancelled',
      },
    },
    parametersSet: {
      on: {
        SET_PARAMETERS: { target: 'parametersSet', actions: 'setParameters' },
        EXECUTE: 'executing',
        CANCEL: 'cancelled',
      },
    },
    executing: {
      on: {
        SUCCEED: { target: 'succeeded', actions: 'recordSuccess' },
        FAIL: { target: 'failed', actions: 'recordFailure' },
        CANCEL: 'cancelled',
      },
    },
    succeeded: { on: { SELECT_TOOL: { target: 'toolSelected', actions: 'selectTool' }, RESET: { target: 'idle', actions: 'clearCall' } } },
    failed: { on: { SELECT_TOOL: { target: 'toolSelected', actions: 'selectTool' }, RESET: { target: 'idle', actions: 'clearCall' } } },
    cancelled: { on: { SELECT_TOOL: { target: 'toolSelected', actions: 'selectTool' }, RESET: { target: 'idle', actions: 'clearCall' } } },
  },
});

export type ToolMachineState = 'idle' | 'toolSelected' | 'parametersSet' | 'executing' | 'succeeded' | 'failed' | 'cancelled';

function remembered(context: ToolMachineContext, entry: ToolHistoryEntry): ToolHistoryEntry[] {
  return [...context.history, entry].slice(-MAX_TOOL_HISTORY);
}
