import { Inject, Injectable } from '@nestjs/common';
import { currentCallContext } from '@lore/access';
import { LORE_CONFIG, type LoreConfig, knowledgeDirectory } from '@lore/config';
import { CodeGraphRepository } from '@lore/graph';
import type { LazyEmbedder } from '@lore/embeddings';
import type { Principal } from '@lore/domain';
import {
  type ChapterInput,
  type CreateKnowledgeFileInput,
  CreateKnowledgeFileInputSchema,
  type CreateKnowledgeFileResult,
  type GetProjectMainInput,
  GetProjectMainInputSchema,
  type GetProjectMainResult,
  type ImportProjectKnowledgeInput,
  ImportProjectKnowledgeInputSchema,
  type ImportProjectKnowledgeResult,
  type KnowledgeChapters,
  type KnowledgeFileInput,
  KnowledgeFileInputSchema,
  type KnowledgeFiles,
  type KnowledgeHistory,
  type KnowledgeHistoryInput,
  KnowledgeHistoryInputSchema,
  type KnowledgeProjectInput,
  KnowledgeProjectInputSchema,
  type KnowledgeWriteResult,
  type RestoreKnowledgeFileInput,
  RestoreKnowledgeFileInputSchema,
  type SearchKnowledgeInput,
  SearchKnowledgeInputSchema,
  type SearchKnowledgeResult,
  type UpdateChapterInput,
  UpdateChapterInputSchema,
  type UpdateProjectMainInput,
  UpdateProjectMainInputSchema,
} from '@lore/domain/schemas/project-knowledge';
import {
  type GetKnowledgeLinksInput,
  GetKnowledgeLinksInputSchema,
  type GetKnowledgeLinksResult,
} from '@lore/domain/schemas/knowledge-links';
import { Operation } from '../operations/operation';
import { knowledgeErrors } from './knowledge-errors';
import { type KnowledgeDocument, isoNow, parseKnowledgeDocument, renderKnowledgeDocument, replaceChapter } from './knowledge-document';
import { KnowledgeStoreRepository, type StoreTransaction } from './knowledge-store.repository';
import { KnowledgeLinksService, chapterUri } from './knowledge-links.service';
import type { KnowledgeSearchCodeHit } from '@lore/domain/schemas/search';
import { rankedChapters, substringMatches } from './knowledge-ranking';
import { EMBEDDER } from '../infrastructure.providers';
import { projectIdOf } from './project-identity';
import { knowledgeFilename, parseKnowledgeInput, refuseBadChapters, storedFilename } from './knowledge-input';
import { importedKnowledge } from './knowledge-import';

const MAIN = 'main.md';
/** search_knowledge hybrid: chapters answered when no limit is given. */
const HYBRID_LIMIT = 10;
/** The tenant whose projects are at the store's `projects/`, byte for byte where the Knowledge MCP server keeps them. */
const DEFAULT_TENANT = 'default';
const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const TENANT_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * One chapter of a project's knowledge as documentation checks read it: who it is (project,
 * document, chapter, its knowledge:// URI), its text from its heading on, the line of the document
 * its heading is on, and the links to code it names that are stale now.
 */
export interface KnowledgeChapterText {
  projectId: string;
  filename: string;
  chapter: string;
  uri: string;
  text: string;
  firstLine: number;
  staleLinks: { reference: string; about: string; reason: string }[];
}

/** A knowledge document written whole: what create_knowledge_file takes (the file name slugified, `.md` added). */
export interface KnowledgeDocumentInput {
  filename: string;
  title: string;
  keywords: string[];
  introduction: string;
  chapters: ChapterInput[];
}

/** Where writeDocuments wrote: the project, the files, the commit. */
export interface WrittenKnowledge {
  project_id: string;
  files: string[];
  commit: string;
}

/** A project as the store knows it: its id and where its files are, relative to the store. */
interface Project {
  id: string;
  directory: string;
}

