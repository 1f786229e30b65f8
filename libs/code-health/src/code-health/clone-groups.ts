import type { HealthSymbolRow } from '@lore/graph';
import { signatureSimilarity } from '@lore/indexer';
import type { CloneType } from '@lore/domain/schemas/code-health';

/** One place of a duplication: a function body, or a span of statements inside one. */
export interface CloneMember {
  path: string;
  startLine: number;
  endLine: number;
  /** The qualified name of the body (for a block, of the body holding it). */
  symbol: string;
  inTest: boolean;
}

/** One duplication: every place of it, once. */
export interface CloneGroup {
  kind: 'function_clone' | 'block_clone';
  type: CloneType;
  /** exact and renamed: 1; near_miss: the least similarity of the pairs that joined the group. */
  similarity: number;
  /** By path, then line. */
  members: CloneMember[];
}

/**
 * Rows of the MinHash signature compared together: two bodies equal on one whole band are compared
 * in full. Two rows of 64 (32 bands) make a pair at similarity 0.5 a candidate with probability 0.9999.
 */
const BAND_ROWS = 2;

/**
 * The clone groups of a repository from the fingerprints the index stores per function body:
 * bodies with one renamed fingerprint are a group (`exact` when their exact fingerprints agree too,
 * `renamed` otherwise); bodies whose near-miss signatures agree on at least `similarity` of their
 * positions join into `near_miss` groups; equal block windows of different places are block groups,
 * overlapping windows merged into one span. A group whose every place lies inside the places of
 * another group is that group's echo and is dropped: one finding per duplication.
 */
export function groupClones(symbols: readonly HealthSymbolRow[], similarity: number): CloneGroup[] {
  const bodies = symbols.filter((symbol) => symbol.renamedFingerprint !== null || symbol.nearMissSignature !== null);
  const functionGroups = functionCloneGroups(bodies, similarity);
  const blockGroups = blockCloneGroups(symbols);
  const all = [...functionGroups, ...blockGroups];
  // A group's echo holds a place on the path of its first place: only those groups are compared.
  const byPath = new Map<string, CloneGroup[]>();
  for (const group of all) for (const path of new Set(group.members.map((member) => member.path))) appendTo(byPath, path, group);
  return all
    .filter((group) => !byPath.get(group.members[0]!.path)!.some((other) => other !== group && echoes(group, other)))
    .sort(compareGroups);
}

function functionCloneGroups(bodies: readonly HealthSymbolRow[], similarity: number): CloneGroup[] {
  const sets = new DisjointSets(bodies.length);
  const weakest = new Map<number, number>();
  const byRenamed = new Map<string, number>();
  bodies.forEach((body, index) => {
    if (body.renamedFingerprint === null) return;
    const first = byRenamed.get(body.renamedFingerprint);
    if (first === undefined) byRenamed.set(body.renamedFingerprint, index);
    else sets.union(first, index);
  });
  // Candidate pairs in the order their first shared band is met (the order decides a group's weakest
  // similarity): a pair already joined is skipped; one judged apart is judged again where it meets
  // again (remembering millions of such pairs costs more than comparing 64 numbers).
  for (const indexes of bandBuckets(bodies)) {
    for (let i = 0; i < indexes.length; i++) {
      for (let j = i + 1; j < indexes.length; j++) {
        const [a, b] = [indexes[i]!, indexes[j]!];
        if (sets.find(a) === sets.find(b)) continue;
        // A factory and the closure it returns share the closure's tokens: a body is never a clone of one it holds.
        if (encloses(bodies[a]!, bodies[b]!) || encloses(bodies[b]!, bodies[a]!)) continue;
        const shared = signatureSimilarity(bodies[a]!.nearMissSignature!, bodies[b]!.nearMissSignature!);
        if (shared < similarity) continue;
        const least = Math.min(shared, weakest.get(sets.find(a)) ?? 1, weakest.get(sets.find(b)) ?? 1);
        sets.union(a, b);
        weakest.set(sets.find(a), least);
      }
    }
  }
  const components = new Map<number, HealthSymbolRow[]>();
  bodies.forEach((body, index) => appendTo(components, sets.find(index), body));
  return [...components.entries()]
    .filter(([, members]) => members.length > 1)
    .map(([root, members]) => {
      const renamed = new Set(members.map((member) => member.renamedFingerprint));
      const exact = new Set(members.map((member) => member.exactFingerprint));
      const type: CloneType = renamed.size > 1 || renamed.has(null) ? 'near_miss' : exact.size === 1 ? 'exact' : 'renamed';
      return {
        kind: 'function_clone' as const,
        type,
        similarity: type === 'near_miss' ? round3(weakest.get(root) ?? similarity) : 1,
        members: members.map(memberOf).sort(compareMembers),
      };
    });
}

