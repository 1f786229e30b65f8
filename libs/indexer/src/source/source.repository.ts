import { promises as fs } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InvalidInputError } from '@lore/domain';
import { gitOutput } from '@lore/languages/git';
import { contentHash } from '@lore/languages/repository-files';
import { type ChangedFile, parseRevisionRange, parseUnifiedDiff } from './git-diff';

/** Where an indexed repository's files are: its root on disk, and the commit and git prefix the index recorded. */
export interface IndexedSource {
  rootPath: string;
  commitSha: string;
  /** The root's path inside its git work tree ('' at the top), or null outside git. */
  gitPrefix: string | null;
}

/** A file read from a repository's working tree by `readUnderRoot`. */
export type WorkingTreeRead =
  { kind: 'text'; path: string; text: string } | { kind: 'unreadable'; path: string; reason: string } | { kind: 'outside' };

/** Where a name left the code: the commit that took out its last occurrence, and the line it was on before. */
export interface NameRemoval {
  commitSha: string;
  /** The commit's committer date, YYYY-MM-DD. */
  date: string;
  /** The file and line (at the commit's parent) of the first occurrence the commit took out. */
  path: string;
  line: number;
  /** The line itself, and the lines the same change put in its place (a rename's new name is there). */
  removedLine: string;
  addedLines: string[];
}

