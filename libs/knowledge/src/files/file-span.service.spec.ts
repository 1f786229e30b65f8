import type { Redactor } from '@lore/access';
import {
  AmbiguousTargetError,
  InvalidInputError,
  NotFoundError,
  SensitiveContentBlockedError,
  SnapshotNotIndexedError,
} from '@lore/domain';
import type { CodeGraphRepository } from '@lore/graph';
import { type SourceRepository, contentHash } from '@lore/indexer';
import { FakeCodeGraph, FakeRedactor, FakeSourceRepository, asPort, principal, symbolRef } from '../../test/fakes';
import { FileSpanService, linesOf, pageOf } from './file-span.service';

const COMMIT = 'aaaa000000000000000000000000000000000000';
const TOKEN = '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';
/** 1000 lines: "line 1" to "line 1000". */
const LONG = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}`).join('\n');
const CLIENT = `import { Client } from './client';\nexport const client = new Client({ token: '${TOKEN}' });\n`;
const README = '# shop\n\nSells things.\n\n## Orders\n\nSee `placeOrder`.\n';

describe('FileSpanService.getFileSpan', () => {
  const graph = new FakeCodeGraph();
  const sources = new FakeSourceRepository();
  graph.addRepository('shop', COMMIT);
  for (const [path, text] of [
    ['src/long.ts', LONG],
    ['src/client.ts', CLIENT],
    ['src/one-line.ts', 'export const one = 1;\n'],
    ['README.md', README],
  ] as const) {
    const language = path.endsWith('.md') ? 'markdown' : 'typescript';
    graph.addFile('shop', { path, language, contentHash: contentHash(text), lines: linesOf(text).length, blocked: false });
    sources.add(COMMIT, path, text);
  }
  graph.addFile('shop', { path: '.env', language: 'text', contentHash: contentHash('TOKEN=x\n'), lines: 1, blocked: true });
  // Indexed with other content than the working tree and git now hold.
  graph.addFile('shop', { path: 'src/edited.ts', language: 'typescript', contentHash: contentHash('before\n'), lines: 1, blocked: false });
  sources.add(COMMIT, 'src/edited.ts', 'after\n');
  graph.addDocument('shop', 'README.md');
  graph.addSymbol({ ...symbolRef('shop', 'src/long.ts', 'Long.body', 'method', 100), endLine: 500 });
  graph.addSymbol(symbolRef('shop', 'src/long.ts', 'twice', 'function', 600));
  graph.addSymbol(symbolRef('shop', 'src/long.ts', 'Other.twice', 'method', 700));
  graph.addSymbol(symbolRef('shop', 'src/client.ts', 'twice', 'function', 1));
  const spans = new FileSpanService(
    asPort<CodeGraphRepository>(graph),
    asPort<SourceRepository>(sources),
    asPort<Redactor>(new FakeRedactor([TOKEN])),
  );

  it('answers the lines asked for, at the indexed commit', async () => {
    expect(await spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/long.ts#L3-L5` }, principal())).toEqual({
      uri: `code://shop/${COMMIT}/src/long.ts#L3-L5`,
      repositoryId: 'shop',
      commitSha: COMMIT,
      path: 'src/long.ts',
      language: 'typescript',
      mimeType: 'text/x-typescript',
      startLine: 3,
      endLine: 5,
      lineCount: 1000,
      text: 'line 3\nline 4\nline 5',
      truncated: false,
      nextUri: null,
      trustBoundary: 'untrusted_repository_content',
    });
  });

  it('caps a span at 200 lines by default and names the lines that follow', async () => {
    const span = await spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/long.ts#L10-L900` }, principal());
    expect([span.uri, span.startLine, span.endLine, span.truncated, span.nextUri]).toEqual([
      `code://shop/${COMMIT}/src/long.ts#L10-L209`,
      10,
      209,
      true,
      `code://shop/${COMMIT}/src/long.ts#L210-L409`,
    ]);
    expect(span.text.split('\n')).toEqual(Array.from({ length: 200 }, (_, i) => `line ${i + 10}`));
  });

  it('ends a span at the end of the file without calling it truncated', async () => {
    const span = await spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/long.ts#L999-L5000` }, principal());
    expect([span.uri, span.endLine, span.text, span.truncated]).toEqual([
      `code://shop/${COMMIT}/src/long.ts#L999-L1000`,
      1000,
      'line 999\nline 1000',
      false,
    ]);
  });

  it('serves text with each secret replaced by a marker', async () => {
    const span = await spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/client.ts#L1-L2` }, principal());
    expect(span.text).toBe("import { Client } from './client';\nexport const client = new Client({ token: '[REDACTED:fake]' });");
  });

  it('answers sensitive_content_blocked for a secret file', async () => {
    const failure = spans.getFileSpan({ uri: `code://shop/${COMMIT}/.env#L1-L1` }, principal());
    await expect(failure).rejects.toThrow(SensitiveContentBlockedError);
    await expect(failure).rejects.toMatchObject({ message: '.env is a secret file; its content is never served.' });
  });

  it('answers snapshot_not_indexed for another commit, and for a file whose indexed content is gone', async () => {
    const otherCommit = spans.getFileSpan({ uri: 'code://shop/bbbb0000/src/long.ts#L1-L2' }, principal());
    await expect(otherCommit).rejects.toThrow(SnapshotNotIndexedError);
    await expect(otherCommit).rejects.toMatchObject({
      message: `Commit bbbb0000 of shop is not indexed; the indexed commit is ${COMMIT}.`,
    });
    const gone = spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/edited.ts#L1-L1` }, principal());
    await expect(gone).rejects.toThrow(SnapshotNotIndexedError);
    await expect(gone).rejects.toMatchObject({
      message: 'src/edited.ts has changed since it was indexed and the indexed version cannot be read.',
      hint: 'Re-index the repository.',
    });
  });

  it('answers not_found for a repository the caller may not read, as for a file that is not indexed', async () => {
    const hidden = spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/long.ts#L1-L2` }, principal(['billing']));
    await expect(hidden).rejects.toThrow(NotFoundError);
    await expect(hidden).rejects.toMatchObject({ message: 'No indexed file src/long.ts in shop.' });
    const missing = spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/missing.ts#L1-L2` }, principal());
    await expect(missing).rejects.toThrow(NotFoundError);
    await expect(missing).rejects.toMatchObject({ message: 'No indexed file src/missing.ts in shop.' });
  });

  it("reads a file from its first line when the URI has no fragment, with the file's line count", async () => {
    const span = await spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/long.ts` }, principal());
    expect([span.uri, span.startLine, span.endLine, span.lineCount, span.truncated, span.nextUri]).toEqual([
      `code://shop/${COMMIT}/src/long.ts#L1-L200`,
      1,
      200,
      1000,
      true,
      `code://shop/${COMMIT}/src/long.ts#L201-L400`,
    ]);
  });

  it('serves up to maxLines lines, at most 1000', async () => {
    const span = await spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/long.ts`, maxLines: 1000 }, principal());
    expect([span.endLine, span.truncated, span.nextUri]).toEqual([1000, false, null]);
    const three = await spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/long.ts#L5-L9`, maxLines: 3 }, principal());
    expect([three.uri, three.text, three.nextUri]).toEqual([
      `code://shop/${COMMIT}/src/long.ts#L5-L7`,
      'line 5\nline 6\nline 7',
      `code://shop/${COMMIT}/src/long.ts#L8-L9`,
    ]);
    await expect(spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/long.ts`, maxLines: 1001 }, principal())).rejects.toThrow(
      InvalidInputError,
    );
  });

  it('ends a file at its last line: a final newline does not start another', async () => {
    for (const uri of [`code://shop/${COMMIT}/src/one-line.ts`, `code://shop/${COMMIT}/src/one-line.ts#L1-L5`]) {
      const span = await spans.getFileSpan({ uri }, principal());
      expect([span.uri, span.startLine, span.endLine, span.lineCount, span.text]).toEqual([
        `code://shop/${COMMIT}/src/one-line.ts#L1-L1`,
        1,
        1,
        1,
        'export const one = 1;',
      ]);
    }
  });

  it('answers invalid_input for a range past the end of the file', async () => {
    const past = spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/one-line.ts#L2-L3` }, principal());
    await expect(past).rejects.toThrow(InvalidInputError);
    await expect(past).rejects.toMatchObject({ message: 'Lines 2-3 are past the end of src/one-line.ts, which has 1 line.' });
  });

  it.each([
    `code://shop/${COMMIT}/src/missing.ts#L-5-L3`,
    `code://shop/${COMMIT}/src/long.ts#LNaN`,
    `code://shop/${COMMIT}/src/%2e%2e/%2e%2e/etc/passwd`,
    `code://shop/${COMMIT}/../src/long.ts`,
    `symbol://shop/${COMMIT}/twice#L1`,
    `file:///etc/passwd`,
  ])('answers invalid_input, not not_found, for %s', async (uri) => {
    await expect(spans.getFileSpan({ uri }, principal())).rejects.toThrow(InvalidInputError);
  });

  it('refuses an unknown field', async () => {
    const unknown = spans.getFileSpan({ uri: `code://shop/${COMMIT}/src/long.ts`, lines: 3 } as never, principal());
    await expect(unknown).rejects.toThrow(InvalidInputError);
  });

  it("reads a symbol:// URI as the symbol's lines, naming the rest by code:// when it is longer than maxLines", async () => {
    const span = await spans.getFileSpan({ uri: `symbol://shop/${COMMIT}/Long.body` }, principal());
    expect([span.uri, span.path, span.startLine, span.endLine, span.truncated, span.nextUri]).toEqual([
      `symbol://shop/${COMMIT}/Long.body`,
      'src/long.ts',
      100,
      299,
      true,
      `code://shop/${COMMIT}/src/long.ts#L300-L499`,
    ]);
    // A qualified name, not the bare name Other.twice shares with two functions named twice.
    const other = await spans.getFileSpan({ uri: `symbol://shop/${COMMIT}/Other.twice` }, principal());
    expect([other.startLine, other.endLine, other.text.split('\n')[0]]).toEqual([700, 709, 'line 700']);
  });

  it('answers ambiguous_target for a qualified name several symbols have, not_found for none', async () => {
    await expect(spans.getFileSpan({ uri: `symbol://shop/${COMMIT}/twice` }, principal())).rejects.toThrow(AmbiguousTargetError);
    await expect(spans.getFileSpan({ uri: `symbol://shop/${COMMIT}/nothing` }, principal())).rejects.toThrow(NotFoundError);
    await expect(spans.getFileSpan({ uri: `symbol://shop/${COMMIT}/Other.twice` }, principal(['billing']))).rejects.toThrow(NotFoundError);
  });

  it("reads a doc:// URI as the document, or a section's lines", async () => {
    const whole = await spans.getFileSpan({ uri: `doc://shop/${COMMIT}/README.md` }, principal());
    expect(whole).toMatchObject({
      uri: `doc://shop/${COMMIT}/README.md#L1-L7`,
      mimeType: 'text/markdown',
      startLine: 1,
      endLine: 7,
      lineCount: 7,
      text: README.slice(0, -1),
      truncated: false,
    });
    const section = await spans.getFileSpan({ uri: `doc://shop/${COMMIT}/README.md#L5-L7`, maxLines: 2 }, principal());
    expect([section.uri, section.text, section.nextUri]).toEqual([
      `doc://shop/${COMMIT}/README.md#L5-L6`,
      '## Orders\n',
      `doc://shop/${COMMIT}/README.md#L7-L7`,
    ]);
    const notADocument = spans.getFileSpan({ uri: `doc://shop/${COMMIT}/src/long.ts` }, principal());
    await expect(notADocument).rejects.toMatchObject({ code: 'not_found', message: 'No indexed document src/long.ts in shop.' });
  });
});

