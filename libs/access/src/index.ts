export * from './access.module';
export * from './principal.middleware';
export * from './principals';
export * from './redaction';
export * from './repository-visibility';
