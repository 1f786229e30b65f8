import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { CodeGraphRepository } from '@lore/graph';
import {
  type FileSpan,
  MAX_SPAN_LINES,
  NotFoundError,
  type Principal,
  SensitiveContentBlockedError,
  SnapshotNotIndexedError,
  TRUST_BOUNDARY,
  canReadRepository,
  formatCodeUri,
  parseCodeUri,
} from '@lore/domain';
import { MIME_BY_LANGUAGE, SecretScanner, redactSecrets } from '@lore/indexer';

const execFileAsync = promisify(execFile);

/** get_file_span: the text of a code:// span, exactly as it was at the indexed commit. */
@Injectable()
export class FileSpanService implements OnModuleDestroy {
  private scanner: SecretScanner | undefined;

  constructor(private readonly graph: CodeGraphRepository) {}

  async onModuleDestroy(): Promise<void> {
    await this.scanner?.close();
  }

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
    const text = await this.redacted(file.path, await this.readAtIndexedCommit(repository, file.path, file.contentHash));
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

  /** Secrets in repository files are never served: each one is replaced by a marker naming its kind. */
  private async redacted(path: string, text: string): Promise<string> {
    this.scanner ??= new SecretScanner();
    const findings = await this.scanner.scan([{ path, text }]);
    return redactSecrets(
      text,
      findings.map((finding) => ({ value: text.slice(finding.start, finding.end), rule: finding.rule })),
    );
  }

  /** The working tree when it still holds the indexed content, else git's copy of the indexed commit. */
  private async readAtIndexedCommit(
    repository: { rootPath: string; commitSha: string; gitPrefix: string | null },
    path: string,
    contentHash: string,
  ): Promise<string> {
    const buffer = await fs.readFile(join(repository.rootPath, path)).catch(() => null);
    if (buffer && createHash('sha256').update(buffer).digest('hex') === contentHash) return buffer.toString('utf8');
    if (repository.gitPrefix !== null) {
      const gitPath = repository.gitPrefix ? `${repository.gitPrefix}/${path}` : path;
      try {
        const { stdout } = await execFileAsync('git', ['show', `${repository.commitSha}:${gitPath}`], {
          cwd: repository.rootPath,
          maxBuffer: 64 * 1024 * 1024,
        });
        if (createHash('sha256').update(stdout).digest('hex') === contentHash) return stdout;
      } catch {
        // fall through: the indexed content is gone
      }
    }
    throw new SnapshotNotIndexedError(`${path} has changed since it was indexed and the indexed version cannot be read.`, {
      hint: 'Re-index the repository.',
    });
  }
}
