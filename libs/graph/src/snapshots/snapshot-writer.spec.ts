import { stagedTransactions } from './snapshot-writer';

const scope = { tenantId: 't', repoId: 'r', repoUid: 't:r', runId: 't:r:run:1' };
const nodes = (count: number, from = 0): { uid: string; props: { name: string } }[] =>
  Array.from({ length: count }, (_, i) => ({ uid: `n${from + i}`, props: { name: 'x'.repeat(100) } }));
const relationships = (count: number): { fromUid: string; toUid: string; props: object }[] =>
  Array.from({ length: count }, (_, i) => ({ fromUid: `n${i}`, toUid: `n${i + 1}`, props: {} }));

describe('stagedTransactions', () => {
  it('cuts the rows, in order, into transactions within the budget, in UNWIND batches of at most 2000', () => {
    // A node row here is estimated at 6144 + 4 × 121 characters (keys, uid, name) = 6628 bytes: 1582 in 10 MiB.
    const steps: [string, Record<string, unknown>[]][] = [
      ['create nodes', nodes(5000)],
      ['create relationships', relationships(3000)],
    ];
    const transactions = stagedTransactions(steps, scope, 10 * 1024 * 1024);
    const shapes = transactions.map((batches) => batches.map(({ query, params }) => `${query} ${(params.rows as unknown[]).length}`));
    expect(shapes).toEqual([
      ['create nodes 1582'],
      ['create nodes 1582'],
      ['create nodes 1582'],
      ['create nodes 254', 'create relationships 2000', 'create relationships 1000'],
    ]);
    // Every row once, in order, with the run's scope.
    const rows = transactions.flat().flatMap(({ params }) => params.rows as unknown[]);
    expect(rows).toEqual(steps.flatMap(([, stepRows]) => stepRows));
    expect(transactions[0]![0]!.params).toMatchObject(scope);
  });

  it('gives a row larger than the budget a transaction of its own, and nothing for no rows', () => {
    const large = { uid: 'big', props: { text: 'x'.repeat(100_000) } };
    expect(stagedTransactions([['create', [large, ...nodes(1)]]], scope, 64 * 1024).map((batches) => batches.length)).toEqual([1, 1]);
    expect(stagedTransactions([['create', []]], scope, 64 * 1024)).toEqual([]);
  });
});
