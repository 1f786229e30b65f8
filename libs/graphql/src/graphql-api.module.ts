import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { AccessModule } from '@lore/access';
import { discoverClasses } from '@lore/config';
import { KnowledgeModule } from '@lore/knowledge';
import { GraphiqlAssetsController, graphiqlLandingPage } from './graphiql';
import { formatGraphqlError } from './graphql-errors';
import { queryFieldsOf } from './lore-query.decorator';
import { graphqlSdl } from './zod-graphql';

/** Every `*.resolver.ts` below this folder: one per capability (see discoverClasses). */
const RESOLVERS = discoverClasses(__dirname, '.resolver');

@Module({
  imports: [
    KnowledgeModule,
    AccessModule,
    GraphQLModule.forRoot<ApolloDriverConfig>({
      driver: ApolloDriver,
      path: '/graphql',
      typeDefs: graphqlSdl(RESOLVERS.flatMap(queryFieldsOf)),
      playground: false,
      introspection: true,
      plugins: [graphiqlLandingPage()],
      formatError: formatGraphqlError,
      context: ({ req }: { req: unknown }) => ({ req }),
    }),
  ],
  controllers: [GraphiqlAssetsController],
  providers: [...RESOLVERS],
})
export class GraphqlApiModule {}
