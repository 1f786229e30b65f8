import { InvalidInputError } from './errors';

/** A span of a file at a commit: code://{repo}/{commit}/{path}#L{start}-L{end} (seed 000 section 8.1). */
export interface CodeSpanRef {
  repositoryId: string;
  commitSha: string;
  path: string;
  startLine: number;
  endLine: number;
}

const CODE_URI = /^code:\/\/([^/]+)\/([^/]+)\/(.+?)(?:#L(\d+)(?:-L(\d+))?)?$/;

export function formatCodeUri(ref: CodeSpanRef): string {
  return `code://${encodeURIComponent(ref.repositoryId)}/${ref.commitSha}/${encodePath(ref.path)}#L${ref.startLine}-L${ref.endLine}`;
}

export function parseCodeUri(uri: string): CodeSpanRef {
  const match = CODE_URI.exec(uri);
  if (!match) {
    throw new InvalidInputError(`Not a code URI: expected code://{repo}/{commit}/{path}#L{start}-L{end}.`);
  }
  const [, repo, commit, path, start, end] = match;
  const startLine = start ? Number(start) : 1;
  const endLine = end ? Number(end) : startLine;
  if (startLine < 1 || endLine < startLine) {
    throw new InvalidInputError(`Bad line range in code URI: L${startLine}-L${endLine}.`);
  }
  const decodedPath = decodeURIComponent(path!);
  if (decodedPath.split('/').some((part) => part === '..' || part === '')) {
    throw new InvalidInputError('The path of a code URI must be relative to the repository root.');
  }
  return { repositoryId: decodeURIComponent(repo!), commitSha: commit!, path: decodedPath, startLine, endLine };
}

/** symbol://{repo}/{commit}/{qualifiedName} (seed 000 section 8.2). */
export function formatSymbolUri(repositoryId: string, commitSha: string, qualifiedName: string): string {
  return `symbol://${encodeURIComponent(repositoryId)}/${commitSha}/${encodeURIComponent(qualifiedName)}`;
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
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
