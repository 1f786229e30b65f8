import { Injectable, Logger } from '@nestjs/common';
import { canAccessRepository } from '@lore/access';
import { CodeGraphRepository, type SectionRefRecord } from '@lore/graph';
import { codeLanguages } from '@lore/indexer';
import {
  InvalidInputError,
  NotFoundError,
  type Principal,
  SYMBOL_KINDS,
  SnapshotNotIndexedError,
  TRUST_BOUNDARY,
  UnavailableError,
  type Warning,
  formatDocUri,
  symbolCodeUri,
  visibleRepositoryIds,
} from '@lore/domain';
import {
  type DocumentSearchCodeHit,
  type SearchCodeInput,
  SearchCodeInputSchema,
  type SearchCodeQuery,
  type SearchCodeResult,
  type SearchHit,
} from '@lore/domain/schemas/search';
import type { VectorHit } from '@lore/vectors';
import { checkIndexedBranch } from '../target-resolution';
import { parseInput } from '../validation';
import { exactNameBonus, rankingPrior, reciprocalRankFusion } from './fusion';
import { toLuceneQuery } from './lucene-query';
import { type UnderstoodQuery, understandQuery } from './query-understanding';
import { SemanticIndex } from './semantic-index';
import { Operation } from '../operations/operation';
import { ProjectKnowledgeService } from '../project-knowledge/project-knowledge.service';

/** Candidates fetched from the full-text index before tenant and repository filtering. */
const FULLTEXT_CANDIDATES = 500;
/** Each ranking contributes this many candidates (at least) to the fusion. */
const MIN_RANKED = 30;
const CODE_KINDS = [...SYMBOL_KINDS];
/** The chunk kind of a Markdown section's text (libs/indexer/src/chunks.ts). */
const SECTION_KINDS = ['section'];

type Reason = SearchHit['reasons'][number];

/**
 * search_code: full-text (Neo4j) and semantic (embeddings) rankings fused by reciprocal rank fusion,
 * symbols named exactly as the query first, inside the caller's scope. Each result says which rankings found it and with what
 * score. When semantic search is unavailable the answer is full-text only, with a warning.
 */
