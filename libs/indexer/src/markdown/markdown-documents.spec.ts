import type { SourceFile } from '@lore/languages/repository-files';
import type { SymbolRow } from '@lore/domain';
import { symbolRow } from '../../../languages/test/extraction-inputs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileResultStore } from '@lore/languages/file-result-cache';
import { extractDocuments, MARKDOWN_CACHE } from './markdown-documents';

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

  it('takes an unchanged file reading from the per-file cache in a new process, and reads a changed one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lore-markdown-cache-'));
    const text = '# Readme\n\nUses `placeOrder`.\n';
    const written = FileResultStore.open(dir, 't', 'r');
    extractDocuments({
      tenantId: 't',
      repositoryId: 'r',
      files: [doc('README.md', text)],
      fileUids,
      symbols,
      cache: written.scope(MARKDOWN_CACHE),
    });
    written.save();

    // Same content hash, other text: what comes back is the reading kept, not a parse of this text.
    const store = FileResultStore.open(dir, 't', 'r');
    const unchanged = { ...doc('README.md', '# Something else\n'), contentHash: 'h' };
    const changed = { ...doc('NOTES.md', '# Notes\n\nUses `run`.\n'), contentHash: 'h2' };
    const result = extractDocuments({
      tenantId: 't',
      repositoryId: 'r',
      files: [unchanged, changed],
      fileUids,
      symbols,
      cache: store.scope(MARKDOWN_CACHE),
    });
    expect(result.sections.map((section) => [section.uid, section.title])).toEqual([
      ['t:r:README.md#L1', 'Readme'],
      ['t:r:NOTES.md#L1', 'Notes'],
    ]);
    expect(result.mentions.map((mention) => mention.targetUid)).toEqual(['t:r:src/x.ts#OrderService.placeOrder', 't:r:src/x.ts#run']);
  });
});
