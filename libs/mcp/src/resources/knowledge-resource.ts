import type { ReadResourceResult } from '@modelcontextprotocol/server';
import { InvalidInputError } from '@lore/domain';

/**
 * The knowledge:// URIs of the Knowledge MCP server: `knowledge://projects/{project_id}/main`, `/files` and
 * `/chapters/{filename}`. Parts are percent-decoded before the service validates them, so an encoded
 * `..` or separator is refused as the plain one is.
 */
const KNOWLEDGE_URI = /^knowledge:\/\/projects\/([^/]+)\/(main|files|chapters\/(.+))$/;

export interface KnowledgeUri {
  projectId: string;
  view: 'main' | 'files' | 'chapters';
  filename: string | null;
}

export function parseKnowledgeUri(uri: string): KnowledgeUri | null {
  const match = KNOWLEDGE_URI.exec(uri);
  if (!match) return null;
  const view = match[2]!.startsWith('chapters/') ? 'chapters' : (match[2] as 'main' | 'files');
  return { projectId: decoded(match[1]!), view, filename: match[3] === undefined ? null : decoded(match[3]) };
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new InvalidInputError(`Not a knowledge:// URI: ${part} is not percent-encoded correctly.`);
  }
}

export function jsonContents(uri: string, value: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] };
}
