import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { canAccessRepository } from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import {
  ConflictError,
  InvalidInputError,
  LoreError,
  NotFoundError,
  PermissionDeniedError,
  type Principal,
  fileUid,
  isElementUid,
  parseResourceUri,
} from '@lore/domain';
import {
  type CreateMemoryCandidateInput,
  CreateMemoryCandidateInputSchema,
  type GetMemoryInput,
  GetMemoryInputSchema,
  type GetMemoryResult,
  MEMORY_STATUSES,
  type Memory,
  type MemoryEvidence,
  type MemoryStatus,
  type ReviewMemoryInput,
  ReviewMemoryInputSchema,
} from '@lore/domain/schemas/agent-memory';
import { CodeGraphRepository, KnowledgeLinkRepository, MemoryRepository, type StoredMemory } from '@lore/graph';
import { LoreMetrics } from '@lore/observability';
import { Operation } from '../operations/operation';
import { KnowledgeLinksService, type LinkRecord, statusOf } from '../project-knowledge/knowledge-links.service';
import { repositoryNotFound } from '../operations/stages/authorization.stage';
import { resolveSymbolUid } from '../target-resolution';
import { parseInput } from '../validation';

/** Evidence as a memory keeps it: a code link (what the code was when the memory was written), or a knowledge chapter. */
type StoredEvidence =
  | ({ uri: string; evidenceKind: 'symbol' | 'code' | 'doc' } & LinkRecord)
  | { uri: string; evidenceKind: 'knowledge'; chapterUri: string; projectId: string; filename: string; chapter: string; textHash: string };

