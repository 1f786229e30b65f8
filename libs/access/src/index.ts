export * from './access.module';
export * from './principals';
