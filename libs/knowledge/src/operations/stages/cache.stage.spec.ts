import type { LoreConfig } from '@lore/config';
import { type LanguageModel, type Principal, localPrincipal } from '@lore/domain';
import { TenantView, type TenantViews } from '@lore/graph';
import type { OperationCall } from '../operation';
import { CacheStage, canonicalJson } from './cache.stage';

/** A graph whose readers' token is whatever the test sets. */
class FakeGenerations {
  token = 'g1';
  reads = 0;
  async current(): Promise<TenantView> {
    this.reads += 1;
    return new TenantView(this.token, []);
  }
}

const CONFIG = { LORE_CACHE_MAX_MB: 1, LORE_CACHE_MAX_ENTRIES: 100, LORE_CACHE_TTL_SECONDS: 60 } as LoreConfig;
const everything = localPrincipal('acme', 'ana');
const onlyOrders: Principal = { ...everything, subject: 'bo', repositories: ['orders'], permissions: ['read'] };

function setUp(config: LoreConfig = CONFIG): { stage: CacheStage; generations: FakeGenerations; ask: typeof ask } {
  const generations = new FakeGenerations();
  const stage = new CacheStage(generations as unknown as TenantViews, config);
  let computed = 0;
  /** Asks through the stage; the service's answer says how many times a service was really called. */
  async function ask(
    principal: Principal,
    args: unknown[],
    options: { operation?: string; kind?: OperationCall['kind']; cached?: boolean; answer?: unknown; lentModel?: LanguageModel } = {},
  ) {
    const call: OperationCall = {
      operation: options.operation ?? 'get_symbol',
      kind: options.kind ?? 'read',
      cached: options.cached ?? true,
      args,
      principal,
      context: { requestId: 'r', door: 'rest', agentRunId: null, lentModel: options.lentModel ?? null },
    };
    return stage.handle(call, async () => options.answer ?? { computed: ++computed, warnings: [] });
  }
  return { stage, generations, ask };
}