@Injectable()
export class SearchService {
  private readonly logger = new Logger('Search');

  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly semantic: SemanticIndex,
    private readonly knowledge: ProjectKnowledgeService,
  ) {}

  @Operation('search_code', { kind: 'read' })
  async searchCode(input: SearchCodeInput, principal: Principal): Promise<SearchCodeResult> {
    const query = withQueryFilters(parseInput(SearchCodeInputSchema, input));
    const lucene = toLuceneQuery(query.understood.terms.join(' '));
    if (lucene === null && (query.mode !== 'semantic' || query.understood.text === ''))
      throw new InvalidInputError('The query has no letters or digits to search for.');
    const repositoryId = query.scope?.repositoryId ?? null;
    if (repositoryId !== null) await this.checkScope(principal, repositoryId, query.scope ?? {});
    const ranked = Math.max(query.maxResults * 3, MIN_RANKED);
    const warnings: Warning[] = [];

    // The two rankings are independent: ask for both at once.
    const [fulltext, semantic] = await Promise.all([
      query.mode === 'semantic' || lucene === null
        ? Promise.resolve([])
        : this.graph.searchSymbolsFullText(principal, {
            lucene,
            repositoryId,
            kinds: query.kinds ?? null,
            pathPrefix: query.pathPrefix ?? null,
            language: query.language ?? null,
            limit: ranked,
            candidates: FULLTEXT_CANDIDATES,
          }),
      query.mode === 'fulltext'
        ? Promise.resolve([])
        : this.semanticHits(query, principal, repositoryId, ranked, warnings, {
            kinds: query.kinds ?? CODE_KINDS,
            language: query.language,
          }),
    ]);

    const fused = reciprocalRankFusion([fulltext.map((hit) => hit.symbol.uid), semantic.map((hit) => hit.uid)]);

    const refs = new Map(fulltext.map((hit) => [hit.symbol.uid, { symbol: hit.symbol, commitSha: hit.commitSha }]));
    const missing = semantic.map((hit) => hit.uid).filter((uid) => !refs.has(uid));
    for (const ref of await this.graph.getSymbolRefs(principal, missing)) refs.set(ref.symbol.uid, ref);
    const fulltextScores = new Map(fulltext.map((hit) => [hit.symbol.uid, hit.score]));
    const semanticScores = new Map(semantic.map((hit) => [hit.uid, hit.score]));

    const results: SearchHit[] = [];
    for (const [uid, score] of fused) {
      const ref = refs.get(uid);
      if (!ref) continue; // a vector of a symbol that is no longer in the graph
      const { symbol, commitSha } = ref;
      const exactName = exactNameBonus(symbol, query.understood.identifiers);
      const reasons: Reason[] = [];
      if (exactName > 0) reasons.push('exact_name');
      if (fulltextScores.has(uid)) reasons.push('fulltext');
      if (semanticScores.has(uid)) reasons.push('semantic');
      results.push({
        ...symbol,
        artifactType: 'symbol',
        title: symbol.qualifiedName,
        score: round((score + exactName) * rankingPrior(symbol)),
        reasons,
        scores: { fulltext: roundOrNull(fulltextScores.get(uid)), semantic: roundOrNull(semanticScores.get(uid)) },
        resourceUri: symbolCodeUri(symbol, commitSha),
      });
    }
    results.sort((a, b) => b.score - a.score || a.qualifiedName.localeCompare(b.qualifiedName) || a.uid.localeCompare(b.uid));
    const answer: SearchCodeResult = { results: results.slice(0, query.maxResults), warnings, trustBoundary: TRUST_BOUNDARY };
    if (query.include?.includes('documents'))
      answer.documents = await this.documentHits(query, principal, repositoryId, lucene, ranked, warnings);
    if (!query.include?.includes('knowledge')) return answer;
    const searched = await this.graph.listRepositories(principal);
    const repositories = searched.filter((repository) => repositoryId === null || repository.repositoryId === repositoryId);
    const knowledge = await this.knowledge.knowledgeHits(principal, repositories, query.understood.text, query.maxResults);
    return { ...answer, knowledge };
  }

  /**
   * include: ["documents"]: the Markdown sections of the searched repositories, the full-text ranking
   * of their headings and the semantic ranking of their text fused as the symbols' are. The semantic
   * ranking's warnings are the symbols' own (the same repositories' vectors): only new ones are added.
   */
  private async documentHits(
    query: FilteredQuery,
    principal: Principal,
    repositoryId: string | null,
    lucene: string | null,
    ranked: number,
    warnings: Warning[],
  ): Promise<DocumentSearchCodeHit[]> {
    const semanticWarnings: Warning[] = [];
    const [fulltext, semantic] = await Promise.all([
      query.mode === 'semantic' || lucene === null
        ? Promise.resolve([])
        : this.graph.searchSectionsFullText(principal, {
            lucene,
            repositoryId,
            pathPrefix: query.pathPrefix ?? null,
            limit: ranked,
            candidates: FULLTEXT_CANDIDATES,
          }),
      query.mode === 'fulltext'
        ? Promise.resolve([])
        : this.semanticHits(query, principal, repositoryId, ranked, semanticWarnings, { kinds: SECTION_KINDS, language: undefined }),
    ]);
    const told = new Set(warnings.map((warning) => warning.message));
    warnings.push(...semanticWarnings.filter((warning) => !told.has(warning.message)));

    const fused = reciprocalRankFusion([fulltext.map((hit) => hit.section.uid), semantic.map((hit) => hit.uid)]);
    const refs = new Map<string, SectionRefRecord>(fulltext.map((hit) => [hit.section.uid, hit]));
    const missing = semantic.map((hit) => hit.uid).filter((uid) => !refs.has(uid));
    for (const ref of await this.graph.getSectionRefs(principal, missing)) refs.set(ref.section.uid, ref);
    const semanticUids = new Set(semantic.map((hit) => hit.uid));
    const fulltextUids = new Set(fulltext.map((hit) => hit.section.uid));

    const hits: DocumentSearchCodeHit[] = [];
    for (const [uid, score] of fused) {
      const ref = refs.get(uid);
      if (!ref) continue; // a vector of a section that is no longer in the graph
      const { section, commitSha } = ref;
      const reasons: DocumentSearchCodeHit['reasons'] = [];
      if (fulltextUids.has(uid)) reasons.push('fulltext');
      if (semanticUids.has(uid)) reasons.push('semantic');
      hits.push({
        artifactType: 'document_section',
        title: section.title,
        documentPath: section.documentPath,
        repositoryId: section.repositoryId,
        startLine: section.startLine,
        endLine: section.endLine,
        uri: formatDocUri({ repositoryId: section.repositoryId, commitSha, path: section.documentPath, range: section }),
        score: round(score),
        reasons,
      });
    }
    hits.sort(
      (a, b) =>
        b.score - a.score ||
        a.repositoryId.localeCompare(b.repositoryId) ||
        a.documentPath.localeCompare(b.documentPath) ||
        a.startLine - b.startLine,
    );
    return hits.slice(0, query.maxResults);
  }

  private async semanticHits(
    query: FilteredQuery,
    principal: Principal,
    repositoryId: string | null,
    limit: number,
    warnings: Warning[],
    chunks: { kinds: string[]; language: string | undefined },
  ): Promise<VectorHit[]> {
    const repoIds = repositoryId !== null ? [repositoryId] : visibleRepositoryIds(principal);
    try {
      const { hits, previousModels, inProgress, notEmbedded } = await this.semantic.search(
        query.understood.text,
        { tenantId: principal.tenantId, repoIds, kinds: chunks.kinds, pathPrefix: query.pathPrefix, language: chunks.language },
        limit,
      );
      const rankedBy = new Map(previousModels.map(({ repoId, modelId }) => [repoId, modelId]));
      for (const { repoId, embeddedChunks, totalChunks } of inProgress) {
        const previousModel = rankedBy.get(repoId);
        warnings.push(
          previousModel === undefined
            ? {
                code: 'semantic_incomplete',
                message: `${repoId} is still being embedded (${embeddedChunks}/${totalChunks} chunks); the semantic ranking covers what is embedded so far.`,
              }
            : previousModelWarning(
                repoId,
                previousModel,
                `while it is embedded with the serving model (${embeddedChunks}/${totalChunks} chunks)`,
              ),
        );
      }
      for (const repoId of notEmbedded) {
        const previousModel = rankedBy.get(repoId);
        warnings.push(
          previousModel === undefined
            ? {
                code: 'semantic_incomplete',
                message: `${repoId} has no vectors from the serving embedding model (it was embedded with another one, or not at all), so the semantic ranking leaves it out: lore serve and lore up embed it again in the background, lore index <its path> does it now.`,
              }
            : previousModelWarning(
                repoId,
                previousModel,
                'until lore serve and lore up embed it again with the serving model in the background (lore index <its path> does it now)',
              ),
        );
      }
      return hits;
    } catch (error) {
      this.logger.warn(`semantic search unavailable: ${(error as Error).message}`);
      if (query.mode === 'semantic')
        throw new UnavailableError('Semantic search is unavailable right now.', { hint: 'Retry, or search with mode fulltext.' });
      warnings.push({
        code: 'semantic_unavailable',
        message: 'Semantic search is unavailable right now; these results are full-text only.',
      });
      return [];
    }
  }

  /** A repository the caller may not see is "not found", never "forbidden". */
  private async checkScope(
    principal: Principal,
    repositoryId: string,
    { commitSha, branch }: { commitSha?: string; branch?: string },
  ): Promise<void> {
    const repository = canAccessRepository(principal, repositoryId) ? await this.graph.getRepository(principal, repositoryId) : null;
    if (!repository) throw new NotFoundError(`No indexed repository ${repositoryId}.`, { hint: 'Index it first with lore index.' });
    if (commitSha !== undefined && !repository.commitSha.startsWith(commitSha)) {
      throw new SnapshotNotIndexedError(
        `Commit ${commitSha} of ${repositoryId} is not indexed; the indexed commit is ${repository.commitSha.slice(0, 12)}.`,
        { hint: 'Search the indexed commit, or index the one you need.' },
      );
    }
    checkIndexedBranch(repository, branch);
  }
}

