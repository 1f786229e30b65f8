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

interface Window {
  hash: string;
  member: CloneMember;
}

function blockCloneGroups(symbols: readonly HealthSymbolRow[]): CloneGroup[] {
  const windows: Window[] = symbols.flatMap((symbol) =>
    (symbol.blockFingerprints ?? []).flatMap((entry) => {
      const match = /^(.+):(\d+)-(\d+)$/.exec(entry);
      if (!match) return [];
      const member = {
        path: symbol.path,
        startLine: Number(match[2]),
        endLine: Number(match[3]),
        symbol: symbol.qualifiedName,
        inTest: symbol.inTest,
      };
      return [{ hash: match[1]!, member }];
    }),
  );
  const byHash = new Map<string, Window[]>();
  for (const window of windows) appendTo(byHash, window.hash, window);
  // Places are spans: windows of one path that overlap are one span; spans holding windows of one hash are one group.
  const repeated = [...byHash.values()].filter((same) => distinctPlaces(same.map((window) => window.member)) > 1).flat();
  const spans = mergedSpans(repeated.map((window) => window.member));
  const spanOf = spanIndex(spans);
  const sets = new DisjointSets(spans.length);
  for (const same of byHash.values()) {
    const indexes = same.map((window) => spanOf(window.member)).filter((index) => index >= 0);
    for (const index of indexes.slice(1)) sets.union(indexes[0]!, index);
  }
  const components = new Map<number, CloneMember[]>();
  spans.forEach((span, index) => appendTo(components, sets.find(index), span));
  return [...components.values()]
    .filter((members) => members.length > 1)
    .map((members) => ({ kind: 'block_clone' as const, type: 'exact' as const, similarity: 1, members: members.sort(compareMembers) }));
}

/**
 * The index of the span holding a member (-1 for none), for spans as mergedSpans gives them: sorted
 * and apart, so the one holding it is the last of its path starting at or before it.
 */
function spanIndex(spans: readonly CloneMember[]): (member: CloneMember) => number {
  const byPath = new Map<string, number[]>();
  spans.forEach((span, index) => appendTo(byPath, span.path, index));
  return (member) => {
    const indexes = byPath.get(member.path) ?? [];
    let [low, high] = [0, indexes.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (spans[indexes[middle]!]!.startLine <= member.startLine) low = middle + 1;
      else high = middle - 1;
    }
    const index = high >= 0 ? indexes[high]! : -1;
    return index >= 0 && member.endLine <= spans[index]!.endLine ? index : -1;
  };
}

function appendTo<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

function distinctPlaces(members: readonly CloneMember[]): number {
  return mergedSpans(members).length;
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
