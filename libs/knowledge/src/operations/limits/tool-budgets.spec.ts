import { BudgetLedger } from './tool-budgets';

const SEED_RUN = { maxCalls: 30, maxSearchCalls: 10, maxGenerationCalls: 3, maxOutputTokens: 50_000, maxLatencyMs: 60_000 };

describe('BudgetLedger', () => {
  it('refuses the search after the run has made its searches, while other calls go on', () => {
    const runs = new BudgetLedger({ ...SEED_RUN, maxSearchCalls: 2 }, { idleMs: 60_000 }, () => 0);
    expect(runs.admit('run', 'maxSearchCalls')).toBeNull();
    expect(runs.admit('run', 'maxSearchCalls')).toBeNull();
    expect(runs.admit('run', 'maxSearchCalls')).toEqual({ budget: 'maxSearchCalls', limit: 2, used: 2, resetsInSeconds: null });
    expect(runs.admit('run', null)).toBeNull();
    expect(runs.admit('other run', 'maxSearchCalls')).toBeNull();
  });

  it("refuses the fourth generation of the seed's run while searches and other calls go on", () => {
    const runs = new BudgetLedger(SEED_RUN, { idleMs: 60_000 }, () => 0);
    for (let n = 0; n < 3; n++) expect(runs.admit('run', 'maxGenerationCalls')).toBeNull();
    expect(runs.admit('run', 'maxGenerationCalls')).toEqual({ budget: 'maxGenerationCalls', limit: 3, used: 3, resetsInSeconds: null });
    expect(runs.admit('run', 'maxSearchCalls')).toBeNull();
    expect(runs.admit('run', null)).toBeNull();
  });

  it('answers the call that crosses the token budget and refuses the next', () => {
    const runs = new BudgetLedger({ ...SEED_RUN, maxOutputTokens: 100 }, { idleMs: 60_000 }, () => 0);
    expect(runs.admit('run', null)).toBeNull();
    runs.record('run', { outputTokens: 150, latencyMs: 5 });
    expect(runs.admit('run', null)).toEqual({ budget: 'maxOutputTokens', limit: 100, used: 150, resetsInSeconds: null });
  });

  it('counts calls and time, 0 meaning no budget', () => {
    const runs = new BudgetLedger(
      { maxCalls: 2, maxSearchCalls: 0, maxGenerationCalls: 0, maxOutputTokens: 0, maxLatencyMs: 1000 },
      { idleMs: 60_000 },
      () => 0,
    );
    expect(runs.admit('a', 'maxSearchCalls')).toBeNull();
    expect(runs.admit('a', 'maxSearchCalls')).toBeNull();
    expect(runs.admit('a', 'maxSearchCalls')).toMatchObject({ budget: 'maxCalls', used: 2 });
    expect(runs.admit('b', null)).toBeNull();
    runs.record('b', { outputTokens: 1_000_000, latencyMs: 1000 });
    expect(runs.admit('b', null)).toMatchObject({ budget: 'maxLatencyMs', used: 1000 });
  });

  it('starts a principal over each window, and says when', () => {
    let now = 0;
    const windows = new BudgetLedger(
      { maxCalls: 1, maxSearchCalls: 0, maxGenerationCalls: 0, maxOutputTokens: 0, maxLatencyMs: 0 },
      { windowMs: 60_000 },
      () => now,
    );
    expect(windows.admit('ana', null)).toBeNull();
    now = 15_500;
    expect(windows.admit('ana', null)).toEqual({ budget: 'maxCalls', limit: 1, used: 1, resetsInSeconds: 45 });
    now = 60_000;
    expect(windows.admit('ana', null)).toBeNull();
  });

  it('forgets a run idle past its time: a new task is a new run', () => {
    let now = 0;
    const runs = new BudgetLedger({ ...SEED_RUN, maxCalls: 1 }, { idleMs: 1000 }, () => now);
    expect(runs.admit('run', null)).toBeNull();
    now = 999;
    expect(runs.admit('run', null)).toMatchObject({ budget: 'maxCalls' });
    now = 1999;
    expect(runs.admit('run', null)).toBeNull();
  });
});
