import { InvalidInputError } from './errors';

// Lore's resource URIs (docs/specification.md, Resource URIs), formed and parsed here only:
//   code://{repo}/{commit}/{path}#L{start}-L{end}   lines of a file
//   symbol://{repo}/{commit}/{qualifiedName}        a symbol's lines
//   doc://{repo}/{commit}/{path}#L{start}-L{end}    a document, or a section's lines
// Each part is percent-encoded; a fragment is optional and, when present, must name lines.

/** Lines of a file, both ends included, counted from 1. */
export interface LineRange {
  startLine: number;
  endLine: number;
}

/** A span of a file at a commit: code://{repo}/{commit}/{path}#L{start}-L{end}. */
export interface CodeSpanRef extends LineRange {
  repositoryId: string;
  commitSha: string;
  path: string;
}

/** A file at a commit as a code:// or doc:// URI names it, with the lines of its fragment (null without one). */
export interface FileUriRef {
  repositoryId: string;
  commitSha: string;
  path: string;
  range: LineRange | null;
}

/** A symbol at a commit: symbol://{repo}/{commit}/{qualifiedName}. */
export interface SymbolUriRef {
  repositoryId: string;
  commitSha: string;
  qualifiedName: string;
}

export const RESOURCE_SCHEMES = ['code', 'symbol', 'doc'] as const;
export type ResourceScheme = (typeof RESOURCE_SCHEMES)[number];

/** Any Lore resource URI, parsed. */
export type ResourceRef = ({ scheme: 'code' | 'doc' } & FileUriRef) | ({ scheme: 'symbol' } & SymbolUriRef);

const LINE_FRAGMENT = /^L(\d+)(?:-L(\d+))?$/;

export function formatCodeUri(ref: CodeSpanRef): string {
  return formatFileUri('code', { ...ref, range: ref });
}

/** doc://{repo}/{commit}/{path}, a section as #L{start}-L{end}. */
export function formatDocUri(ref: FileUriRef): string {
  return formatFileUri('doc', ref);
}

export function formatSymbolUri(repositoryId: string, commitSha: string, qualifiedName: string): string {
  return `symbol://${encodeURIComponent(repositoryId)}/${encodeURIComponent(commitSha)}/${encodeURIComponent(qualifiedName)}`;
}

function parseSymbolUri(uri: string): SymbolUriRef {
  const expected = 'expected symbol://{repo}/{commit}/{qualifiedName}';
  const rest = afterScheme('symbol', uri, expected);
  if (rest.includes('#')) throw new InvalidInputError(`A symbol URI has no fragment: ${expected}.`);
  const parts = rest.split('/');
  if (parts.length !== 3 || parts.some((part) => part === '')) throw new InvalidInputError(`Not a symbol URI: ${expected}.`);
  const [repositoryId, commitSha, qualifiedName] = parts.map(decodePart) as [string, string, string];
  return { repositoryId, commitSha, qualifiedName };
}

/** A code://, symbol:// or doc:// URI, by its scheme. */
export function parseResourceUri(uri: string): ResourceRef {
  const scheme = RESOURCE_SCHEMES.find((known) => uri.startsWith(`${known}://`));
  if (scheme === undefined) {
    throw new InvalidInputError(`Not a Lore resource URI: expected ${RESOURCE_SCHEMES.map((known) => `${known}://`).join(', ')}.`);
  }
  return scheme === 'symbol' ? { scheme, ...parseSymbolUri(uri) } : { scheme, ...parseFileUri(scheme, uri) };
}

/** A path as the index stores it: relative to the repository root, '/'-separated, with no empty, '.' or '..' part. */
export function isRepositoryPath(path: string): boolean {
  return (
    path !== '' &&
    !path.includes('\0') &&
    !path.includes('\\') &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/** The code:// URI of a symbol's span at a commit. */
export function symbolCodeUri(
  symbol: { repositoryId: string; path: string; startLine: number; endLine: number },
  commitSha: string,
): string {
  return formatCodeUri({
    repositoryId: symbol.repositoryId,
    commitSha,
    path: symbol.path,
    startLine: symbol.startLine,
    endLine: symbol.endLine,
  });
}

/** A code:// or doc:// URI, with a line fragment when `ref.range` is not null. */
export function formatFileUri(scheme: 'code' | 'doc', ref: FileUriRef): string {
  const path = ref.path.split('/').map(encodeURIComponent).join('/');
  const fragment = ref.range === null ? '' : `#L${ref.range.startLine}-L${ref.range.endLine}`;
  return `${scheme}://${encodeURIComponent(ref.repositoryId)}/${encodeURIComponent(ref.commitSha)}/${path}${fragment}`;
}

function parseFileUri(scheme: 'code' | 'doc', uri: string): FileUriRef {
  const expected = `expected ${scheme}://{repo}/{commit}/{path}#L{start}-L{end}`;
  const rest = afterScheme(scheme, uri, expected);
  const hash = rest.indexOf('#');
  const location = hash === -1 ? rest : rest.slice(0, hash);
  const parts = location.split('/');
  if (parts.length < 3 || parts[0] === '' || parts[1] === '') throw new InvalidInputError(`Not a ${scheme} URI: ${expected}.`);
  const [repository, commit, ...pathParts] = parts;
  // Decoded first, so that an encoded '..' (%2e%2e) or '/' (%2F) is seen for what it is.
  const path = pathParts.map(decodePart).join('/');
  if (!isRepositoryPath(path)) {
    throw new InvalidInputError(`The path of a ${scheme} URI must be relative to the repository root, with no empty, . or .. part.`);
  }
  return {
    repositoryId: decodePart(repository!),
    commitSha: decodePart(commit!),
    path,
    range: hash === -1 ? null : lineRange(rest.slice(hash + 1), scheme),
  };
}

function afterScheme(scheme: ResourceScheme, uri: string, expected: string): string {
  const prefix = `${scheme}://`;
  if (!uri.startsWith(prefix)) throw new InvalidInputError(`Not a ${scheme} URI: ${expected}.`);
  return uri.slice(prefix.length);
}

function lineRange(fragment: string, scheme: string): LineRange {
  const match = LINE_FRAGMENT.exec(fragment);
  const startLine = match ? Number(match[1]) : NaN;
  const endLine = match?.[2] !== undefined ? Number(match[2]) : startLine;
  if (!Number.isSafeInteger(startLine) || !Number.isSafeInteger(endLine) || startLine < 1 || endLine < startLine) {
    throw new InvalidInputError(
      `Bad line range in a ${scheme} URI: #${fragment}. Expected #L{start} or #L{start}-L{end}, lines counted from 1, start <= end.`,
    );
  }
  return { startLine, endLine };
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new InvalidInputError(`Bad percent-encoding in a resource URI: ${part}.`);
  }
}
