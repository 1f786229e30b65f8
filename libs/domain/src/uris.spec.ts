import { InvalidInputError } from './errors';
import { formatCodeUri, formatDocUri, formatSymbolUri, isRepositoryPath, parseResourceUri } from './uris';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';

describe('resource URIs', () => {
  it.each([
    [
      `code://shop/${COMMIT}/src/orders.ts#L3-L9`,
      { repositoryId: 'shop', commitSha: COMMIT, path: 'src/orders.ts', range: { startLine: 3, endLine: 9 } },
    ],
    [
      `code://shop/${COMMIT}/src/orders.ts#L7`,
      { repositoryId: 'shop', commitSha: COMMIT, path: 'src/orders.ts', range: { startLine: 7, endLine: 7 } },
    ],
    [`code://shop/${COMMIT}/src/orders.ts`, { repositoryId: 'shop', commitSha: COMMIT, path: 'src/orders.ts', range: null }],
    [
      `code://my%20shop/${COMMIT}/docs/a%20b%23c.ts#L1-L1`,
      { repositoryId: 'my shop', commitSha: COMMIT, path: 'docs/a b#c.ts', range: { startLine: 1, endLine: 1 } },
    ],
  ])('parses %s', (uri, ref) => {
    expect(parseResourceUri(uri)).toEqual({ scheme: 'code', ...ref });
  });

  it('formats code and doc URIs that parse back to what they were made of', () => {
    const span = { repositoryId: 'my shop', commitSha: COMMIT, path: 'docs/a b#c.md', startLine: 2, endLine: 5 };
    expect(formatCodeUri(span)).toBe(`code://my%20shop/${COMMIT}/docs/a%20b%23c.md#L2-L5`);
    expect(parseResourceUri(formatCodeUri(span))).toEqual({
      scheme: 'code',
      repositoryId: 'my shop',
      commitSha: COMMIT,
      path: 'docs/a b#c.md',
      range: { startLine: 2, endLine: 5 },
    });
    expect(formatDocUri({ repositoryId: 'shop', commitSha: COMMIT, path: 'README.md', range: null })).toBe(
      `doc://shop/${COMMIT}/README.md`,
    );
    expect(formatDocUri({ repositoryId: 'shop', commitSha: COMMIT, path: 'docs/guide.md', range: { startLine: 12, endLine: 30 } })).toBe(
      `doc://shop/${COMMIT}/docs/guide.md#L12-L30`,
    );
    expect(parseResourceUri(`doc://shop/${COMMIT}/docs/guide.md#L12-L30`)).toEqual({
      scheme: 'doc',
      repositoryId: 'shop',
      commitSha: COMMIT,
      path: 'docs/guide.md',
      range: { startLine: 12, endLine: 30 },
    });
  });

  it('formats and parses symbol URIs, the qualified name encoded as one part', () => {
    const uri = formatSymbolUri('shop', COMMIT, 'Counter.#count');
    expect(uri).toBe(`symbol://shop/${COMMIT}/Counter.%23count`);
    expect(parseResourceUri(uri)).toEqual({ scheme: 'symbol', repositoryId: 'shop', commitSha: COMMIT, qualifiedName: 'Counter.#count' });
    expect(parseResourceUri(`symbol://shop/${COMMIT}/a%2Fb.c`)).toEqual({
      scheme: 'symbol',
      repositoryId: 'shop',
      commitSha: COMMIT,
      qualifiedName: 'a/b.c',
    });
  });

  it('tells the three schemes apart', () => {
    expect(parseResourceUri(`code://shop/${COMMIT}/a.ts#L1-L2`)).toEqual({
      scheme: 'code',
      repositoryId: 'shop',
      commitSha: COMMIT,
      path: 'a.ts',
      range: { startLine: 1, endLine: 2 },
    });
    expect(parseResourceUri(`doc://shop/${COMMIT}/README.md`)).toEqual({
      scheme: 'doc',
      repositoryId: 'shop',
      commitSha: COMMIT,
      path: 'README.md',
      range: null,
    });
    expect(parseResourceUri(`symbol://shop/${COMMIT}/OrderService.placeOrder`)).toEqual({
      scheme: 'symbol',
      repositoryId: 'shop',
      commitSha: COMMIT,
      qualifiedName: 'OrderService.placeOrder',
    });
  });

  it.each([
    // Malformed fragments are bad input, never a path that is not found.
    [
      `code://shop/${COMMIT}/a.ts#L-5-L3`,
      'Bad line range in a code URI: #L-5-L3. Expected #L{start} or #L{start}-L{end}, lines counted from 1, start <= end.',
    ],
    [
      `code://shop/${COMMIT}/a.ts#LNaN`,
      'Bad line range in a code URI: #LNaN. Expected #L{start} or #L{start}-L{end}, lines counted from 1, start <= end.',
    ],
    [
      `code://shop/${COMMIT}/a.ts#L0-L3`,
      'Bad line range in a code URI: #L0-L3. Expected #L{start} or #L{start}-L{end}, lines counted from 1, start <= end.',
    ],
    [
      `code://shop/${COMMIT}/a.ts#L9-L3`,
      'Bad line range in a code URI: #L9-L3. Expected #L{start} or #L{start}-L{end}, lines counted from 1, start <= end.',
    ],
    [
      `code://shop/${COMMIT}/a.ts#`,
      'Bad line range in a code URI: #. Expected #L{start} or #L{start}-L{end}, lines counted from 1, start <= end.',
    ],
    [
      `doc://shop/${COMMIT}/a.md#intro`,
      'Bad line range in a doc URI: #intro. Expected #L{start} or #L{start}-L{end}, lines counted from 1, start <= end.',
    ],
    [
      `code://shop/${COMMIT}/a.ts#L99999999999999999999`,
      'Bad line range in a code URI: #L99999999999999999999. Expected #L{start} or #L{start}-L{end}, lines counted from 1, start <= end.',
    ],
    // Paths outside the repository, however they are written.
    [`code://shop/${COMMIT}/../etc/passwd`, 'The path of a code URI must be relative to the repository root, with no empty, . or .. part.'],
    [
      `code://shop/${COMMIT}/src/%2e%2e/%2E%2E/etc/passwd`,
      'The path of a code URI must be relative to the repository root, with no empty, . or .. part.',
    ],
    [
      `code://shop/${COMMIT}/src%2F..%2Fx.ts`,
      'The path of a code URI must be relative to the repository root, with no empty, . or .. part.',
    ],
    [`doc://shop/${COMMIT}//etc/passwd`, 'The path of a doc URI must be relative to the repository root, with no empty, . or .. part.'],
    [`code://shop/${COMMIT}/./a.ts`, 'The path of a code URI must be relative to the repository root, with no empty, . or .. part.'],
    [`code://shop/${COMMIT}/`, 'The path of a code URI must be relative to the repository root, with no empty, . or .. part.'],
    [`code://shop/${COMMIT}/a%zz.ts`, 'Bad percent-encoding in a resource URI: a%zz.ts.'],
    [`code://shop/a.ts`, 'Not a code URI: expected code://{repo}/{commit}/{path}#L{start}-L{end}.'],
    [`symbol://shop/${COMMIT}/A.b#L1`, 'A symbol URI has no fragment: expected symbol://{repo}/{commit}/{qualifiedName}.'],
    [`symbol://shop/${COMMIT}/A/b`, 'Not a symbol URI: expected symbol://{repo}/{commit}/{qualifiedName}.'],
    [`symbol://shop/${COMMIT}/`, 'Not a symbol URI: expected symbol://{repo}/{commit}/{qualifiedName}.'],
    ['https://example.com/a.ts', 'Not a Lore resource URI: expected code://, symbol://, doc://.'],
  ])('refuses %s as invalid input', (uri, message) => {
    expect(() => parseResourceUri(uri)).toThrow(InvalidInputError);
    expect(() => parseResourceUri(uri)).toThrow(message);
  });

  it('knows a repository path', () => {
    expect(['src/a.ts', 'README.md', '.github/workflows/ci.yml', 'a..b/c'].map(isRepositoryPath)).toEqual([true, true, true, true]);
    expect(['', '/etc/passwd', 'src/../a.ts', './a.ts', 'src/', 'a\\..\\b', 'a\0b'].map(isRepositoryPath)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