/**
 * Project knowledge (the Knowledge MCP server): each project's main.md and knowledge documents
 * in one git repository, KNOWLEDGE_MCP_HOME (LORE_KNOWLEDGE_DIR), one commit per write by Knowledge
 * MCP Server. The default tenant's projects are at `projects/{project_id}/`, exactly where the Knowledge MCP server's
 * server keeps them, so an existing store works unchanged; another tenant's at
 * `tenants/{tenant}/projects/{project_id}/`. A caller names a project, never a tenant: the tenant
 * is the principal's, so no caller reaches another tenant's knowledge.
 */
@Injectable()
export class ProjectKnowledgeService {
  constructor(
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
    private readonly graph: CodeGraphRepository,
    private readonly links: KnowledgeLinksService,
    @Inject(EMBEDDER) private readonly embedder: LazyEmbedder,
  ) {}

  private get store(): KnowledgeStoreRepository {
    return KnowledgeStoreRepository.at(knowledgeDirectory(this.config));
  }

  @Operation('get_project_main', { kind: 'read', cached: false })
  async getProjectMain(input: GetProjectMainInput, principal: Principal): Promise<GetProjectMainResult> {
    const query = parseKnowledgeInput(GetProjectMainInputSchema, input);
    const project = await this.projectOf(principal, query.project_id);
    const content = await this.store.read(`${project.directory}/${MAIN}`);
    return { content: content ?? '', exists: content !== null };
  }

  @Operation('update_project_main', { kind: 'side_effect' })
  async updateProjectMain(input: UpdateProjectMainInput, principal: Principal): Promise<KnowledgeWriteResult> {
    const query = parseKnowledgeInput(UpdateProjectMainInputSchema, input);
    const project = await this.projectOf(principal, query.project_id);
    this.refuseOversized(MAIN, query.content);
    const path = `${project.directory}/${MAIN}`;
    return this.store.write(async (tx) => {
      if (query.expected_version !== undefined) await refuseStale(tx, project, MAIN, path, query.expected_version, null);
      return {
        changes: [{ path, content: query.content }],
        message: commitMessage(project, `Updated ${MAIN}`),
        result: { success: true, message: `Updated ${MAIN} for project ${project.id}` },
      };
    });
  }

  @Operation('search_knowledge', { kind: 'read', cached: false })
  async searchKnowledge(input: SearchKnowledgeInput, principal: Principal): Promise<SearchKnowledgeResult> {
    const query = parseKnowledgeInput(SearchKnowledgeInputSchema, input);
    const project = await this.existingProject(principal, query.project_id);
    const needle = query.query.trim().toLowerCase();
    if (needle === '') throw knowledgeErrors.missingFields(['query']);
    const { documents, skipped } = await this.documentsOf(project);
    if (query.mode === 'hybrid') {
      const ranked = await rankedChapters(
        this.embedder,
        this.config.LORE_EMBEDDINGS_TIMEOUT_MS,
        query.query,
        query.limit ?? HYBRID_LIMIT,
        documents,
      );
      return { ...ranked, skipped };
    }
    return { results: substringMatches(documents, needle), skipped };
  }

  /**
   * search_code's `include: ["knowledge"]`, below the gate: the chapters of the projects of these
   * repositories (a project the store does not have is skipped), ranked as the hybrid mode ranks
   * them, the best `limit` of all.
   */
  async knowledgeHits(
    principal: Principal,
    repositories: readonly { url: string | null; rootPath: string }[],
    text: string,
    limit: number,
  ): Promise<KnowledgeSearchCodeHit[]> {
    const projectIds = [
      ...new Set(repositories.map((repository) => projectIdOf({ remoteUrl: repository.url, directory: repository.rootPath }))),
    ];
    const hits: KnowledgeSearchCodeHit[] = [];
    for (const projectId of projectIds.filter((id) => PROJECT_ID.test(id)).sort()) {
      const directory =
        principal.tenantId === DEFAULT_TENANT ? `projects/${projectId}` : `tenants/${principal.tenantId}/projects/${projectId}`;
      if (!TENANT_ID.test(principal.tenantId) || !(await this.store.isDirectory(directory))) continue;
      const { documents } = await this.documentsOf({ id: projectId, directory });
      const { results } = await rankedChapters(this.embedder, this.config.LORE_EMBEDDINGS_TIMEOUT_MS, text, limit, documents);
      for (const { file, chapter, score, ...hit } of results)
        hits.push({
          artifactType: 'knowledge',
          uri: chapterUri(projectId, file, chapter),
          projectId,
          file,
          chapter,
          ...hit,
          score: score ?? 0,
        });
    }
    return hits.sort((a, b) => b.score - a.score || a.uri.localeCompare(b.uri)).slice(0, limit);
  }

