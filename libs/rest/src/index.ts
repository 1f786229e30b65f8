export * from './problem-details.filter';
export * from './rest.module';
export * from './openapi-errors';
