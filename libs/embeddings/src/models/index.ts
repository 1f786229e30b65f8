export * from './model-catalog';
export * from './model-store';
export * from './default-embedder';
export * from './previous-model';
