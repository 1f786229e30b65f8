/** A snapshot as the lines two runs are compared on: one per node or relationship, with the hash of its properties. */
import type { RepositorySnapshot } from '@lore/domain';
import { snapshotGraph } from '@lore/graph';

/** What two runs are compared on, one line per node or relationship, sorted. */
export function answers(snapshot: RepositorySnapshot): string[] {
  const graph = snapshotGraph(snapshot);
  return [
    ...graph.nodes.map((node) => `${node.label} ${node.uid} ${node.hash}`),
    ...graph.relationships.map((row) => `${row.shape.type} ${row.fromUid} -> ${row.toUid} ${row.hash}`),
  ].sort();
}
