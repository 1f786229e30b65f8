import { join } from 'node:path';
import type * as Launcher from '../../../tools/neo4j-local/launcher';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { memoryPlan } = require(join(__dirname, '..', '..', '..', 'tools', 'neo4j-local', 'launcher.js')) as typeof Launcher;
const GB = 1024 ** 3;

describe("the local Neo4j's memory plan", () => {
  it('takes a quarter of the machine for the heap, a sixth for the page cache, 70% of the heap for transactions', () => {
    expect(memoryPlan(24 * GB, {})).toEqual({ heap: '6144m', pageCache: '4096m', transactionMemory: '4300m' });
  });

  it('stays within bounds on small and large machines', () => {
    expect(memoryPlan(2 * GB, {})).toEqual({ heap: '1024m', pageCache: '341m', transactionMemory: '716m' });
    expect(memoryPlan(128 * GB, {})).toEqual({ heap: '8192m', pageCache: '4096m', transactionMemory: '5734m' });
  });

  it('takes each size from the environment when set', () => {
    expect(memoryPlan(24 * GB, { LORE_NEO4J_HEAP: '2g', LORE_NEO4J_PAGECACHE: '512m', LORE_NEO4J_TX_MEMORY: '1.5g' })).toEqual({
      heap: '2048m',
      pageCache: '512m',
      transactionMemory: '1536m',
    });
    expect(memoryPlan(24 * GB, { LORE_NEO4J_HEAP: '2g' }).transactionMemory).toBe('1433m');
  });

  it('refuses a size it cannot read, naming the variable', () => {
    expect(() => memoryPlan(24 * GB, { LORE_NEO4J_HEAP: 'lots' })).toThrow(
      "neo4j-local: LORE_NEO4J_HEAP must be a size such as 2g or 512m, got 'lots'",
    );
    expect(() => memoryPlan(24 * GB, { LORE_NEO4J_TX_MEMORY: '1m' })).toThrow('LORE_NEO4J_TX_MEMORY is too small');
  });
});
