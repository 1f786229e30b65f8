import type { KnowledgeDocumentInput } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import type { DocumentationSessionContext, SessionGrouping } from './documentation-session-machine';

/** Keywords a module's knowledge document keeps at most (the analyses' own, most named first). */
const MAX_KEYWORDS = 20;

type AnalyzedFile = DocumentationSessionContext['files'][number];

/** A module's file name, without `.md`: its theme's words joined by '-', or module-<n> for a theme with none. */
export function moduleFileName(theme: string, index: number): string {
  const slug = theme
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || `module-${index + 1}`;
}

/** A module's Markdown document in the output directory: its description, then each file's summary and documentation. */
export function moduleDocument(theme: string, description: string, files: readonly AnalyzedFile[]): string {
  const parts = [`# ${theme}`, ''];
  if (description) parts.push(description, '');
  for (const file of inPathOrder(files)) {
    parts.push(`## \`${file.path}\``, '', file.analysis!.summary!.trim(), '', file.analysis!.documentation!.trim(), '');
  }
  return parts.join('\n');
}

/**
 * A module as a knowledge document of the project: a chapter per file (its path, the analysis's
 * summary and documentation), the analyses' keywords (the theme's words when they name none), and
 * the grouping's description as the introduction.
 */
export function moduleKnowledgeDocument(
  grouping: SessionGrouping,
  index: number,
  files: readonly AnalyzedFile[],
  repositoryId: string,
): KnowledgeDocumentInput {
  const counts = new Map<string, number>();
  for (const keyword of files.flatMap((file) => file.analysis!.keywords ?? [])) {
    const word = keyword.trim();
    if (word !== '' && !word.includes('\n')) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const named = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).map(([word]) => word);
  return {
    filename: moduleFileName(grouping.theme, index),
    title: grouping.theme,
    keywords: (named.length > 0 ? named : grouping.theme.split(/[^A-Za-z0-9]+/).filter(Boolean)).slice(0, MAX_KEYWORDS),
    introduction:
      grouping.description || `The ${grouping.theme} module of ${repositoryId}, documented file by file by a documentation session.`,
    chapters: inPathOrder(files).map((file) => ({
      title: file.path,
      summary: file.analysis!.summary!.trim(),
      content: file.analysis!.documentation!.trim(),
    })),
  };
}

function inPathOrder(files: readonly AnalyzedFile[]): AnalyzedFile[] {
  return [...files].sort((a, b) => a.path.localeCompare(b.path));
}