/**
 * The bodies whose signatures are equal on one band (locality-sensitive hashing), per band and value,
 * in the order first met; each list in body order. Two bodies of one list are a candidate pair.
 */
function bandBuckets(bodies: readonly HealthSymbolRow[]): IterableIterator<number[]> {
  const buckets = new Map<string, number[]>();
  bodies.forEach((body, index) => {
    const signature = body.nearMissSignature;
    if (signature === null) return;
    for (let start = 0; start + BAND_ROWS <= signature.length; start += BAND_ROWS)
      appendTo(buckets, `${start}:${signature.slice(start, start + BAND_ROWS).join(',')}`, index);
  });
  return buckets.values();
}

/**
 * Windows of one hash at more places than this are boilerplate (a guard every handler opens with):
 * comparing each pair of them costs the square of their count and finds no duplication anyone removes.
 */
const MAX_WINDOW_PLACES = 16;

/** Two places of one duplication: the windows of `first` match those of `second`, in order. */
interface Run {
  first: CloneMember;
  second: CloneMember;
}

/**
 * Block groups from the window fingerprints: each pair of places with an equal window is a match;
 * matches whose places both overlap (the next windows of one copied run) extend one run; runs whose
 * places are the same (each holding half the other) are one group. A run, not a path, is the unit,
 * so the copies of one overload inside one interface are places of their own.
 */
function blockCloneGroups(symbols: readonly HealthSymbolRow[]): CloneGroup[] {
  const byHash = new Map<string, Map<string, CloneMember>>();
  for (const symbol of symbols) {
    for (const entry of symbol.blockFingerprints ?? []) {
      const match = /^(.+):(\d+)-(\d+)$/.exec(entry);
      if (!match) continue;
      const member = {
        path: symbol.path,
        startLine: Number(match[2]),
        endLine: Number(match[3]),
        symbol: symbol.qualifiedName,
        inTest: symbol.inTest,
      };
      // A nested body's windows are its encloser's too: one place, once.
      const places = byHash.get(match[1]!) ?? new Map<string, CloneMember>();
      const key = `${member.path}:${member.startLine}-${member.endLine}`;
      if (!places.has(key)) places.set(key, member);
      byHash.set(match[1]!, places);
    }
  }
  const matches: Run[] = [];
  for (const places of byHash.values()) {
    const members = [...places.values()].sort(compareMembers);
    if (members.length < 2 || members.length > MAX_WINDOW_PLACES) continue;
    for (let i = 0; i < members.length; i++)
      for (let j = i + 1; j < members.length; j++)
        if (!overlaps(members[i]!, members[j]!)) matches.push({ first: members[i]!, second: members[j]! });
  }
  return groupsOfRuns(extendedRuns(matches));
}

/** Matches in order of their places, each joined to the run whose two places it overlaps. */
function extendedRuns(matches: Run[]): Run[] {
  matches.sort((a, b) => compareMembers(a.first, b.first) || compareMembers(a.second, b.second));
  const runs: Run[] = [];
  // The runs still open per pair of paths: a match can only extend one whose first place reaches it.
  const open = new Map<string, Run[]>();
  for (const match of matches) {
    const key = `${match.first.path}\0${match.second.path}`;
    const candidates = (open.get(key) ?? []).filter((run) => run.first.endLine >= match.first.startLine);
    const run = candidates.find((one) => overlaps(one.second, match.second));
    if (run) {
      run.first = widened(run.first, match.first);
      run.second = widened(run.second, match.second);
    } else {
      const fresh = { first: { ...match.first }, second: { ...match.second } };
      runs.push(fresh);
      candidates.push(fresh);
    }
    open.set(key, candidates);
  }
  return runs;
}

