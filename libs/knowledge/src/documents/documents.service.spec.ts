import { AmbiguousTargetError, InvalidInputError, NotFoundError } from '@lore/domain';
import type { CodeGraphRepository } from '@lore/graph';
import { FakeCodeGraph, asPort, principal, symbolRef } from '../../test/fakes';
import { DocumentsService } from './documents.service';
import type { KnowledgeLinksService } from '../project-knowledge/knowledge-links.service';

/** No project knowledge is linked to these fixtures. */
const noKnowledge = asPort<KnowledgeLinksService>({ knowledgeAbout: () => Promise.resolve([]) });

const COMMIT = '0123456789abcdef0123456789abcdef01234567';
const ORDERS = 'src/orders.ts';

describe('DocumentsService.getDocuments', () => {
  // README names placeOrder; docs/orders.md links src/orders.ts and names OrderService; billing's guide names its own invoice.
  const graph = new FakeCodeGraph();
  graph.addRepository('shop', COMMIT);
  graph.addRepository('billing', COMMIT);
  graph.addFile('shop', { path: ORDERS, language: 'typescript', contentHash: 'h1', lines: 40, blocked: false });
  graph.addFile('billing', { path: 'src/invoice.ts', language: 'typescript', contentHash: 'h2', lines: 20, blocked: false });
  const orderService = graph.addSymbol(symbolRef('shop', ORDERS, 'OrderService', 'class', 1));
  const placeOrder = graph.addSymbol(symbolRef('shop', ORDERS, 'OrderService.placeOrder', 'method', 5));
  graph.addSymbol(symbolRef('shop', 'src/cancel.ts', 'placeOrder', 'function', 1));
  const invoice = graph.addSymbol(symbolRef('billing', 'src/invoice.ts', 'invoice', 'function', 1));
  const readme = { path: 'README.md', title: 'shop', kind: 'readme' as const };
  const guide = { path: 'docs/orders.md', title: 'Orders', kind: 'doc' as const };
  graph.addSection('shop', readme, { title: 'shop', level: 1, startLine: 1, endLine: 4 }, { symbols: [placeOrder] });
  graph.addSection('shop', guide, { title: 'Orders', level: 1, startLine: 1, endLine: 9 }, { files: [ORDERS] });
  graph.addSection(
    'shop',
    guide,
    { title: 'Placing', level: 2, startLine: 10, endLine: 20 },
    { symbols: [placeOrder, orderService], files: [ORDERS] },
  );
  graph.addSection('shop', guide, { title: 'Unrelated', level: 2, startLine: 21, endLine: 30 }, { files: ['src/other.ts'] });
  graph.addSection(
    'billing',
    { path: 'GUIDE.md', title: 'Billing', kind: 'doc' },
    { title: 'Billing', level: 1, startLine: 1, endLine: 5 },
    { symbols: [invoice] },
  );
  const documents = new DocumentsService(asPort<CodeGraphRepository>(graph), noKnowledge);

  const listed = async (input: Parameters<DocumentsService['getDocuments']>[0], repositories: '*' | string[] = '*') =>
    (await documents.getDocuments(input, principal(repositories))).sections.map((section) => [
      section.path,
      section.title,
      section.refersBy,
      section.symbols.map((symbol) => symbol.qualifiedName),
    ]);

  it('lists the sections that name a symbol or link its file, each with how it refers', async () => {
    expect(await listed({ name: 'OrderService.placeOrder' })).toEqual([
      ['README.md', 'shop', ['mentions_symbol'], ['OrderService.placeOrder']],
      ['docs/orders.md', 'Orders', ['links_its_file'], []],
      ['docs/orders.md', 'Placing', ['mentions_symbol', 'links_its_file'], ['OrderService.placeOrder']],
    ]);
  });

  it('answers each section with its doc:// URI, document and line range, and the target', async () => {
    const result = await documents.getDocuments({ uid: placeOrder.uid }, principal());
    expect(result.target).toEqual({ repositoryId: 'shop', path: ORDERS, symbol: placeOrder });
    expect(result.sections[2]).toEqual({
      uri: `doc://shop/${COMMIT}/docs/orders.md#L10-L20`,
      repositoryId: 'shop',
      path: 'docs/orders.md',
      documentTitle: 'Orders',
      documentKind: 'doc',
      title: 'Placing',
      level: 2,
      startLine: 10,
      endLine: 20,
      refersBy: ['mentions_symbol', 'links_its_file'],
      symbols: [placeOrder],
    });
    expect([result.warnings, result.trustBoundary]).toEqual([[], 'untrusted_repository_content']);
  });

  it('lists the sections that link a file or name a symbol it declares, the symbols in declaration order', async () => {
    expect(await listed({ repositoryId: 'shop', path: ORDERS })).toEqual([
      ['README.md', 'shop', ['mentions_its_symbol'], ['OrderService.placeOrder']],
      ['docs/orders.md', 'Orders', ['links_file'], []],
      ['docs/orders.md', 'Placing', ['links_file', 'mentions_its_symbol'], ['OrderService', 'OrderService.placeOrder']],
    ]);
    expect((await documents.getDocuments({ repositoryId: 'shop', path: ORDERS }, principal())).target).toEqual({
      repositoryId: 'shop',
      path: ORDERS,
      symbol: null,
    });
  });

  it('stops at the limit and says so', async () => {
    const result = await documents.getDocuments({ name: 'OrderService.placeOrder', limit: 2 }, principal());
    expect(result.sections.map((section) => section.title)).toEqual(['shop', 'Orders']);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['output_truncated']);
  });

  it('answers an empty list for a symbol no document mentions', async () => {
    // The function whose qualified name is placeOrder, not the method named so.
    expect(await listed({ name: 'placeOrder' })).toEqual([]);
  });

  it('answers ambiguous_target for a name several symbols have', async () => {
    graph.addSymbol(symbolRef('billing', 'src/orders.ts', 'OrderService', 'class', 1));
    await expect(documents.getDocuments({ name: 'OrderService' }, principal())).rejects.toThrow(AmbiguousTargetError);
    expect(await listed({ name: 'OrderService', repositoryId: 'shop' })).toEqual([
      ['docs/orders.md', 'Orders', ['links_its_file'], []],
      ['docs/orders.md', 'Placing', ['mentions_symbol', 'links_its_file'], ['OrderService']],
    ]);
  });

  it('answers not_found for an unknown symbol or file, and for a repository the caller may not read', async () => {
    await expect(documents.getDocuments({ name: 'nothing' }, principal())).rejects.toThrow(NotFoundError);
    const missing = documents.getDocuments({ repositoryId: 'shop', path: 'src/missing.ts' }, principal());
    await expect(missing).rejects.toMatchObject({ code: 'not_found', message: 'No indexed file src/missing.ts in shop.' });
    await expect(documents.getDocuments({ repositoryId: 'billing', path: 'src/invoice.ts' }, principal(['shop']))).rejects.toThrow(
      NotFoundError,
    );
    await expect(documents.getDocuments({ uid: invoice.uid }, principal(['shop']))).rejects.toThrow(NotFoundError);
  });

  it('takes a file as ./path from the repository root, as an absolute path inside its directory, or as its uid', async () => {
    const asked = { repositoryId: 'shop', path: ORDERS };
    const expected = await documents.getDocuments(asked, principal());
    expect(await documents.getDocuments({ ...asked, path: `./${ORDERS}` }, principal())).toEqual(expected);
    expect(await documents.getDocuments({ ...asked, path: `/srv/shop/${ORDERS}` }, principal())).toEqual(expected);
    expect(await documents.getDocuments({ path: `acme:shop:${ORDERS}` }, principal())).toEqual(expected);
  });

  it('takes a path in the one repository the caller can read without its repositoryId, and asks which one when it can read several', async () => {
    expect((await documents.getDocuments({ path: ORDERS }, principal(['shop']))).target).toEqual({
      repositoryId: 'shop',
      path: ORDERS,
      symbol: null,
    });
    await expect(documents.getDocuments({ path: ORDERS }, principal())).rejects.toThrow(AmbiguousTargetError);
  });

  it.each([
    [{}, 'Give exactly one of uid, name or path.'],
    [{ name: 'OrderService', path: ORDERS, repositoryId: 'shop' }, 'Give exactly one of uid, name or path.'],
    [
      { repositoryId: 'shop', path: '../etc/passwd' },
      'A path relative to the repository root (or absolute, inside it), /-separated, with no empty, . or .. part.',
    ],
    [{ repositoryId: 'shop', path: './../etc/passwd' }, 'with no empty, . or .. part.'],
    [{ repositoryId: 'shop', path: '/srv/shop/../etc/passwd' }, 'with no empty, . or .. part.'],
    [{ repositoryId: 'shop', path: '/etc/passwd' }, 'is not inside the directory of shop.'],
    [{ name: 'OrderService', limit: 201 }, 'limit'],
    [{ name: 'OrderService', depth: 2 }, 'Unrecognized key'],
  ])('answers invalid_input for %j', async (input, message) => {
    const failure = documents.getDocuments(input as never, principal());
    await expect(failure).rejects.toThrow(InvalidInputError);
    await expect(failure).rejects.toThrow(message);
  });
});
