import type { SymbolRow } from '@lore/domain';
import { buildChunks } from './chunks';

const SOURCE = [
  'export function flattenError(error: ZodError) {',
  '  const fieldErrors = {};',
  '  return { fieldErrors };',
  '}',
  'export const version = "4";',
].join('\n');

function symbol(overrides: Partial<SymbolRow>): SymbolRow {
  return {
    uid: 't:zod:src/v4/core/errors.ts#flattenError',
    fileUid: 't:zod:src/v4/core/errors.ts',
    parentUid: null,
    kind: 'function',
    name: 'flattenError',
    qualifiedName: 'flattenError',
    nameTokens: 'flatten error',
    path: 'src/v4/core/errors.ts',
    language: 'typescript',
    signature: 'export function flattenError(error: ZodError)',
    doc: 'Errors by form and field.',
    startLine: 1,
    endLine: 4,
    exported: true,
    complexity: 1,
    ...overrides,
  };
}

describe('buildChunks', () => {
  const texts = new Map([['src/v4/core/errors.ts', SOURCE]]);

  it('describes a symbol by kind and name, path, signature, doc and the head of its body', () => {
    const [chunk] = buildChunks({ symbols: [symbol({})], documents: [], sections: [], texts, secrets: new Map() });
    expect(chunk!.text).toBe(
      [
        'function flattenError',
        'src/v4/core/errors.ts',
        'export function flattenError(error: ZodError)',
        'Errors by form and field.',
        ...SOURCE.split('\n').slice(0, 4),
      ].join('\n'),
    );
  });

  it("makes no chunk of a nested body: its text is in its enclosing symbol's chunk", () => {
    const nested = symbol({
      uid: 't:zod:src/v4/core/errors.ts#flattenError.return',
      parentUid: 't:zod:src/v4/core/errors.ts#flattenError',
      name: 'return',
      qualifiedName: 'flattenError.return',
      startLine: 3,
      endLine: 3,
      exported: false,
      nested: true,
    });
    const chunks = buildChunks({ symbols: [symbol({}), nested], documents: [], sections: [], texts, secrets: new Map() });
    expect(chunks.map((chunk) => chunk.uid)).toEqual(['t:zod:src/v4/core/errors.ts#flattenError']);
  });

  it('leaves out the body of a variable and a missing doc', () => {
    const variable = symbol({
      uid: 't:zod:src/v4/core/errors.ts#version',
      kind: 'variable',
      name: 'version',
      qualifiedName: 'version',
      signature: 'export const version',
      doc: null,
      startLine: 5,
      endLine: 5,
    });
    const [chunk] = buildChunks({ symbols: [variable], documents: [], sections: [], texts, secrets: new Map() });
    expect(chunk!.text).toBe('variable version\nsrc/v4/core/errors.ts\nexport const version');
  });
});
