import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { KnowledgeModule } from '@lore/knowledge';
import { CodeResolver } from './code.resolver';
import { GraphiqlAssetsController, graphiqlLandingPage } from './graphiql';
import { formatGraphqlError } from './graphql-errors';

@Module({
  imports: [
    KnowledgeModule,
    GraphQLModule.forRoot<ApolloDriverConfig>({
      driver: ApolloDriver,
      path: '/graphql',
      autoSchemaFile: true,
      sortSchema: true,
      playground: false,
      introspection: true,
      plugins: [graphiqlLandingPage()],
      formatError: formatGraphqlError,
      context: ({ req }: { req: unknown }) => ({ req }),
    }),
  ],
  controllers: [GraphiqlAssetsController],
  providers: [CodeResolver],
})
export class GraphqlApiModule {}
