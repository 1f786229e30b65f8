import { Inject, Injectable } from '@nestjs/common';
import type { CallContext, Door } from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { type Principal, RateLimitedError, ToolBudgetExceededError } from '@lore/domain';
import type { OperationCall, OperationStage } from '../operation';
import { BudgetLedger, type KindBudget, type SpentBudget } from '../limits/tool-budgets';
import { TokenBuckets } from '../limits/token-bucket';
import { resultBytesOf } from '../result-size';

/** Doors many clients share: every call through them is rate limited and budgeted per principal. */
const SHARED_DOORS: ReadonlySet<Door> = new Set(['rest', 'graphql', 'mcp-http']);
/** The local user's own process (CLI, MCP over stdio): limited only with LORE_LIMIT_LOCAL. Internal work never. */
const LOCAL_DOORS: ReadonlySet<Door> = new Set(['cli', 'mcp-stdio']);
/**
 * The budget each kind of call counts against besides maxCalls: search_code, the broad question an
 * agent tends to repeat, and generate_document_draft, the costly answer it tends to ask for again.
 */
const KIND_BUDGETS: ReadonlyMap<string, KindBudget> = new Map([
  ['search_code', 'maxSearchCalls'],
  ['generate_document_draft', 'maxGenerationCalls'],
]);
/** A run untouched this long is forgotten (a run has no window: a new task is a new run). */
const RUN_IDLE_MS = 24 * 3600_000;
/** Output tokens of an answer, without a tokenizer at hand: its bytes of JSON / 4. */
const BYTES_PER_TOKEN = 4;
/**
 * The fields of a GraphQL query that count as one call of the budget: about what a tool answers in
 * one call (a page of items and their fields), so walking the explorer costs what asking tools would.
 */
const GRAPHQL_FIELDS_PER_CALL = 100;

const HINTS: Record<SpentBudget['budget'], string> = {
  maxCalls:
    'Work with the answers you have: read exact source with get_file_span on a resource URI you already hold instead of asking again.',
  maxSearchCalls:
    'Stop searching broadly: narrow the search (filters, a repository, a path), or use get_symbol / get_file_span on a uid or URI you already have.',
  maxGenerationCalls:
    'Work on the draft you have: review it (generate_review_package) and change it yourself instead of generating it again.',
  maxOutputTokens: 'Ask for less: detail_level "summary", a narrower query, or a smaller line range of get_file_span.',
  maxLatencyMs: 'Ask narrower questions (a smaller depth, a repository filter): this run has spent its time.',
};

/**
 * Rate limits and tool budgets (docs/specification.md, Budgets), before any work is done: a token bucket per
 * principal (tenant and subject); budgets per principal and window; budgets per agent run when the
 * client names one (X-Lore-Agent-Run, MCP `_meta['lore/agentRun']`), on every door. State is in
 * memory: the limits hold per server process.
 */
@Injectable()
export class LimitsStage implements OperationStage {
  readonly position = 40;
  private readonly rate: TokenBuckets | null;
  private readonly windowBudgets: BudgetLedger;
  private readonly runBudgets: BudgetLedger;

  constructor(@Inject(LORE_CONFIG) private readonly config: LoreConfig) {
    this.rate =
      config.LORE_RATE_LIMIT_PER_MINUTE > 0 ? new TokenBuckets(config.LORE_RATE_LIMIT_PER_MINUTE, config.LORE_RATE_LIMIT_BURST) : null;
    this.windowBudgets = new BudgetLedger(
      {
        maxCalls: config.LORE_BUDGET_MAX_CALLS,
        maxSearchCalls: config.LORE_BUDGET_MAX_SEARCH_CALLS,
        maxGenerationCalls: config.LORE_BUDGET_MAX_GENERATION_CALLS,
        maxOutputTokens: config.LORE_BUDGET_MAX_OUTPUT_TOKENS,
        maxLatencyMs: 0,
      },
      { windowMs: config.LORE_BUDGET_WINDOW_SECONDS * 1000 },
    );
    this.runBudgets = new BudgetLedger(
      {
        maxCalls: config.LORE_RUN_MAX_CALLS,
        maxSearchCalls: config.LORE_RUN_MAX_SEARCH_CALLS,
        maxGenerationCalls: config.LORE_RUN_MAX_GENERATION_CALLS,
        maxOutputTokens: config.LORE_RUN_MAX_OUTPUT_TOKENS,
        maxLatencyMs: config.LORE_RUN_MAX_LATENCY_MS,
      },
      { idleMs: RUN_IDLE_MS },
    );
  }