  /**
   * The chapters of the projects of a repository (its origin's or directory's slug, and its id),
   * below the gate: verify_claim and detect_stale_docs check them beside the repository's Markdown.
   * A project the store does not have is skipped, as is a file that is not a knowledge document.
   */
  async chaptersOfRepository(
    principal: Principal,
    repository: { repositoryId: string; url: string | null; rootPath: string },
  ): Promise<KnowledgeChapterText[]> {
    if (!TENANT_ID.test(principal.tenantId)) return [];
    const projectIds = [
      ...new Set([projectIdOf({ remoteUrl: repository.url, directory: repository.rootPath }), repository.repositoryId]),
    ].filter((id) => PROJECT_ID.test(id) && !id.includes('..'));
    const chapters: KnowledgeChapterText[] = [];
    for (const projectId of projectIds.sort()) {
      const directory =
        principal.tenantId === DEFAULT_TENANT ? `projects/${projectId}` : `tenants/${principal.tenantId}/projects/${projectId}`;
      if (!(await this.store.isDirectory(directory))) continue;
      const stale = (await this.links.linksOf(principal, projectId, undefined)).links.filter((link) => link.stale);
      for (const filename of (await this.store.listFiles(directory)).sort()) {
        if (filename === MAIN || filename.startsWith('.') || !filename.endsWith('.md')) continue;
        const text = await this.store.read(`${directory}/${filename}`);
        if (text === null) continue;
        let document: KnowledgeDocument;
        try {
          document = parseKnowledgeDocument(filename, text);
        } catch {
          continue;
        }
        // The body's first line: after the front matter and its closing ---.
        const bodyLine = text.slice(0, text.length - document.body.length).split('\n').length;
        for (const chapter of document.chapters) {
          chapters.push({
            projectId,
            filename,
            chapter: chapter.title,
            uri: chapterUri(projectId, filename, chapter.title),
            text: document.body.slice(chapter.start, chapter.end),
            firstLine: bodyLine + document.body.slice(0, chapter.start).split('\n').length - 1,
            staleLinks: stale
              .filter((link) => link.filename === filename && link.chapter === chapter.title)
              .map((link) => ({ reference: link.reference, about: link.about, reason: link.staleReason ?? link.status })),
          });
        }
      }
    }
    return chapters;
  }

  @Operation('create_knowledge_file', { kind: 'side_effect' })
  async createKnowledgeFile(input: CreateKnowledgeFileInput, principal: Principal): Promise<CreateKnowledgeFileResult> {
    const query = parseKnowledgeInput(CreateKnowledgeFileInputSchema, input);
    const project = await this.projectOf(principal, query.project_id);
    const filename = knowledgeFilename(query.filename);
    const missing = [
      ...(query.title.trim() === '' ? ['title'] : []),
      ...(query.keywords.filter((keyword) => keyword.trim() !== '').length === 0 ? ['keywords'] : []),
    ];
    if (missing.length > 0) throw knowledgeErrors.missingFields(missing);
    refuseBadChapters(query.chapters);
    const text = renderKnowledgeDocument(
      {
        title: query.title.trim(),
        keywords: query.keywords.map((keyword) => keyword.trim()).filter(Boolean),
        updated: isoNow(),
        extra: {},
      },
      query.introduction,
      query.chapters,
    );
    this.refuseOversized(filename, text);
    const path = `${project.directory}/${filename}`;
    const created = await this.store.write(async (tx) => {
      if ((await tx.read(path)) !== null) {
        throw knowledgeErrors.invalidName(
          'filename',
          `${filename} exists in project ${project.id}: update its chapters, or delete it first`,
          {
            filename,
          },
        );
      }
      return {
        changes: [{ path, content: text }],
        message: commitMessage(project, `Created ${filename}`),
        result: { success: true, filepath: this.shown(path), message: `Created ${filename} in project ${project.id}` },
      };
    });
    await this.links.linkDocument(principal.tenantId, project.id, filename, parseKnowledgeDocument(filename, text), created.commit);
    return created;
  }

