export * from './graphql-api.module';
export { GraphiqlPageMiddleware } from './graphiql';
