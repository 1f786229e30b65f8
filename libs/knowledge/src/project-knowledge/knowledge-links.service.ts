import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  type CodeState,
  type CurrentTarget,
  type KnowledgeChapterRecord,
  type KnowledgeChapterWrite,
  KnowledgeLinkRepository,
  type RepositoryRecord,
  type ResolvedReference,
} from '@lore/graph';
import { type Principal, visibleRepositoryIds } from '@lore/domain';
import type { GetKnowledgeLinksResult, KnowledgeAbout, KnowledgeLinkStatus } from '@lore/domain/schemas/knowledge-links';
import type { KnowledgeDocument } from './knowledge-document';
import { referencesIn } from './knowledge-references';
import { projectIdOf } from './project-identity';

/** A link as a chapter (or an agent memory's evidence) keeps it: what it names, and what that code was when it was written. */
export interface LinkRecord extends CodeState {
  reference: string;
  kind: 'symbol' | 'file';
  uid: string;
  repositoryId: string;
  /** Set when an index found the symbol under another name (its body unchanged): the name the chapter was written about. */
  renamedFrom?: string;
}

/**
 * Project knowledge linked to the code, below the gate (plain methods: the services of get_symbol,
 * analyze_impact, get_documents and the knowledge writes call them). After each write of a knowledge
 * document its chapters are linked to the symbols and files they name in the project's indexed
 * repositories (ABOUT); after each index of one of those repositories the links are written again
 * (a rename the index recognises by an unchanged body carries the link, a deleted symbol keeps its
 * record). A chapter is possibly stale when the code it names has changed since it was written:
 * compared when read, so it is never stale by a cache.
 */
@Injectable()
export class KnowledgeLinksService {
  private readonly logger = new Logger('KnowledgeLinks');

  constructor(private readonly links: KnowledgeLinkRepository) {}

  /** The indexed repositories of a project: named by its id, or whose origin (else directory) slugs to it. */
  async repositoriesOf(tenantId: string, projectId: string): Promise<RepositoryRecord[]> {
    return (await this.links.servedRepositories(tenantId)).filter(
      (repository) =>
        repository.repositoryId === projectId || projectIdOf({ remoteUrl: repository.url, directory: repository.rootPath }) === projectId,
    );
  }

