import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type LoreConfig, documentationDirectory } from '@lore/config';
import type { Principal } from '@lore/domain';
import type { CodeGraphRepository } from '@lore/graph';
import type { SourceRepository } from '@lore/indexer';
import type { KnowledgeDocumentInput, ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { RepositoryCode } from '../documentation-trust/repository-code';
import { StaleDocsDetector } from '../documentation-trust/stale-docs';
import type { DocumentationSessionContext, DocumentationSessionEvent } from './documentation-session-machine';
import { moduleDocument, moduleFileName, moduleKnowledgeDocument } from './module-documents';

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
