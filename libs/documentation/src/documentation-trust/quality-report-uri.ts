import { InvalidInputError, isRepositoryPath } from '@lore/domain';

/**
 * quality-report://{repo}/{commit}/{path}: the quality report of an indexed Markdown document at a
 * commit. The report is derived, not stored: reading the URI evaluates the document again, and the
 * same graph gives the same report.
 */
export interface QualityReportRef {
  repositoryId: string;
  commitSha: string;
  path: string;
}

const SCHEME = 'quality-report://';

export function formatQualityReportUri(ref: QualityReportRef): string {
  return `${SCHEME}${encodeURIComponent(ref.repositoryId)}/${encodeURIComponent(ref.commitSha)}/${ref.path.split('/').map(encodeURIComponent).join('/')}`;
}

export function parseQualityReportUri(uri: string): QualityReportRef {
  const expected = 'expected quality-report://{repo}/{commit}/{path}';
  if (!uri.startsWith(SCHEME)) throw new InvalidInputError(`Not a quality report URI: ${expected}.`);
  const [repositoryId, commitSha, ...rest] = uri.slice(SCHEME.length).split('/');
  let decoded: string[];
  try {
    decoded = [repositoryId ?? '', commitSha ?? '', ...rest].map(decodeURIComponent);
  } catch {
    throw new InvalidInputError(`Not a quality report URI: ${expected}.`);
  }
  const [repo, commit, ...pathParts] = decoded;
  const path = pathParts.join('/');
  if (!repo || !commit || !isRepositoryPath(path)) throw new InvalidInputError(`Not a quality report URI: ${expected}.`);
  return { repositoryId: repo, commitSha: commit, path };
}
