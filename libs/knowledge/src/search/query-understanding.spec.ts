import { InvalidInputError } from '@lore/domain';
import { understandQuery } from './query-understanding';

describe('understandQuery', () => {
  it('finds the identifiers inside a question by their shape', () => {
    expect(understandQuery('where is parseBody called')).toEqual({
      text: 'where is parseBody called',
      identifiers: ['parseBody'],
      terms: ['is', 'parseBody', 'called'],
      filters: {},
    });
    expect(understandQuery('what does get_symbol return for a HonoRequest?').identifiers).toEqual(['get_symbol', 'HonoRequest']);
    expect(understandQuery('how does `Router.add` store routes').identifiers).toEqual(['Router.add']);
    expect(understandQuery('when is $state reset').identifiers).toEqual(['$state']);
  });

  it('takes a capitalised word past the first for a name, and the first word of a sentence for English', () => {
    expect(understandQuery('Where is the Invoice total computed').identifiers).toEqual(['Invoice']);
  });

  it('takes a query of one token for an identifier whatever its shape', () => {
    expect(understandQuery('Invoice')).toMatchObject({ identifiers: ['Invoice'], terms: ['Invoice'] });
    expect(understandQuery('  nativeEnum ')).toMatchObject({ identifiers: ['nativeEnum'], terms: ['nativeEnum'] });
    expect(understandQuery('retry with backoff').identifiers).toEqual([]);
  });

  it('leaves stop words and question words out of the full-text terms, but keeps them for the embedder', () => {
    expect(understandQuery('where do we validate the order total')).toMatchObject({
      text: 'where do we validate the order total',
      terms: ['validate', 'order', 'total'],
    });
    expect(understandQuery('which function was implemented for the retries?').terms).toEqual(['for', 'retries']);
    // Words identifiers are made of stay: findById, InMemoryRepository, withQuantity, isEmpty.
    expect(understandQuery('where do we find it by id in memory with a quantity').terms).toEqual([
      'find',
      'by',
      'id',
      'in',
      'memory',
      'with',
      'quantity',
    ]);
    expect(understandQuery('how do we get a new list').terms).toEqual(['get', 'new', 'list']);
    expect(understandQuery('is the invoice empty').terms).toEqual(['is', 'invoice', 'empty']);
  });

  it('searches for every word of a question made of stop words alone', () => {
    expect(understandQuery('what was this').terms).toEqual(['what', 'was', 'this']);
  });

  it('reads in:, lang: and kind: filters and takes them out of the text', () => {
    expect(understandQuery('in:src/router lang:ts kind:method,function how are routes matched')).toEqual({
      text: 'how are routes matched',
      identifiers: [],
      terms: ['routes', 'matched'],
      filters: { pathPrefix: 'src/router', language: 'typescript', kinds: ['method', 'function'] },
    });
    expect(understandQuery('path:./lib/ language:Python kind:class kind:method parse cookies').filters).toEqual({
      pathPrefix: 'lib/',
      language: 'python',
      kinds: ['class', 'method'],
    });
  });

  it('keeps words with a colon that are not filters', () => {
    expect(understandQuery('name:"x" the http://host')).toMatchObject({
      text: 'name:"x" the http://host',
      terms: ['name:"x', 'http://host'],
    });
  });

  it('answers invalid_input for a filter it cannot honour, naming it and what would do', () => {
    const cases: [string, string, string][] = [
      [
        'lang:cobol parse',
        'Unknown language in lang:cobol.',
        'Use one of bash, c, cpp, csharp, dart, go, java, javascript, kotlin, lua, php, python, ruby, rust, scala, swift, typescript.',
      ],
      [
        'kind:method,widget parse',
        'Unknown kind in kind:method,widget.',
        'Use one or more of module, class, interface, type, enum, function, method, property, variable, test.',
      ],
      ['in:/etc parse', 'The filter in:/etc must be a path relative to the repository root.', 'Write it like in:src/router.'],
      ['in:src/../.. parse', 'The filter in:src/../.. must be a path relative to the repository root.', 'Write it like in:src/router.'],
      ['in:src in:lib parse', 'The query names two paths: in:src and in:lib.', 'Keep one in: filter.'],
      ['lang:py lang:go parse', 'The query names two languages: lang:python and lang:go.', 'Keep one lang: filter.'],
    ];
    for (const [query, message, hint] of cases) {
      expect(() => understandQuery(query)).toThrow(InvalidInputError);
      expect(() => understandQuery(query)).toThrow(expect.objectContaining({ message, hint }));
    }
  });
});
