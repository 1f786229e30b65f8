export * from './graphql-api.module';
