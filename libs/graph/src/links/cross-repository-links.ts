// Links between the repositories of a tenant: made and repaired after a repository's snapshot is written.
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ManagedTransaction } from 'neo4j-driver';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { repositoryOfSlot, repositoryUid, type ExternalReferences, type RepositorySnapshot } from '@lore/domain';
import { CypherQueries } from '../neo4j/cypher-queries';
import { runRows, Neo4jService, type Params } from '../neo4j/neo4j.service';
import { linkKey, resolveLinks, type Link, type LinkableSymbols, type LinkEcosystem, type LinkRecords } from './link-resolution';
import { hashOf } from '../snapshots/snapshot-graph';

const BATCH_SIZE = 2000;

export interface LinkChanges {
  created: number;
  deleted: number;
}

/** What linking takes of a snapshot: what the repository provides and what it takes from other packages. */
export type PackageRecords = Pick<RepositorySnapshot, 'tenantId' | 'repositoryId' | 'packages' | 'externalReferences'>;

/**
 * The links between repositories of one tenant: CALLS, IMPORTS, EXTENDS and IMPLEMENTS from one
 * repository's code into another's, each with `crossRepository: true`. The snapshot writer never
 * reads or writes them (its live graph leaves them out, so a graph state file never holds them); this
 * class owns them. Linking a repository records what it provides and takes (its snapshot's
 * packages and external references) on its Repository node, then makes every link that starts or
 * ends in it what the records of both sides say, in one transaction: its references followed into
 * the repositories that provide what they name, and the other repositories' references that name
 * its packages. Whichever side is indexed first, the second's linking makes the link; a re-index of
 * either side deletes the links its new code no longer gives (and a deleted symbol's took its links
 * with it).
 */
@Injectable()
export class CrossRepositoryLinks {
  private readonly logger = new Logger('CrossRepositoryLinks');

  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  async linkRepository(records: PackageRecords, ecosystems: readonly LinkEcosystem[]): Promise<LinkChanges> {
    const { tenantId, repositoryId: repoId } = records;
    const changes = await this.neo4j.write(
      async (tx) => {
        // Links join the served storage slots (storageSlots): the queries take slots, resolution repositories' ids.
        const servedSlots = (await runRows(tx, this.queries.get('links/served-slots'), { tenantId })).map((row) => row.slotId as string);
        const slotOf = (id: string): string => servedSlots.find((slot) => repositoryOfSlot(slot) === id) ?? id;
        const run = (name: string, params: Params) =>
          runRows(tx, this.queries.get(`links/${name}`), { tenantId, repoId: slotOf(repoId), servedSlots, ...params });
        const packages = [...new Set(records.packages.map((row) => row.key))].sort();
        const externalPackages = referencedPackages(records.externalReferences);
        await run('record-packages', {
          repoUid: repositoryUid(tenantId, slotOf(repoId)),
          packages,
          externalPackages,
          packageRecords: JSON.stringify(records.packages),
          externalReferences: JSON.stringify(records.externalReferences),
        });
        const existing = await run('links-of', {});
        const linked = [...new Set(existing.map((row) => row.otherRepoId as string))];
        const others = (await run('linked-repositories', { packages, externalPackages, linked })).map((row) => row.repoId as string);
        if (others.length === 0 && existing.length === 0) return { created: 0, deleted: 0 };
        await run('lock-repositories', { repoIds: others });
        const recorded = (await run('package-records', { repoIds: others })).map(parseRecords);
        const self: LinkRecords = { repoId, packages: records.packages, references: records.externalReferences };
        const wanted = await resolveLinks(
          tenantId,
          [{ consumer: self, providers: recorded }, ...recorded.map((consumer) => ({ consumer, providers: [self] }))],
          this.symbolsIn(run, slotOf),
          ecosystems,
        );
        return this.replaceLinks(tx, { tenantId, servedSlots }, existing.map(asLink), wanted);
      },
      { timeoutMs: this.config.NEO4J_INDEX_TX_TIMEOUT_MS, metadata: { lore: 'links', repoId } },
    );
    if (changes.created + changes.deleted > 0)
      this.logger.debug(`${repoId}: ${changes.created} cross-repository links created, ${changes.deleted} deleted`);
    return changes;
  }

  private symbolsIn(
    run: (name: string, params: Params) => Promise<Record<string, unknown>[]>,
    slotOf: (repositoryId: string) => string,
  ): LinkableSymbols {
    const asResolved = <T extends { repoId: string }>(rows: Record<string, unknown>[]): T[] =>
      rows.map((row) => ({ ...row, repoId: repositoryOfSlot(row.repoId as string) }) as unknown as T);
    return {
      topLevel: async (repoIds, names) => asResolved(await run('exported-symbols', { repoIds: repoIds.map(slotOf), names })),
      members: async (owners) => asResolved(await run('exported-members', { owners })),
    };
  }

  /** Writes the difference between the links that are and the links wanted: deletions first, in batches. */
  private async replaceLinks(tx: ManagedTransaction, scope: Params, existing: Link[], wanted: Link[]): Promise<LinkChanges> {
    const fingerprint = (link: Link): string => `${linkKey(link)}\u0000${hashOf(link.props)}`;
    const kept = new Set(wanted.map(fingerprint));
    const present = new Set(existing.map(fingerprint));
    const deletes = existing.filter((link) => !kept.has(fingerprint(link)));
    const creates = wanted.filter((link) => !present.has(fingerprint(link)));
    const byEnds = (links: Link[], files: boolean): Link[] => links.filter((link) => (link.type === 'IMPORTS') === files);
    const steps: [string, Link[]][] = [
      ['links/delete-symbol-links', byEnds(deletes, false)],
      ['links/delete-file-links', byEnds(deletes, true)],
      ['links/create-symbol-links', byEnds(creates, false)],
      ['links/create-file-links', byEnds(creates, true)],
    ];
    for (const [query, rows] of steps)
      for (let start = 0; start < rows.length; start += BATCH_SIZE)
        await runRows(tx, this.queries.get(query), { ...scope, rows: rows.slice(start, start + BATCH_SIZE) as unknown as Params[] });
    return { created: creates.length, deleted: deletes.length };
  }
}

/** The package keys a repository's references name, each once. */
function referencedPackages(references: ExternalReferences): string[] {
  const keys = new Set<string>();
  for (const row of references.imports) keys.add(row.package);
  for (const row of references.calls) keys.add(row.target.package);
  for (const row of references.inheritance) keys.add(row.target.package);
  return [...keys].sort();
}

function parseRecords(row: Record<string, unknown>): LinkRecords {
  return {
    repoId: repositoryOfSlot(row.repoId as string),
    packages: row.packages ? JSON.parse(row.packages as string) : [],
    references: row.references ? JSON.parse(row.references as string) : { imports: [], calls: [], inheritance: [] },
  };
}

function asLink(row: Record<string, unknown>): Link {
  return { type: row.type as Link['type'], fromUid: row.fromUid as string, toUid: row.toUid as string, props: row.props as Link['props'] };
}
