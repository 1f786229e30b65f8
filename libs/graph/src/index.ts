export * from './code-graph.repository';
export * from './explorer-records';
export * from './graph.module';
export * from './index-store.repository';
export * from './migrations';
export * from './neo4j.service';
export { emptyState, GraphStateFile, type GraphState } from './graph-state-file';
export { snapshotGraph } from './snapshot-graph';
export { diffSnapshot, type SnapshotDiff } from './snapshot-diff';