  /**
   * Writes documents into a project in one commit, each created or replaced whole (a documentation
   * session's modules). Not an operation: the operation calling it has checked knowledge:write.
   */
  async writeDocuments(principal: Principal, projectId: string, documents: readonly KnowledgeDocumentInput[]): Promise<WrittenKnowledge> {
    const project = await this.projectOf(principal, projectId);
    const updated = isoNow();
    const rendered = documents.map((document) => {
      const filename = knowledgeFilename(document.filename);
      refuseBadChapters(document.chapters);
      const metadata = { title: document.title, keywords: document.keywords, updated, extra: {} };
      const text = renderKnowledgeDocument(metadata, document.introduction, document.chapters);
      this.refuseOversized(filename, text);
      return { filename, path: `${project.directory}/${filename}`, text };
    });
    const written = await this.store.write(async (tx) => {
      const operations: string[] = [];
      for (const { filename, path } of rendered) operations.push(`${(await tx.read(path)) === null ? 'Created' : 'Updated'} ${filename}`);
      return {
        changes: rendered.map(({ path, text }) => ({ path, content: text })),
        message: commitMessage(project, operations.join('; ')),
        result: { project_id: project.id, files: rendered.map(({ filename }) => filename) },
      };
    });
    for (const { filename, text } of rendered) {
      await this.links.linkDocument(principal.tenantId, project.id, filename, parseKnowledgeDocument(filename, text), written.commit);
    }
    return written;
  }

  @Operation('update_chapter', { kind: 'side_effect' })
  async updateChapter(input: UpdateChapterInput, principal: Principal): Promise<KnowledgeWriteResult> {
    const query = parseKnowledgeInput(UpdateChapterInputSchema, input);
    const project = await this.existingProject(principal, query.project_id);
    const filename = knowledgeFilename(query.filename);
    const chapterTitle = query.chapter_title.trim();
    if (chapterTitle === '' || chapterTitle.includes('\n'))
      throw knowledgeErrors.invalidName('chapter_title', 'a chapter title is one non-empty line');
    const path = `${project.directory}/${filename}`;
    let updated = '';
    const written = await this.store.write(async (tx) => {
      const text = await tx.read(path);
      if (text === null) throw knowledgeErrors.fileNotFound(project.id, filename, this.shown(path));
      const document = parseKnowledgeDocument(filename, text);
      if (query.expected_version !== undefined) await refuseStale(tx, project, filename, path, query.expected_version, document);
      const index = document.chapters.findIndex((chapter) => chapter.title === chapterTitle);
      if (index < 0) {
        throw knowledgeErrors.chapterNotFound(
          project.id,
          filename,
          chapterTitle,
          document.chapters.map((chapter) => chapter.title),
        );
      }
      updated = replaceChapter(document, index, { summary: query.new_summary, content: query.new_content }, isoNow());
      this.refuseOversized(filename, updated);
      return {
        changes: [{ path, content: updated }],
        message: commitMessage(project, `Updated chapter '${chapterTitle}' in ${filename}`),
        result: { success: true, message: `Updated chapter '${chapterTitle}' in ${filename}` },
      };
    });
    await this.links.linkDocument(principal.tenantId, project.id, filename, parseKnowledgeDocument(filename, updated), written.commit);
    return written;
  }

