import type { Door } from '@lore/access';
import type { LoreConfig } from '@lore/config';
import { localPrincipal } from '@lore/domain';
import type { OperationCall } from '../operation';
import { LimitsStage } from './limits.stage';

const LIMITS = {
  LORE_RATE_LIMIT_PER_MINUTE: 60,
  LORE_RATE_LIMIT_BURST: 2,
  LORE_BUDGET_WINDOW_SECONDS: 3600,
  LORE_BUDGET_MAX_CALLS: 0,
  LORE_BUDGET_MAX_SEARCH_CALLS: 0,
  LORE_BUDGET_MAX_GENERATION_CALLS: 0,
  LORE_BUDGET_MAX_OUTPUT_TOKENS: 0,
  LORE_RUN_MAX_CALLS: 30,
  LORE_RUN_MAX_SEARCH_CALLS: 10,
  LORE_RUN_MAX_GENERATION_CALLS: 3,
  LORE_RUN_MAX_OUTPUT_TOKENS: 100,
  LORE_RUN_MAX_LATENCY_MS: 60_000,
  LORE_LIMIT_LOCAL: false,
};

const call = (door: Door, subject = 'ana', agentRunId: string | null = null, operation = 'get_symbol'): OperationCall => ({
  operation,
  kind: 'read',
  cached: true,
  args: [{ name: 'x' }],
  principal: localPrincipal('t', subject),
  context: { requestId: 'r', door, agentRunId, lentModel: null },
});
const answer = async () => ({ text: 'x'.repeat(400) });
const codeOf = (stage: LimitsStage, limited: OperationCall) =>
  stage.handle(limited, answer).then(
    () => 'ok',
    (error: { code: string }) => error.code,
  );

describe('LimitsStage', () => {
  it('rate limits each principal on the HTTP doors, its calls counted across them', async () => {
    const stage = new LimitsStage(LIMITS as LoreConfig);
    expect(await codeOf(stage, call('rest'))).toBe('ok');
    expect(await codeOf(stage, call('mcp-http'))).toBe('ok');
    expect(await codeOf(stage, call('graphql'))).toBe('rate_limited');
    expect(await codeOf(stage, call('rest', 'bo'))).toBe('ok');
  });

  it('leaves the local user alone on the CLI and stdio unless LORE_LIMIT_LOCAL, and internal work always', async () => {
    const open = new LimitsStage(LIMITS as LoreConfig);
    for (let calls = 0; calls < 5; calls++) expect(await codeOf(open, call(calls % 2 ? 'cli' : 'mcp-stdio'))).toBe('ok');
    const local = new LimitsStage({ ...LIMITS, LORE_LIMIT_LOCAL: true } as LoreConfig);
    expect([await codeOf(local, call('cli')), await codeOf(local, call('mcp-stdio')), await codeOf(local, call('cli'))]).toEqual([
      'ok',
      'ok',
      'rate_limited',
    ]);
    for (let calls = 0; calls < 5; calls++) expect(await codeOf(local, call('internal', 'ana', 'run-1'))).toBe('ok');
  });

  it("budgets a named agent run on any door: the answer that crosses its output tokens (bytes / 4) is the run's last", async () => {
    const stage = new LimitsStage(LIMITS as LoreConfig);
    expect(await codeOf(stage, call('mcp-stdio', 'ana', 'run-1'))).toBe('ok');
    expect(await codeOf(stage, call('mcp-stdio', 'ana', 'run-1'))).toBe('tool_budget_exceeded');
    expect(await codeOf(stage, call('mcp-stdio', 'ana', 'run-2'))).toBe('ok');
    expect(await codeOf(stage, call('mcp-stdio', 'bo', 'run-1'))).toBe('ok');
  });

  it("refuses a run's fourth generate_document_draft (the seed's maxGenerationCalls: 3), naming the budget, while its reads go on", async () => {
    const stage = new LimitsStage({ ...LIMITS, LORE_RUN_MAX_OUTPUT_TOKENS: 0 } as LoreConfig);
    const draft = () => call('mcp-stdio', 'ana', 'run-1', 'generate_document_draft');
    for (let n = 0; n < 3; n++) expect(await codeOf(stage, draft())).toBe('ok');
    const refused = await stage.handle(draft(), answer).then(
      () => null,
      (error: { code: string; details: unknown }) => ({ code: error.code, details: error.details }),
    );
    expect(refused).toEqual({
      code: 'tool_budget_exceeded',
      details: { budget: 'maxGenerationCalls', limit: 3, used: 3, resetsInSeconds: null, scope: 'agent_run' },
    });
    expect(await codeOf(stage, call('mcp-stdio', 'ana', 'run-1'))).toBe('ok');
  });
});