  async handle(call: OperationCall, next: () => Promise<unknown>): Promise<unknown> {
    const { perPrincipal, perRun, principalKey, runKey } = this.scopeOf(call.principal, call.context);
    if (!perPrincipal && !perRun) return next();
    const kind = KIND_BUDGETS.get(call.operation) ?? null;
    if (perPrincipal && this.rate) {
      const admission = this.rate.take(principalKey);
      if (!admission.admitted) {
        throw new RateLimitedError(
          `Too many calls: this credential may make ${this.config.LORE_RATE_LIMIT_PER_MINUTE} a minute. Retry in ${admission.retryAfterSeconds} s.`,
          {
            hint: `Wait ${admission.retryAfterSeconds} s before the next call, and space calls out.`,
            details: { retryAfterSeconds: admission.retryAfterSeconds },
          },
        );
      }
    }
    if (perPrincipal) this.refuseSpent(call, this.windowBudgets.admit(principalKey, kind), 'this credential');
    if (perRun) this.refuseSpent(call, this.runBudgets.admit(runKey, kind), 'this agent run');
    const started = performance.now();
    let outputTokens = 0;
    try {
      const result = await next();
      outputTokens = Math.ceil(resultBytesOf(result) / BYTES_PER_TOKEN);
      return result;
    } finally {
      const cost = { outputTokens, latencyMs: performance.now() - started };
      if (perPrincipal) this.windowBudgets.record(principalKey, cost);
      if (perRun) this.runBudgets.record(runKey, cost);
    }
  }

  /**
   * Refuses a GraphQL query, before it runs, when a budget of its caller is spent: its nested
   * explorer fields pass no operation, so a query of those alone would otherwise never be refused.
   */
  admitQuery(principal: Principal, context: CallContext): void {
    const { perPrincipal, perRun, principalKey, runKey } = this.scopeOf(principal, context);
    const query = { operation: 'The GraphQL query' };
    if (perPrincipal) this.refuseSpent(query, this.windowBudgets.admit(principalKey, null, 0), 'this credential');
    if (perRun) this.refuseSpent(query, this.runBudgets.admit(runKey, null, 0), 'this agent run');
  }

  /**
   * Counts an answered GraphQL query's cost (the fields it may resolve, as the query limits measure
   * it) against the same calls budget as tools: one call per GRAPHQL_FIELDS_PER_CALL fields, on top
   * of its root operations, which the gate counts as calls of their own.
   */
  recordQueryCost(principal: Principal, context: CallContext, fields: number): void {
    const calls = Math.floor(fields / GRAPHQL_FIELDS_PER_CALL);
    if (calls === 0) return;
    const { perPrincipal, perRun, principalKey, runKey } = this.scopeOf(principal, context);
    if (perPrincipal) this.windowBudgets.record(principalKey, { calls });
    if (perRun) this.runBudgets.record(runKey, { calls });
  }

  /** Which limits apply to a call: per principal on shared doors (and local ones with LORE_LIMIT_LOCAL), per run when one is named. */
  private scopeOf(principal: Principal, context: CallContext) {
    const { door, agentRunId } = context;
    const principalKey = `${principal.tenantId}\u0000${principal.subject}`;
    return {
      perPrincipal: SHARED_DOORS.has(door) || (this.config.LORE_LIMIT_LOCAL && LOCAL_DOORS.has(door)),
      perRun: agentRunId !== null && door !== 'internal',
      principalKey,
      runKey: `${principalKey}\u0000${agentRunId}`,
    };
  }

  private refuseSpent(call: Pick<OperationCall, 'operation'>, spent: SpentBudget | null, whose: string): void {
    if (!spent) return;
    const window = spent.resetsInSeconds === null ? '' : ` (the window starts again in ${spent.resetsInSeconds} s)`;
    throw new ToolBudgetExceededError(
      `${call.operation} refused: ${whose} has spent its ${spent.budget} budget of ${spent.limit}${window}.`,
      {
        hint: HINTS[spent.budget],
        details: { ...spent, scope: whose === 'this agent run' ? 'agent_run' : 'principal' },
      },
    );
  }
}
