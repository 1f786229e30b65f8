import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig, documentationDirectory } from '@lore/config';
import {
  InvalidInputError,
  NotFoundError,
  PermissionDeniedError,
  type Principal,
  QualityGateFailedError,
  TRUST_BOUNDARY,
} from '@lore/domain';
import {
  type ArchiveDocumentInput,
  ArchiveDocumentInputSchema,
  type ArchiveDocumentResult,
  type AssembleContextPackInput,
  AssembleContextPackInputSchema,
  type ContextPack,
  type ContextPackIdInput,
  ContextPackIdInputSchema,
  type CreatePullRequestInput,
  CreatePullRequestInputSchema,
  type CreatePullRequestResult,
  type DocumentDraft,
  type DocumentIdInput,
  DocumentIdInputSchema,
  type GenerateDocumentDraftInput,
  GenerateDocumentDraftInputSchema,
  type PublishDocumentInput,
  PublishDocumentInputSchema,
  type PublishDocumentResult,
  type ReviewPackage,
} from '@lore/domain/schemas/document-generation';
import { CodeGraphRepository, GeneratedArtifactRepository, type GeneratedArtifactKind } from '@lore/graph';
import { SourceRepository } from '@lore/indexer';
import { DocumentationTrustService } from '../documentation-trust/documentation-trust.service';
import { RepositoryCode } from '../documentation-trust/repository-code';
import { Operation } from '@lore/knowledge/operations/operation';
import { repositoryAtCommit } from '@lore/knowledge/target-resolution';
import { parseInput } from '@lore/knowledge/validation';
import { assemblePack } from './context-pack';
import { createDraftPullRequest } from './document-pull-request';
import { GRAPH_GENERATOR, draftFileName, writeDraft } from './draft-writer';
import { LoreMetrics } from '@lore/observability';

/**
 * Documentation written from the graph for a person to review, never published by writing it:
 * assemble_context_pack (what a task on a module needs, each item with why), generate_document_draft
 * (a draft whose every statement cites its evidence), generate_review_package (the draft with its
 * quality report and stale lines), publish_document (writes a reviewed draft, only where the
 * server allows it, for a caller with docs:publish, on an explicit confirmation) and
 * create_pull_request (proposes it to the repository, on the same conditions).
 *
 * Packs and drafts are stored in Neo4j (GeneratedArtifact) for LORE_DOC_ARTIFACT_TTL, so their
 * resources (context-pack://, evidence-map://) read back on any server; their ids are digests of what
 * they were made from, so the same module at the same commit gives the same pack and draft, made
 * once and answered from the store while it is kept.
 */
@Injectable()
export class DocumentGenerationService {
  constructor(
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
    private readonly graph: CodeGraphRepository,
    private readonly sources: SourceRepository,
    private readonly artifacts: GeneratedArtifactRepository,
    private readonly trust: DocumentationTrustService,
    private readonly metrics: LoreMetrics,
  ) {}

  @Operation('assemble_context_pack', { kind: 'read', cached: false })
  async assembleContextPack(input: AssembleContextPackInput, principal: Principal): Promise<ContextPack> {
    return this.contextPack(parseInput(AssembleContextPackInputSchema, input), principal);
  }

  @Operation('get_context_pack', { kind: 'read', cached: false })
  async getContextPack(input: ContextPackIdInput, principal: Principal): Promise<ContextPack> {
    const { contextPackId } = parseInput(ContextPackIdInputSchema, input);
    return this.stored<ContextPack>(principal, 'context_pack', contextPackId);
  }

  @Operation('generate_document_draft', { kind: 'read', cached: false })
  async generateDocumentDraft(input: GenerateDocumentDraftInput, principal: Principal): Promise<DocumentDraft> {
    const query = parseInput(GenerateDocumentDraftInputSchema, input);
    const pack =
      query.contextPackId !== undefined
        ? await this.stored<ContextPack>(principal, 'context_pack', query.contextPackId)
        : await this.contextPack({ ...query, task: 'generate_module_doc', maxItems: DRAFT_ITEMS }, principal);
    const documentId = `docgen_${digest([principal.tenantId, pack.contextPackId, GRAPH_GENERATOR])}`;
    const kept = await this.unexpired<DocumentDraft>(principal, 'document_draft', documentId);
    if (kept !== null) return kept;
    const { createdAt, expiresAt } = this.lifetime();
    const draft: DocumentDraft = {
      documentId,
      evidenceMapUri: `evidence-map://${documentId}`,
      contextPackId: pack.contextPackId,
      repositoryId: pack.repositoryId,
      commitSha: pack.commitSha,
      modulePath: pack.task.modulePath,
      paths: pack.task.paths,
      state: 'draft',
      generator: GRAPH_GENERATOR,
      ...writeDraft(pack, documentId),
      createdAt,
      expiresAt,
      trustBoundary: TRUST_BOUNDARY,
    };
    await this.store(principal, 'document_draft', documentId, draft.repositoryId, draft);
    return draft;
  }

