import { ConflictError, InternalError, InvalidInputError, type LoreError, NotFoundError, UnavailableError } from '@lore/domain';
import { KNOWLEDGE_ERROR_CODES } from '@lore/domain/schemas/project-knowledge';

/**
 * The knowledge server's errors as Lore errors: each door maps the Lore code as usual (REST status,
 * GraphQL extensions.code, CLI exit code), and the seed's JSON-RPC code and `data` ride along in
 * `details` ({jsonRpcCode, data}), which the MCP door answers as that JSON-RPC error.
 */
type Data = Record<string, unknown>;

function withCode<E extends LoreError>(error: new (message: string, options: { hint?: string; details?: Data }) => E) {
  return (jsonRpcCode: number, message: string, data: Data, hint?: string): E =>
    new error(message, { hint, details: { jsonRpcCode, data } });
}

const notFound = withCode(NotFoundError);
const invalid = withCode(InvalidInputError);

export const knowledgeErrors = {
  projectNotFound: (projectId: string, searchedPath: string) =>
    notFound(KNOWLEDGE_ERROR_CODES.projectNotFound, `Project not found: ${projectId}`, {
      project_id: projectId,
      searched_path: searchedPath,
    }),
  fileNotFound: (projectId: string, filename: string, searchedPath: string) =>
    notFound(KNOWLEDGE_ERROR_CODES.fileNotFound, `Knowledge file not found: ${filename}`, {
      project_id: projectId,
      filename,
      searched_path: searchedPath,
    }),
  chapterNotFound: (projectId: string, filename: string, chapterTitle: string, available: string[]) =>
    notFound(KNOWLEDGE_ERROR_CODES.chapterNotFound, `Chapter not found: ${chapterTitle} in ${filename}`, {
      project_id: projectId,
      filename,
      chapter_title: chapterTitle,
      available_chapters: available,
    }),
  invalidName: (field: string, reason: string, extra: Data = {}) =>
    invalid(KNOWLEDGE_ERROR_CODES.invalidName, `Invalid ${field}: ${reason}`, { field, reason, ...extra }),
  invalidFrontMatter: (filename: string, reason: string) =>
    invalid(KNOWLEDGE_ERROR_CODES.invalidFrontMatter, `Invalid frontmatter in ${filename}: ${reason}`, { filename, reason }),
  invalidMetadata: (field: string, reason: string) =>
    invalid(KNOWLEDGE_ERROR_CODES.invalidFrontMatter, `Invalid metadata: ${field}: ${reason}`, { field, reason }),
  missingFields: (fields: string[]) =>
    invalid(KNOWLEDGE_ERROR_CODES.missingFields, `Missing required fields: ${fields.join(', ')}`, { missing_fields: fields }),
  gitFailed: (operation: string, reason: string) =>
    new UnavailableError(`Git operation failed: ${operation}: ${reason}`, {
      hint: 'The knowledge store needs the git executable on PATH and a writable store directory (KNOWLEDGE_MCP_HOME).',
      details: { jsonRpcCode: KNOWLEDGE_ERROR_CODES.gitFailed, data: { operation, reason } },
    }),
  fileIoFailed: (path: string, reason: string) =>
    new InternalError(`File I/O error: ${path}: ${reason}`, {
      details: { jsonRpcCode: KNOWLEDGE_ERROR_CODES.fileIoFailed, data: { path, reason } },
    }),
  versionConflict: (projectId: string, filename: string, expected: string, current: { commit: string | null; updated: string | null }) =>
    new ConflictError(`Version conflict: ${filename} changed since ${expected}`, {
      hint: 'Read the document again, merge your change into it, and retry with its current version.',
      details: {
        jsonRpcCode: KNOWLEDGE_ERROR_CODES.versionConflict,
        data: {
          project_id: projectId,
          filename,
          expected_version: expected,
          current_commit: current.commit,
          current_updated: current.updated,
        },
      },
    }),
};
