export * from './vector-index';
export * from './errors';
export { Neo4jVectorIndex } from './neo4j-vector-index';
export { Neo4jVectorSession, type Neo4jVectorSettings } from './neo4j-vector-session';
export { createVectorIndex, type VectorIndexSettings } from './create-vector-index';
export { INITIAL_GENERATION, modelSlug } from './vector-support';
