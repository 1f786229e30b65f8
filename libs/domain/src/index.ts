// The shared vocabulary of every lib. Each capability's request and response schemas are a public
// entry of their own: import them from '@lore/domain/schemas/<capability>'.
export * from './bookmarks';
export * from './canonical-json';
export * from './errors';
export * from './graph-model';
export * from './input-vocabulary';
export * from './language-model';
export * from './principal';
export * from './schemas/shared';
export * from './token-count';
export * from './uids';
export * from './uris';
