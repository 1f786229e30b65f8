import { Args, Context, Parent, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  CallConnectionSchema,
  FileNodeSchema,
  RepositoryNodeSchema,
  SectionConnectionSchema,
  SymbolConnectionSchema,
  type SymbolNode,
  SymbolNodeSchema,
  SymbolUidSchema,
  TestConnectionSchema,
} from '@lore/domain/schemas/explorer';
import { SymbolCloneSchema, SymbolDeadCodeSchema } from '@lore/domain/schemas/code-health-symbols';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { ExplorerService } from '@lore/knowledge/explorer/explorer.service';
import { z } from 'zod';
import { LoreField, LoreQuery } from '../lore-query.decorator';
import { PageField } from './page-field.decorator';
import type { ExplorerLoaders, PageArgs } from './explorer-loaders';

/** Symbol: a symbol as a node to explore, and the relations a person follows from it. */
@Resolver('Symbol')
export class SymbolNodeResolver {
  constructor(
    private readonly explorer: ExplorerService,
    private readonly codeHealth: CodeHealthService,
  ) {}

  @LoreQuery({
    name: 'symbolNode',
    description: 'A symbol by uid, to explore from: its callers, callees, members, tests, documents, file and repository.',
    args: { uid: SymbolUidSchema },
    result: SymbolNodeSchema,
  })
  symbolNode(@Args('uid') uid: string, @Context('req') req: RequestWithPrincipal): Promise<SymbolNode> {
    return this.explorer.getSymbol(principalOf(req), uid);
  }

  @PageField('Symbol', 'callers', CallConnectionSchema, 'The symbols that call it, with the line of each call and how it was resolved.')
  callers(@Parent() symbol: SymbolNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('symbol-callers', symbol.uid, page);
  }

  @PageField('Symbol', 'callees', CallConnectionSchema, 'The symbols it calls, in the order of the calls.')
  callees(@Parent() symbol: SymbolNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('symbol-callees', symbol.uid, page);
  }

  @PageField('Symbol', 'members', SymbolConnectionSchema, 'Its methods, properties and nested declarations, in declaration order.')
  members(@Parent() symbol: SymbolNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('symbol-members', symbol.uid, page);
  }

  @PageField('Symbol', 'tests', TestConnectionSchema, 'The test cases that exercise it, directly or through one helper.')
  tests(@Parent() symbol: SymbolNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('symbol-tests', symbol.uid, page);
  }

  @PageField(
    'Symbol',
    'documents',
    SectionConnectionSchema,
    'The Markdown sections whose inline code names it (get_documents also lists those linking its file).',
  )
  documents(@Parent() symbol: SymbolNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('symbol-sections', symbol.uid, page);
  }

  @LoreField({ type: 'Symbol', name: 'file', description: 'The file that declares it.', args: {}, result: FileNodeSchema.nullable() })
  file(@Parent() symbol: SymbolNode, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.files.load({ repositoryId: symbol.repositoryId, path: symbol.path });
  }

  @LoreField({ type: 'Symbol', name: 'repository', description: 'Its repository.', args: {}, result: RepositoryNodeSchema.nullable() })
  repository(@Parent() symbol: SymbolNode, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.repositories.load(symbol.repositoryId);
  }

  @LoreField({
    type: 'Symbol',
    name: 'complexity',
    description: 'Cyclomatic complexity of its body, as indexed; null without a body.',
    args: {},
    result: z.number().int().nullable(),
  })
  async complexity(@Parent() symbol: SymbolNode, @Context('loaders') loaders: ExplorerLoaders) {
    return (await this.healthOf(symbol, loaders))?.complexity ?? null;
  }

  @LoreField({
    type: 'Symbol',
    name: 'cognitiveComplexity',
    description: 'Cognitive complexity of its body, as indexed; null without a body.',
    args: {},
    result: z.number().int().nullable(),
  })
  async cognitiveComplexity(@Parent() symbol: SymbolNode, @Context('loaders') loaders: ExplorerLoaders) {
    return (await this.healthOf(symbol, loaders))?.cognitiveComplexity ?? null;
  }

  @LoreField({
    type: 'Symbol',
    name: 'clones',
    description: 'The other places of the clone findings it is in, from the latest analysis run of its repository (empty without a run).',
    args: {},
    result: z.array(SymbolCloneSchema),
  })
  async clones(@Parent() symbol: SymbolNode, @Context('loaders') loaders: ExplorerLoaders) {
    return (await this.healthOf(symbol, loaders))?.clones ?? [];
  }

  @LoreField({
    type: 'Symbol',
    name: 'deadCode',
    description: 'Its dead-code finding in the latest analysis run of its repository; null when reached, or without a run.',
    args: {},
    result: SymbolDeadCodeSchema.nullable(),
  })
  async deadCode(@Parent() symbol: SymbolNode, @Context('loaders') loaders: ExplorerLoaders) {
    return (await this.healthOf(symbol, loaders))?.deadCode ?? null;
  }

  private healthOf(symbol: SymbolNode, loaders: ExplorerLoaders) {
    return loaders.batched('symbol-health', (principal, uids) => this.codeHealth.symbolHealth(principal, uids)).load(symbol.uid);
  }
}