  @Operation('delete_knowledge_file', { kind: 'side_effect' })
  async deleteKnowledgeFile(input: KnowledgeFileInput, principal: Principal): Promise<KnowledgeWriteResult> {
    const query = parseKnowledgeInput(KnowledgeFileInputSchema, input);
    const project = await this.existingProject(principal, query.project_id);
    const filename = knowledgeFilename(query.filename);
    const path = `${project.directory}/${filename}`;
    const deleted = await this.store.write(async (tx) => {
      if ((await tx.read(path)) === null) throw knowledgeErrors.fileNotFound(project.id, filename, this.shown(path));
      return {
        changes: [{ path, content: null }],
        message: commitMessage(project, `Deleted ${filename}`),
        result: { success: true, message: `Deleted ${filename} from project ${project.id}` },
      };
    });
    await this.links.linkDocument(principal.tenantId, project.id, filename, null, deleted.commit);
    return deleted;
  }

  /** knowledge://projects/{project_id}/main: main.md of a project that exists ("" when it has none). */
  @Operation('read_project_main', { kind: 'read', cached: false })
  async readProjectMain(input: KnowledgeProjectInput, principal: Principal): Promise<string> {
    const query = parseKnowledgeInput(KnowledgeProjectInputSchema, input);
    const project = await this.existingProject(principal, query.project_id);
    return (await this.store.read(`${project.directory}/${MAIN}`)) ?? '';
  }

  /** knowledge://projects/{project_id}/files */
  @Operation('list_knowledge_files', { kind: 'read', cached: false })
  async listKnowledgeFiles(input: KnowledgeProjectInput, principal: Principal): Promise<KnowledgeFiles> {
    const query = parseKnowledgeInput(KnowledgeProjectInputSchema, input);
    const project = await this.existingProject(principal, query.project_id);
    const { documents, skipped } = await this.documentsOf(project);
    return {
      files: documents.map(({ filename, document }) => ({
        filename,
        title: document.metadata.title,
        keywords: document.metadata.keywords,
        updated: document.metadata.updated,
      })),
      skipped,
    };
  }

  /** knowledge://projects/{project_id}/chapters/{filename} */
  @Operation('list_knowledge_chapters', { kind: 'read', cached: false })
  async listKnowledgeChapters(input: KnowledgeFileInput, principal: Principal): Promise<KnowledgeChapters> {
    const query = parseKnowledgeInput(KnowledgeFileInputSchema, input);
    const project = await this.existingProject(principal, query.project_id);
    const filename = knowledgeFilename(query.filename);
    const path = `${project.directory}/${filename}`;
    const text = await this.store.read(path);
    if (text === null) throw knowledgeErrors.fileNotFound(project.id, filename, this.shown(path));
    const document = parseKnowledgeDocument(filename, text);
    return { chapters: document.chapters.map(({ title, summary }) => ({ title, summary })) };
  }

  /** The links of a project's chapters to the code they name, each with whether that code changed since the chapter was written. */
  @Operation('get_knowledge_links', { kind: 'read', cached: false })
  async getKnowledgeLinks(input: GetKnowledgeLinksInput, principal: Principal): Promise<GetKnowledgeLinksResult> {
    const query = parseKnowledgeInput(GetKnowledgeLinksInputSchema, input);
    const project = await this.existingProject(principal, query.project_id);
    const filename = query.filename === undefined ? undefined : knowledgeFilename(query.filename);
    return this.links.linksOf(principal, project.id, filename);
  }

  @Operation('get_knowledge_history', { kind: 'read', cached: false })
  async getKnowledgeHistory(input: KnowledgeHistoryInput, principal: Principal): Promise<KnowledgeHistory> {
    const query = parseKnowledgeInput(KnowledgeHistoryInputSchema, input);
    const project = await this.existingProject(principal, query.project_id);
    const filename = storedFilename(query.filename);
    const versions = await this.store.history(`${project.directory}/${filename}`, query.limit);
    if (versions.length === 0) throw knowledgeErrors.fileNotFound(project.id, filename, this.shown(`${project.directory}/${filename}`));
    return { filename, versions };
  }

