import { AmbiguousTargetError, NotFoundError } from '@lore/domain';
import { runInCallContext } from '@lore/access';
import type { CodeGraphRepository } from '@lore/graph';
import { FakeCodeGraph, asPort, principal, symbolRef } from '../../test/fakes';
import { SymbolService } from './symbol.service';
import type { KnowledgeLinksService } from '../project-knowledge/knowledge-links.service';

/** No project knowledge is linked to these fixtures. */
const noKnowledge = asPort<KnowledgeLinksService>({ knowledgeAbout: () => Promise.resolve([]) });

const COMMIT = '0123456789abcdef0123456789abcdef01234567';

describe('SymbolService.getSymbol: which symbol a name names', () => {
  const graph = new FakeCodeGraph();
  graph.addRepository('shop', COMMIT);
  graph.addRepository('billing', COMMIT);
  const orderService = graph.addSymbol(symbolRef('shop', 'src/orders.ts', 'OrderService', 'class', 1));
  graph.addSymbol(symbolRef('shop', 'src/orders.spec.ts', 'OrderService', 'test', 3));
  const placeOrder = graph.addSymbol(symbolRef('shop', 'src/orders.ts', 'OrderService.placeOrder', 'method', 5));
  const cartPlaceOrder = graph.addSymbol(symbolRef('shop', 'src/cart.ts', 'CartService.placeOrder', 'method', 12));
  const formatPrice = graph.addSymbol(symbolRef('billing', 'src/price.ts', 'formatPrice', 'function', 1));
  graph.addSymbol(symbolRef('billing', 'src/invoice.ts', 'Invoice.formatPrice', 'method', 30));
  const symbols = new SymbolService(asPort<CodeGraphRepository>(graph), noKnowledge);

  const uidOf = async (name: string, repositories: '*' | string[] = '*'): Promise<string> =>
    (await symbols.getSymbol({ name }, principal(repositories))).symbol.uid;

  it('takes the symbol whose qualified name is the name over those merely named so', async () => {
    expect(await uidOf('formatPrice')).toBe(formatPrice.uid);
    expect(await uidOf('OrderService.placeOrder')).toBe(placeOrder.uid);
  });

  it('takes code over a test case of the same name', async () => {
    expect(await uidOf('OrderService')).toBe(orderService.uid);
  });

  it('answers the symbol with its code and symbol URIs at the indexed commit', async () => {
    const { symbol: found, warnings } = await symbols.getSymbol({ uid: placeOrder.uid }, principal());
    expect(found).toMatchObject({
      uid: 'acme:shop:src/orders.ts#OrderService.placeOrder',
      commitSha: COMMIT,
      resourceUri: `code://shop/${COMMIT}/src/orders.ts#L5-L14`,
      symbolUri: `symbol://shop/${COMMIT}/OrderService.placeOrder`,
    });
    expect(warnings).toEqual([]);
  });

  it('answers ambiguous_target with the candidates when several symbols have the name', async () => {
    const failure = symbols.getSymbol({ name: 'placeOrder' }, principal());
    await expect(failure).rejects.toThrow(AmbiguousTargetError);
    await expect(failure).rejects.toMatchObject({
      code: 'ambiguous_target',
      message:
        '2 symbols are named placeOrder: acme:shop:src/cart.ts#CartService.placeOrder (method, shop:src/cart.ts:12); acme:shop:src/orders.ts#OrderService.placeOrder (method, shop:src/orders.ts:5).',
      hint: "Ask again with one of these uids as uid, or a qualified name, or the file's path.",
      details: { candidates: [cartPlaceOrder, placeOrder] },
    });
  });

  it('offers only what tells the candidates apart: not a qualified name they share', async () => {
    const twins = new FakeCodeGraph();
    twins.addRepository('shop', COMMIT);
    const first = twins.addSymbol(symbolRef('shop', 'src/a/config.ts', 'Config.load', 'method', 3));
    const second = twins.addSymbol(symbolRef('shop', 'src/b/config.ts', 'Config.load', 'method', 8));
    const failure = new SymbolService(asPort<CodeGraphRepository>(twins), noKnowledge).getSymbol({ name: 'Config.load' }, principal());
    await expect(failure).rejects.toMatchObject({
      code: 'ambiguous_target',
      message:
        '2 symbols are named Config.load: acme:shop:src/a/config.ts#Config.load (method, shop:src/a/config.ts:3); acme:shop:src/b/config.ts#Config.load (method, shop:src/b/config.ts:8).',
      hint: "Ask again with one of these uids as uid, or the file's path.",
      details: { candidates: [first, second] },
    });
  });

  it('words its hints for the door the call came through', async () => {
    const inCli = <T>(work: () => Promise<T>) => runInCallContext({ door: 'cli' }, work);
    await expect(inCli(() => symbols.getSymbol({ name: 'refundOrder' }, principal()))).rejects.toMatchObject({
      hint: 'Check the spelling, or search with lore search.',
    });
    await expect(inCli(() => symbols.getSymbol({ name: 'placeOrder' }, principal()))).rejects.toMatchObject({
      hint: "Ask again with one of these uids as the target, or a qualified name, or the file's --path.",
    });
    await expect(
      runInCallContext({ door: 'graphql' }, () => symbols.getSymbol({ name: 'refundOrder' }, principal())),
    ).rejects.toMatchObject({
      hint: 'Check the spelling, or search with searchCode.',
    });
  });

  it('takes a uid given as the name for the uid it is, and refuses a file uid there', async () => {
    expect(await uidOf(placeOrder.uid)).toBe(placeOrder.uid);
    await expect(symbols.getSymbol({ name: 'acme:shop:src/orders.ts' }, principal())).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'acme:shop:src/orders.ts is the uid of a file, not of a symbol.',
    });
  });

  it('narrows a name to one repository, and to the repositories the caller may read', async () => {
    expect(await uidOf('formatPrice', ['billing'])).toBe(formatPrice.uid);
    const hidden = symbols.getSymbol({ name: 'formatPrice' }, principal(['shop']));
    await expect(hidden).rejects.toThrow(NotFoundError);
    await expect(hidden).rejects.toMatchObject({ code: 'not_found', message: 'No symbol named formatPrice.' });
    await expect(symbols.getSymbol({ name: 'placeOrder', repositoryId: 'billing' }, principal())).rejects.toMatchObject({
      code: 'not_found',
      message: 'No symbol named placeOrder.',
    });
  });

  it('answers not_found for a name or uid nothing has', async () => {
    await expect(symbols.getSymbol({ name: 'refundOrder' }, principal())).rejects.toMatchObject({
      code: 'not_found',
      message: 'No symbol named refundOrder.',
      hint: 'Check the spelling, or search with search_code.',
    });
    await expect(symbols.getSymbol({ uid: 'acme:shop:src/gone.ts#gone' }, principal())).rejects.toMatchObject({
      code: 'not_found',
      message: 'No symbol with uid acme:shop:src/gone.ts#gone.',
    });
  });
});
