export * from './code-graph.repository';
export * from './graph.module';
export * from './index-store.repository';
export * from './migrations';
export * from './neo4j.service';
export { snapshotGraph } from './snapshot-graph';
