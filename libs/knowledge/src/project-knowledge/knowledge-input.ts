import type { z } from 'zod';
import type { ChapterInput } from '@lore/domain/schemas/project-knowledge';
import { knowledgeErrors } from './knowledge-errors';
import { slugify } from './knowledge-document';

const MAIN = 'main.md';
/** Fields whose bad value is an invalid name (-32004) rather than invalid metadata (-32007). */
const NAME_FIELDS = new Set(['project_id', 'filename', 'chapter_title', 'commit']);

/**
 * Validates a knowledge tool's input with the seed's codes: a missing field is -32008, a bad
 * project id, file name or chapter title -32004, any other bad value -32007.
 */
export function parseKnowledgeInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const given = (input ?? {}) as Record<string, unknown>;
  const missing = parsed.error.issues
    .filter((issue) => issue.code === 'invalid_type' && issue.path.length === 1 && given[String(issue.path[0])] === undefined)
    .map((issue) => String(issue.path[0]));
  if (missing.length > 0) throw knowledgeErrors.missingFields(missing);
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || '(input)';
  if (NAME_FIELDS.has(String(issue.path[0]))) throw knowledgeErrors.invalidName(field, issue.message);
  throw knowledgeErrors.invalidMetadata(field, issue.message);
}

/**
 * A knowledge file's name in the store: no separators, NUL or `..` (refused, -32004, never
 * cleaned into another name); otherwise slugified, with `.md`. main.md is not a knowledge file.
 */
export function knowledgeFilename(requested: string): string {
  if (/[/\\\0]/.test(requested) || requested.includes('..')) {
    throw knowledgeErrors.invalidName('filename', 'a file name has no path separators, NUL bytes or ".."', { filename: requested });
  }
  const slug = slugify(requested.trim().replace(/\.md$/i, ''));
  if (slug === '') throw knowledgeErrors.invalidName('filename', 'the name has no letters or digits', { filename: requested });
  if (slug === 'main')
    throw knowledgeErrors.invalidName('filename', "main.md is the project's main document, not a knowledge file", { filename: requested });
  return `${slug}.md`;
}

/** A file of history and restore: main.md, or a knowledge file. */
export function storedFilename(requested: string): string {
  return requested.trim() === MAIN ? MAIN : knowledgeFilename(requested);
}

export function refuseBadChapters(chapters: ChapterInput[]): void {
  const seen = new Set<string>();
  for (const chapter of chapters) {
    const title = chapter.title.trim();
    if (title === '' || title.includes('\n')) throw knowledgeErrors.invalidName('chapters.title', 'a chapter title is one non-empty line');
    if (seen.has(title)) throw knowledgeErrors.invalidName('chapters.title', `two chapters are titled "${title}"`);
    seen.add(title);
  }
}
