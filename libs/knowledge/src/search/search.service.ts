import { Injectable } from '@nestjs/common';
import { CodeGraphRepository } from '@lore/graph';
import {
  InvalidInputError,
  NotFoundError,
  type Principal,
  type SearchCodeInput,
  SearchCodeInputSchema,
  type SearchCodeResult,
  type SearchHit,
  SnapshotNotIndexedError,
  TRUST_BOUNDARY,
  canReadRepository,
  formatCodeUri,
} from '@lore/domain';
import { parseInput } from '../validation';
import { toLuceneQuery } from './lucene-query';

/** Candidates fetched from the full-text index before tenant and repository filtering. */
const FULLTEXT_CANDIDATES = 500;
const EXACT_NAME_BOOST = 2;
/** Test cases repeat the names of what they test; code of equal relevance ranks first. */
const TEST_CASE_WEIGHT = 0.5;

/** search_code: full-text over symbols, ranked, limited, inside the caller's scope. */
@Injectable()
export class SearchService {
  constructor(private readonly graph: CodeGraphRepository) {}

  async searchCode(input: SearchCodeInput, principal: Principal): Promise<SearchCodeResult> {
    const query = parseInput(SearchCodeInputSchema, input);
    const lucene = toLuceneQuery(query.query);
    if (lucene === null) throw new InvalidInputError('The query has no letters or digits to search for.');
    const repositoryId = query.scope?.repositoryId ?? null;
    if (repositoryId !== null) await this.checkScope(principal, repositoryId, query.scope?.commitSha);

    const hits = await this.graph.searchSymbolsFullText(principal, {
      lucene,
      repositoryId,
      kinds: query.kinds ?? null,
      limit: query.maxResults * 3,
      candidates: FULLTEXT_CANDIDATES,
    });
    const wanted = query.query.trim().toLowerCase();
    const results: SearchHit[] = hits
      .map(({ symbol, score, commitSha }) => {
        const exact = symbol.name.toLowerCase() === wanted || symbol.qualifiedName.toLowerCase() === wanted;
        return {
          ...symbol,
          artifactType: 'symbol' as const,
          title: symbol.qualifiedName,
          score: round(score * (exact ? EXACT_NAME_BOOST : 1) * (symbol.kind === 'test' ? TEST_CASE_WEIGHT : 1)),
          reasons: exact ? ['exact_name', 'fulltext'] : ['fulltext'],
          resourceUri: formatCodeUri({
            repositoryId: symbol.repositoryId,
            commitSha,
            path: symbol.path,
            startLine: symbol.startLine,
            endLine: symbol.endLine,
          }),
        };
      })
      .sort((a, b) => b.score - a.score || a.qualifiedName.localeCompare(b.qualifiedName) || a.uid.localeCompare(b.uid))
      .slice(0, query.maxResults);
    return { results, warnings: [], trustBoundary: TRUST_BOUNDARY };
  }

  /** A repository the caller may not see is "not found", never "forbidden". */
  private async checkScope(principal: Principal, repositoryId: string, commitSha: string | undefined): Promise<void> {
    const repository = canReadRepository(principal, repositoryId) ? await this.graph.getRepository(principal, repositoryId) : null;
    if (!repository) throw new NotFoundError(`No indexed repository ${repositoryId}.`, { hint: 'Index it first with lore index.' });
    if (commitSha !== undefined && !repository.commitSha.startsWith(commitSha)) {
      throw new SnapshotNotIndexedError(
        `Commit ${commitSha} of ${repositoryId} is not indexed; the indexed commit is ${repository.commitSha.slice(0, 12)}.`,
        {
          hint: 'Search the indexed commit, or index the one you need.',
        },
      );
    }
  }
}

function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}
