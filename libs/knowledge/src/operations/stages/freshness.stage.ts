import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import type { Principal, StaleFile, Warning } from '@lore/domain';
import { CodeGraphRepository, type RepositoryRecord, TenantViews } from '@lore/graph';
import { contentHash } from '@lore/indexer';
import { CheckoutStates } from '../checkout-states';
import type { OperationCall, OperationStage } from '../operation';

/**
 * Answers that say when they are stale (issue 49): a read's answer that names a file whose checkout
 * no longer holds what was indexed (an uncommitted edit, a deletion, a rename, HEAD moved to other
 * commits) gets one `stale_files` warning, naming each such file with its reason, and the commit the
 * answer was read from in its line (MCP's metadata.snapshot names it too). Outside the cache (position 60), so a kept answer is told too, and never kept stale.
 *
 * Git finds the candidates (CheckoutStates, briefly kept per repository); the content decides: a file
 * whose working tree has the indexed content is not stale, as after `lore up`'s watcher indexed an
 * uncommitted edit (the indexed commit is still HEAD). A repository outside git is indexed by its
 * content (its commit is a digest of it): each file the answer names is compared by content alone
 * (modified or deleted; a rename is a deletion there), and the line says the repository is not a git checkout.
 */
@Injectable()
export class FreshnessStage implements OperationStage {
  readonly position = 55;
  private readonly checkouts = new CheckoutStates();

  constructor(
    private readonly views: TenantViews,
    private readonly graph: CodeGraphRepository,
  ) {}

  async handle(call: OperationCall, next: () => Promise<unknown>): Promise<unknown> {
    const answer = await next();
    if (call.kind !== 'read' || !isAnswerWithWarnings(answer)) return answer;
    const named = namedFiles(answer);
    if (named.size === 0) return answer;
    const served = await this.views.current(call.principal.tenantId).then(
      (view) => view.served,
      () => [],
    );
    const stale: StaleFile[] = [];
    const lines: string[] = [];
    for (const repository of served) {
      const paths = named.get(repository.repositoryId);
      if (!paths) continue;
      const sorted = [...paths].sort();
      const files =
        repository.gitPrefix === null
          ? await this.changedContent(repository, sorted, call.principal)
          : await this.staleFiles(repository, sorted, call.principal);
      if (files.length === 0) continue;
      stale.push(...files.map(({ file }) => file));
      lines.push(describe(repository, files));
    }
    if (stale.length === 0) return answer;
    const warning: Warning = {
      code: 'stale_files',
      message: `${lines.join('; ')}. These are answered as indexed until the repository is indexed again (lore up and lore index --watch do it on each change).`,
      files: stale,
    };
    return { ...answer, warnings: [...answer.warnings, warning] };
  }

  private async staleFiles(repository: RepositoryRecord, paths: readonly string[], principal: Principal): Promise<StaleEntry[]> {
    const state = await this.checkouts.of(repository.rootPath, repository.commitSha);
    if (state === null) return [];
    const found = [];
    for (const path of paths) {
      const change = state.changed.get(path);
      if (!change) continue;
      // The index may hold the working tree's content already (an uncommitted edit indexed at HEAD).
      const [indexed, current] = await Promise.all([
        this.graph.getFile(principal, repository.repositoryId, path),
        readFile(join(repository.rootPath, path)).then(contentHash, () => null),
      ]);
      if (indexed !== null && indexed.file.contentHash === current) continue;
      found.push({
        file: { repositoryId: repository.repositoryId, path, stale: true, ...change },
        head: state.head,
        branch: state.branch,
      });
    }
    return found;
  }

  /** Outside git: the named files whose content on disk is not the indexed content, or that are gone. */
  private async changedContent(repository: RepositoryRecord, paths: readonly string[], principal: Principal): Promise<StaleEntry[]> {
    const found: StaleEntry[] = [];
    for (const path of paths) {
      const [indexed, current] = await Promise.all([
        this.graph.getFile(principal, repository.repositoryId, path),
        readFile(join(repository.rootPath, path)).then(contentHash, () => null),
      ]);
      if (indexed === null || indexed.file.contentHash === current) continue;
      const reason = current === null ? 'deleted' : 'modified';
      found.push({ file: { repositoryId: repository.repositoryId, path, stale: true, reason, renamedTo: null }, head: null, branch: null });
    }
    return found;
  }
}

type StaleEntry = { file: StaleFile; head: string | null; branch: string | null };

function isAnswerWithWarnings(answer: unknown): answer is Record<string, unknown> & { warnings: unknown[] } {
  return answer !== null && typeof answer === 'object' && Array.isArray((answer as { warnings?: unknown }).warnings);
}

/** The files an answer names: each object's `path`, in the repository of its own or nearest enclosing `repositoryId`. */
export function namedFiles(answer: Record<string, unknown>): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  const visit = (value: unknown, repositoryId: string | null): void => {
    if (Array.isArray(value)) value.forEach((item) => visit(item, repositoryId));
    else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const repository = typeof record.repositoryId === 'string' ? record.repositoryId : repositoryId;
      if (repository !== null && typeof record.path === 'string' && record.path !== '') {
        if (!named.has(repository)) named.set(repository, new Set());
        named.get(repository)!.add(record.path);
      }
      for (const [field, item] of Object.entries(record)) if (field !== 'warnings') visit(item, repository);
    }
  };
  visit(answer, null);
  return named;
}

/** One repository's part of the warning line: which commit answered, where the checkout is, and each file with its reason. */
function describe(repository: RepositoryRecord, files: StaleEntry[]): string {
  const { head, branch } = files[0]!;
  const each = files.map(({ file }) => `${file.path} (${file.reason.replace('_', ' ')}${file.renamedTo ? ` to ${file.renamedTo}` : ''})`);
  if (repository.gitPrefix === null) {
    return `${files.length} file(s) changed since ${repository.repositoryId} was indexed (not a git checkout: its files are compared by content with the snapshot ${repository.commitSha.slice(0, 12)}): ${each.join(', ')}`;
  }
  const checkout =
    head === repository.commitSha
      ? 'with uncommitted changes'
      : `now at ${head?.slice(0, 12) ?? 'no commit'}${branch ? ` on ${branch}` : ' (detached)'}`;
  return `${files.length} file(s) changed since ${repository.repositoryId} was indexed at ${repository.commitSha.slice(0, 12)} (the checkout is ${checkout}): ${each.join(', ')}`;
}
