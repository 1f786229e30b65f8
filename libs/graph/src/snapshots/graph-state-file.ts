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

/** Changed with the encoding; holds the tables its indexes refer to, so that a file written under others is refused. */
const FORMAT = `graph-state 2 ${JSON.stringify([NODE_LABELS, RELATIONSHIPS])}`;

/**
 * A state on disk. Uids and relationship hashes are written once each, in `strings`, and referred to
 * by index: a uid recurs in many relationships, a relationship hash in thousands (their properties
 * are few). Node hashes, each its node's own, are written in place. Per label (NODE_LABELS), nodes as
 * uid index and hash; per shape (RELATIONSHIPS), relationships in runs of one source: from uid index,
 * the run's length, then as many pairs of to uid index and hash index.
 */
interface StoredState {
  format: string;
  /** The Repository node's snapshotVersion when this state was written. */
  version: string;
  strings: string[];
  nodes: (number | string)[][];
  relationships: number[][];
}

/**
 * Writes the states of one file. Its strings table is kept from one write to the next, and so is the
 * text of each relationship source's targets, by map: a long-lived process's next state shares the
 * maps of the sources a run did not change (see diffSnapshot), and a map is not changed once in a
 * state, so its text is reused as it is. Strings a state no longer uses stay in the table until it
 * has grown by half; then a new encoder starts afresh.
 */
class StateEncoder {
  private readonly strings: string[] = [];
  private readonly indexes = new Map<string, number>();
  /** `strings` as JSON without the brackets, as far as `stringsInText`. */
  private stringsText = '';
  private stringsInText = 0;
  private readonly targetsText = new WeakMap<Map<string, string>, string>();
  /** Half as many strings again as the first state used. */
  private limit = Infinity;

  get worn(): boolean {
    return this.strings.length > this.limit;
  }

  encode(version: string, state: GraphState): string {
    const nodes = NODE_LABELS.map((label) => {
      const pairs: (number | string)[] = [];
      for (const [uid, hash] of state.nodes.get(label)!) pairs.push(this.indexOf(uid), hash);
      return JSON.stringify(pairs);
    });
    const relationships = state.relationships.map((byFrom) => {
      const runs: (number | string)[] = [];
      for (const [fromUid, byTo] of byFrom) runs.push(this.indexOf(fromUid), this.targets(byTo));
      return `[${runs.join(',')}]`;
    });
    if (this.limit === Infinity) this.limit = this.strings.length * 1.5;
    if (this.strings.length > this.stringsInText) {
      const added = JSON.stringify(this.strings.slice(this.stringsInText)).slice(1, -1);
      this.stringsText = this.stringsInText === 0 ? added : `${this.stringsText},${added}`;
      this.stringsInText = this.strings.length;
    }
    return (
      `{"format":${JSON.stringify(FORMAT)},"version":${JSON.stringify(version)},"strings":[${this.stringsText}],` +
      `"nodes":[${nodes.join(',')}],"relationships":[${relationships.join(',')}]}`
    );
  }

  /** A run's length, then its pairs of to uid index and hash index. */
  private targets(byTo: Map<string, string>): string {
    let text = this.targetsText.get(byTo);
    if (text === undefined) {
      const run: number[] = [byTo.size];
      for (const [toUid, hash] of byTo) run.push(this.indexOf(toUid), this.indexOf(hash));
      text = run.join(',');
      this.targetsText.set(byTo, text);
    }
    return text;
  }

  private indexOf(value: string): number {
    let index = this.indexes.get(value);
    if (index === undefined) {
      index = this.strings.push(value) - 1;
      this.indexes.set(value, index);
    }
    return index;
  }
}

/** The state `text` holds if it is whole, of this format and of `version`; else null. */
function decode(text: string, version: string): GraphState | null {
  const stored = JSON.parse(text) as StoredState | null;
  if (stored?.format !== FORMAT || stored.version !== version) return null;
  const { strings, nodes, relationships } = stored;
  if (!Array.isArray(strings) || nodes?.length !== NODE_LABELS.length || relationships?.length !== RELATIONSHIPS.length) return null;
  const state = emptyState();
  for (let label = 0; label < NODE_LABELS.length; label++) {
    const pairs = nodes[label]!;
    const byUid = state.nodes.get(NODE_LABELS[label]!)!;
    if (!Array.isArray(pairs) || pairs.length % 2 !== 0) return null;
    for (let i = 0; i < pairs.length; i += 2) {
      const uid = strings[pairs[i] as number];
      const hash = pairs[i + 1];
      if (typeof uid !== 'string' || typeof hash !== 'string') return null;
      byUid.set(uid, hash);
    }
  }
  for (let shape = 0; shape < RELATIONSHIPS.length; shape++) {
    const runs = relationships[shape]!;
    const byFrom = state.relationships[shape]!;
    if (!Array.isArray(runs)) return null;
    for (let i = 0; i < runs.length;) {
      const fromUid = strings[runs[i]!];
      const length = runs[i + 1]!;
      const end = i + 2 + 2 * length;
      if (typeof fromUid !== 'string' || !Number.isInteger(length) || length < 0 || end > runs.length) return null;
      const byTo = new Map<string, string>();
      for (i += 2; i < end; i += 2) {
        const toUid = strings[runs[i]!];
        const hash = strings[runs[i + 1]!];
        if (typeof toUid !== 'string' || typeof hash !== 'string') return null;
        byTo.set(toUid, hash);
      }
      byFrom.set(fromUid, byTo);
    }
  }
  return state;
}

/**
 * The state this process last wrote per file, and the encoder that wrote it: a long-lived process
 * (lore serve, watch mode) does not read its own file back, and writes the next state cheaply.
 */
const REMEMBERED_FILES = 4;
const remembered = new Map<string, { version: string; state: GraphState; encoder: StateEncoder }>();

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
    try {
      return decode(readFileSync(this.file, 'utf8'), version);
    } catch {
      return null;
    }
  }

  /** After the transaction that stored `version` committed; a failure costs the next run a read, nothing else. */
  write(version: string, state: GraphState): void {
    if (this.file === null) return;
    const last = remembered.get(this.file);
    const encoder = last && !last.encoder.worn ? last.encoder : new StateEncoder();
    remembered.delete(this.file);
    remembered.set(this.file, { version, state, encoder });
    if (remembered.size > REMEMBERED_FILES) remembered.delete(remembered.keys().next().value!);
    try {
      mkdirSync(join(this.file, '..'), { recursive: true });
      // Whole or not at all: a reader never meets half a file. No fsync: a cache lost to a power cut costs a re-read.
      writeFileAtomic.sync(this.file, encoder.encode(version, state), { fsync: false });
    } catch {
      // Read-only home, full disk: the next run reads the live graph.
    }
  }
}
