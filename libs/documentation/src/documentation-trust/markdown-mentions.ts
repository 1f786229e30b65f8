/**
 * What a Markdown line names that code must have: symbols, files, CLI flags and commands, and
 * configuration keys, read from its inline code and from the shell lines of its fenced blocks; and
 * the sentences of its prose, which may be claims. Only names that look like code are taken: a plain
 * lowercase word in backticks (`npm`, `true`) is as likely a tool or a value as a name, and a name
 * the code lacks must be a name the line meant as code.
 */
export type MentionKind = 'symbol' | 'file' | 'flag' | 'command' | 'config_key';

export interface Mention {
  kind: MentionKind;
  /** The name as the code would have it: a symbol name, a path, `--flag`, `bin command`, KEY. */
  name: string;
}

export interface DocLine {
  line: number;
  text: string;
  mentions: Mention[];
  /** Prose sentences outside code blocks, each a possible claim. */
  sentences: string[];
  /** The headings the line is under, outermost first (a heading line is under itself). */
  section: string[];
}

const FILE_EXTENSIONS =
  /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|json|md|py|go|java|ya?ml|toml|cypher|sh|sql|html|css|xml|txt|lock|env|ini|cfg|conf|gradle|kts)$/i;
const SHELL_FENCES = new Set(['', 'sh', 'bash', 'shell', 'console', 'zsh', 'text']);
/** Namespaces of the languages' standard libraries, which a repository names without declaring. */
const STANDARD_NAMESPACES = new Set([
  'Math',
  'JSON',
  'Object',
  'Array',
  'Promise',
  'console',
  'process',
  'Number',
  'String',
  'Date',
  'Map',
  'Set',
  'Symbol',
  'Reflect',
  'Buffer',
  'Error',
  'Function',
  'RegExp',
  'Uint8Array',
  'ArrayBuffer',
  'ReadableStream',
  'AbortSignal',
  'AbortController',
  'Headers',
  'Request',
  'Response',
  'FormData',
  'URLSearchParams',
  'URL',
  'Blob',
  'os',
  'sys',
  'fmt',
  'System',
  'module',
  'exports',
  'require',
  'window',
  'document',
]);

