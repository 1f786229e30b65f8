import { Injectable } from '@nestjs/common';
import { type Principal, repositoryOfSlot } from '@lore/domain';
import { CypherQueries } from '../neo4j/cypher-queries';
import { Neo4jService, runRows } from '../neo4j/neo4j.service';
import { readAsPrincipal } from '../reads/principal-reads';
import { type RepositoryRecord, TenantViews } from '../storage-slots/tenant-views.repository';

/** What a link keeps of the code it names, and what the code is now: the fields compared to call a chapter stale. */
export interface CodeState {
  signature: string | null;
  bodyFingerprint: string | null;
  contentHash: string | null;
}

/** A symbol or file a reference of a chapter names. */
export interface ResolvedReference extends CodeState {
  reference: string;
  kind: 'symbol' | 'file';
  uid: string;
  repositoryId: string;
}

/** A linked uid as the graph has it now (`uid` differs from `wanted` for a rename); `name` its qualified name or path. */
export interface CurrentTarget extends CodeState {
  wanted: string;
  uid: string;
  repositoryId: string;
  name: string;
}

/** A KnowledgeChapter node as written: `links` is JSON (the links as they were written, see KnowledgeLinksService). */
export interface KnowledgeChapterRecord {
  uid: string;
  projectId: string;
  filename: string;
  chapter: string;
  uri: string;
  textHash: string;
  knowledgeCommit: string;
  repositoryIds: string[];
  links: string;
  unresolved: string[];
}

/** A chapter to write, with the nodes its links are ABOUT (by repository; the served slot is found here). */
export interface KnowledgeChapterWrite extends Omit<KnowledgeChapterRecord, 'projectId' | 'filename'> {
  about: { uid: string; repositoryId: string; reference: string }[];
}

/** A chapter ABOUT one of the uids asked, with the node's state now. */
export interface ChapterAboutRecord extends CodeState {
  projectId: string;
  filename: string;
  chapter: string;
  uri: string;
  knowledgeCommit: string;
  links: string;
  about: string;
  reference: string;
  codeCommit: string | null;
}

/**
 * The graph side of project knowledge: KnowledgeChapter nodes and their ABOUT relationships to the
 * symbols and files they name. A chapter belongs to a tenant, never to a repository's snapshot, so
 * the snapshot writer neither reads nor deletes it; its ABOUT relationships go with a node a re-index
 * deletes (or a storage slot it retires) and are written again by the re-link that follows the index.
 */
@Injectable()
export class KnowledgeLinkRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
    private readonly views: TenantViews,
  ) {}

  /** Every served repository of the tenant (a project's links are the tenant's, whoever wrote them). */
  async servedRepositories(tenantId: string): Promise<readonly RepositoryRecord[]> {
    return (await this.views.current(tenantId)).served;
  }

  async resolveReferences(
    tenantId: string,
    repositoryIds: readonly string[],
    names: readonly string[],
    paths: readonly string[],
  ): Promise<ResolvedReference[]> {
    if (repositoryIds.length === 0 || names.length + paths.length === 0) return [];
    const rows = await this.neo4j.read(this.queries.get('knowledge-links/resolve-references'), {
      tenantId,
      slots: await this.slotsOf(tenantId, repositoryIds),
      names: [...names],
      paths: [...paths],
    });
    return rows.map(({ slot, ...row }) => ({ ...row, repositoryId: repositoryOfSlot(slot as string) }) as unknown as ResolvedReference);
  }

  /** The linked uids as served now; for a symbol gone, the one symbol that carries its body fingerprint, if any. */
  async currentTargets(
    tenantId: string,
    repositoryIds: readonly string[],
    uids: readonly string[],
    fingerprints: Record<string, string>,
  ): Promise<CurrentTarget[]> {
    if (repositoryIds.length === 0 || uids.length === 0) return [];
    const rows = await this.neo4j.read(this.queries.get('knowledge-links/current-targets'), {
      tenantId,
      slots: await this.slotsOf(tenantId, repositoryIds),
      uids: [...uids],
      fingerprints,
    });
    return rows.map(({ slot, ...row }) => ({ ...row, repositoryId: repositoryOfSlot(slot as string) }) as unknown as CurrentTarget);
  }

  async chapters(
    tenantId: string,
    filter: { projectId?: string; filename?: string; repositoryId?: string },
  ): Promise<KnowledgeChapterRecord[]> {
    const rows = await this.neo4j.read(this.queries.get('knowledge-links/chapters'), {
      tenantId,
      projectId: filter.projectId ?? null,
      filename: filter.filename ?? null,
      repositoryId: filter.repositoryId ?? null,
    });
    return rows as unknown as KnowledgeChapterRecord[];
  }

  /** Replaces one document's chapters: those not kept or written are deleted, each written one gets its ABOUT relationships anew. */
  async writeChapters(
    tenantId: string,
    document: { projectId: string; filename: string },
    keep: readonly string[],
    chapters: readonly KnowledgeChapterWrite[],
  ): Promise<void> {
    const view = await this.views.current(tenantId);
    const written = chapters.map(({ about, ...chapter }) => ({
      ...chapter,
      about: about.map((link) => ({ uid: link.uid, slot: view.slotOf(link.repositoryId), reference: link.reference })),
    }));
    await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('knowledge-links/write-chapters'), { tenantId, ...document, keep: [...keep], chapters: written }),
    );
  }

  /** The chapters ABOUT any of the uids (with `declared`, the symbols of a file among them too) that the principal may read. */
  async chaptersAbout(principal: Principal, uids: readonly string[], declared: boolean): Promise<ChapterAboutRecord[]> {
    if (uids.length === 0) return [];
    const rows = await readAsPrincipal(
      { neo4j: this.neo4j, queries: this.queries, views: this.views },
      principal,
      'knowledge-links/chapters-about',
      {
        uids: [...uids],
        declared,
      },
    );
    return rows as unknown as ChapterAboutRecord[];
  }

  /** Readers' cached answers about these repositories (get_symbol lists the chapters about a symbol) are dropped. */
  async invalidateReads(tenantId: string, repositoryIds: readonly string[]): Promise<void> {
    for (const repositoryId of new Set(repositoryIds)) await this.views.bump(tenantId, repositoryId);
  }

  private async slotsOf(tenantId: string, repositoryIds: readonly string[]): Promise<string[]> {
    const view = await this.views.current(tenantId);
    return repositoryIds.map((repositoryId) => view.slotOf(repositoryId));
  }
}
