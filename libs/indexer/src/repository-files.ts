import { createHash } from 'node:crypto';
import { existsSync, promises as fs, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ignore from 'ignore';
import { InvalidInputError, type SkippedFile } from '@lore/domain';
import { listGitFiles } from './git';
import { isSecretPath, isTestPath, languageOf } from './languages';

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

export interface SourceFile {
  path: string;
  language: string;
  isTest: boolean;
  blocked: boolean;
  contentHash: string;
  bytes: number;
  lines: number;
  /** Absent for blocked files: their content is never read. */
  text: string | null;
}

export type ReadOutcome = { file: SourceFile } | { skipped: SkippedFile };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads one file, or says why it is skipped. Symlinks are never followed. */
export async function readSourceFile(rootPath: string, path: string, maxBytes: number): Promise<ReadOutcome> {
  const absolute = join(rootPath, path);
  let stat;
  try {
    stat = await fs.lstat(absolute);
  } catch {
    return { skipped: { path, reason: 'deleted while indexing' } };
  }
  if (stat.isSymbolicLink()) {
    const target = await fs.realpath(absolute).catch(() => null);
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
  const buffer = await fs.readFile(absolute);
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
      blocked: false,
      contentHash: createHash('sha256').update(buffer).digest('hex'),
      lines: text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
      text,
    },
  };
}
