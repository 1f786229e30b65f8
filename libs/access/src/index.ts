export * from './access.module';
export * from './host-validation.middleware';
export * from './network-exposure';
export * from './principal.middleware';
export * from './principals';
export * from './redaction';
export * from './repository-visibility';
