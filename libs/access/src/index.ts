export * from './access.module';
export * from './principal.middleware';
export * from './principals';
