export * from './config';
export * from './config.module';
export * from './stderr-logger';
export * from './discovery';
export * from './lore-version';
export * from './local-connection';
