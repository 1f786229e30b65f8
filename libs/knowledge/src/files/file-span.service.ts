import { Injectable } from '@nestjs/common';
import { Redactor, canReadRepository } from '@lore/access';
import { CodeGraphRepository } from '@lore/graph';
import {
  NotFoundError,
  type Principal,
  SensitiveContentBlockedError,
  SnapshotNotIndexedError,
  TRUST_BOUNDARY,
  formatCodeUri,
  parseCodeUri,
} from '@lore/domain';
import { type FileSpan, MAX_SPAN_LINES } from '@lore/domain/schemas/files';
import { MIME_BY_LANGUAGE, SourceRepository } from '@lore/indexer';

/** get_file_span: the text of a code:// span, exactly as it was at the indexed commit. */
@Injectable()
export class FileSpanService {
  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly sources: SourceRepository,
    private readonly redactor: Redactor,
  ) {}

  async getFileSpan(uri: string, principal: Principal): Promise<FileSpan> {
    const ref = parseCodeUri(uri);
    const record = canReadRepository(principal, ref.repositoryId) ? await this.graph.getFile(principal, ref.repositoryId, ref.path) : null;
    if (!record) throw new NotFoundError(`No indexed file ${ref.path} in ${ref.repositoryId}.`);
    const { file, repository } = record;
    if (file.blocked) throw new SensitiveContentBlockedError(`${ref.path} is a secret file; its content is never served.`);
    if (ref.commitSha !== repository.commitSha) {
      throw new SnapshotNotIndexedError(
        `Commit ${ref.commitSha} of ${ref.repositoryId} is not indexed; the indexed commit is ${repository.commitSha}.`,
      );
    }
    const indexed = await this.sources.readAtCommit(repository, file.path, file.contentHash);
    if (indexed === null) {
      throw new SnapshotNotIndexedError(`${file.path} has changed since it was indexed and the indexed version cannot be read.`, {
        hint: 'Re-index the repository.',
      });
    }
    const text = await this.redactor.redact(file.path, indexed);
    const lines = text.split('\n');
    const startLine = Math.min(ref.startLine, Math.max(lines.length, 1));
    const wantedEnd = Math.min(ref.endLine, lines.length);
    const endLine = Math.min(wantedEnd, startLine + MAX_SPAN_LINES - 1);
    return {
      uri: formatCodeUri({ ...ref, startLine, endLine }),
      repositoryId: ref.repositoryId,
      commitSha: repository.commitSha,
      path: file.path,
      language: file.language,
      mimeType: MIME_BY_LANGUAGE[file.language] ?? 'text/plain',
      startLine,
      endLine,
      text: lines.slice(startLine - 1, endLine).join('\n'),
      truncated: endLine < wantedEnd,
      trustBoundary: TRUST_BOUNDARY,
    };
  }
}
