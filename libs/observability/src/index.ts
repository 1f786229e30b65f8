export * from './metrics';
export * from './observability.module';
export * from './tracing';
