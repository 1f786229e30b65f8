import deburr from 'lodash/deburr';
import { Document, isSeq, parseDocument } from 'yaml';
import { knowledgeErrors } from './knowledge-errors';

/**
 * A knowledge document as the Knowledge MCP server writes it:
 *
 *   ---
 *   title: Document Title
 *   keywords: [keyword1, keyword2]
 *   updated: 2024-01-01T12:00:00Z
 *   ---
 *
 *   Introduction.
 *
 *   ## Chapter Title
 *   Chapter summary.
 *
 *   Chapter content...
 *
 * Chapters are the level-2 headings outside fenced code. A chapter is kept as the exact text it was
 * read from, so replacing one leaves every other byte of the body as it was.
 */
export interface KnowledgeMetadata {
  title: string;
  keywords: string[];
  updated: string;
  /** Any other front matter keys, kept as they were. */
  extra: Record<string, unknown>;
}

export interface Chapter {
  title: string;
  summary: string;
  content: string;
  /** The chapter's text in the body, from its heading to the next chapter's. */
  start: number;
  end: number;
}

export interface KnowledgeDocument {
  metadata: KnowledgeMetadata;
  introduction: string;
  chapters: Chapter[];
  body: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Parses a stored document; anything not in the seed's shape is -32007, and no YAML tag is ever resolved into code. */
export function parseKnowledgeDocument(filename: string, text: string): KnowledgeDocument {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw knowledgeErrors.invalidFrontMatter(filename, 'the document does not start with a --- front matter block');
  const metadata = parseFrontMatter(filename, match[1]!);
  const body = text.slice(match[0].length);
  const chapters = chaptersOf(body);
  const introduction = body.slice(0, chapters[0]?.start ?? body.length).trim();
  return { metadata, introduction, chapters, body };
}

function parseFrontMatter(filename: string, yamlText: string): KnowledgeMetadata {
  // The core schema knows strings, numbers, booleans, null, lists and maps: a tag such as
  // !!js/function or !!python/object is unresolved, which we refuse rather than read as text.
  const parsed = parseDocument(yamlText, { schema: 'core', uniqueKeys: true, prettyErrors: false });
  const problem = [...parsed.errors, ...parsed.warnings][0];
  if (problem) throw knowledgeErrors.invalidFrontMatter(filename, problem.message.split('\n')[0]!);
  let data: unknown;
  try {
    // No aliases: a front matter is a few plain values, and aliases are how YAML bombs expand.
    data = parsed.toJS({ maxAliasCount: 0 });
  } catch (error) {
    throw knowledgeErrors.invalidFrontMatter(filename, error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw knowledgeErrors.invalidFrontMatter(filename, 'the front matter is not a mapping');
  }
  const { title, keywords, updated, ...extra } = data as Record<string, unknown>;
  if (typeof title !== 'string' || title.trim() === '')
    throw knowledgeErrors.invalidFrontMatter(filename, 'title must be a non-empty string');
  if (!Array.isArray(keywords) || !keywords.every((keyword) => typeof keyword === 'string' || typeof keyword === 'number')) {
    throw knowledgeErrors.invalidFrontMatter(filename, 'keywords must be a list of strings');
  }
  if (updated !== undefined && typeof updated !== 'string')
    throw knowledgeErrors.invalidFrontMatter(filename, 'updated must be an ISO-8601 string');
  return { title, keywords: keywords.map(String), updated: updated ?? '', extra };
}

/** The level-2 headings of a body outside fenced code, each with its text up to the next one. */
function chaptersOf(body: string): Chapter[] {
  const headings: { title: string; start: number; textStart: number }[] = [];
  let fence: string | null = null;
  let offset = 0;
  for (const line of body.split('\n')) {
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (fence === null || fenceMark.startsWith(fence))) fence = fence === null ? fenceMark : null;
    else if (fence === null) {
      const heading = /^##[ \t]+(.*?)[ \t]*#*[ \t]*\r?$/.exec(line);
      if (heading) headings.push({ title: heading[1]!.trim(), start: offset, textStart: offset + line.length + 1 });
    }
    offset += line.length + 1;
  }
  return headings.map((heading, index) => {
    const end = headings[index + 1]?.start ?? body.length;
    const text = body.slice(Math.min(heading.textStart, end), end).replace(/^\s*\n/, '');
    const blank = /\n[ \t]*\r?\n/.exec(text);
    const summary = (blank ? text.slice(0, blank.index) : text).trim();
    const content = blank ? text.slice(blank.index + blank[0].length).trim() : '';
    return { title: heading.title, summary, content, start: heading.start, end };
  });
}

/** The text of one chapter as the seed lays it out: heading, summary, a blank line, content. */
export function renderChapter(chapter: { title: string; summary: string; content: string }): string {
  const summary = chapter.summary.trim();
  const content = chapter.content.trim();
  return `## ${chapter.title.trim()}\n${summary}${content === '' ? '' : `\n\n${content}`}\n`;
}

export function renderFrontMatter(metadata: KnowledgeMetadata): string {
  const document = new Document({ title: metadata.title, keywords: metadata.keywords, updated: metadata.updated, ...metadata.extra });
  const keywords = document.get('keywords', true);
  if (isSeq(keywords)) keywords.flow = true;
  return `---\n${document.toString({ flowCollectionPadding: false, lineWidth: 0 })}---\n`;
}

/** A new document: front matter, introduction, then each chapter, separated by blank lines. */
export function renderKnowledgeDocument(
  metadata: KnowledgeMetadata,
  introduction: string,
  chapters: { title: string; summary: string; content: string }[],
): string {
  const parts = [introduction.trim(), ...chapters.map((chapter) => renderChapter(chapter).trimEnd())].filter((part) => part !== '');
  return `${renderFrontMatter(metadata)}\n${parts.join('\n\n')}\n`;
}

/** The document with one chapter replaced and `updated` refreshed; every other chapter's bytes are kept. */
export function replaceChapter(
  document: KnowledgeDocument,
  index: number,
  replacement: { summary: string; content: string },
  updated: string,
): string {
  const chapter = document.chapters[index]!;
  const isLast = index === document.chapters.length - 1;
  const text = renderChapter({ title: chapter.title, ...replacement });
  const body = document.body.slice(0, chapter.start) + (isLast ? text : `${text}\n`) + document.body.slice(chapter.end);
  return renderFrontMatter({ ...document.metadata, updated }) + body;
}

/** ISO-8601 in UTC to the second, as the seed's example writes `updated`. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The seed's slug: Unicode transliterated to ASCII, lower case, every run of other characters one
 * hyphen, none at either end ("my-app (v2)" is "my-app-v2", "Café Überblick" is "cafe-uberblick").
 */
export function slugify(text: string): string {
  return deburr(text.normalize('NFKC'))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
