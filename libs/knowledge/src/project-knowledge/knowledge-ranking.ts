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
