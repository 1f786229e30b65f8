import type { SearchKnowledgeResult } from '@lore/domain/schemas/project-knowledge';
import type { LazyEmbedder } from '@lore/embeddings';
import { reciprocalRankFusion } from '../search/fusion';
import { understandQuery } from '../search/query-understanding';
import { withTimeout } from '../search/semantic-index';
import type { KnowledgeDocument } from './knowledge-document';

/**
 * Ranking of knowledge chapters for search_knowledge's hybrid mode, the way search_code ranks code:
 * a full-text ranking and a semantic one, fused by reciprocal rank fusion (search/fusion.ts).
 */
export interface RankableChapter {
  id: string;
  documentTitle: string;
  keywords: readonly string[];
  introduction: string;
  title: string;
  summary: string;
  content: string;
}

/** Weights of where a term is found: the document's title and keywords, then the chapter's title, then its text. */
const FIELD_WEIGHTS = { documentTitle: 3, keywords: 3, title: 2, summary: 1, introduction: 1, content: 1 } as const;

/** The chapters that contain any of the terms (case-insensitive), best first: occurrences weighted by where they are. */
export function fullTextRanking(terms: readonly string[], chapters: readonly RankableChapter[]): string[] {
  const needles = [...new Set(terms.map((term) => term.toLowerCase()).filter((term) => term !== ''))];
  const scored = chapters
    .map((chapter) => {
      let score = 0;
      for (const [field, weight] of Object.entries(FIELD_WEIGHTS)) {
        const value = field === 'keywords' ? chapter.keywords.join(' ') : chapter[field as Exclude<keyof typeof FIELD_WEIGHTS, 'keywords'>];
        const text = value.toLowerCase();
        for (const needle of needles) score += weight * occurrences(text, needle);
      }
      return { id: chapter.id, score };
    })
    .filter((chapter) => chapter.score > 0);
  return scored.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).map((chapter) => chapter.id);
}

/** The chapters by the cosine of their vector with the query's (vectors are L2-normalised), nearest first. */
export function semanticRanking(query: Float32Array, chapters: ReadonlyMap<string, Float32Array>): { id: string; similarity: number }[] {
  return [...chapters]
    .map(([id, vector]) => ({ id, similarity: dot(query, vector) }))
    .sort((a, b) => b.similarity - a.similarity || a.id.localeCompare(b.id));
}

/** What the embedder reads of a chapter: where it is, what it says. */
export function chapterText(chapter: RankableChapter): string {
  return [chapter.documentTitle, chapter.title, chapter.summary, chapter.content].filter(Boolean).join('\n');
}

function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let index = text.indexOf(needle); index >= 0; index = text.indexOf(needle, index + needle.length)) count += 1;
  return count;
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) sum += a[index]! * b[index]!;
  return sum;
}

/** search_knowledge's substring mode: each chapter with the lines of its document and its own that contain the needle. */
export function substringMatches(
  documents: readonly { filename: string; document: KnowledgeDocument }[],
  needle: string,
): SearchKnowledgeResult['results'] {
  const results: SearchKnowledgeResult['results'] = [];
  for (const { filename, document } of documents) {
    const { title, keywords } = document.metadata;
    const fileMatches = [
      ...(title.toLowerCase().includes(needle) ? [title] : []),
      ...keywords.filter((keyword) => keyword.toLowerCase().includes(needle)),
      ...linesWith(document.introduction, needle),
    ];
    const chapters = document.chapters.length > 0 ? document.chapters : [{ title: '', summary: '', content: '' }];
    for (const chapter of chapters) {
      const matches = unique([...fileMatches, ...linesWith([chapter.title, chapter.summary, chapter.content].join('\n'), needle)]);
      if (matches.length > 0) results.push({ file: filename, title, chapter: chapter.title, chapter_summary: chapter.summary, matches });
    }
  }
  return results;
}

/**
 * search_knowledge's hybrid mode: every chapter ranked by full text (the query's words, weighted
 * by where they are found) and by the embedder's vectors (query against chapter), fused by
 * reciprocal rank fusion as search_code fuses its rankings; the best `limit`, each with its score.
 * When the embedder fails, the full-text ranking alone, with a warning.
 */
export async function rankedChapters(
  embedder: LazyEmbedder,
  timeoutMs: number,
  text: string,
  limit: number,
  documents: { filename: string; document: KnowledgeDocument }[],
): Promise<Omit<SearchKnowledgeResult, 'skipped'>> {
  const chapters = documents.flatMap(({ filename, document }) =>
    (document.chapters.length > 0 ? document.chapters : [{ title: '', summary: '', content: '' }]).map((chapter) => ({
      id: `${filename}#${chapter.title}`,
      filename,
      documentTitle: document.metadata.title,
      keywords: document.metadata.keywords,
      introduction: document.introduction,
      title: chapter.title,
      summary: chapter.summary,
      content: chapter.content,
    })),
  );
  const terms = understandQuery(text).terms.map((term) => term.toLowerCase());
  const fullText = fullTextRanking(terms, chapters);
  const warnings: string[] = [];
  let semantic: string[] = [];
  try {
    const model = await embedder.get();
    const [[queryVector], vectors] = await Promise.all([
      withTimeout(model.embed([text], 'query'), timeoutMs),
      withTimeout(model.embed(chapters.map(chapterText)), timeoutMs),
    ]);
    const byChapter = new Map(chapters.map((chapter, index) => [chapter.id, vectors[index]!]));
    semantic = semanticRanking(queryVector!, byChapter)
      .slice(0, limit)
      .map((ranked) => ranked.id);
  } catch (error) {
    warnings.push(`semantic ranking unavailable (${error instanceof Error ? error.message : String(error)}): full-text only`);
  }
  const fused = [...reciprocalRankFusion([fullText, semantic])].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
  const byId = new Map(chapters.map((chapter) => [chapter.id, chapter]));
  const results = fused.map(([id, score]) => {
    const chapter = byId.get(id)!;
    const matches = unique([
      ...(terms.some((term) => chapter.documentTitle.toLowerCase().includes(term)) ? [chapter.documentTitle] : []),
      ...chapter.keywords.filter((keyword) => terms.some((term) => keyword.toLowerCase().includes(term))),
      ...terms.flatMap((term) => linesWith([chapter.introduction, chapter.title, chapter.summary, chapter.content].join('\n'), term)),
    ]);
    return {
      file: chapter.filename,
      title: chapter.documentTitle,
      chapter: chapter.title,
      chapter_summary: chapter.summary,
      matches,
      score: Math.round(score * 1e6) / 1e6,
    };
  });
  return warnings.length > 0 ? { results, warnings } : { results };
}

export function linesWith(text: string, needle: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && line.toLowerCase().includes(needle));
}

export function unique(values: string[]): string[] {
  return [...new Set(values)];
}