  @Operation('get_document_draft', { kind: 'read', cached: false })
  async getDocumentDraft(input: DocumentIdInput, principal: Principal): Promise<DocumentDraft> {
    const { documentId } = parseInput(DocumentIdInputSchema, input);
    return this.stored<DocumentDraft>(principal, 'document_draft', documentId);
  }

  @Operation('generate_review_package', { kind: 'read', cached: false })
  async generateReviewPackage(input: DocumentIdInput, principal: Principal): Promise<ReviewPackage> {
    const { documentId } = parseInput(DocumentIdInputSchema, input);
    const draft = await this.stored<DocumentDraft>(principal, 'document_draft', documentId);
    const quality = await this.qualityOf(draft, principal);
    const checklist = [
      ...(quality.quality.unsupportedClaims > 0
        ? [`Settle the ${quality.quality.unsupportedClaims} claim(s) the code contradicts or does not settle (quality.findings).`]
        : []),
      ...(quality.undocumented.length > 0 ? [`Decide whether to describe ${quality.undocumented.join(', ')}.`] : []),
      ...draft.warnings.map((warning) => `${warning.message} Add it by hand or leave it out.`),
      'Read each statement against its evidence (evidenceMapUri).',
      `Publish only when satisfied: publish_document {"documentId": "${draft.documentId}", "confirm": true}.`,
    ];
    return { documentId, draft, quality, staleLines: quality.findings, checklist, trustBoundary: TRUST_BOUNDARY };
  }

  @Operation('publish_document', { kind: 'side_effect' })
  async publishDocument(input: PublishDocumentInput, principal: Principal): Promise<PublishDocumentResult> {
    const query = parseInput(PublishDocumentInputSchema, input);
    this.publishingAllowed(query.confirm, {
      disabledHint: 'An operator enables it with LORE_DOCS_PUBLISH_ENABLED=true; until then, copy the reviewed draft by hand.',
      unconfirmed: 'publish_document writes a file: it needs confirm: true, given after a person reviewed the draft.',
      unconfirmedHint: 'Review the draft (generate_review_package), then call again with confirm: true.',
    });
    const { draft, quality } = await this.publishableDraft(query.documentId, principal);
    const base = this.publishDirectory(principal);
    const fileName = query.fileName ?? draftFileName(draft.modulePath);
    const target = resolve(base, 'published', encodeURIComponent(draft.repositoryId), fileName);
    // The file name cannot leave the directory (its schema has no separator), and this holds it to that.
    if (!target.startsWith(`${base}${sep}`)) throw new InvalidInputError(`The file name ${fileName} leaves the publish directory.`);
    await mkdir(join(target, '..'), { recursive: true });
    await writeFile(`${target}.tmp`, draft.content);
    await rename(`${target}.tmp`, target);
    return {
      documentId: draft.documentId,
      published: true,
      path: relative(base, target).split(sep).join('/'),
      bytes: Buffer.byteLength(draft.content),
      qualityStatus: quality.quality.status,
    };
  }

  /**
   * Proposes a reviewed draft to the repository itself: pushes it as one commit, at docs/<fileName>
   * of the indexed directory on top of the indexed commit, on a new branch lore/docs/<documentId> of
   * origin, and opens a pull request into the branch that commit was read from. Allowed as publishing
   * is (LORE_DOCS_PUBLISH_ENABLED, docs:publish, confirm: true, a draft the code does not contradict),
   * with a forge token (LORE_FORGE_TOKEN) and an origin on a forge.
   */
  @Operation('create_pull_request', { kind: 'side_effect' })
  async createPullRequest(input: CreatePullRequestInput, principal: Principal): Promise<CreatePullRequestResult> {
    const query = parseInput(CreatePullRequestInputSchema, input);
    this.publishingAllowed(query.confirm, {
      disabledHint: 'An operator enables it with LORE_DOCS_PUBLISH_ENABLED=true; until then, commit the reviewed draft by hand.',
      unconfirmed:
        'create_pull_request pushes a branch and opens a pull request: it needs confirm: true, given after a person reviewed the draft.',
      unconfirmedHint: 'Review the draft (generate_review_package), then call again with confirm: true.',
    });
    const { draft, quality } = await this.publishableDraft(query.documentId, principal);
    const repository = await repositoryAtCommit(this.graph, principal, draft.repositoryId, draft.commitSha);
    return createDraftPullRequest(
      { apiUrl: this.config.LORE_FORGE_API_URL, token: this.config.LORE_FORGE_TOKEN },
      {
        documentId: draft.documentId,
        rootPath: repository.rootPath,
        gitPrefix: repository.gitPrefix,
        commitSha: draft.commitSha,
        baseBranch: repository.defaultBranch,
        path: `docs/${query.fileName ?? draftFileName(draft.modulePath)}`,
        content: draft.content,
        title: `docs: ${draft.modulePath} (reviewed Lore draft)`,
        body: [
          `Documentation of \`${draft.modulePath}\`, generated by Lore from commit ${draft.commitSha} and reviewed before this request.`,
          '',
          `Every statement cites its evidence (${draft.evidenceMapUri}); quality check: ${quality.quality.status}.`,
        ].join('\n'),
      },
    );
  }