describe('CacheStage', () => {
  it('answers the same principal asking the same input from the cache, in whatever key order, as a copy', async () => {
    const { stage, ask } = setUp();
    const first = (await ask(everything, [{ name: 'a', repositoryId: 'orders' }])) as { computed: number };
    first.computed = 99; // a door changing its answer does not change the kept one
    expect(await ask(everything, [{ repositoryId: 'orders', name: 'a' }])).toEqual({ computed: 1, warnings: [] });
    expect(stage.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('never shares an answer between principals with different repositories, permissions or tool profile', async () => {
    const { stage, ask } = setUp();
    expect(await ask(everything, [{ name: 'a' }])).toEqual({ computed: 1, warnings: [] });
    expect(await ask(onlyOrders, [{ name: 'a' }])).toEqual({ computed: 2, warnings: [] });
    expect(await ask({ ...onlyOrders, repositories: ['orders', 'billing'] }, [{ name: 'a' }])).toEqual({ computed: 3, warnings: [] });
    expect(await ask({ ...onlyOrders, permissions: ['read', 'admin'] }, [{ name: 'a' }])).toEqual({ computed: 4, warnings: [] });
    expect(await ask({ ...onlyOrders, toolProfile: 'review_agent' }, [{ name: 'a' }])).toEqual({ computed: 5, warnings: [] });
    expect(await ask({ ...everything, tenantId: 'other' }, [{ name: 'a' }])).toEqual({ computed: 6, warnings: [] });
    // Same access under another subject, repositories in another order: one answer.
    expect(await ask({ ...onlyOrders, subject: 'cy', repositories: ['billing', 'orders'] }, [{ name: 'a' }])).toEqual({
      computed: 3,
      warnings: [],
    });
    expect(stage.stats()).toMatchObject({ hits: 1, misses: 6 });
  });

  it("neither keeps nor serves an answer of a call a client lent its model to: that answer is the call's own", async () => {
    const { stage, ask } = setUp();
    const lentModel: LanguageModel = { complete: async () => ({ text: '', model: 'client-model' }) };
    await ask(everything, [{ name: 'a' }]);
    expect(await ask(everything, [{ name: 'a' }], { lentModel })).toEqual({ computed: 2, warnings: [] });
    expect(await ask(everything, [{ name: 'b' }], { lentModel })).toEqual({ computed: 3, warnings: [] });
    expect(await ask(everything, [{ name: 'b' }])).toEqual({ computed: 4, warnings: [] });
    expect(stage.stats()).toMatchObject({ hits: 0, misses: 2 });
  });

  it('asks again when the graph changed (a re-index anywhere), for another operation or another input', async () => {
    const { generations, ask } = setUp();
    await ask(everything, [{ name: 'a' }]);
    expect(await ask(everything, [{ name: 'b' }])).toEqual({ computed: 2, warnings: [] });
    expect(await ask(everything, [{ name: 'a' }], { operation: 'get_callers' })).toEqual({ computed: 3, warnings: [] });
    generations.token = 'g2';
    expect(await ask(everything, [{ name: 'a' }])).toEqual({ computed: 4, warnings: [] });
    expect(await ask(everything, [{ name: 'a' }])).toEqual({ computed: 4, warnings: [] });
  });

  it('keeps no answer that says it is still changing, no error, and leaves side effects alone', async () => {
    const { stage, generations, ask } = setUp();
    const incomplete = { results: [], warnings: [{ code: 'semantic_incomplete', message: 'embedding' }] };
    await ask(everything, [{ query: 'x' }], { answer: incomplete });
    expect(await ask(everything, [{ query: 'x' }])).toEqual({ computed: 1, warnings: [] });
    const failing = {
      operation: 'get_symbol',
      kind: 'read',
      cached: true,
      args: [{ name: 'z' }],
      principal: everything,
      context: { requestId: 'r', door: 'rest', agentRunId: null, lentModel: null },
    } as OperationCall;
    await expect(stage.handle(failing, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(stage.handle(failing, async () => 'answered')).resolves.toBe('answered');
    const reads = generations.reads;
    await ask(everything, [{ path: '/r' }], { kind: 'side_effect' });
    await ask(everything, [{ path: '/r' }], { kind: 'side_effect' });
    expect(generations.reads).toBe(reads);
    expect(stage.stats()).toMatchObject({ hits: 0, entries: 2 });
  });

  it('never keeps the answer of a read declared uncached (a store outside the graph, such as project knowledge)', async () => {
    const { stage, ask } = setUp();
    expect(await ask(everything, [{ project_id: 'demo' }], { operation: 'get_project_main', cached: false })).toEqual({
      computed: 1,
      warnings: [],
    });
    expect(await ask(everything, [{ project_id: 'demo' }], { operation: 'get_project_main', cached: false })).toEqual({
      computed: 2,
      warnings: [],
    });
    expect(stage.stats()).toMatchObject({ hits: 0, entries: 0 });
  });

  it('is off with LORE_CACHE_MAX_MB=0, and drops the least recently used answer past its entries', async () => {
    const off = setUp({ ...CONFIG, LORE_CACHE_MAX_MB: 0 });
    await off.ask(everything, [{ name: 'a' }]);
    expect(await off.ask(everything, [{ name: 'a' }])).toEqual({ computed: 2, warnings: [] });
    expect(off.generations.reads).toBe(0);

    const small = setUp({ ...CONFIG, LORE_CACHE_MAX_ENTRIES: 2 });
    await small.ask(everything, [{ name: 'a' }]);
    await small.ask(everything, [{ name: 'b' }]);
    await small.ask(everything, [{ name: 'c' }]);
    expect(await small.ask(everything, [{ name: 'c' }])).toEqual({ computed: 3, warnings: [] });
    expect(await small.ask(everything, [{ name: 'a' }])).toEqual({ computed: 4, warnings: [] });
    expect(small.stage.stats()).toMatchObject({ entries: 2 });
  });

  it('writes inputs canonically, and refuses what has no JSON form', () => {
    expect(canonicalJson([{ b: 1, a: { d: [1, undefined], c: 'x' }, e: undefined }])).toBe('[{"a":{"c":"x","d":[1,null]},"b":1}]');
    expect(canonicalJson([{ name: 'a' }, () => undefined])).toBeNull();
    expect(canonicalJson([{ limit: Number.NaN }])).toBeNull();
    expect(canonicalJson([new Date(0)])).toBeNull();
  });
});
