import type { SourceFile } from '../repository-files';
import type { SymbolRow } from '@lore/domain';
import { symbolRow } from '../testing/extraction-inputs';
import { extractDocuments } from './markdown-documents';

const symbol = (name: string, qualifiedName: string, kind: SymbolRow['kind'] = 'function'): SymbolRow =>
  symbolRow({ uid: `t:r:src/x.ts#${qualifiedName}`, fileUid: 't:r:src/x.ts', kind, name, qualifiedName, path: 'src/x.ts' });

const doc = (path: string, text: string): SourceFile => ({
  path,
  language: 'markdown',
  isTest: false,
  blocked: false,
  contentHash: 'h',
  bytes: text.length,
  lines: text.split('\n').length - 1,
  text,
});

describe('extractDocuments', () => {
  const symbols = [
    symbol('placeOrder', 'OrderService.placeOrder', 'method'),
    symbol('save', 'A.save', 'method'),
    symbol('save', 'B.save', 'method'),
    symbol('run', 'run'),
    symbol('run', 'suite > run', 'test'),
  ];
  const fileUids = new Map([
    ['docs/adr/001-orders.md', 't:r:docs/adr/001-orders.md'],
    ['src/x.ts', 't:r:src/x.ts'],
    ['README.md', 't:r:README.md'],
    ['NOTES.md', 't:r:NOTES.md'],
  ]);

  it('makes sections per heading and mentions of unique names, qualified names and relative file links', () => {
    const text = [
      'Intro before any heading mentions `run()`.',
      '',
      '# Orders',
      '',
      'Calls `OrderService.placeOrder`, and `save` is ambiguous.',
      '',
      '```ts',
      '# not a heading; `placeOrder` in a code block is not a mention',
      '```',
      '',
      '## Links',
      '',
      'See [the code](../../src/x.ts#L3), [home](https://example.com) and [readme](../../README.md).',
      '',
    ].join('\n');
    const result = extractDocuments({ tenantId: 't', repositoryId: 'r', files: [doc('docs/adr/001-orders.md', text)], fileUids, symbols });
    const file = 't:r:docs/adr/001-orders.md';
    expect(result.documents).toEqual([
      { uid: `${file}#document`, fileUid: file, path: 'docs/adr/001-orders.md', title: 'Orders', kind: 'adr' },
    ]);
    expect(result.sections).toEqual([
      { uid: `${file}#L1`, documentUid: `${file}#document`, title: 'Orders', level: 0, startLine: 1, endLine: 2 },
      { uid: `${file}#L3`, documentUid: `${file}#document`, title: 'Orders', level: 1, startLine: 3, endLine: 10 },
      { uid: `${file}#L11`, documentUid: `${file}#document`, title: 'Links', level: 2, startLine: 11, endLine: 13 },
    ]);
    expect(result.mentions).toEqual([
      { sectionUid: `${file}#L1`, targetUid: 't:r:src/x.ts#run', targetKind: 'symbol' },
      { sectionUid: `${file}#L3`, targetUid: 't:r:src/x.ts#OrderService.placeOrder', targetKind: 'symbol' },
      { sectionUid: `${file}#L11`, targetUid: 't:r:src/x.ts', targetKind: 'file' },
      { sectionUid: `${file}#L11`, targetUid: 't:r:README.md', targetKind: 'file' },
    ]);
  });

  it('reads a link with a malformed escape as naming no file, and the links after it still count', () => {
    const text = '# Notes\n\nSee [broken](src/%E0%A4%A.ts) and [readme](README.md).\n';
    const result = extractDocuments({ tenantId: 't', repositoryId: 'r', files: [doc('NOTES.md', text)], fileUids, symbols });
    expect(result.mentions).toEqual([{ sectionUid: 't:r:NOTES.md#L1', targetUid: 't:r:README.md', targetKind: 'file' }]);
  });

  it('reads an unchanged file once: the same file object gives the same document and sections', () => {
    const file = doc('README.md', '# Readme\n\nUses `placeOrder`.\n');
    const first = extractDocuments({ tenantId: 't', repositoryId: 'r', files: [file], fileUids, symbols });
    const second = extractDocuments({ tenantId: 't', repositoryId: 'r', files: [file], fileUids, symbols: symbols.slice(1) });
    expect(second.sections[0]).toBe(first.sections[0]);
    // Mentions follow the symbols of each run: placeOrder is gone from the second.
    expect(first.mentions.map((mention) => mention.targetUid)).toEqual(['t:r:src/x.ts#OrderService.placeOrder']);
    expect(second.mentions).toEqual([]);
  });
});
