import { InvalidInputError, NotFoundError } from '@lore/domain';
import type { CodeGraphRepository } from '@lore/graph';
import { FakeCodeGraph, asPort, principal, symbolRef } from '../../test/fakes';
import { weaker } from '../call-graph/call-walk';
import { CallersService } from './callers.service';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';

describe('CallersService.getCallers', () => {
  // checkout <- placeOrder <- (api handler, a test); placeOrder <- retry (by name only); billing calls placeOrder too.
  const graph = new FakeCodeGraph();
  graph.addRepository('shop', COMMIT);
  graph.addRepository('billing', COMMIT);
  const checkout = graph.addSymbol(symbolRef('shop', 'src/checkout.ts', 'checkout', 'function', 1));
  const placeOrder = graph.addSymbol(symbolRef('shop', 'src/orders.ts', 'OrderService.placeOrder', 'method', 5));
  const handler = graph.addSymbol(symbolRef('shop', 'src/api.ts', 'postOrder', 'function', 20));
  const retry = graph.addSymbol(symbolRef('shop', 'src/retry.ts', 'retryOrder', 'function', 3));
  const test = graph.addSymbol(symbolRef('shop', 'test/orders.spec.ts', 'orders > places', 'test', 7));
  const invoice = graph.addSymbol(symbolRef('billing', 'src/invoice.ts', 'invoiceOrder', 'function', 40));
  graph.addCall(placeOrder, checkout, 8);
  graph.addCall(handler, placeOrder, 22);
  graph.addCall(test, placeOrder, 9);
  graph.addCall(retry, placeOrder, 4, 'name');
  graph.addCall(invoice, placeOrder, 41, 'import');
  graph.addCall(checkout, checkout, 2); // recursion: the target never lists itself
  const callers = new CallersService(asPort<CodeGraphRepository>(graph));

  const listed = async (input: Parameters<CallersService['getCallers']>[0], repositories: '*' | string[] = '*') =>
    (await callers.getCallers(input, principal(repositories))).callers.map((caller) => [
      caller.symbol.qualifiedName,
      caller.distance,
      caller.line,
      caller.confidence,
    ]);

  it('lists the direct callers by default', async () => {
    expect(await listed({ name: 'checkout' })).toEqual([['OrderService.placeOrder', 1, 8, 'exact']]);
  });

  it('walks callers of callers nearest first, each with the weakest confidence on its way to the target', async () => {
    expect(await listed({ name: 'checkout', depth: 3 })).toEqual([
      ['OrderService.placeOrder', 1, 8, 'exact'],
      ['invoiceOrder', 2, 41, 'import'],
      ['postOrder', 2, 22, 'exact'],
      ['retryOrder', 2, 4, 'name'],
      ['orders > places', 2, 9, 'exact'],
    ]);
  });

  it('says how each caller gets to the target, and warns of callers reached by name only', async () => {
    const result = await callers.getCallers({ uid: checkout.uid, depth: 2 }, principal());
    expect(result.target).toEqual(checkout);
    expect(result.callers.find((caller) => caller.symbol.uid === retry.uid)).toEqual({
      symbol: retry,
      distance: 2,
      line: 4,
      via: placeOrder.uid,
      confidence: 'name',
    });
    expect(result.warnings.map((warning) => warning.code)).toEqual(['weak_edges']);
  });

  it('follows only calls at least as sure as minConfidence', async () => {
    expect(await listed({ name: 'checkout', depth: 2, minConfidence: 'exact' })).toEqual([
      ['OrderService.placeOrder', 1, 8, 'exact'],
      ['postOrder', 2, 22, 'exact'],
      ['orders > places', 2, 9, 'exact'],
    ]);
  });

  it('never a silent zero: says which calls minConfidence left out, with counts and examples', async () => {
    const result = await callers.getCallers({ name: 'checkout', depth: 2, minConfidence: 'exact' }, principal());
    expect(result.warnings).toEqual([
      {
        code: 'calls_not_followed',
        message:
          '2 call(s) into the symbols listed were resolved less surely than minConfidence exact and not followed, e.g. ' +
          'invoiceOrder -> OrderService.placeOrder (import, src/invoice.ts:40); retryOrder -> OrderService.placeOrder (name, src/retry.ts:3): ' +
          'lower minConfidence (import, name, ambiguous) to follow them.',
      },
    ]);
  });

  it('leaves out the repositories the caller may not read', async () => {
    expect(await listed({ name: 'checkout', depth: 2 }, ['shop'])).not.toContainEqual(['invoiceOrder', 2, 41, 'import']);
  });

  it('stops at the limit and says so, asking no further hop', async () => {
    graph.callEdgeQueries = 0;
    const result = await callers.getCallers({ name: 'checkout', depth: 5, limit: 2 }, principal());
    expect(result.callers.map((caller) => caller.symbol.qualifiedName)).toEqual(['OrderService.placeOrder', 'invoiceOrder']);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['output_truncated']);
    expect(graph.callEdgeQueries).toBe(2);
  });

  it('lists the files whose module-level code calls the target or a caller, each once at its nearest, within minConfidence and the readable repositories', async () => {
    // src/main.ts calls checkout as it loads, and postOrder too; src/boot.ts calls placeOrder by name only; billing's index calls invoiceOrder.
    graph.addFileCall('shop', 'src/main.ts', checkout, 3);
    graph.addFileCall('shop', 'src/main.ts', handler, 4);
    graph.addFileCall('shop', 'src/boot.ts', placeOrder, 12, 'name');
    graph.addFileCall('billing', 'src/index.ts', invoice, 7);
    const files = async (input: Parameters<CallersService['getCallers']>[0], repositories: '*' | string[] = '*') =>
      (await callers.getCallers(input, principal(repositories))).fileCallers;
    expect(await files({ name: 'checkout' })).toEqual([
      { repositoryId: 'shop', path: 'src/main.ts', line: 3, via: checkout.uid, distance: 1, confidence: 'exact' },
    ]);
    // Depth 1 lists placeOrder, whose callers (boot.ts among them) are one call further.
    expect(await files({ name: 'checkout', depth: 3 })).toEqual([
      { repositoryId: 'shop', path: 'src/main.ts', line: 3, via: checkout.uid, distance: 1, confidence: 'exact' },
      { repositoryId: 'shop', path: 'src/boot.ts', line: 12, via: placeOrder.uid, distance: 2, confidence: 'name' },
      { repositoryId: 'billing', path: 'src/index.ts', line: 7, via: invoice.uid, distance: 3, confidence: 'import' },
    ]);
    expect((await files({ name: 'checkout', depth: 2 })).map((file) => file.path)).toEqual(['src/main.ts', 'src/boot.ts']);
    expect((await files({ name: 'checkout', depth: 3, minConfidence: 'exact' })).map((file) => file.path)).toEqual(['src/main.ts']);
    expect((await files({ name: 'checkout', depth: 3 }, ['shop'])).map((file) => file.path)).toEqual(['src/main.ts', 'src/boot.ts']);
  });

  it('refuses a depth out of range and an unknown symbol', async () => {
    await expect(callers.getCallers({ name: 'checkout', depth: 6 }, principal())).rejects.toBeInstanceOf(InvalidInputError);
    await expect(callers.getCallers({ name: 'nope' }, principal())).rejects.toBeInstanceOf(NotFoundError);
    await expect(callers.getCallers({ name: 'checkout' }, principal(['billing']))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('ranks confidences strongest first', () => {
    expect(weaker('exact', 'name')).toBe('name');
    expect(weaker('ambiguous', 'import')).toBe('ambiguous');
    expect(weaker('import', 'import')).toBe('import');
  });
});

describe('answers built on calls while a repository awaits its exact calls', () => {
  const graph = new FakeCodeGraph();
  graph.addRepository('shop', COMMIT, { callsExact: false });
  graph.addRepository('billing', COMMIT);
  const placeOrder = graph.addSymbol(symbolRef('shop', 'src/orders.ts', 'placeOrder', 'function', 5));
  const invoice = graph.addSymbol(symbolRef('billing', 'src/invoice.ts', 'invoiceOrder', 'function', 40));
  const audit = graph.addSymbol(symbolRef('billing', 'src/audit.ts', 'auditInvoice', 'function', 2));
  graph.addCall(invoice, placeOrder, 41, 'import');
  graph.addCall(audit, invoice, 3);
  const callers = new CallersService(asPort<CodeGraphRepository>(graph));

  it('say which repositories have calls from syntax only', async () => {
    const result = await callers.getCallers({ uid: placeOrder.uid }, principal());
    expect(result.warnings).toEqual([
      {
        code: 'calls_not_exact',
        message:
          'Calls in shop are resolved from syntax only (by scope and unique names) until an index run resolves them with the compiler: ' +
          'some calls may be missing or weaker. Ask again when that run completes (lore index finishes it).',
      },
    ]);
  });

  it('do not warn when every repository they touch has exact calls', async () => {
    expect((await callers.getCallers({ uid: invoice.uid, repositoryId: 'billing' }, principal())).warnings).toEqual([]);
  });
});