  /**
   * Takes a published document down: moves it from published/<repositoryId>/ to archived/<repositoryId>/,
   * under the time it was archived, so that nothing published is lost and a document archived twice
   * keeps both. Allowed as publishing is (LORE_DOCS_PUBLISH_ENABLED, docs:publish, confirm: true), for
   * a repository the caller may read.
   */
  @Operation('archive_document', { kind: 'side_effect' })
  async archiveDocument(input: ArchiveDocumentInput, principal: Principal): Promise<ArchiveDocumentResult> {
    const query = parseInput(ArchiveDocumentInputSchema, input);
    this.publishingAllowed(query.confirm, {
      disabledHint: 'An operator enables it with LORE_DOCS_PUBLISH_ENABLED=true.',
      unconfirmed: 'archive_document takes a published document down: it needs confirm: true, given on an explicit request.',
      unconfirmedHint: 'Call again with confirm: true once a person asked for the document to be archived.',
    });
    const [, repositoryId, fileName] = query.path.split('/') as [string, string, string];
    // A repository the caller may not read is not found, as one never indexed.
    await repositoryAtCommit(this.graph, principal, decodeURIComponent(repositoryId), undefined);
    const base = this.publishDirectory(principal);
    const source = resolve(base, query.path);
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const target = resolve(base, 'archived', repositoryId, `${stamp}-${fileName}`);
    let bytes: number;
    try {
      bytes = (await stat(source)).size;
    } catch {
      throw new NotFoundError(`Nothing is published at ${query.path}.`, {
        hint: 'Name a document as publish_document answered its path (published/<repositoryId>/<fileName>.md).',
        details: { path: query.path },
      });
    }
    await mkdir(join(target, '..'), { recursive: true });
    await rename(source, target);
    return { path: query.path, archived: true, archivedPath: relative(base, target).split(sep).join('/'), bytes };
  }

  /**
   * A tenant's own publish directory under the output directory: two tenants may index repositories
   * of the same id, and neither may overwrite or take down what the other published.
   */
  private publishDirectory(principal: Principal): string {
    return resolve(documentationDirectory(this.config), 'tenants', principal.tenantId);
  }

  /** publish_document's, archive_document's and create_pull_request's conditions: the server allows it, and the caller confirmed. */
  private publishingAllowed(
    confirm: boolean | undefined,
    refusals: { disabledHint: string; unconfirmed: string; unconfirmedHint: string },
  ): void {
    if (!this.config.LORE_DOCS_PUBLISH_ENABLED) {
      throw new PermissionDeniedError('Publishing documents is disabled on this server.', {
        hint: refusals.disabledHint,
        details: { reason: 'publish_disabled' },
      });
    }
    if (confirm !== true) {
      throw new InvalidInputError(refusals.unconfirmed, {
        hint: refusals.unconfirmedHint,
        details: { reason: 'confirmation_required', field: 'confirm' },
      });
    }
  }

  /** A stored draft and its quality report, refused (quality_gate_failed) when the code contradicts it. */
  private async publishableDraft(documentId: string, principal: Principal) {
    const draft = await this.stored<DocumentDraft>(principal, 'document_draft', documentId);
    const quality = await this.qualityOf(draft, principal);
    if (quality.quality.status === 'fail') {
      throw new QualityGateFailedError('The draft fails its quality check: the code contradicts it, so it is not published.', {
        hint: 'Generate the draft again from the indexed code, then review and publish that one.',
        details: { documentId: draft.documentId, quality: quality.quality },
      });
    }
    return { draft, quality };
  }

  /** A draft's quality report, below the gate (evaluate_document_quality's own method), over the code it documents. */
  private qualityOf(draft: DocumentDraft, principal: Principal) {
    return this.trust.qualityReport(
      { repositoryId: draft.repositoryId, content: draft.content, codePaths: draft.paths, commitSha: draft.commitSha },
      principal,
    );
  }

