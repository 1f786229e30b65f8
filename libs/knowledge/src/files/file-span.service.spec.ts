import type { Redactor } from '@lore/access';
import { NotFoundError, SensitiveContentBlockedError, SnapshotNotIndexedError } from '@lore/domain';
import type { CodeGraphRepository } from '@lore/graph';
import { type SourceRepository, contentHash } from '@lore/indexer';
import { FakeCodeGraph, FakeRedactor, FakeSourceRepository, asPort, principal } from '../../test/fakes';
import { FileSpanService } from './file-span.service';

const COMMIT = 'aaaa000000000000000000000000000000000000';
const TOKEN = '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';
/** 1000 lines: "line 1" to "line 1000". */
const LONG = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}`).join('\n');
const CLIENT = `import { Client } from './client';\nexport const client = new Client({ token: '${TOKEN}' });\n`;

describe('FileSpanService.getFileSpan', () => {
  const graph = new FakeCodeGraph();
  const sources = new FakeSourceRepository();
  graph.addRepository('shop', COMMIT);
  for (const [path, text] of [
    ['src/long.ts', LONG],
    ['src/client.ts', CLIENT],
  ] as const) {
    graph.addFile('shop', { path, language: 'typescript', contentHash: contentHash(text), lines: text.split('\n').length, blocked: false });
    sources.add(COMMIT, path, text);
  }
  graph.addFile('shop', { path: '.env', language: 'text', contentHash: contentHash('TOKEN=x\n'), lines: 1, blocked: true });
  // Indexed with other content than the working tree and git now hold.
  graph.addFile('shop', { path: 'src/edited.ts', language: 'typescript', contentHash: contentHash('before\n'), lines: 1, blocked: false });
  sources.add(COMMIT, 'src/edited.ts', 'after\n');
  const spans = new FileSpanService(
    asPort<CodeGraphRepository>(graph),
    asPort<SourceRepository>(sources),
    asPort<Redactor>(new FakeRedactor([TOKEN])),
  );

  it('answers the lines asked for, at the indexed commit', async () => {
    expect(await spans.getFileSpan(`code://shop/${COMMIT}/src/long.ts#L3-L5`, principal())).toEqual({
      uri: `code://shop/${COMMIT}/src/long.ts#L3-L5`,
      repositoryId: 'shop',
      commitSha: COMMIT,
      path: 'src/long.ts',
      language: 'typescript',
      mimeType: 'text/x-typescript',
      startLine: 3,
      endLine: 5,
      text: 'line 3\nline 4\nline 5',
      truncated: false,
      trustBoundary: 'untrusted_repository_content',
    });
  });

  it('caps a span at 400 lines and says it was truncated', async () => {
    const span = await spans.getFileSpan(`code://shop/${COMMIT}/src/long.ts#L10-L900`, principal());
    expect([span.uri, span.startLine, span.endLine, span.truncated]).toEqual([`code://shop/${COMMIT}/src/long.ts#L10-L409`, 10, 409, true]);
    expect(span.text.split('\n')).toEqual(Array.from({ length: 400 }, (_, i) => `line ${i + 10}`));
  });

  it('ends a span at the end of the file without calling it truncated', async () => {
    const span = await spans.getFileSpan(`code://shop/${COMMIT}/src/long.ts#L999-L5000`, principal());
    expect([span.uri, span.endLine, span.text, span.truncated]).toEqual([
      `code://shop/${COMMIT}/src/long.ts#L999-L1000`,
      1000,
      'line 999\nline 1000',
      false,
    ]);
  });

  it('serves text with each secret replaced by a marker', async () => {
    const span = await spans.getFileSpan(`code://shop/${COMMIT}/src/client.ts#L1-L2`, principal());
    expect(span.text).toBe("import { Client } from './client';\nexport const client = new Client({ token: '[REDACTED:fake]' });");
  });

  it('answers sensitive_content_blocked for a secret file', async () => {
    const failure = spans.getFileSpan(`code://shop/${COMMIT}/.env#L1-L1`, principal());
    await expect(failure).rejects.toThrow(SensitiveContentBlockedError);
    await expect(failure).rejects.toMatchObject({ message: '.env is a secret file; its content is never served.' });
  });

  it('answers snapshot_not_indexed for another commit, and for a file whose indexed content is gone', async () => {
    const otherCommit = spans.getFileSpan('code://shop/bbbb0000/src/long.ts#L1-L2', principal());
    await expect(otherCommit).rejects.toThrow(SnapshotNotIndexedError);
    await expect(otherCommit).rejects.toMatchObject({
      message: `Commit bbbb0000 of shop is not indexed; the indexed commit is ${COMMIT}.`,
    });
    const gone = spans.getFileSpan(`code://shop/${COMMIT}/src/edited.ts#L1-L1`, principal());
    await expect(gone).rejects.toThrow(SnapshotNotIndexedError);
    await expect(gone).rejects.toMatchObject({
      message: 'src/edited.ts has changed since it was indexed and the indexed version cannot be read.',
      hint: 'Re-index the repository.',
    });
  });

  it('answers not_found for a repository the caller may not read, as for a file that is not indexed', async () => {
    const hidden = spans.getFileSpan(`code://shop/${COMMIT}/src/long.ts#L1-L2`, principal(['billing']));
    await expect(hidden).rejects.toThrow(NotFoundError);
    await expect(hidden).rejects.toMatchObject({ message: 'No indexed file src/long.ts in shop.' });
    const missing = spans.getFileSpan(`code://shop/${COMMIT}/src/missing.ts#L1-L2`, principal());
    await expect(missing).rejects.toThrow(NotFoundError);
    await expect(missing).rejects.toMatchObject({ message: 'No indexed file src/missing.ts in shop.' });
  });
});
