import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { StaleFile } from '@lore/domain';

const execFileAsync = promisify(execFile);

/** How long git's answer about a checkout is believed: answers in a burst share one, an edit is seen within it. */
export const CHECKOUT_STATE_TTL_MS = 2000;

export interface CheckedOutFile {
  reason: StaleFile['reason'];
  renamedTo: string | null;
}

/** A git checkout against the commit it was indexed at, paths relative to the indexed root. */
export interface CheckoutState {
  head: string | null;
  /** The branch checked out; null when HEAD is detached. */
  branch: string | null;
  /** The tracked files that differ between the indexed commit and the working tree. */
  changed: ReadonlyMap<string, CheckedOutFile>;
}

/**
 * What git says of each indexed checkout, asked of the real git (no shell) and kept briefly per
 * repository root and indexed commit. `git diff --name-status <indexed commit>` compares the working
 * tree (uncommitted edits included) with that commit; when HEAD moved (new commits, another branch),
 * the files the commits changed are `branch_moved`. Null when git cannot tell (the commit is gone).
 */
export class CheckoutStates {
  private readonly kept = new Map<string, { at: number; state: Promise<CheckoutState | null> }>();

  constructor(private readonly now: () => number = Date.now) {}

  of(rootPath: string, indexedCommit: string): Promise<CheckoutState | null> {
    const key = `${rootPath}\0${indexedCommit}`;
    const kept = this.kept.get(key);
    if (kept && this.now() - kept.at < CHECKOUT_STATE_TTL_MS) return kept.state;
    const state = readCheckoutState(rootPath, indexedCommit);
    this.kept.set(key, { at: this.now(), state });
    return state;
  }
}

async function readCheckoutState(rootPath: string, indexedCommit: string): Promise<CheckoutState | null> {
  const [described, diff] = await Promise.all([
    git(rootPath, ['rev-parse', 'HEAD', '--abbrev-ref', 'HEAD']),
    git(rootPath, ['diff', '--name-status', '-M', '-z', '--relative', indexedCommit]),
  ]);
  if (diff === null) return null;
  const [head = null, ref = null] = described?.trim().split('\n') ?? [];
  const committed =
    head !== null && head !== indexedCommit ? await git(rootPath, ['diff', '--name-only', '-z', '--relative', indexedCommit, head]) : '';
  const movedByCommits = new Set((committed ?? '').split('\0').filter(Boolean));
  const changed = new Map<string, CheckedOutFile>();
  const fields = diff.split('\0');
  for (let index = 0; index < fields.length - 1;) {
    const status = fields[index]!;
    const path = fields[index + 1]!;
    // A rename or copy names two paths: the indexed one, then the new one.
    const renamedTo = /^[RC]/.test(status) ? fields[index + 2]! : null;
    index += renamedTo === null ? 2 : 3;
    const reason = movedByCommits.has(path)
      ? 'branch_moved'
      : status.startsWith('D')
        ? 'deleted'
        : status.startsWith('R')
          ? 'renamed'
          : status.startsWith('A') || status.startsWith('C')
            ? null
            : 'modified';
    // A file added since was not indexed: no answer names it.
    if (reason !== null) changed.set(path, { reason, renamedTo });
  }
  return { head, branch: ref === 'HEAD' ? null : ref, changed };
}

async function git(cwd: string, args: string[]): Promise<string | null> {
  try {
    const { stdout } = await execFileAsync('git', args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch {
    return null;
  }
}
