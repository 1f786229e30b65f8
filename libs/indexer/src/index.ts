// The language folders and their helpers are libs/languages; the indexer's public entry is theirs too.
export * from '@lore/languages';
export * from './repository-indexer';
export * from './secrets/secret-scanner';
export * from './source/source.repository';
export * from './source/git-diff';
export * from './source/checkouts';