/** A chapter of project knowledge as a knowledge:// URI names it: knowledge://projects/{project_id}/chapters/{filename}#{chapter}. */
const CHAPTER_URI = /^knowledge:\/\/projects\/([^/#]+)\/chapters\/([^/#]+)#(.+)$/;

/**
 * Agent memory (an MCP server for code knowledge's MemoryService and MemoryCandidateService): an
 * agent proposes what it learned as a candidate, with evidence Lore resolves; a person approves or
 * archives it. Approval is high-risk: refused unless LORE_MEMORY_ENABLE_APPROVAL is true, and then
 * the gate asks for the `memory:approve` permission. Memories are the tenant's, each bound to one
 * repository the caller may read; their evidence is compared with the code as served whenever they
 * are read, as knowledge chapters are, so a memory whose evidence moved is flagged stale.
 */
@Injectable()
export class AgentMemoryService {
  constructor(
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
    private readonly memories: MemoryRepository,
    private readonly graph: CodeGraphRepository,
    private readonly chapters: KnowledgeLinkRepository,
    private readonly links: KnowledgeLinksService,
    private readonly metrics: LoreMetrics,
  ) {}

  @Operation('create_memory_candidate', { kind: 'side_effect' })
  async createMemoryCandidate(input: CreateMemoryCandidateInput, principal: Principal): Promise<Memory> {
    const query = parseInput(CreateMemoryCandidateInputSchema, input);
    if (!canAccessRepository(principal, query.repositoryId) || !(await this.graph.getRepository(principal, query.repositoryId)))
      throw repositoryNotFound(query.repositoryId);
    const evidence = await this.resolveEvidence(principal, [...new Set(query.evidence)]);
    const memoryId = `mem_${randomBytes(12).toString('hex')}`;
    const stored = await this.memories.create(principal, {
      memoryId,
      uri: `memory://${memoryId}`,
      repositoryId: query.repositoryId,
      kind: query.kind,
      text: query.text,
      evidence: JSON.stringify(evidence),
      evidenceUids: evidence.flatMap((item) => (item.evidenceKind === 'knowledge' ? [] : [item.uid])),
      createdBy: principal.subject,
      createdAt: new Date().toISOString(),
    });
    if (stored === null) throw repositoryNotFound(query.repositoryId);
    this.metrics.recordMemoryCandidateWrite();
    return (await this.served(principal.tenantId, [stored]))[0]!;
  }

  /** Approved memory by default; candidates and archived memory only when asked for, each marked by its status. */
  @Operation('get_memory', { kind: 'read', cached: false })
  async getMemory(input: GetMemoryInput, principal: Principal): Promise<GetMemoryResult> {
    const query = parseInput(GetMemoryInputSchema, input);
    const statuses: MemoryStatus[] = query.status === 'all' ? [...MEMORY_STATUSES] : [query.status];
    if (query.memoryId !== undefined) {
      const memory = await this.readable(principal, query.memoryId);
      if (!statuses.includes(memory.status)) {
        throw new NotFoundError(
          `Memory ${query.memoryId} is ${memory.status === 'candidate' ? 'a candidate' : 'archived'}, not ${query.status} memory.`,
          {
            hint: `Ask with status ${memory.status} (or all) to read it as ${memory.status === 'candidate' ? 'a proposal, not approved memory' : 'archived memory'}.`,
          },
        );
      }
    }
    const aboutUids = query.about === undefined ? undefined : [await this.aboutUid(principal, query.about)];
    const found = await this.memories.find(principal, {
      statuses,
      ...(query.memoryId === undefined ? {} : { memoryId: query.memoryId }),
      ...(query.repositoryId === undefined ? {} : { repositoryId: query.repositoryId }),
      ...(aboutUids === undefined ? {} : { aboutUids }),
    });
    const needle = query.query?.trim().toLowerCase();
    const matching = needle ? found.filter((memory) => memory.text.toLowerCase().includes(needle)) : found;
    const memories = await this.served(principal.tenantId, matching.slice(0, query.maxResults));
    return { memories, warnings: warningsOf(memories) };
  }

  @Operation('approve_memory', { kind: 'side_effect' })
  async approveMemory(input: ReviewMemoryInput, principal: Principal): Promise<Memory> {
    this.refuseUnlessEnabled('approve_memory');
    const query = parseInput(ReviewMemoryInputSchema, input);
    return this.review(principal, query.memoryId, { from: ['candidate'], to: 'approved', note: query.note ?? null });
  }

  @Operation('archive_memory', { kind: 'side_effect' })
  async archiveMemory(input: ReviewMemoryInput, principal: Principal): Promise<Memory> {
    this.refuseUnlessEnabled('archive_memory');
    const query = parseInput(ReviewMemoryInputSchema, input);
    return this.review(principal, query.memoryId, { from: ['candidate', 'approved'], to: 'archived', note: query.note ?? null });
  }

  private refuseUnlessEnabled(operation: string): void {
    if (this.config.LORE_MEMORY_ENABLE_APPROVAL) return;
    throw new PermissionDeniedError(`${operation} is disabled on this server: approving and archiving agent memory is off by default.`, {
      hint: 'An operator enables it with LORE_MEMORY_ENABLE_APPROVAL=true; a caller then needs the memory:approve permission.',
      details: { disabled: true, setting: 'LORE_MEMORY_ENABLE_APPROVAL' },
    });
  }

  private async review(
    principal: Principal,
    memoryId: string,
    change: { from: StoredMemory['status'][]; to: StoredMemory['status']; note: string | null },
  ): Promise<Memory> {
    await this.readable(principal, memoryId);
    const reviewed = await this.memories.review(principal, memoryId, {
      ...change,
      reviewedBy: principal.subject,
      reviewedAt: new Date().toISOString(),
    });
    if (reviewed === null) throw memoryNotFound(memoryId);
    if (!change.from.includes(reviewed.before)) {
      throw new ConflictError(`Memory ${memoryId} is ${reviewed.before}: only ${change.from.join(' or ')} memory can be ${change.to}.`, {
        hint: reviewed.before === 'archived' ? 'Propose it again with create_memory_candidate.' : 'Nothing to do.',
        details: { memoryId, status: reviewed.before },
      });
    }
    return (await this.served(principal.tenantId, [reviewed.memory]))[0]!;
  }

  /** The memory of this id in the principal's tenant and readable repositories, whatever its status: another tenant's is not found. */
  private async readable(principal: Principal, memoryId: string): Promise<StoredMemory> {
    const [memory] = await this.memories.find(principal, { memoryId, statuses: MEMORY_STATUSES });
    if (!memory) throw memoryNotFound(memoryId);
    return memory;
  }

  /** get_memory's `about`: a uid as given, or the symbol or file a symbol:// or code:// URI names. */
  private async aboutUid(principal: Principal, about: string): Promise<string> {
    if (isElementUid(about)) return about;
    const [resolved] = await this.resolveEvidence(principal, [about]);
    if (resolved!.evidenceKind === 'knowledge')
      throw new InvalidInputError('about names a symbol or a file (a uid, a symbol:// or code:// URI).');
    return resolved!.uid;
  }

  /**
   * Each URI resolved to what Lore knows at the indexed commit, with what it is now (to tell later
   * whether it changed). Every URI is tried; any that does not resolve refuses them all, listed with
   * why, and nothing is written. A repository the principal may not read resolves as not indexed.
   */
  private async resolveEvidence(principal: Principal, uris: readonly string[]): Promise<StoredEvidence[]> {
    const resolved: StoredEvidence[] = [];
    const refused: { uri: string; reason: string }[] = [];
    for (const uri of uris) {
      try {
        resolved.push(await this.resolveOne(principal, uri));
      } catch (error) {
        if (!(error instanceof LoreError)) throw error;
        refused.push({ uri, reason: error.message });
      }
    }
    if (refused.length > 0) {
      throw new InvalidInputError(`Evidence Lore does not know: ${refused.map((item) => `${item.uri} (${item.reason})`).join('; ')}`, {
        hint: 'Cite URIs from Lore answers at the indexed commit: symbol://, code://, doc:// or knowledge://projects/{id}/chapters/{file}#{chapter}.',
        details: { unresolvedEvidence: refused },
      });
    }
    const code = resolved.filter(isCodeEvidence);
    const current = await this.links.currentOf(principal.tenantId, code);
    return resolved.map((item) => {
      if (item.evidenceKind === 'knowledge') return item;
      const now = current.get(item.uid);
      return {
        ...item,
        signature: now?.signature ?? null,
        bodyFingerprint: now?.bodyFingerprint ?? null,
        contentHash: now?.contentHash ?? null,
      };
    });
  }

  private async resolveOne(principal: Principal, uri: string): Promise<StoredEvidence> {
    const chapter = CHAPTER_URI.exec(uri);
    if (chapter) return this.resolveChapter(principal, uri, chapter);
    const ref = parseResourceUri(uri);
    const repository = canAccessRepository(principal, ref.repositoryId)
      ? await this.graph.getRepository(principal, ref.repositoryId)
      : null;
    if (!repository) throw new NotFoundError(`no indexed repository ${ref.repositoryId}`);
    if (ref.commitSha !== repository.commitSha)
      throw new NotFoundError(
        `commit ${ref.commitSha} is not indexed; the indexed commit of ${ref.repositoryId} is ${repository.commitSha}`,
      );
    const link = { uri, repositoryId: ref.repositoryId, signature: null, bodyFingerprint: null, contentHash: null };
    if (ref.scheme === 'symbol') {
      const uid = await resolveSymbolUid(this.graph, principal, { name: ref.qualifiedName, repositoryId: ref.repositoryId });
      return { ...link, evidenceKind: 'symbol', kind: 'symbol', reference: ref.qualifiedName, uid };
    }
    const record = await (ref.scheme === 'code' ? this.graph.getFile : this.graph.getDocumentFile).call(
      this.graph,
      principal,
      ref.repositoryId,
      ref.path,
    );
    if (!record) throw new NotFoundError(`no indexed ${ref.scheme === 'code' ? 'file' : 'document'} ${ref.path}`);
    if (ref.range !== null && ref.range.endLine > record.file.lines)
      throw new NotFoundError(`${ref.path} has ${record.file.lines} lines, not ${ref.range.endLine}`);
    return {
      ...link,
      evidenceKind: ref.scheme,
      kind: 'file',
      reference: ref.path,
      uid: fileUid(principal.tenantId, ref.repositoryId, ref.path),
    };
  }

  private async resolveChapter(principal: Principal, uri: string, match: RegExpExecArray): Promise<StoredEvidence> {
    const [projectId, filename, chapter] = [match[1]!, match[2]!, decodeURIComponentSafely(match[3]!)];
    const found = (await this.chapters.chapters(principal.tenantId, { projectId, filename })).find((record) => record.chapter === chapter);
    if (!found) throw new NotFoundError(`no chapter "${chapter}" of ${filename} in project ${projectId}`);
    return { uri, evidenceKind: 'knowledge', chapterUri: found.uri, projectId, filename, chapter, textHash: found.textHash };
  }

  /** Memories as answered: each evidence compared with what it is now. */
  private async served(tenantId: string, stored: readonly StoredMemory[]): Promise<Memory[]> {
    const evidenceOf = new Map(stored.map((memory) => [memory.memoryId, JSON.parse(memory.evidence) as StoredEvidence[]]));
    const all = [...evidenceOf.values()].flat();
    const code = all.filter(isCodeEvidence);
    const current = await this.links.currentOf(tenantId, code);
    const chapterHashes = new Map<string, string>();
    for (const document of new Set(
      all.flatMap((item) => (item.evidenceKind === 'knowledge' ? [`${item.projectId}\0${item.filename}`] : [])),
    )) {
      const [projectId, filename] = document.split('\0') as [string, string];
      for (const chapter of await this.chapters.chapters(tenantId, { projectId, filename }))
        chapterHashes.set(chapter.uri, chapter.textHash);
    }
    return stored.map((memory) => {
      const evidence = evidenceOf.get(memory.memoryId)!.map((item): MemoryEvidence => {
        if (item.evidenceKind === 'knowledge') {
          const hash = chapterHashes.get(item.chapterUri);
          const status = hash === undefined ? 'deleted' : hash === item.textHash ? 'current' : 'chapter_changed';
          const reason =
            status === 'current'
              ? null
              : `chapter "${item.chapter}" of ${item.filename} was ${status === 'deleted' ? 'deleted' : 'rewritten'}`;
          return {
            uri: item.uri,
            kind: 'knowledge',
            about: item.chapterUri,
            repositoryId: null,
            stale: status !== 'current',
            status,
            staleReason: reason,
          };
        }
        const now = current.get(item.uid) ?? null;
        const renamed = now !== null && now.uid !== item.uid;
        const state = statusOf(renamed ? { ...item, renamedFrom: item.reference } : item, now);
        return {
          uri: item.uri,
          kind: item.evidenceKind,
          about: item.uid,
          repositoryId: item.repositoryId,
          stale: state.status !== 'current',
          status: state.status,
          staleReason: state.reason,
        };
      });
      return {
        memoryId: memory.memoryId,
        uri: memory.uri,
        repositoryId: memory.repositoryId,
        status: memory.status,
        kind: memory.kind as Memory['kind'],
        text: memory.text,
        evidence,
        stale: evidence.some((item) => item.stale),
        createdBy: memory.createdBy,
        createdAt: memory.createdAt,
        // Neo4j keeps no null property: a candidate's review fields are absent.
        reviewedBy: memory.reviewedBy ?? null,
        reviewedAt: memory.reviewedAt ?? null,
        reviewNote: memory.reviewNote ?? null,
      };
    });
  }
}

function isCodeEvidence(item: StoredEvidence): item is Extract<StoredEvidence, { evidenceKind: 'symbol' | 'code' | 'doc' }> {
  return item.evidenceKind !== 'knowledge';
}

function memoryNotFound(memoryId: string): NotFoundError {
  return new NotFoundError(`No memory ${memoryId}.`, { hint: 'List the memories of a repository with get_memory (status all).' });
}

function warningsOf(memories: readonly Memory[]): string[] {
  const candidates = memories.filter((memory) => memory.status === 'candidate').length;
  const archived = memories.filter((memory) => memory.status === 'archived').length;
  const stale = memories.filter((memory) => memory.stale).length;
  return [
    ...(candidates > 0
      ? [`${candidates} candidate memor${candidates === 1 ? 'y' : 'ies'}: proposed, not approved; not to be taken as memory.`]
      : []),
    ...(archived > 0 ? [`${archived} archived memor${archived === 1 ? 'y' : 'ies'}: no longer held.`] : []),
    ...(stale > 0
      ? [`${stale} memor${stale === 1 ? 'y cites' : 'ies cite'} evidence that changed since: check before relying on it.`]
      : []),
  ];
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new InvalidInputError(`Bad percent-encoding in a knowledge:// URI: ${text}.`);
  }
}