/** The semantic ranking of a repository still answered by the vectors of the model it was embedded with before. */
function previousModelWarning(repoId: string, modelId: string, meanwhile: string): Warning {
  return {
    code: 'semantic_previous_model',
    message: `${repoId} is ranked by the vectors of ${modelId}, the model it was embedded with before, ${meanwhile}.`,
  };
}

type FilteredQuery = SearchCodeQuery & { understood: UnderstoodQuery };

/**
 * The filters written in the query (`in:`, `lang:`, `kind:`) joined to the input's own fields. The
 * same filter given both ways must agree: a search narrowed two different ways is a mistake to report,
 * not to guess at.
 */
function withQueryFilters(query: SearchCodeQuery): FilteredQuery {
  const understood = understandQuery(query.query);
  const { pathPrefix, language, kinds } = understood.filters;
  const conflict = (field: string, given: string, written: string): InvalidInputError =>
    new InvalidInputError(`The query says ${written} but ${field} is ${given}.`, {
      hint: `Give the filter once, in the query or as ${field}.`,
    });
  if (pathPrefix !== undefined && query.pathPrefix !== undefined && pathPrefix !== query.pathPrefix)
    throw conflict('pathPrefix', query.pathPrefix, `in:${pathPrefix}`);
  if (query.language !== undefined && !codeLanguages().includes(query.language))
    throw new InvalidInputError(`Unknown language ${query.language}.`, { hint: `Use one of ${codeLanguages().join(', ')}.` });
  if (language !== undefined && query.language !== undefined && language !== query.language)
    throw conflict('language', query.language, `lang:${language}`);
  if (kinds !== undefined && query.kinds !== undefined && [...kinds].sort().join() !== [...query.kinds].sort().join())
    throw conflict('kinds', query.kinds.join(','), `kind:${kinds.join(',')}`);
  return {
    ...query,
    pathPrefix: query.pathPrefix ?? pathPrefix,
    language: query.language ?? language,
    kinds: query.kinds ?? kinds,
    understood,
  };
}

function round(score: number): number {
  return Math.round(score * 1_000_000) / 1_000_000;
}

function roundOrNull(score: number | undefined): number | null {
  return score === undefined ? null : Math.round(score * 10_000) / 10_000;
}
