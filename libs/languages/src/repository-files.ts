import { createHash } from 'node:crypto';
import { existsSync, lstatSync, promises as fs, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ignore from 'ignore';
import { InvalidInputError, type SkippedFile } from '@lore/domain';
import { listGitFiles } from './git';
import { isSecretPath, isTestPath, languageOf, languageOfScript } from './languages';
import type { SourceFile } from './extractor';

/** Checks the path given to `lore index` and returns its real location. Nothing is written on failure. */
export function resolveRepositoryRoot(input: string): string {
  const absolute = resolve(input);
  if (!existsSync(absolute)) throw new InvalidInputError(`Path does not exist: ${input}`);
  const real = realpathSync(absolute);
  if (!statSync(real).isDirectory()) throw new InvalidInputError(`Not a directory: ${input}`);
  const enclosing = lexicalGitTopLevel(absolute);
  if (enclosing !== null && real !== absolute && !isInside(real, realpathSync(enclosing))) {
    throw new InvalidInputError(`Path leaves its repository through a symlink: ${input}`, {
      hint: 'Index the target directory itself.',
    });
  }
  return real;
}

/** The nearest ancestor holding .git, found without following symlinks. */
function lexicalGitTopLevel(absolute: string): string | null {
  for (let dir = absolute; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

function isInside(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** Relative paths of the files to look at: git's view when inside a work tree, else a walk honouring .gitignore. */
export async function listRepositoryFiles(rootPath: string): Promise<string[]> {
  const fromGit = await listGitFiles(rootPath);
  const files = fromGit ?? (await walk(rootPath));
  return files.map((path) => path.split(sep).join('/')).sort();
}

async function walk(rootPath: string): Promise<string[]> {
  const found: string[] = [];
  async function visit(dir: string, rules: { base: string; matcher: ReturnType<typeof ignore> }[]): Promise<void> {
    const gitignore = join(dir, '.gitignore');
    const ownRules = existsSync(gitignore) ? [...rules, { base: dir, matcher: ignore().add(await fs.readFile(gitignore, 'utf8')) }] : rules;
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      if (entry.name === '.git' || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      const isDir = entry.isDirectory();
      const ignored = ownRules.some(({ base, matcher }) => {
        const rel = relative(base, path).split(sep).join('/');
        return matcher.ignores(isDir ? rel + '/' : rel);
      });
      if (ignored) continue;
      if (isDir) await visit(path, ownRules);
      else found.push(relative(rootPath, path));
    }
  }
  await visit(rootPath, []);
  return found;
}

// A file as read; declared beside the extractor types that take it, so that they import nothing of the file listing.
export type { SourceFile };
export type ReadOutcome = { file: SourceFile } | { skipped: SkippedFile };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Files read one after the other between two turns of the event loop. Read synchronously: the
 * promise API's five hops per file (lstat, open, fstat, read, close) took 4.5x as long (typeorm's
 * 3,768 files: 445 ms against 95 ms); a batch this size keeps a serving process answering meanwhile.
 */
const READ_BATCH = 256;

/**
 * A file is taken as unchanged when its size, times and inode are as the last read saw them, and it
 * was last modified well before that read began: a second write of the same size within the file
 * system's timestamp resolution would leave the same stat (git's "racily clean" entries). The change
 * time catches a rewrite whose modification time was set back.
 */
const RACY_WINDOW_MS = 2000;

interface RememberedRead {
  stamp: string;
  readAt: number;
  outcome: ReadOutcome;
}

/**
 * What this process last read per repository root and size cap: a long-lived process (watch mode,
 * lore up) re-reads only the files whose stat changed, and hands the unchanged ones back as the same
 * objects, so that what was derived from them can be kept by identity. A few repositories at most.
 */
const REMEMBERED_ROOTS = 4;
const rememberedReads = new Map<string, Map<string, RememberedRead>>();

/** Reads the given files (see readSourceFile), reusing this process's last read of unchanged ones. */
export async function readSourceFiles(
  rootPath: string,
  paths: readonly string[],
  maxBytes: number,
  onRead?: (done: number) => void,
): Promise<ReadOutcome[]> {
  const key = `${rootPath}\0${maxBytes}`;
  const previous = rememberedReads.get(key);
  const current = new Map<string, RememberedRead>();
  const readAt = Date.now();
  const read = (path: string): ReadOutcome => {
    const stat = lstatSync(join(rootPath, path), { throwIfNoEntry: false }) ?? null;
    if (!stat?.isFile()) return readWithStat(rootPath, path, maxBytes, stat);
    const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}`;
    const last = previous?.get(path);
    const unchanged = last?.stamp === stamp && stat.mtimeMs < last.readAt - RACY_WINDOW_MS;
    const remembered = unchanged ? last : { stamp, readAt, outcome: readWithStat(rootPath, path, maxBytes, stat) };
    current.set(path, remembered);
    return remembered.outcome;
  };
  const outcomes: ReadOutcome[] = [];
  for (let start = 0; start < paths.length; start += READ_BATCH) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const path of paths.slice(start, start + READ_BATCH)) outcomes.push(read(path));
    onRead?.(outcomes.length);
  }
  rememberedReads.delete(key);
  rememberedReads.set(key, current);
  if (rememberedReads.size > REMEMBERED_ROOTS) rememberedReads.delete(rememberedReads.keys().next().value!);
  return outcomes;
}

/** Reads one file, or says why it is skipped. Symlinks are never followed. */
export function readSourceFile(rootPath: string, path: string, maxBytes: number): ReadOutcome {
  return readWithStat(rootPath, path, maxBytes, lstatSync(join(rootPath, path), { throwIfNoEntry: false }) ?? null);
}

function readWithStat(rootPath: string, path: string, maxBytes: number, stat: Stats | null): ReadOutcome {
  const absolute = join(rootPath, path);
  if (stat === null) return { skipped: { path, reason: 'deleted while indexing' } };
  if (stat.isSymbolicLink()) {
    let target: string | null;
    try {
      target = realpathSync(absolute);
    } catch {
      target = null;
    }
    const reason =
      target !== null && isInside(target, rootPath) ? 'symlink (its target is indexed itself)' : 'symlink out of the repository';
    return { skipped: { path, reason } };
  }
  if (!stat.isFile()) return { skipped: { path, reason: 'not a regular file' } };
  const language = languageOf(path);
  const base = { path, language, isTest: isTestPath(path), bytes: stat.size };
  if (isSecretPath(path)) {
    return { file: { ...base, blocked: true, contentHash: '', lines: 0, text: null } };
  }
  if (stat.size > maxBytes) return { skipped: { path, reason: `larger than ${maxBytes} bytes` } };
  let buffer: Buffer;
  try {
    buffer = readFileSync(absolute);
  } catch {
    // Between the stat and the read: deleted, or made unreadable.
    return { skipped: { path, reason: 'deleted while indexing' } };
  }
  if (buffer.subarray(0, 8000).includes(0)) return { skipped: { path, reason: 'binary' } };
  let text: string;
  try {
    text = utf8.decode(buffer);
  } catch {
    return { skipped: { path, reason: 'not valid UTF-8' } };
  }
  return {
    file: {
      ...base,
      language: languageOfScript(path, text) ?? language,
      blocked: false,
      contentHash: contentHash(buffer),
      lines: lineCount(text),
      text,
    },
  };
}

/** A file's contentHash: SHA-256 of its bytes (of a string, of its UTF-8 encoding), in hex. */
export function contentHash(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Lines as an editor numbers them: a last line without a newline counts, the empty one after a final newline does not. */
function lineCount(text: string): number {
  let newlines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) newlines++;
  return text.length === 0 || text.endsWith('\n') ? newlines : newlines + 1;
}