/** Each line of a Markdown text (1-based) with what it names and its sentences; `bins` are the repository's command names. */
export function docLines(markdown: string, bins: readonly string[]): DocLine[] {
  const lines: DocLine[] = [];
  let fence: { marker: string; shell: boolean } | null = null;
  let section: string[] = [];
  markdown.split('\n').forEach((raw, index) => {
    const text = raw.replace(/\r$/, '');
    const heading = fence === null ? /^(#{1,6})\s+(.*)$/.exec(text) : null;
    if (heading) section = [...section.slice(0, heading[1]!.length - 1), heading[2]!.trim()];
    const fenceMatch = /^\s*(```+|~~~+)\s*([\w-]*)/.exec(text);
    if (fenceMatch) {
      if (fence === null) fence = { marker: fenceMatch[1]!, shell: SHELL_FENCES.has(fenceMatch[2]!.toLowerCase()) };
      else if (fenceMatch[1]!.startsWith(fence.marker)) fence = null;
      lines.push({ line: index + 1, text, mentions: [], sentences: [], section });
      return;
    }
    if (fence !== null) {
      const mentions = fence.shell ? commandMentions(text.trim().replace(/^\$\s+/, ''), bins) : [];
      lines.push({ line: index + 1, text, mentions, sentences: [], section });
      return;
    }
    const mentions = [...text.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)].flatMap((match) => mentionsOfCode(match[1]!.trim(), bins));
    lines.push({ line: index + 1, text, mentions: unique(mentions), sentences: sentencesOf(text), section });
  });
  return lines;
}

/** What one inline code span names. */
export function mentionsOfCode(code: string, bins: readonly string[]): Mention[] {
  if (code === '' || code.includes('://') || /[<>*{}|]/.test(code.replace(/\s+--?[\w-]+=?<[^>]*>/g, ''))) return [];
  const flag = /^(--[a-z][\w-]*)(?:[= ].*)?$/i.exec(code);
  if (flag) return [{ kind: 'flag', name: flag[1]! }];
  if (/\s/.test(code)) return commandMentions(code.replace(/^\$\s+/, ''), bins);
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:=.*)?$/.test(code)) return [{ kind: 'config_key', name: code.split('=')[0]! }];
  if (isPath(code)) return [{ kind: 'file', name: code.replace(/^\.\//, '').replace(/#.*$/, '') }];
  const identifier = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(\(\))?$/.exec(code);
  if (identifier && looksLikeCode(identifier[1]!, identifier[2] !== undefined)) {
    if (STANDARD_NAMESPACES.has(identifier[1]!.split('.')[0]!)) return [];
    return [{ kind: 'symbol', name: identifier[1]! }];
  }
  return [];
}

/** The command and flags of a shell line that runs one of the repository's commands. */
export function commandMentions(line: string, bins: readonly string[]): Mention[] {
  const words = line.split(/\s+/).filter(Boolean);
  const runner = words[0] === 'npx' ? 1 : 0;
  if (words.length <= runner || !bins.includes(words[runner]!)) return [];
  const mentions: Mention[] = [];
  const command = words[runner + 1];
  if (command !== undefined && /^[a-z][\w-]*$/.test(command)) mentions.push({ kind: 'command', name: `${words[runner]} ${command}` });
  for (const word of words.slice(runner + 1)) {
    const flag = /^(--[a-z][\w-]*)/i.exec(word);
    if (flag) mentions.push({ kind: 'flag', name: flag[1]! });
  }
  return mentions;
}

/** The top-level types of media types (`application/json`), which look like paths. */
const MEDIA_TYPES = /^(?:application|text|image|audio|video|multipart|font|model|message)\//;

/** A host name (`deno.land`, `github.com`) starting a path-like span: a URL or a Go import path, not a file. */
const HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/|$)/i;

function isPath(code: string): boolean {
  if (/\s/.test(code) || code.startsWith('@') || code.startsWith('/') || MEDIA_TYPES.test(code)) return false;
  if (HOST.test(code) && !FILE_EXTENSIONS.test(code.split('/')[0]!)) return false;
  if (/^(?:\.\/)?[\w.-]+(?:\/[\w.-]+)+\/?(?:#L\d+(?:-L\d+)?)?$/.test(code)) return true;
  return FILE_EXTENSIONS.test(code) && /^[\w.-]+$/.test(code);
}

/** Whether a path names a file by its extension, or a directory by a trailing slash; else it may be an import specifier (`hono/cookie`). */
export function hasFileShape(path: string): boolean {
  return path.endsWith('/') || path.startsWith('./') || path.startsWith('../') || FILE_EXTENSIONS.test(path.split('/').pop()!);
}

/**
 * Words that say a section or line is about what the code no longer has (a migration guide, a
 * changelog): the names it gives are history, not claims about the code now.
 */
const HISTORY_WORDS = /\b(?:remov(?:e|ed|al)|deprecat(?:e|ed|ion)|renamed|obsolete|no longer|dropped|replaced|breaking change)/i;
/** Documents that record history: changelogs, migration and upgrade guides, release notes. */
const HISTORY_DOCUMENT = /(?:^|\/)[^/]*(?:changelog|changes|history|migrat|upgrad|release|news)[^/]*\.md$/i;

/** Whether a line of `documentPath` speaks of code that was removed, renamed or deprecated. */
export function speaksOfHistory(documentPath: string, line: Pick<DocLine, 'text' | 'section'>): boolean {
  return (
    HISTORY_DOCUMENT.test(documentPath) || HISTORY_WORDS.test(line.text) || line.section.some((heading) => HISTORY_WORDS.test(heading))
  );
}

function looksLikeCode(name: string, called: boolean): boolean {
  if (/^[A-Z0-9]+$/.test(name)) return called;
  return called || name.includes('.') || name.includes('_') || name.includes('$') || /^.+[A-Z]/.test(name) || /^[A-Z][a-z]/.test(name);
}

/** The sentences of a prose line, without list markers and heading marks. */
export function sentencesOf(line: string): string[] {
  const prose = line
    .replace(/^\s*(?:[-*+]|\d+[.)]|#{1,6}|>)\s+/, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim();
  if (prose === '' || prose.startsWith('|')) return [];
  return prose
    .split(/(?<=[.!?])\s+(?=[`A-Z])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

function unique(mentions: Mention[]): Mention[] {
  const seen = new Set<string>();
  return mentions.filter((mention) => {
    const key = `${mention.kind}|${mention.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `import {A, B as C} from 'pkg'`, `import A from 'pkg'`, `import * as A from 'pkg'`: the names and the package. */
const SCRIPT_IMPORT = /^\s*import\s+(?:type\s+)?([\w$]+)?\s*,?\s*(?:\{([^}]*)\}|\*\s+as\s+([\w$]+))?\s*from\s+['"]([^'"]+)['"]/;
/** `from pkg.module import a, b as c`. */
const PYTHON_IMPORT = /^\s*from\s+([\w.]+)\s+import\s+\(?([\w\s,]+)\)?/;
/** `NAME=value` before a shell line's command. */
const SHELL_ASSIGNMENT = /^[A-Za-z_][\w]*=/;

/**
 * The names a document's own code blocks take from other software: what a script imports from a
 * package that is not the repository's (`import {ProxyAgent} from 'undici'`), what Python imports
 * from a module that is not, and the variables and flags of a shell line running another program
 * (`NODE_USE_ENV_PROXY=1 node --use-env-proxy app.js`). A line naming one of them that no code has
 * names that software's API in passing, not the repository's. `own` are the repository's package
 * and command names (`ky`, `click`, `@scope/pkg`): never foreign, even when a block imports the
 * package from a CDN (`import ky from 'https://esm.sh/ky'`).
 */
export function foreignNames(markdown: string, own: readonly string[]): Set<string> {
  const names = new Set<string>();
  const ownPackages = new Set(own);
  let foreignCall = new ForeignCallKeys();
  let fence: { marker: string; shell: boolean } | null = null;
  for (const raw of markdown.split('\n')) {
    const fenceMatch = /^\s*(```+|~~~+)\s*([\w-]*)/.exec(raw);
    if (fenceMatch) {
      if (fence === null) fence = { marker: fenceMatch[1]!, shell: SHELL_FENCES.has(fenceMatch[2]!.toLowerCase()) };
      else if (fenceMatch[1]!.startsWith(fence.marker)) fence = null;
      // A call left open by a block does not run on into the next one.
      foreignCall = new ForeignCallKeys();
      continue;
    }
    if (fence === null) continue;
    const script = SCRIPT_IMPORT.exec(raw);
    const from = script ? packageOf(script[4]!) : null;
    if (script && from !== null && !ownPackages.has(from)) {
      const imported = [script[1], script[3], ...(script[2] ?? '').split(',').map((part) => part.trim().split(/\s+as\s+/)[0])];
      for (const name of imported) if (name && !ownPackages.has(name)) names.add(name.replace(/^type\s+/, ''));
    }
    for (const key of foreignCall.keysOf(raw, names)) names.add(key);
    const python = PYTHON_IMPORT.exec(raw);
    if (python && !ownPackages.has(python[1]!.split('.')[0]!))
      for (const part of python[2]!.split(',')) if (part.trim()) names.add(part.trim().split(/\s+as\s+/)[0]!);
    if (fence.shell) for (const name of foreignShellNames(raw.trim().replace(/^\$\s+/, ''), ownPackages)) names.add(name);
  }
  return names;
}

/**
 * The option keys written inside a call of another program's name, across the lines of a code block
 * (`new Agent({factory(o) { return new Pool(o, {allowH2: true}); }})` with `Agent` from undici): they
 * are its options, not the repository's.
 */
class ForeignCallKeys {
  /** How many parentheses of a foreign call are still open. */
  private depth = 0;

  keysOf(line: string, foreign: ReadonlySet<string>): string[] {
    const code = line.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""');
    let from = 0;
    if (this.depth === 0) {
      const call = [...code.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g)].find((match) => foreign.has(match[1]!));
      if (call === undefined) return [];
      from = call.index;
    }
    const inside = code.slice(from);
    this.depth = Math.max(0, this.depth + (inside.match(/\(/g)?.length ?? 0) - (inside.match(/\)/g)?.length ?? 0));
    return [...inside.matchAll(/(?:^|[{,(\s])([A-Za-z_$][\w$]*)\s*:(?!:)/g)].map((match) => match[1]!);
  }
}

/**
 * The sections (their innermost heading) whose shell blocks set environment variables for another
 * program (`NODE_USE_ENV_PROXY=1 HTTP_PROXY=… node app.js`): the variables such a section lists are
 * that program's, not the repository's configuration.
 */
export function environmentSections(markdown: string, own: readonly string[]): Set<string> {
  const sections = new Set<string>();
  const ownPackages = new Set(own);
  let heading = '';
  let fence: { marker: string; shell: boolean } | null = null;
  for (const raw of markdown.split('\n')) {
    const title = fence === null ? /^#{1,6}\s+(.*)$/.exec(raw) : null;
    if (title) heading = title[1]!.trim();
    const fenceMatch = /^\s*(```+|~~~+)\s*([\w-]*)/.exec(raw);
    if (fenceMatch) {
      if (fence === null) fence = { marker: fenceMatch[1]!, shell: SHELL_FENCES.has(fenceMatch[2]!.toLowerCase()) };
      else if (fenceMatch[1]!.startsWith(fence.marker)) fence = null;
      continue;
    }
    if (fence?.shell && foreignShellNames(raw.trim().replace(/^\$\s+/, ''), ownPackages).some((name) => /^[A-Za-z_]\w*$/.test(name)))
      sections.add(heading);
  }
  return sections;
}

/**
 * Whether a mention on a line of such a section names another program's environment variable: a
 * configuration key, or the lower-case spelling of one the same line gives (`HTTP_PROXY` / `http_proxy`).
 */
export function namesForeignVariable(
  mention: Mention,
  line: Pick<DocLine, 'mentions' | 'section'>,
  sections: ReadonlySet<string>,
): boolean {
  if (!sections.has(line.section.at(-1) ?? '')) return false;
  if (mention.kind === 'config_key') return true;
  return (
    mention.kind === 'symbol' && line.mentions.some((other) => other.kind === 'config_key' && other.name === mention.name.toUpperCase())
  );
}

/** The variables set before, and the flags given to, a shell line's command when it is not one of the repository's. */
function foreignShellNames(line: string, own: ReadonlySet<string>): string[] {
  const words = line.split(/\s+/).filter(Boolean);
  const assignments = words.findIndex((word) => !SHELL_ASSIGNMENT.test(word));
  if (assignments < 0) return [];
  const command = words[assignments]!;
  const runner = command === 'npx' ? words[assignments + 1] : command;
  if (runner === undefined || own.has(runner) || !/^[a-z][\w.-]*$/.test(runner)) return [];
  const variables = words.slice(0, assignments).map((word) => word.split('=')[0]!);
  const flags = words.slice(assignments + 1).flatMap((word) => /^(--[a-z][\w-]*)/i.exec(word)?.[1] ?? []);
  return [...variables, ...flags];
}

/** A CDN's URL of a package (`https://esm.sh/ky@1`, `https://unpkg.com/ky/distribution/index.js`, `https://deno.land/x/hono/mod.ts`): what follows the host. */
const PACKAGE_URL = /^[a-z][\w+.-]*:\/\/[^/]+\/(?:x\/)?(.+)$/i;

/**
 * The package an import specifier names: `undici`, `@scope/pkg` (from `@scope/pkg/sub`), `hono`
 * (from `hono/cookie`), `ky` (from `https://esm.sh/ky@1` or `npm:ky`); null for a relative path
 * (the repository's own).
 */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const bare = (PACKAGE_URL.exec(specifier)?.[1] ?? specifier).replace(/^(?:npm|jsr|node):/, '');
  const parts = bare.split('/');
  const name = bare.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return name.replace(/(?<=.)@[^/]*$/, '');
}

/**
 * Whether a mention names what the document's code blocks take from other software (a symbol by
 * its first part: `ProxyAgent.x`). A symbol whose first part the repository itself declares
 * (`ky.fetchWithRetry`: ky's code declares `ky`) is the repository's, never another program's.
 */
export function namesForeignCode(mention: Mention, foreign: ReadonlySet<string>, declared: ReadonlySet<string>): boolean {
  if (mention.kind === 'symbol') {
    const first = mention.name.split('.')[0]!;
    return foreign.has(first) && !declared.has(first);
  }
  return (mention.kind === 'config_key' || mention.kind === 'flag') && foreign.has(mention.name) && !declared.has(mention.name);
}
