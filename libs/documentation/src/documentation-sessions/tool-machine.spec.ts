import { type ActorRefFrom, createActor } from 'xstate';
import { MAX_TOOL_HISTORY, type ToolMachineEvent, type ToolMachineState, toolMachine } from './tool-machine';

const AT = '2026-11-28T00:00:00.000Z';
const EVENTS: Record<ToolMachineEvent['type'], ToolMachineEvent> = {
  SELECT_TOOL: { type: 'SELECT_TOOL', toolName: 'get_documentation_status' },
  SET_PARAMETERS: { type: 'SET_PARAMETERS', parameters: { session_id: 'ds_1' } },
  EXECUTE: { type: 'EXECUTE' },
  SUCCEED: { type: 'SUCCEED', code: null, at: AT },
  FAIL: { type: 'FAIL', code: 'SESSION_NOT_FOUND', error: 'Session not found', at: AT },
  CANCEL: { type: 'CANCEL' },
  RESET: { type: 'RESET' },
};

/** Every accepted transition of the tool machine: [from, event, to]. Every other (state, event) pair is refused. */
const TRANSITIONS: [ToolMachineState, ToolMachineEvent['type'], ToolMachineState][] = [
  ['idle', 'SELECT_TOOL', 'toolSelected'],
  ['toolSelected', 'SELECT_TOOL', 'toolSelected'],
  ['toolSelected', 'SET_PARAMETERS', 'parametersSet'],
  ['toolSelected', 'CANCEL', 'cancelled'],
  ['parametersSet', 'SET_PARAMETERS', 'parametersSet'],
  ['parametersSet', 'EXECUTE', 'executing'],
  ['parametersSet', 'CANCEL', 'cancelled'],
  ['executing', 'SUCCEED', 'succeeded'],
  ['executing', 'FAIL', 'failed'],
  ['executing', 'CANCEL', 'cancelled'],
  ['succeeded', 'SELECT_TOOL', 'toolSelected'],
  ['succeeded', 'RESET', 'idle'],
  ['failed', 'SELECT_TOOL', 'toolSelected'],
  ['failed', 'RESET', 'idle'],
  ['cancelled', 'SELECT_TOOL', 'toolSelected'],
  ['cancelled', 'RESET', 'idle'],
];

/** The events that bring a new actor to each state. */
const PATH: Record<ToolMachineState, ToolMachineEvent['type'][]> = {
  idle: [],
  toolSelected: ['SELECT_TOOL'],
  parametersSet: ['SELECT_TOOL', 'SET_PARAMETERS'],
  executing: ['SELECT_TOOL', 'SET_PARAMETERS', 'EXECUTE'],
  succeeded: ['SELECT_TOOL', 'SET_PARAMETERS', 'EXECUTE', 'SUCCEED'],
  failed: ['SELECT_TOOL', 'SET_PARAMETERS', 'EXECUTE', 'FAIL'],
  cancelled: ['SELECT_TOOL', 'CANCEL'],
};

describe('Tool Machine', () => {
  let actor: ActorRefFrom<typeof toolMachine>;

  beforeEach(() => {
    actor = createActor(toolMachine, { input: { sessionId: 'ds_1' } }).start();
  });

  afterEach(() => {
    actor.stop();
  });

  function walk(state: ToolMachineState): void {
    for (const type of PATH[state]) actor.send(EVENTS[type]);
    expect(actor.getSnapshot().value).toBe(state);
  }

  describe('State Transitions', () => {
    it.each(TRANSITIONS)('%s --%s--> %s', (from, type, to) => {
      walk(from);
      actor.send(EVENTS[type]);
      expect(actor.getSnapshot().value).toBe(to);
    });

    const refused = (Object.keys(PATH) as ToolMachineState[]).flatMap((state) =>
      (Object.keys(EVENTS) as ToolMachineEvent['type'][])
        .filter((type) => !TRANSITIONS.some(([from, event]) => from === state && event === type))
        .map((type) => [state, type] as const),
    );

    it('refuses 33 (state, event) pairs', () => {
      expect(refused).toHaveLength(7 * 7 - TRANSITIONS.length);
    });

    it.each(refused)('%s refuses %s and stays', (state, type) => {
      walk(state);
      expect(actor.getSnapshot().can(EVENTS[type])).toBe(false);
      actor.send(EVENTS[type]);
      expect(actor.getSnapshot().value).toBe(state);
    });
  });

  describe('Context Management', () => {
    it('starts with the session id and nothing selected', () => {
      expect(actor.getSnapshot().context).toEqual({
        toolName: null,
        parameters: null,
        result: null,
        error: null,
        sessionId: 'ds_1',
        selectedTool: null,
        history: [],
      });
    });

    it('records a success and a failure in the history, and RESET clears the call but not the history', () => {
      walk('succeeded');
      actor.send(EVENTS.SELECT_TOOL);
      actor.send(EVENTS.SET_PARAMETERS);
      actor.send(EVENTS.EXECUTE);
      actor.send(EVENTS.FAIL);
      expect(actor.getSnapshot().context).toMatchObject({
        toolName: 'get_documentation_status',
        parameters: { session_id: 'ds_1' },
        result: { success: false, code: 'SESSION_NOT_FOUND' },
        error: 'Session not found',
      });
      actor.send(EVENTS.RESET);
      expect(actor.getSnapshot().context).toEqual({
        toolName: null,
        parameters: null,
        result: null,
        error: null,
        sessionId: 'ds_1',
        selectedTool: null,
        history: [
          { tool: 'get_documentation_status', result: { success: true, code: null }, at: AT },
          { tool: 'get_documentation_status', result: { success: false, code: 'SESSION_NOT_FOUND' }, at: AT },
        ],
      });
    });

    it(`keeps the last ${MAX_TOOL_HISTORY} calls`, () => {
      for (let call = 0; call < MAX_TOOL_HISTORY + 5; call++) {
        actor.send({ type: 'SELECT_TOOL', toolName: `tool_${call}` });
        actor.send(EVENTS.SET_PARAMETERS);
        actor.send(EVENTS.EXECUTE);
        actor.send(EVENTS.SUCCEED);
      }
      const { history } = actor.getSnapshot().context;
      expect(history).toHaveLength(MAX_TOOL_HISTORY);
      expect(history[0]!.tool).toBe('tool_5');
    });
  });

  describe('Session Management', () => {
    it('continues from a persisted snapshot where it was', () => {
      walk('parametersSet');
      const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
      const restored = createActor(toolMachine, { snapshot: persisted, input: { sessionId: null } }).start();
      expect(restored.getSnapshot().value).toBe('parametersSet');
      expect(restored.getSnapshot().context.sessionId).toBe('ds_1');
      restored.send(EVENTS.EXECUTE);
      expect(restored.getSnapshot().value).toBe('executing');
      restored.stop();
    });
  });
});
