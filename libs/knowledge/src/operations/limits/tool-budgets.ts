/** What a budget bounds (docs/specification.md, Budgets); 0 leaves a dimension unbounded. */
export interface BudgetLimits {
  maxCalls: number;
  maxSearchCalls: number;
  /** Calls that generate a document (generate_document_draft): the costly kind an agent loops on. */
  maxGenerationCalls: number;
  /** Output tokens, estimated as the answer's bytes of JSON / 4. */
  maxOutputTokens: number;
  /** The time calls took, summed. */
  maxLatencyMs: number;
}

export type BudgetName = keyof BudgetLimits;

/** The budgets that count one kind of call only, besides maxCalls, which counts every call. */
export type KindBudget = 'maxSearchCalls' | 'maxGenerationCalls';

/** The budget a call found spent. */
export interface SpentBudget {
  budget: BudgetName;
  limit: number;
  used: number;
  /** When the window starts again (null for an agent run, which has no window: a new task is a new run). */
  resetsInSeconds: number | null;
}

interface Spending {
  startedAt: number;
  lastAt: number;
  maxCalls: number;
  maxSearchCalls: number;
  maxGenerationCalls: number;
  maxOutputTokens: number;
  maxLatencyMs: number;
}

/** Runs and windows are swept once this many are held. */
const SWEEP_AT = 10_000;

/**
 * What each key (a principal, or an agent run of a principal) has spent, against `limits`: a call is
 * admitted while every budget has some left, and what it spent is added when it has answered, so
 * the call that crosses a budget is answered and the next is refused. With `windowMs`, spending
 * starts over each window; without, it lasts until the key has been idle for `idleMs`. In memory,
 * per server process.
 */
export class BudgetLedger {
  private readonly spent = new Map<string, Spending>();

  constructor(
    private readonly limits: BudgetLimits,
    private readonly period: { windowMs: number } | { idleMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Null when the call may go on, else the first budget it found spent. `kind` is the budget of its
   * kind of call, if any; `calls` is what it counts for (0: only asks).
   */
  admit(key: string, kind: KindBudget | null, calls = 1): SpentBudget | null {
    const spending = this.current(key);
    const over = (budget: BudgetName): SpentBudget | null =>
      this.limits[budget] > 0 && spending[budget] >= this.limits[budget]
        ? { budget, limit: this.limits[budget], used: spending[budget], resetsInSeconds: this.resetsInSeconds(spending) }
        : null;
    const refusal = over('maxCalls') ?? (kind ? over(kind) : null) ?? over('maxOutputTokens') ?? over('maxLatencyMs');
    if (refusal) return refusal;
    spending.maxCalls += calls;
    if (kind && calls > 0) spending[kind] += 1;
    return null;
  }

  /** Adds what an admitted call cost once it has answered (or failed: its time counts, its tokens are 0), and calls counted after the fact. */
  record(key: string, cost: { outputTokens?: number; latencyMs?: number; calls?: number }): void {
    const spending = this.current(key);
    spending.maxOutputTokens += cost.outputTokens ?? 0;
    spending.maxLatencyMs += cost.latencyMs ?? 0;
    spending.maxCalls += cost.calls ?? 0;
  }

  private current(key: string): Spending {
    const now = this.now();
    let spending = this.spent.get(key);
    if (spending && this.expired(spending, now)) spending = undefined;
    if (!spending) {
      if (this.spent.size >= SWEEP_AT) this.sweep(now);
      spending = {
        startedAt: now,
        lastAt: now,
        maxCalls: 0,
        maxSearchCalls: 0,
        maxGenerationCalls: 0,
        maxOutputTokens: 0,
        maxLatencyMs: 0,
      };
      this.spent.set(key, spending);
    }
    spending.lastAt = now;
    return spending;
  }

  private expired(spending: Spending, now: number): boolean {
    return 'windowMs' in this.period ? now - spending.startedAt >= this.period.windowMs : now - spending.lastAt >= this.period.idleMs;
  }

  private resetsInSeconds(spending: Spending): number | null {
    return 'windowMs' in this.period ? Math.max(1, Math.ceil((spending.startedAt + this.period.windowMs - this.now()) / 1000)) : null;
  }

  private sweep(now: number): void {
    for (const [key, spending] of this.spent) if (this.expired(spending, now)) this.spent.delete(key);
  }
}
