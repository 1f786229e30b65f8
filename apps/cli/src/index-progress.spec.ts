import { JsonProgress, type ProgressLine, estimate } from './index-runs';

describe('JSON progress of an index run', () => {
  it('writes each phase its first and last line, at most one line per 250 ms between, with an estimate from the rate so far', () => {
    const lines: ProgressLine[] = [];
    let now = 1_000;
    const progress = new JsonProgress(
      (line) => lines.push(line),
      () => now,
    );
    progress.update({ phase: 'reading', done: 0, total: 400 });
    now += 100;
    progress.update({ phase: 'reading', done: 100, total: 400 }); // within 250 ms: not written
    now += 200;
    progress.update({ phase: 'reading', done: 200, total: 400 });
    now += 300;
    progress.update({ phase: 'reading', done: 400, total: 400 });
    now += 10;
    progress.update({ phase: 'writing', done: 0, total: 5000 });
    now += 10;
    progress.update({ phase: 'writing', done: 5000, total: 5000 });
    expect(lines).toEqual([
      { phase: 'reading', done: 0, total: 400, unit: 'files', elapsedMs: 0, etaMs: null },
      { phase: 'reading', done: 200, total: 400, unit: 'files', elapsedMs: 300, etaMs: 300 },
      { phase: 'reading', done: 400, total: 400, unit: 'files', elapsedMs: 600, etaMs: 0 },
      { phase: 'writing', done: 0, total: 5000, unit: 'elements', elapsedMs: 0, etaMs: null },
      { phase: 'writing', done: 5000, total: 5000, unit: 'elements', elapsedMs: 10, etaMs: 0 },
    ]);
  });
});

describe('the estimate on the progress bar', () => {
  it('is said once something is done, never for the one-step exact-calls phase', () => {
    expect(estimate({ done: 0, total: 400 }, 5_000)).toBe('');
    expect(estimate({ done: 0, total: 1 }, 5_000)).toBe('');
    expect(estimate({ done: 100, total: 400 }, 5_000)).toBe(' | eta 15s');
    expect(estimate({ done: 10, total: 400 }, 20_000)).toBe(' | eta 13m00s');
    expect(estimate({ done: 400, total: 400 }, 20_000)).toBe('');
  });
});