  /** A pack for a task on a module, stored for its resource: below the gate, for the draft too. */
  private async contextPack(query: ParsedPackQuery, principal: Principal): Promise<ContextPack> {
    const repository = await repositoryAtCommit(this.graph, principal, query.repositoryId, query.commitSha, query.branch);
    const code = new RepositoryCode(this.graph, this.sources, principal, repository);
    const named = query.paths ?? [query.modulePath!];
    const { paths, files } = await moduleFiles(code, named);
    const audience = query.audience ?? [];
    const contextPackId = `ctx_${digest([principal.tenantId, repository.repositoryId, repository.commitSha, query.task, paths, audience, query.maxItems])}`;
    const kept = await this.unexpired<ContextPack>(principal, 'context_pack', contextPackId);
    if (kept !== null) return kept;
    const contents = await assemblePack(this.graph, principal, code, files, query.maxItems);
    const { createdAt, expiresAt } = this.lifetime();
    const pack: ContextPack = {
      contextPackId,
      resourceUri: `context-pack://${contextPackId}`,
      repositoryId: repository.repositoryId,
      commitSha: repository.commitSha,
      task: { type: query.task, modulePath: query.modulePath ?? named.join(','), paths, audience },
      ...contents,
      createdAt,
      expiresAt,
      warnings: Object.entries(contents.omitted)
        .filter(([, count]) => count > 0)
        .map(([kind, count]) => ({ code: 'output_truncated', message: `${count} ${kind} left out by maxItems (${query.maxItems}).` })),
      trustBoundary: TRUST_BOUNDARY,
    };
    await this.store(principal, 'context_pack', contextPackId, repository.repositoryId, pack);
    this.metrics.recordContextPackGenerated();
    return pack;
  }

  private lifetime() {
    const now = Date.now();
    return { createdAt: new Date(now).toISOString(), expiresAt: new Date(now + this.config.LORE_DOC_ARTIFACT_TTL).toISOString() };
  }

  private async store(principal: Principal, kind: GeneratedArtifactKind, artifactId: string, repositoryId: string, value: object) {
    const { createdAt, expiresAt } = value as { createdAt: string; expiresAt: string };
    const payload = JSON.stringify(value);
    if (!(await this.artifacts.save(principal, { artifactId, kind, repositoryId, payload, createdAt, expiresAt }, createdAt))) {
      throw new NotFoundError(`No indexed repository ${repositoryId}.`);
    }
  }

  /** A pack or draft already made from the same input at the same commit, while it is kept: the graph it came from is the same. */
  private async unexpired<T>(principal: Principal, kind: GeneratedArtifactKind, artifactId: string): Promise<T | null> {
    const payload = await this.artifacts.get(principal, kind, artifactId, new Date().toISOString());
    return payload === null ? null : (JSON.parse(payload) as T);
  }

  private async stored<T>(principal: Principal, kind: GeneratedArtifactKind, artifactId: string): Promise<T> {
    const found = await this.unexpired<T>(principal, kind, artifactId);
    if (found === null) {
      const [what, tool] = kind === 'context_pack' ? ['context pack', 'assemble_context_pack'] : ['draft', 'generate_document_draft'];
      throw new NotFoundError(`No ${what} ${artifactId}: it never existed, expired, or is of a repository this caller cannot read.`, {
        hint: `Make it again with ${tool}.`,
      });
    }
    return found;
  }
}

/** A draft made from a module (not from a pack) reads this many items of each kind. */
const DRAFT_ITEMS = 50;

interface ParsedPackQuery {
  repositoryId?: string;
  commitSha?: string;
  branch?: string;
  modulePath?: string;
  paths?: string[];
  audience?: string[];
  task: ContextPack['task']['type'];
  maxItems: number;
}

/** The module's paths as resolved (directories with a final /) and its indexed, readable files; a path that is neither is not_found. */
async function moduleFiles(code: RepositoryCode, named: readonly string[]): Promise<{ paths: string[]; files: string[] }> {
  const all = (await code.files()).filter((file) => !file.blocked);
  const paths: string[] = [];
  const files = new Set<string>();
  for (const path of named) {
    const bare = path.replace(/\/$/, '');
    if (all.some((file) => file.path === bare)) {
      paths.push(bare);
      files.add(bare);
      continue;
    }
    const under = all.filter((file) => file.path.startsWith(`${bare}/`));
    if (under.length === 0) {
      throw new NotFoundError(`No indexed file or directory ${path} in ${code.repositoryId}.`, {
        hint: 'Name a file or directory of the repository (get_project_structure lists them).',
      });
    }
    paths.push(`${bare}/`);
    for (const file of under) files.add(file.path);
  }
  return { paths, files: [...files].sort() };
}

function digest(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}