/** Runs sharing a place (spans holding half of each other) are one group; its places merged per path where they overlap. */
function groupsOfRuns(runs: readonly Run[]): CloneGroup[] {
  const places = runs.flatMap((run) => [run.first, run.second]);
  const sets = new DisjointSets(places.length);
  runs.forEach((_, index) => sets.union(2 * index, 2 * index + 1));
  const byPath = new Map<string, number[]>();
  places.forEach((place, index) => appendTo(byPath, place.path, index));
  for (const indexes of byPath.values()) {
    indexes.sort((a, b) => places[a]!.startLine - places[b]!.startLine);
    for (let i = 0; i < indexes.length; i++)
      for (let j = i + 1; j < indexes.length && places[indexes[j]!]!.startLine <= places[indexes[i]!]!.endLine; j++)
        if (samePlace(places[indexes[i]!]!, places[indexes[j]!]!)) sets.union(indexes[i]!, indexes[j]!);
  }
  const components = new Map<number, CloneMember[]>();
  places.forEach((place, index) => appendTo(components, sets.find(index), place));
  return [...components.values()]
    .map((members) => mergedSpans(members))
    .filter((members) => members.length > 1)
    .map((members) => ({ kind: 'block_clone' as const, type: 'exact' as const, similarity: 1, members }));
}

function overlaps(a: CloneMember, b: CloneMember): boolean {
  return a.path === b.path && a.startLine <= b.endLine && b.startLine <= a.endLine;
}

/** Whether two places of one path each hold at least half the lines of the other. */
function samePlace(a: CloneMember, b: CloneMember): boolean {
  const shared = Math.min(a.endLine, b.endLine) - Math.max(a.startLine, b.startLine) + 1;
  return shared * 2 >= a.endLine - a.startLine + 1 && shared * 2 >= b.endLine - b.startLine + 1;
}

function widened(span: CloneMember, by: CloneMember): CloneMember {
  return {
    ...span,
    startLine: Math.min(span.startLine, by.startLine),
    endLine: Math.max(span.endLine, by.endLine),
    inTest: span.inTest && by.inTest,
  };
}

function appendTo<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

/** Overlapping or touching spans of one path merged, sorted by path and line. */
function mergedSpans(members: readonly CloneMember[]): CloneMember[] {
  const merged: CloneMember[] = [];
  for (const member of [...members].sort(compareMembers)) {
    const last = merged.at(-1);
    if (last && last.path === member.path && member.startLine <= last.endLine) {
      merged[merged.length - 1] = { ...last, endLine: Math.max(last.endLine, member.endLine), inTest: last.inTest && member.inTest };
    } else merged.push({ ...member });
  }
  return merged;
}

/** Whether every place of `group` lies inside a place of `other` (and `other` is not smaller). */
function echoes(group: CloneGroup, other: CloneGroup): boolean {
  if (other.members.length < group.members.length) return false;
  const inside = group.members.every((member) =>
    other.members.some((place) => place.path === member.path && place.startLine <= member.startLine && member.endLine <= place.endLine),
  );
  if (!inside) return false;
  // Two groups with the very same places: keep the first in the report's order.
  const same = other.members.every((place) =>
    group.members.some((member) => member.path === place.path && member.startLine === place.startLine && member.endLine === place.endLine),
  );
  return !same || compareGroups(other, group) < 0;
}

function encloses(outer: HealthSymbolRow, inner: HealthSymbolRow): boolean {
  return outer.path === inner.path && outer.startLine <= inner.startLine && inner.endLine <= outer.endLine;
}

function memberOf(symbol: HealthSymbolRow): CloneMember {
  return { path: symbol.path, startLine: symbol.startLine, endLine: symbol.endLine, symbol: symbol.qualifiedName, inTest: symbol.inTest };
}

function compareMembers(a: CloneMember, b: CloneMember): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine || a.endLine - b.endLine;
}

function compareGroups(a: CloneGroup, b: CloneGroup): number {
  if (a.kind !== b.kind) return a.kind === 'function_clone' ? -1 : 1;
  return compareMembers(a.members[0]!, b.members[0]!) || b.members.length - a.members.length;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Union-find over 0..n-1, with path halving. */
export class DisjointSets {
  private readonly parent: number[];

  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, index) => index);
  }

  find(index: number): number {
    let node = index;
    while (this.parent[node] !== node) {
      this.parent[node] = this.parent[this.parent[node]!]!;
      node = this.parent[node]!;
    }
    return node;
  }

  union(a: number, b: number): void {
    const [rootA, rootB] = [this.find(a), this.find(b)];
    if (rootA !== rootB) this.parent[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
  }
}