  /** Brings a document back as it was at a commit of its history, as a new commit (history is never rewritten). */
  @Operation('restore_knowledge_file', { kind: 'side_effect' })
  async restoreKnowledgeFile(input: RestoreKnowledgeFileInput, principal: Principal): Promise<KnowledgeWriteResult> {
    const query = parseKnowledgeInput(RestoreKnowledgeFileInputSchema, input);
    const project = await this.existingProject(principal, query.project_id);
    const filename = storedFilename(query.filename);
    if (!/^[0-9a-f]{7,40}$/i.test(query.commit)) throw knowledgeErrors.invalidName('commit', 'a commit is 7 to 40 hexadecimal digits');
    const path = `${project.directory}/${filename}`;
    let restored: KnowledgeDocument | null = null;
    const written = await this.store.write(async () => {
      const text = await this.store.readAt(query.commit, path);
      if (text === null) throw knowledgeErrors.fileNotFound(project.id, filename, `${this.shown(path)}@${query.commit}`);
      if (filename !== MAIN) restored = parseKnowledgeDocument(filename, text);
      return {
        changes: [{ path, content: text }],
        message: commitMessage(project, `Restored ${filename} from ${query.commit.slice(0, 12)}`),
        result: { success: true, message: `Restored ${filename} as of ${query.commit.slice(0, 12)}` },
      };
    });
    if (restored !== null) await this.links.linkDocument(principal.tenantId, project.id, filename, restored, written.commit);
    return written;
  }

  /**
   * Turns a CLAUDE.md or AGENTS.md into the project's knowledge, in one commit: the text before its
   * first `## ` heading becomes main.md, followed by a list of the documents made; each `## `
   * section becomes a knowledge document titled by its heading, its first paragraph the
   * introduction, its `### ` sub-sections the chapters (or one chapter of the whole section).
   */
  @Operation('import_project_knowledge', { kind: 'side_effect' })
  async importProjectKnowledge(input: ImportProjectKnowledgeInput, principal: Principal): Promise<ImportProjectKnowledgeResult> {
    const query = parseKnowledgeInput(ImportProjectKnowledgeInputSchema, input);
    const project = await this.projectOf(principal, query.project_id);
    const source = query.source.trim().split(/[\\/]/).pop() || 'CLAUDE.md';
    const imported = importedKnowledge(query.content, isoNow());
    const changes = [
      { path: `${project.directory}/${MAIN}`, content: imported.main },
      ...imported.documents.map((document) => ({ path: `${project.directory}/${document.filename}`, content: document.text })),
    ];
    for (const change of changes) this.refuseOversized(change.path.split('/').pop()!, change.content);
    const written = await this.store.write(async (tx) => {
      for (const document of imported.documents) {
        if ((await tx.read(`${project.directory}/${document.filename}`)) !== null) {
          throw knowledgeErrors.invalidName(
            'filename',
            `${document.filename} exists in project ${project.id}: delete it before importing`,
            {
              filename: document.filename,
            },
          );
        }
      }
      return {
        changes,
        message: commitMessage(project, `Imported ${source}`),
        result: {
          success: true,
          message: `Imported ${source} into project ${project.id}: ${MAIN} and ${imported.documents.length} knowledge files`,
          files: imported.documents.map((document) => document.filename),
        },
      };
    });
    for (const document of imported.documents) {
      const parsed = parseKnowledgeDocument(document.filename, document.text);
      await this.links.linkDocument(principal.tenantId, project.id, document.filename, parsed, written.commit);
    }
    return written;
  }

