import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { AccessModule, RefusedRequests, principalOf, type RequestWithPrincipal } from '@lore/access';
import { discoverClasses } from '@lore/config';
import { CodeHealthModule } from '@lore/code-health';
import { DocumentationModule } from '@lore/documentation';
import { KnowledgeModule } from '@lore/knowledge';
import { ExplorerService } from '@lore/knowledge/explorer/explorer.service';
import { LimitsStage } from '@lore/knowledge';
import { bookmarkExtension } from './bookmark-extension';
import { chargeQueryCost } from './charged-queries';
import { ExplorerLoaders } from './explorer/explorer-loaders';
import { AnalysisPageController } from './analysis-page';
import { ExplorerPageController } from './explorer-page';
import { GraphiqlAssetsController } from './graphiql';
import { formatGraphqlError } from './graphql-errors';
import { mutationFieldsOf, objectFieldsOf, queryFieldsOf } from './lore-query.decorator';
import { queryLimitsRule } from './query-limits';
import { auditRefusedQueries } from './refused-queries';
import { graphqlSdl } from './zod-graphql';

/** Every `*.resolver.ts` below this folder: one per capability or explorer type (see discoverClasses). */
const RESOLVERS = discoverClasses(__dirname, '.resolver');

@Module({
  imports: [
    KnowledgeModule,
    CodeHealthModule,
    DocumentationModule,
    AccessModule,
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [KnowledgeModule],
      inject: [ExplorerService, RefusedRequests, LimitsStage],
      useFactory: (explorer: ExplorerService, refused: RefusedRequests, limits: LimitsStage) => ({
        path: '/graphql',
        typeDefs: graphqlSdl(RESOLVERS.flatMap(queryFieldsOf), RESOLVERS.flatMap(objectFieldsOf), RESOLVERS.flatMap(mutationFieldsOf)),
        playground: false,
        introspection: true,
        // GraphiQL's page is GraphiqlPageMiddleware's, served before authentication: none of Apollo's.
        plugins: [ApolloServerPluginLandingPageDisabled(), auditRefusedQueries(refused), chargeQueryCost(limits), bookmarkExtension()],
        validationRules: [queryLimitsRule()],
        formatError: formatGraphqlError,
        // Each request its own loaders: their batches and cache live as long as the request. A caller
        // who could not be known (Neo4j down) gets none: every root field throws why, as a GraphQL error.
        context: ({ req }: { req: RequestWithPrincipal }) => ({
          req,
          loaders: req.principalError ? null : new ExplorerLoaders(explorer, principalOf(req)),
        }),
      }),
    }),
  ],
  controllers: [GraphiqlAssetsController, ExplorerPageController, AnalysisPageController],
  providers: [...RESOLVERS],
})
export class GraphqlApiModule {}
