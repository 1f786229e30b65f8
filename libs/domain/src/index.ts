export * from './errors';
export * from './graph-model';
export * from './principal';
export * from './schemas';
export * from './uids';
export * from './uris';
