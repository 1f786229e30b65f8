import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { NODE_LABELS, RELATIONSHIPS } from './snapshot-graph';

/**
 * A repository's graph as hashes: of each node by label and uid, of each relationship by shape (its
 * index in RELATIONSHIPS), from uid and to uid. Keyed by the uid strings themselves, which a
 * long-lived process meets again run after run, with their hashes computed: no key is built per
 * element. A state is not changed once made: a later one may share its maps.
 */
export interface GraphState {
  nodes: Map<string, Map<string, string>>;
  relationships: Map<string, Map<string, string>>[];
}

export function emptyState(): GraphState {
  return { nodes: new Map(NODE_LABELS.map((label) => [label, new Map()])), relationships: RELATIONSHIPS.map(() => new Map()) };
}

/** Files the hash of a relationship in `byFrom` (one shape's). */
export function setRelationship(byFrom: Map<string, Map<string, string>>, fromUid: string, toUid: string, hash: string): void {
  const byTo = byFrom.get(fromUid);
  if (byTo === undefined) byFrom.set(fromUid, new Map<string, string>().set(toUid, hash));
  else byTo.set(toUid, hash);
}

interface StoredState {
  /** The Repository node's snapshotVersion when this state was written. */
  version: string;
  nodes: [label: string, uid: string, hash: string][];
  relationships: [shapeIndex: number, fromUid: string, toUid: string, hash: string][];
}

/** The state this process last wrote per file: a long-lived process (lore serve, watch mode) does not read its own file back. */
const REMEMBERED_FILES = 4;
const remembered = new Map<string, { version: string; state: GraphState }>();

/**
 * The last graph state a run wrote for a repository, kept on disk with the snapshot version the
 * same transaction stored on the Repository node. When the node still carries that version, nothing
 * else has written the repository since, and the state need not be read back from Neo4j (the largest
 * fixed cost of re-indexing a large repository). Any doubt — no file, another version, an unreadable
 * file — means reading the live graph.
 */
export class GraphStateFile {
  private readonly file: string | null;

  constructor(cacheDir: string, database: string, tenantId: string, repoId: string) {
    const key = createHash('sha256').update(`${database}\0${tenantId}\0${repoId}`).digest('hex').slice(0, 32);
    this.file = cacheDir === 'off' ? null : join(cacheDir, 'graph-state', `${key}.json`);
  }

  read(version: string): GraphState | null {
    if (this.file === null) return null;
    const known = remembered.get(this.file);
    if (known?.version === version) return known.state;
    let stored: StoredState;
    try {
      stored = JSON.parse(readFileSync(this.file, 'utf8')) as StoredState;
    } catch {
      return null;
    }
    if (stored.version !== version) return null;
    const state = emptyState();
    for (const [label, uid, hash] of stored.nodes) state.nodes.get(label)?.set(uid, hash);
    for (const [shapeIndex, fromUid, toUid, hash] of stored.relationships) {
      const byFrom = state.relationships[shapeIndex];
      if (byFrom) setRelationship(byFrom, fromUid, toUid, hash);
    }
    return state;
  }

  /** After the transaction that stored `version` committed; a failure costs the next run a read, nothing else. */
  write(version: string, state: GraphState): void {
    if (this.file === null) return;
    remembered.delete(this.file);
    remembered.set(this.file, { version, state });
    if (remembered.size > REMEMBERED_FILES) remembered.delete(remembered.keys().next().value!);
    const stored: StoredState = { version, nodes: [], relationships: [] };
    for (const [label, byUid] of state.nodes) for (const [uid, hash] of byUid) stored.nodes.push([label, uid, hash]);
    state.relationships.forEach((byFrom, shapeIndex) => {
      for (const [fromUid, byTo] of byFrom) for (const [toUid, hash] of byTo) stored.relationships.push([shapeIndex, fromUid, toUid, hash]);
    });
    try {
      mkdirSync(join(this.file, '..'), { recursive: true });
      // Whole or not at all: a reader never meets half a file. No fsync: a cache lost to a power cut costs a re-read.
      writeFileAtomic.sync(this.file, JSON.stringify(stored), { fsync: false });
    } catch {
      // Read-only home, full disk: the next run reads the live graph.
    }
  }
}
