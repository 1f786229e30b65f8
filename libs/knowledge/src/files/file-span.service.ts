import { Injectable } from '@nestjs/common';
import { Redactor, canAccessRepository } from '@lore/access';
import { CodeGraphRepository, type FileRecord } from '@lore/graph';
import {
  InvalidInputError,
  type LineRange,
  NotFoundError,
  type Principal,
  type ResourceRef,
  SensitiveContentBlockedError,
  SnapshotNotIndexedError,
  TRUST_BOUNDARY,
  formatCodeUri,
  formatFileUri,
  formatSymbolUri,
  parseResourceUri,
} from '@lore/domain';
import { type FileSpan, type GetFileSpanInput, GetFileSpanInputSchema } from '@lore/domain/schemas/files';
import { mimeTypeOf, SourceRepository } from '@lore/indexer';
import { resolveSymbolUid } from '../target-resolution';
import { parseInput } from '../validation';
import { Operation } from '../operations/operation';

/** What a URI names: an indexed file, the lines of it asked for, and how to name other lines of it. */
interface SpanTarget {
  record: FileRecord;
  /** null: from the first line, as many as maxLines allows. */
  range: LineRange | null;
  /** The URI of the lines served. */
  uriOf(served: LineRange | null): string;
  /** The URI of further lines. */
  nextUriOf(next: LineRange): string;
}

/** The lines served out of the lines asked for, and the lines that follow when the cap left some out. */
export interface Page {
  startLine: number;
  endLine: number;
  truncated: boolean;
  next: LineRange | null;
}

/** get_file_span: the text a code://, symbol:// or doc:// URI names, exactly as it was at the indexed commit. */
@Injectable()
export class FileSpanService {
  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly sources: SourceRepository,
    private readonly redactor: Redactor,
  ) {}

  @Operation('get_file_span', { kind: 'read' })
  async getFileSpan(input: GetFileSpanInput, principal: Principal): Promise<FileSpan> {
    const { uri, maxLines } = parseInput(GetFileSpanInputSchema, input);
    const ref = parseResourceUri(uri);
    const { record, range, uriOf, nextUriOf } = await this.locate(ref, principal);
    const { file, repository } = record;
    if (file.blocked) throw new SensitiveContentBlockedError(`${file.path} is a secret file; its content is never served.`);
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
    const lines = linesOf(await this.redactor.redact(file.path, indexed));
    const page = pageOf(range, lines.length, maxLines, file.path);
    return {
      uri: uriOf(page.endLine >= page.startLine ? page : null),
      repositoryId: ref.repositoryId,
      commitSha: repository.commitSha,
      path: file.path,
      language: file.language,
      mimeType: mimeTypeOf(file.language),
      startLine: page.startLine,
      endLine: page.endLine,
      lineCount: lines.length,
      text: lines.slice(page.startLine - 1, page.endLine).join('\n'),
      truncated: page.truncated,
      nextUri: page.next === null ? null : nextUriOf(page.next),
      trustBoundary: TRUST_BOUNDARY,
    };
  }

  private async locate(ref: ResourceRef, principal: Principal): Promise<SpanTarget> {
    if (ref.scheme === 'symbol') return this.locateSymbol(ref, principal);
    const fileUri = (range: LineRange | null): string => formatFileUri(ref.scheme, { ...ref, range });
    const lookup = ref.scheme === 'code' ? 'getFile' : 'getDocumentFile';
    const record = canAccessRepository(principal, ref.repositoryId)
      ? await this.graph[lookup](principal, ref.repositoryId, ref.path)
      : null;
    if (!record) throw new NotFoundError(`No indexed ${ref.scheme === 'code' ? 'file' : 'document'} ${ref.path} in ${ref.repositoryId}.`);
    return { record, range: ref.range, uriOf: fileUri, nextUriOf: fileUri };
  }

  private async locateSymbol(ref: Extract<ResourceRef, { scheme: 'symbol' }>, principal: Principal): Promise<SpanTarget> {
    const uid = await resolveSymbolUid(this.graph, principal, { name: ref.qualifiedName, repositoryId: ref.repositoryId });
    const [found] = await this.graph.getSymbolRefs(principal, [uid]);
    const record = found ? await this.graph.getFile(principal, ref.repositoryId, found.symbol.path) : null;
    if (!found || !record) throw new NotFoundError(`No symbol ${ref.qualifiedName} in ${ref.repositoryId}.`);
    const { symbol } = found;
    return {
      record,
      range: { startLine: symbol.startLine, endLine: symbol.endLine },
      uriOf: () => formatSymbolUri(ref.repositoryId, ref.commitSha, symbol.qualifiedName),
      nextUriOf: (next) => formatCodeUri({ repositoryId: ref.repositoryId, commitSha: ref.commitSha, path: symbol.path, ...next }),
    };
  }
}

/** A text's lines as an editor numbers them: a final newline ends the last line, it does not start another. */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

/**
 * The lines to serve: those asked for (from the first line when no range is given), ending at the
 * end of the file, at most `maxLines` of them. A range that starts past the end is invalid input.
 */
export function pageOf(range: LineRange | null, lineCount: number, maxLines: number, path: string): Page {
  if (range !== null && range.startLine > lineCount) {
    throw new InvalidInputError(
      `Lines ${range.startLine}-${range.endLine} are past the end of ${path}, which has ${lineCount} line${lineCount === 1 ? '' : 's'}.`,
    );
  }
  const startLine = range?.startLine ?? 1;
  const wantedEnd = Math.min(range?.endLine ?? lineCount, lineCount);
  const endLine = Math.min(wantedEnd, startLine + maxLines - 1);
  const truncated = endLine < wantedEnd;
  return {
    startLine,
    endLine,
    truncated,
    next: truncated ? { startLine: endLine + 1, endLine: Math.min(wantedEnd, endLine + maxLines) } : null,
  };
}