  /**
   * The project a caller names, in the caller's tenant. A Lore repository id the caller can read
   * names the project of that repository (its origin URL's slug, else its directory's), so
   * `order-service` and `github-com-acme-order-service` are one project.
   */
  private async projectOf(principal: Principal, projectId: string): Promise<Project> {
    if (!PROJECT_ID.test(projectId) || projectId.includes('..')) {
      throw knowledgeErrors.invalidName(
        'project_id',
        'a project id is letters, digits, ".", "_" and "-", not starting with "." and without ".."',
        {
          project_id: projectId,
        },
      );
    }
    if (!TENANT_ID.test(principal.tenantId))
      throw knowledgeErrors.invalidName('tenant', 'the tenant id of this credential cannot name a directory');
    // The Knowledge MCP server: the store is created, as a git repository, on first use.
    await this.store.ensureRepository();
    const repository = await this.graph.getRepository(principal, projectId);
    const id = repository ? projectIdOf({ remoteUrl: repository.url, directory: repository.rootPath }) || projectId : projectId;
    const directory = principal.tenantId === DEFAULT_TENANT ? `projects/${id}` : `tenants/${principal.tenantId}/projects/${id}`;
    return { id, directory };
  }

  /**
   * A store path as the caller sees it in an answer (`filepath`, `searched_path`): absolute for a
   * caller on this machine (stdio, the CLI), as the Knowledge MCP server answers; relative to the
   * knowledge store for one over the network, to whom this server's directories are not to be shown.
   */
  private shown(path: string): string {
    const { door } = currentCallContext();
    return door === 'mcp-stdio' || door === 'cli' || door === 'internal' ? this.store.absolute(path) : path;
  }

  private async existingProject(principal: Principal, projectId: string): Promise<Project> {
    const project = await this.projectOf(principal, projectId);
    if (!(await this.store.isDirectory(project.directory)))
      throw knowledgeErrors.projectNotFound(project.id, this.shown(project.directory));
    return project;
  }

  /** The project's knowledge documents, by file name; a file that is not one is skipped, with why. */
  private async documentsOf(
    project: Project,
  ): Promise<{ documents: { filename: string; document: KnowledgeDocument }[]; skipped: KnowledgeFiles['skipped'] }> {
    const documents: { filename: string; document: KnowledgeDocument }[] = [];
    const skipped: KnowledgeFiles['skipped'] = [];
    for (const filename of await this.store.listFiles(project.directory)) {
      if (filename === MAIN || filename.startsWith('.') || !filename.endsWith('.md')) continue;
      const text = await this.store.read(`${project.directory}/${filename}`);
      if (text === null) continue;
      try {
        documents.push({ filename, document: parseKnowledgeDocument(filename, text) });
      } catch (error) {
        skipped.push({ filename, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return { documents, skipped };
  }

  private refuseOversized(filename: string, text: string): void {
    const size = Buffer.byteLength(text, 'utf8');
    const limit = this.config.LORE_KNOWLEDGE_MAX_BYTES;
    if (size > limit) {
      throw knowledgeErrors.invalidName(
        'content',
        `${filename} would be ${size} bytes, over the limit of ${limit} bytes (LORE_KNOWLEDGE_MAX_BYTES)`,
        {
          filename,
          size_bytes: size,
          limit_bytes: limit,
        },
      );
    }
  }
}

/** The seed's commit message: `Update knowledge for {project_id}: {operation}`. */
function commitMessage(project: Project, operation: string): string {
  return `Update knowledge for ${project.id}: ${operation}`;
}

/** An update with an expected version that is no longer the document's: the commit that last changed it, or its `updated`. */
async function refuseStale(
  tx: StoreTransaction,
  project: Project,
  filename: string,
  path: string,
  expected: string,
  document: KnowledgeDocument | null,
): Promise<void> {
  const commit = await tx.lastCommitOf(path);
  const updated = document?.metadata.updated || null;
  const matches =
    (updated !== null && expected === updated) ||
    (commit !== null && /^[0-9a-f]{7,40}$/i.test(expected) && commit.startsWith(expected.toLowerCase()));
  if (!matches) throw knowledgeErrors.versionConflict(project.id, filename, expected, { commit, updated });
}