describe('pageOf', () => {
  it('serves the lines asked for, within the file and the cap', () => {
    expect(pageOf({ startLine: 3, endLine: 5 }, 10, 200, 'a.ts')).toEqual({ startLine: 3, endLine: 5, truncated: false, next: null });
    expect(pageOf(null, 10, 4, 'a.ts')).toEqual({ startLine: 1, endLine: 4, truncated: true, next: { startLine: 5, endLine: 8 } });
    expect(pageOf({ startLine: 9, endLine: 40 }, 10, 200, 'a.ts')).toEqual({ startLine: 9, endLine: 10, truncated: false, next: null });
    expect(pageOf(null, 0, 200, 'empty.ts')).toEqual({ startLine: 1, endLine: 0, truncated: false, next: null });
    expect(() => pageOf({ startLine: 11, endLine: 11 }, 10, 200, 'a.ts')).toThrow(
      'Lines 11-11 are past the end of a.ts, which has 10 lines.',
    );
  });

  it('counts lines as an editor does', () => {
    expect([linesOf(''), linesOf('a'), linesOf('a\n'), linesOf('a\n\n'), linesOf('a\nb')]).toEqual([
      [],
      ['a'],
      ['a'],
      ['a', ''],
      ['a', 'b'],
    ]);
  });
});