/** A pickaxe search reads the diff of every commit: on a long history it gives up after this long rather than hold up the answer. */
const REMOVAL_SEARCH_TIMEOUT_MS = 5_000;
/** The newest commits that changed how often the name occurs, read for the one that took out a whole-word use. */
const REMOVAL_CANDIDATES = 5;
/** The history a removal is looked for in: every file but documentation's, whose mentions are what is checked. */
const CODE_PATHSPEC = ['.', ':(exclude)*.md', ':(exclude)*.mdx', ':(exclude)*.markdown', ':(exclude)*.rst', ':(exclude)*.txt'];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Names per `git grep` run: its command line stays well under any system's limit. */
const NAMES_PER_GREP = 200;
/** A line that is a comment alone: `//`, `#`, `/*`, or a block comment's ` * ` line. */
const COMMENT_LINE = /^\s*(?:\/\/|#|\/\*|\*)/;
const WORD = /[A-Za-z_$][\w$]*/g;

/** Reads of indexed files from where they live: the working tree and git's object store. */
export class SourceRepository {
  /**
   * A file's text exactly as it was indexed (its content hash matches): from the working tree while
   * it still holds that content, else git's copy at the indexed commit; null when neither does.
   */
  async readAtCommit(repository: IndexedSource, path: string, indexedHash: string): Promise<string | null> {
    const buffer = await fs.readFile(join(repository.rootPath, path)).catch(() => null);
    if (buffer && contentHash(buffer) === indexedHash) return buffer.toString('utf8');
    if (repository.gitPrefix === null) return null;
    const gitPath = repository.gitPrefix ? `${repository.gitPrefix}/${path}` : path;
    const committed = await gitOutput(repository.rootPath, ['show', `${repository.commitSha}:${gitPath}`]);
    return committed !== null && contentHash(committed) === indexedHash ? committed : null;
  }

  /**
   * The files of `paths` (relative to the repository's root) that the indexed commit holds, by path,
   * with their text: git's copy at the commit, or the working tree's outside git. A path it does not
   * hold is left out.
   */
  async filesAtCommit(repository: IndexedSource, paths: readonly string[]): Promise<Map<string, string>> {
    const files = new Map<string, string>();
    for (const path of paths) {
      const text =
        repository.gitPrefix === null
          ? await fs.readFile(join(repository.rootPath, path), 'utf8').catch(() => null)
          : await gitOutput(repository.rootPath, [
              'show',
              `${repository.commitSha}:${repository.gitPrefix ? `${repository.gitPrefix}/${path}` : path}`,
            ]);
      if (text !== null) files.set(path, text);
    }
    return files;
  }

  /**
   * The files of `paths` whose text at the indexed commit holds `word` (an identifier) as a whole
   * word, with that text: one `git grep` over the paths' file name endings picks them, so a large
   * repository's other files are never read; outside git, the working tree's copies are searched.
   */
  async filesNaming(repository: IndexedSource, word: string, paths: readonly string[]): Promise<Map<string, string>> {
    if (!IDENTIFIER.test(word) || paths.length === 0) return new Map();
    const whole = new RegExp(`(?<![\\w$])${word.replace(/\$/g, '\\$')}(?![\\w$])`);
    if (repository.gitPrefix === null) {
      const texts = await this.filesAtCommit(repository, paths);
      return new Map([...texts].filter(([, text]) => whole.test(text)));
    }
    const globs = new Set(
      paths.map((path) => {
        const ending = /\.[^./]+$/.exec(path)?.[0];
        return ending === undefined ? path : `*${ending}`;
      }),
    );
    // Exit status 1 (no file matched) reads as null: none. Each line is `<commit>:<path>`, the path relative to the root.
    const found = await gitOutput(repository.rootPath, [
      'grep',
      '-I',
      '-l',
      '-w',
      '-F',
      '--no-color',
      '-e',
      word,
      repository.commitSha,
      '--',
      ...globs,
    ]);
    const wanted = new Set(paths);
    const named = (found ?? '')
      .split('\n')
      .map((line) => line.slice(repository.commitSha.length + 1))
      .filter((path) => wanted.has(path));
    return this.filesAtCommit(repository, named);
  }

  /**
   * A file of the working tree that need not be indexed (a coverage report a test run wrote), by a
   * path relative to the repository's root or absolute inside it. `outside` when the path, or what a
   * symbolic link on it leads to, is not under the root; `unreadable` (with the reason) when it is
   * missing, not a file, or larger than maxBytes. `path` is relative to the root.
   */
  async readUnderRoot(repository: IndexedSource, path: string, maxBytes: number): Promise<WorkingTreeRead> {
    const root = resolve(repository.rootPath);
    const target = resolve(root, path);
    const inside = (base: string, candidate: string) => {
      const rest = relative(base, candidate);
      return rest !== '' && rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest);
    };
    if (!inside(root, target)) return { kind: 'outside' };
    const within = relative(root, target).split(sep).join('/');
    const real = await fs.realpath(target).catch(() => null);
    if (real === null) return { kind: 'unreadable', path: within, reason: 'no such file' };
    if (!inside(await fs.realpath(root), real)) return { kind: 'outside' };
    const stat = await fs.stat(real);
    if (!stat.isFile()) return { kind: 'unreadable', path: within, reason: 'not a file' };
    if (stat.size > maxBytes) return { kind: 'unreadable', path: within, reason: `larger than ${maxBytes} bytes` };
    return { kind: 'text', path: within, text: await fs.readFile(real, 'utf8') };
  }

  /**
   * When each line of a file was last changed at the indexed commit (git blame's committer time, in
   * seconds), index 0 for line 1; null outside git or when git cannot blame the file there.
   */
  async lineTimes(repository: IndexedSource, path: string): Promise<number[] | null> {
    if (repository.gitPrefix === null) return null;
    const gitPath = repository.gitPrefix ? `${repository.gitPrefix}/${path}` : path;
    const porcelain = await gitOutput(repository.rootPath, ['blame', '--porcelain', repository.commitSha, '--', gitPath]);
    return porcelain === null ? null : blameTimes(porcelain);
  }

  /**
   * How the code at the indexed commit names each of `names`: how many times each occurs as a whole
   * word on the lines of the repository's files whose names end in one of `codeEndings` (`.ts`) that
   * are not comments alone (code and strings: `git grep -w`), and the first line of each of
   * `declarations` (a path and a line). Null outside git or when git
   * cannot read the commit: then nothing can be said of uses the graph does not hold.
   */
  async namesInCode(
    repository: IndexedSource,
    names: readonly string[],
    declarations: readonly { path: string; line: number }[],
    codeEndings: readonly string[],
  ): Promise<{ occurrences: Map<string, number>; lines: Map<string, string> } | null> {
    if (repository.gitPrefix === null) return null;
    const commit = await gitOutput(repository.rootPath, ['rev-parse', '--verify', '--quiet', `${repository.commitSha}^{commit}`]);
    if (commit === null) return null;
    const occurrences = new Map<string, number>();
    const words = [...new Set(names)].filter((name) => IDENTIFIER.test(name));
    for (let start = 0; start < words.length; start += NAMES_PER_GREP) {
      const patterns = words.slice(start, start + NAMES_PER_GREP).flatMap((name) => ['-e', name]);
      // Run at the root, git grep searches below it only; exit status 1 (no line matched) reads as null: no occurrence.
      const found = await gitOutput(repository.rootPath, [
        'grep',
        '-I',
        '-w',
        '-h',
        '-F',
        '--no-color',
        ...patterns,
        repository.commitSha,
        '--',
        ...codeEndings.map((ending) => `*${ending}`),
      ]);
      const wanted = new Set(words.slice(start, start + NAMES_PER_GREP));
      for (const line of (found ?? '').split('\n')) {
        // A comment names a symbol without using it (Go's and Java's doc comments start with its name).
        if (COMMENT_LINE.test(line)) continue;
        for (const [word] of line.matchAll(WORD)) if (wanted.has(word)) occurrences.set(word, (occurrences.get(word) ?? 0) + 1);
      }
    }
    const lines = new Map<string, string>();
    const byPath = new Map<string, number[]>();
    for (const { path, line } of declarations) byPath.set(path, [...(byPath.get(path) ?? []), line]);
    for (const [path, wanted] of byPath) {
      const gitPath = repository.gitPrefix ? `${repository.gitPrefix}/${path}` : path;
      const text = (await gitOutput(repository.rootPath, ['show', `${repository.commitSha}:${gitPath}`]))?.split('\n') ?? [];
      for (const line of wanted) lines.set(`${path}:${line}`, text[line - 1] ?? '');
    }
    return { occurrences, lines };
  }

  /**
   * Where `name` (an identifier) left the code at or before the indexed commit: the newest commit
   * outside documentation whose diff took out a line using it as a whole word, read as its removal
   * because the indexed code has it nowhere. Null outside git, when no commit ever had it (a typo,
   * another program's name), or when the search outlasts REMOVAL_SEARCH_TIMEOUT_MS.
   */
  async lastRemoval(repository: IndexedSource, name: string): Promise<NameRemoval | null> {
    if (repository.gitPrefix === null || !IDENTIFIER.test(name)) return null;
    // `-S` counts the name as a substring (git's --pickaxe-regex is 20 times slower on hono's history): whole words are checked in the diffs.
    const found = await gitOutput(
      repository.rootPath,
      ['log', `--max-count=${REMOVAL_CANDIDATES}`, '--format=%H %cs', `-S${name}`, repository.commitSha, '--', ...CODE_PATHSPEC],
      REMOVAL_SEARCH_TIMEOUT_MS,
    );
    // An identifier's one character a regular expression reads otherwise is `$`.
    const word = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
    for (const candidate of (found ?? '').trim().split('\n')) {
      const [commitSha, date] = candidate.split(' ');
      if (!commitSha || !date) continue;
      const diff = await gitOutput(repository.rootPath, [
        'show',
        '--format=',
        '--unified=0',
        '--no-color',
        '--no-ext-diff',
        '--no-renames',
        '--relative',
        commitSha,
        '--',
        ...CODE_PATHSPEC,
      ]);
      const removedLine = firstRemovedLine(diff ?? '', word);
      if (removedLine) return { commitSha, date, ...removedLine };
    }
    return null;
  }

  /**
   * What a revision range changed, line by line, below the repository's root. Each ref is verified
   * as a commit (`git rev-parse --verify`) before git diff runs; git never runs through a shell.
   */
  async changedFiles(repository: IndexedSource, range: string): Promise<ChangedFile[]> {
    if (repository.gitPrefix === null) throw new InvalidInputError('The repository is not in git: a diff needs git.');
    const { base, head, mergeBase } = parseRevisionRange(range);
    const refs = head === null ? [base] : [base, head];
    for (const ref of refs) {
      const verified = await gitOutput(repository.rootPath, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
      if (verified === null)
        throw new InvalidInputError(`${ref} is not a commit of this repository.`, { hint: 'Give a branch, tag or commit.' });
    }
    const revisions = head === null ? [base] : mergeBase ? [`${base}...${head}`] : [base, head];
    const diff = await gitOutput(repository.rootPath, [
      'diff',
      '--unified=0',
      '--no-color',
      '--no-ext-diff',
      '--no-renames',
      '--relative',
      ...revisions,
      '--',
    ]);
    if (diff === null) throw new InvalidInputError(`git diff ${range} failed in this repository.`);
    return parseUnifiedDiff(diff);
  }
}

/** The committer time of each line of `git blame --porcelain` output, in the file's line order. */
export function blameTimes(porcelain: string): number[] {
  const timeOfCommit = new Map<string, number>();
  const times: number[] = [];
  let commit = '';
  for (const line of porcelain.split('\n')) {
    if (line.startsWith('\t')) times.push(timeOfCommit.get(commit) ?? 0);
    else if (/^[0-9a-f]{40} \d+ \d+/.test(line)) commit = line.slice(0, 40);
    else if (line.startsWith('committer-time ')) timeOfCommit.set(commit, Number(line.slice('committer-time '.length)));
  }
  return times;
}

/** At most this many of a hunk's added lines are kept beside a removed line. */
const MAX_ADDED_LINES = 20;

/**
 * The first line a `git show --unified=0` diff removed that matches `pattern`: its file, its line
 * number before the change, and the lines its hunk added in place of the removed ones.
 */
function firstRemovedLine(diff: string, pattern: RegExp): Omit<NameRemoval, 'commitSha' | 'date'> | null {
  let path: string | null = null;
  let oldLine = 0;
  let inHunk = false;
  let found: Omit<NameRemoval, 'commitSha' | 'date'> | null = null;
  for (const line of diff.split('\n')) {
    const hunkEnds = line.startsWith('diff --git ') || line.startsWith('@@ ');
    if (found && hunkEnds) return found;
    if (line.startsWith('diff --git ')) {
      inHunk = false;
      path = null;
    } else if (!inHunk && line.startsWith('--- ')) {
      path = line === '--- /dev/null' ? null : line.slice('--- a/'.length);
    } else if (line.startsWith('@@ ')) {
      inHunk = true;
      oldLine = Number(/^@@ -(\d+)/.exec(line)?.[1] ?? 0);
    } else if (found && line.startsWith('+')) {
      if (found.addedLines.length < MAX_ADDED_LINES) found.addedLines.push(line.slice(1));
    } else if (!found && inHunk && line.startsWith('-')) {
      if (path !== null && pattern.test(line.slice(1))) found = { path, line: oldLine, removedLine: line.slice(1), addedLines: [] };
      oldLine++;
    }
  }
  return found;
}
