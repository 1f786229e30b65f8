import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type LoreConfig, documentationDirectory } from '@lore/config';
import type { Principal } from '@lore/domain';
import type { CodeGraphRepository } from '@lore/graph';
import type { SourceRepository } from '@lore/indexer';
import type { KnowledgeDocumentInput, ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { RepositoryCode } from '../documentation-trust/repository-code';
import { StaleDocsDetector } from '../documentation-trust/stale-docs';
import type { DocumentationSessionContext, DocumentationSessionEvent, SessionGrouping } from './documentation-session-machine';

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

/** What writing a session's module documents reads and writes through. */
export interface ModuleDocumentsWriter {
  config: LoreConfig;
  graph: CodeGraphRepository;
  sources: SourceRepository;
  knowledge: ProjectKnowledgeService;
}

/**
 * Writes one Markdown file per module (a theme, or create_documentation's module) into the session's
 * directory of the output directory, each file atomically, and checks every statement that names
 * code against the graph and the code (the documentation-trust claim checks); with knowledge_store,
 * the modules also go into the workspace's project knowledge, in one commit.
 */
export async function writeModuleDocuments(
  { config, graph, sources, knowledge: projectKnowledge }: ModuleDocumentsWriter,
  principal: Principal,
  context: DocumentationSessionContext,
): Promise<DocumentationSessionEvent> {
  const directory = join(documentationDirectory(config), context.sessionId);
  await mkdir(directory, { recursive: true });
  const repository = await graph.getRepository(principal, context.repositoryId);
  const detector = repository ? new StaleDocsDetector(graph, new RepositoryCode(graph, sources, principal, repository)) : null;
  const claims = { supported: 0, contradicted: 0, unknown: 0 };
  const modules: KnowledgeDocumentInput[] = [];
  const names = new Set<string>();
  for (const [index, grouping] of context.groupings.entries()) {
    const files = context.files.filter((file) => file.theme === grouping.theme && file.status === 'analyzed');
    if (files.length === 0) continue;
    let name = moduleFileName(grouping.theme, index);
    for (let n = 2; names.has(name); n += 1) name = `${moduleFileName(grouping.theme, index)}-${n}`;
    names.add(name);
    const text = moduleDocument(grouping.theme, grouping.description, files);
    await writeFile(join(directory, `${name}.md.tmp`), text);
    await rename(join(directory, `${name}.md.tmp`), join(directory, `${name}.md`));
    modules.push({ ...moduleKnowledgeDocument(grouping, index, files, context.repositoryId), filename: name });
    if (detector) {
      const detection = await detector.detect([{ path: `${name}.md`, text, indexed: false }], { claims: true, history: false });
      claims.supported += detection.claims.supported;
      claims.contradicted += detection.claims.contradicted;
      claims.unknown += detection.claims.unknown;
    }
  }
  const knowledge =
    context.knowledgeStore && modules.length > 0 ? await projectKnowledge.writeDocuments(principal, context.repositoryId, modules) : null;
  return { type: 'DOCUMENTATION_WRITTEN', documentationPath: directory, claims, knowledge };
}