  /**
   * Links one knowledge document's chapters (null: the document was deleted) after the write that
   * made `knowledgeCommit`. A chapter whose text and repositories are unchanged keeps its links as
   * they were written, stale or not; the others are linked to the code as it is now. A failure is
   * logged, never the write's: the store is the record, and the next write or index links again.
   */
  async linkDocument(
    tenantId: string,
    projectId: string,
    filename: string,
    document: KnowledgeDocument | null,
    knowledgeCommit: string,
  ): Promise<void> {
    try {
      const repositories = (await this.repositoriesOf(tenantId, projectId)).map((repository) => repository.repositoryId).sort();
      const existing = new Map((await this.links.chapters(tenantId, { projectId, filename })).map((chapter) => [chapter.uid, chapter]));
      const keep: string[] = [];
      const written: KnowledgeChapterWrite[] = [];
      for (const chapter of document?.chapters ?? []) {
        const uid = `${projectId}/${filename}#${chapter.title}`;
        const textHash = createHash('sha256').update([chapter.title, chapter.summary, chapter.content].join('\0')).digest('hex');
        const before = existing.get(uid);
        if (before && before.textHash === textHash && before.repositoryIds.join() === repositories.join()) {
          keep.push(uid);
          continue;
        }
        const references = referencesIn([chapter.title, chapter.summary, chapter.content].join('\n'));
        const resolved = await this.links.resolveReferences(tenantId, repositories, references.names, references.paths);
        const { links, unresolved } = linksOf(references.backticked, [...references.names, ...references.paths], resolved);
        written.push(
          chapterWrite(
            {
              uid,
              chapter: chapter.title,
              uri: chapterUri(projectId, filename, chapter.title),
              textHash,
              knowledgeCommit,
              repositoryIds: repositories,
              unresolved,
            },
            links,
            new Set(links.map((link) => link.uid)),
          ),
        );
      }
      await this.links.writeChapters(tenantId, { projectId, filename }, keep, written);
      const touched = [...repositories, ...[...existing.values()].flatMap((chapter) => chapter.repositoryIds)];
      await this.links.invalidateReads(tenantId, touched);
    } catch (error) {
      this.logger.warn(
        `knowledge links of ${projectId}/${filename} not written: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * After an index of a repository: the chapters linked against it, or of its project, are linked
   * again to the code as served now. A link keeps what the code was when its chapter was written; a
   * symbol gone whose body another symbol now has (the same exact fingerprint, one symbol) is a
   * rename, and the link follows it; references nothing answered to are tried again.
   */
  async relinkRepository(tenantId: string, repositoryId: string): Promise<void> {
    try {
      const repository = (await this.links.servedRepositories(tenantId)).find((served) => served.repositoryId === repositoryId);
      if (!repository) return;
      const projectIds = new Set([repositoryId, projectIdOf({ remoteUrl: repository.url, directory: repository.rootPath })]);
      const chapters = new Map<string, KnowledgeChapterRecord>();
      for (const chapter of await this.links.chapters(tenantId, { repositoryId })) chapters.set(chapter.uid, chapter);
      for (const projectId of projectIds)
        for (const chapter of await this.links.chapters(tenantId, { projectId })) chapters.set(chapter.uid, chapter);
      const byDocument = new Map<string, KnowledgeChapterRecord[]>();
      for (const chapter of chapters.values()) {
        const key = `${chapter.projectId}\0${chapter.filename}`;
        byDocument.set(key, [...(byDocument.get(key) ?? []), chapter]);
      }
      for (const documentChapters of byDocument.values()) await this.relinkDocument(tenantId, documentChapters);
      await this.links.invalidateReads(tenantId, [repositoryId]);
    } catch (error) {
      this.logger.warn(`knowledge links into ${repositoryId} not updated: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * The chapters about any of these uids (symbols or files; with `declared`, the symbols a file
   * declares too) that the principal may read, each with whether it may be stale.
   */
  async knowledgeAbout(principal: Principal, uids: readonly string[], options: { declared?: boolean } = {}): Promise<KnowledgeAbout[]> {
    const rows = await this.links.chaptersAbout(principal, [...new Set(uids)], options.declared === true);
    return rows.map((row) => {
      const record = parseLinks(row.links).find((link) => link.uid === row.about && link.reference === row.reference);
      const state = record ? statusOf(record, { ...row, uid: row.about, wanted: row.about, repositoryId: '', name: row.about }) : null;
      return {
        uri: row.uri,
        projectId: row.projectId,
        filename: row.filename,
        chapter: row.chapter,
        about: row.about,
        reference: row.reference,
        stale: state !== null && state.status !== 'current',
        status: state?.status ?? 'current',
        staleReason: state?.reason ?? null,
        codeCommit: row.codeCommit,
        knowledgeCommit: row.knowledgeCommit,
      };
    });
  }

  /** Every link of a project's chapters (one file's when named), with its status now, as the principal may see them. */
  async linksOf(principal: Principal, projectId: string, filename: string | undefined): Promise<GetKnowledgeLinksResult> {
    const visible = visibleRepositoryIds(principal);
    const readable = (repositoryId: string) => visible === null || visible.includes(repositoryId);
    const repositories = (await this.repositoriesOf(principal.tenantId, projectId)).filter((repository) =>
      readable(repository.repositoryId),
    );
    const commits = new Map(
      (await this.links.servedRepositories(principal.tenantId)).map((served) => [served.repositoryId, served.commitSha]),
    );
    const chapters = await this.links.chapters(principal.tenantId, { projectId, ...(filename === undefined ? {} : { filename }) });
    const records = chapters.flatMap((chapter) =>
      parseLinks(chapter.links)
        .filter((link) => readable(link.repositoryId))
        .map((link) => ({ chapter, link })),
    );
    const current = await this.currentOf(
      principal.tenantId,
      records.map(({ link }) => link),
    );
    return {
      projectId,
      repositories: repositories.map((repository) => repository.repositoryId),
      links: records.map(({ chapter, link }) => {
        const state = statusOf(link, current.get(link.uid) ?? null);
        return {
          uri: chapter.uri,
          filename: chapter.filename,
          chapter: chapter.chapter,
          reference: link.reference,
          kind: link.kind,
          about: link.uid,
          repositoryId: link.repositoryId,
          stale: state.status !== 'current',
          status: state.status,
          staleReason: state.reason,
          codeCommit: commits.get(link.repositoryId) ?? null,
          knowledgeCommit: chapter.knowledgeCommit,
        };
      }),
      unresolved: chapters.flatMap((chapter) =>
        chapter.unresolved.map((reference) => ({ filename: chapter.filename, chapter: chapter.chapter, reference })),
      ),
    };
  }

  private async relinkDocument(tenantId: string, chapters: KnowledgeChapterRecord[]): Promise<void> {
    const { projectId, filename } = chapters[0]!;
    const repositories = (await this.repositoriesOf(tenantId, projectId)).map((repository) => repository.repositoryId).sort();
    const written: KnowledgeChapterWrite[] = [];
    for (const chapter of chapters) {
      const kept = parseLinks(chapter.links);
      const current = await this.currentOf(tenantId, kept);
      const links = kept.map((link) => {
        const now = current.get(link.uid);
        return now && now.uid !== link.uid ? { ...link, uid: now.uid, renamedFrom: link.renamedFrom ?? nameOf(link.uid) } : link;
      });
      // References nothing answered to when the chapter was written: the code may be indexed now.
      const again = referencesIn(chapter.unresolved.map((reference) => `\`${reference}\``).join(' '));
      const resolved = await this.links.resolveReferences(tenantId, repositories, again.names, again.paths);
      const found = linksOf(again.backticked, again.backticked, resolved);
      const present = new Set([...current.values()].map((target) => target.uid).concat(found.links.map((link) => link.uid)));
      written.push(
        chapterWrite({ ...chapter, repositoryIds: repositories, unresolved: found.unresolved }, [...links, ...found.links], present),
      );
    }
    await this.links.writeChapters(tenantId, { projectId, filename }, [], written);
  }

  /** The code each link names as served now, by the uid the link was written with (a rename: the symbol that carries its body). */
  async currentOf(tenantId: string, links: readonly LinkRecord[]): Promise<Map<string, CurrentTarget>> {
    const repositories = [...new Set(links.map((link) => link.repositoryId))];
    const fingerprints = Object.fromEntries(
      links
        .filter((link) => link.kind === 'symbol' && link.bodyFingerprint !== null && !link.bodyFingerprint.startsWith('tokens:'))
        .map((link) => [link.uid, link.bodyFingerprint!]),
    );
    const rows = await this.links.currentTargets(tenantId, repositories, [...new Set(links.map((link) => link.uid))], fingerprints);
    const byWanted = new Map<string, CurrentTarget[]>();
    for (const row of rows) byWanted.set(row.wanted, [...(byWanted.get(row.wanted) ?? []), row]);
    const current = new Map<string, CurrentTarget>();
    for (const [wanted, targets] of byWanted) {
      const same = targets.find((target) => target.uid === wanted);
      // A body several symbols now share is no recognisable rename.
      if (same) current.set(wanted, same);
      else if (targets.length === 1) current.set(wanted, targets[0]!);
    }
    return current;
  }
}

/** knowledge://projects/{project_id}/chapters/{filename}#{chapter}: the chapters resource, at one chapter. */
export function chapterUri(projectId: string, filename: string, chapter: string): string {
  return `knowledge://projects/${projectId}/chapters/${filename}#${encodeURIComponent(chapter)}`;
}

/** Each reference answered by exactly one symbol or file is a link; a backticked one answered by none or several is unresolved. */
function linksOf(
  backticked: readonly string[],
  references: readonly string[],
  resolved: readonly ResolvedReference[],
): { links: LinkRecord[]; unresolved: string[] } {
  const links: LinkRecord[] = [];
  const unresolved: string[] = [];
  for (const reference of [...new Set(references)].sort()) {
    const answers = resolved.filter((answer) => answer.reference === reference);
    const [only] = answers;
    if (answers.length === 1 && only) {
      if (!links.some((link) => link.uid === only.uid)) {
        const { reference: _reference, ...target } = only;
        links.push({ reference, ...target });
      }
    } else if (backticked.includes(reference)) unresolved.push(reference);
  }
  return { links, unresolved };
}

function chapterWrite(
  chapter: Omit<KnowledgeChapterWrite, 'links' | 'about'>,
  links: LinkRecord[],
  present: ReadonlySet<string>,
): KnowledgeChapterWrite {
  const { uid, chapter: title, uri, textHash, knowledgeCommit, repositoryIds, unresolved } = chapter;
  return {
    uid,
    chapter: title,
    uri,
    textHash,
    knowledgeCommit,
    repositoryIds,
    unresolved,
    links: JSON.stringify(links),
    about: links
      .filter((link) => present.has(link.uid))
      .map((link) => ({ uid: link.uid, repositoryId: link.repositoryId, reference: link.reference })),
  };
}

function parseLinks(json: string): LinkRecord[] {
  return JSON.parse(json) as LinkRecord[];
}

/** Whether the code a link names is still what its chapter was written about, and if not what changed. */
export function statusOf(link: LinkRecord, now: CurrentTarget | null): { status: KnowledgeLinkStatus; reason: string | null } {
  if (now === null) return { status: 'deleted', reason: `${link.reference} is no longer in the index (${link.uid})` };
  if (link.renamedFrom !== undefined) return { status: 'renamed', reason: `${link.renamedFrom} was renamed ${nameOf(now.uid)}` };
  if (link.kind === 'file')
    return now.contentHash === link.contentHash ? current() : { status: 'file_changed', reason: `${link.reference} changed` };
  if (now.signature !== link.signature)
    return {
      status: 'signature_changed',
      reason: `the signature of ${link.reference} was \`${link.signature ?? ''}\`, is \`${now.signature ?? ''}\``,
    };
  if (now.bodyFingerprint !== link.bodyFingerprint) return { status: 'body_changed', reason: `the body of ${link.reference} changed` };
  return current();
}

function current(): { status: KnowledgeLinkStatus; reason: null } {
  return { status: 'current', reason: null };
}

/** A symbol's qualified name (a file's path) from its uid. */
function nameOf(uid: string): string {
  const hash = uid.indexOf('#');
  return hash >= 0 ? uid.slice(hash + 1) : uid.split(':').slice(2).join(':');
}
