import type { ContextPack } from '@lore/domain/schemas/document-generation';
import { draftFileName, firstSentence, writeDraft } from './draft-writer';

const pack: ContextPack = {
  contextPackId: 'ctx_0123456789abcdef',
  resourceUri: 'context-pack://ctx_0123456789abcdef',
  repositoryId: 'shop',
  commitSha: 'abc1234',
  task: { type: 'generate_module_doc', modulePath: 'src/util', paths: ['src/util/'], audience: [] },
  symbols: [
    {
      uid: 't:shop:src/util/slug.ts#slug',
      kind: 'function',
      qualifiedName: 'slug',
      path: 'src/util/slug.ts',
      startLine: 1,
      endLine: 3,
      language: 'typescript',
      signature: 'export function slug(text: string): string',
      doc: null,
      exported: true,
      reason: 'exported by the module: its public API',
    },
    {
      uid: 't:shop:src/util/slug.ts#strip',
      kind: 'function',
      qualifiedName: 'strip',
      path: 'src/util/slug.ts',
      startLine: 5,
      endLine: 7,
      language: 'typescript',
      signature: 'function strip(text: string): string',
      doc: 'Removes accents.',
      exported: false,
      reason: 'declared in the module',
    },
  ],
  spans: [],
  callers: [],
  tests: [],
  docs: [],
  omitted: { symbols: 0, callers: 0, tests: 0, docs: 0 },
  createdAt: '2026-11-28T00:00:00.000Z',
  expiresAt: '2026-12-05T00:00:00.000Z',
  warnings: [],
  trustBoundary: 'untrusted_repository_content',
};

describe('writeDraft', () => {
  it('states only what has evidence: no purpose without doc comments of exported symbols, no tests section without tests', () => {
    const draft = writeDraft(pack, 'docgen_0123456789abcdef');
    expect(draft.statements).toEqual([
      { id: 'S1', section: 'public_api', text: '`slug` is defined in `src/util/slug.ts`.', evidence: ['E1'] },
    ]);
    expect(draft.evidence).toEqual([
      {
        id: 'E1',
        type: 'file_span',
        path: 'src/util/slug.ts',
        lines: [1, 3],
        uri: 'code://shop/abc1234/src/util/slug.ts#L1-L3',
        graphPath: [],
      },
    ]);
    expect(draft.warnings.map((warning) => warning.code)).toEqual(['no_doc_comments', 'no_tests']);
    expect(draft.content).toBe(
      [
        '# src/util',
        '',
        '## Public API',
        '',
        '- `slug` is defined in `src/util/slug.ts`. [E1](code://shop/abc1234/src/util/slug.ts#L1-L3)',
        '',
        '  ```ts',
        '  export function slug(text: string): string',
        '  ```',
        '',
        '',
        'Evidence map: evidence-map://docgen_0123456789abcdef',
        '',
      ].join('\n'),
    );
  });
});

describe('firstSentence and draftFileName', () => {
  it.each([
    ['Applies a code. Unknown codes do nothing.', 'Applies a code.'],
    ['Checks an order\nbefore it is placed.\n@param order the order', 'Checks an order before it is placed.'],
    ['No full stop', 'No full stop.'],
    ['@deprecated', null],
    [null, null],
  ])('%j → %j', (doc, sentence) => {
    expect(firstSentence(doc)).toBe(sentence);
  });

  it('names the file after the module path', () => {
    expect(draftFileName('src/pricing')).toBe('src-pricing.md');
    expect(draftFileName('src/validation/order-validator.ts')).toBe('src-validation-order-validator.ts.md');
    expect(draftFileName('src/a.ts,src/b.ts')).toBe('src-a.ts-src-b.ts.md');
  });
});
