import { Injectable } from '@nestjs/common';
import { CodeGraphRepository, type RepositoryRecord } from '@lore/graph';
import { InvalidInputError, NotFoundError, type Principal, SnapshotNotIndexedError, TRUST_BOUNDARY } from '@lore/domain';
import {
  type DetectStaleDocsInput,
  DetectStaleDocsInputSchema,
  type DetectStaleDocsResult,
  type VerifyClaimInput,
  VerifyClaimInputSchema,
  type VerifyClaimResult,
} from '@lore/domain/schemas/documentation-trust';
import { SourceRepository } from '@lore/indexer';
import { Operation } from '../operations/operation';
import { targetRepository } from '../target-resolution';
import { parseInput } from '../validation';
import { ClaimVerifier } from './claim-verifier';
import { RepositoryCode } from './repository-code';
import { StaleDocsDetector } from './stale-docs';

/** verify_claim and detect_stale_docs: claims about code and lines of Markdown checked against the graph and the code. */
@Injectable()
export class DocumentationTrustService {
  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly sources: SourceRepository,
  ) {}

  @Operation('verify_claim', { kind: 'read' })
  async verifyClaim(input: VerifyClaimInput, principal: Principal): Promise<VerifyClaimResult> {
    const query = parseInput(VerifyClaimInputSchema, input);
    const repository = await this.repositoryAt(principal, query.repositoryId, query.commitSha);
    const verdict = await new ClaimVerifier(this.graph, this.codeOf(principal, repository)).verify(query.claim);
    return {
      ...verdict,
      repositoryId: repository.repositoryId,
      commitSha: repository.commitSha,
      warnings: [],
      trustBoundary: TRUST_BOUNDARY,
    };
  }

  @Operation('detect_stale_docs', { kind: 'read' })
  async detectStaleDocs(input: DetectStaleDocsInput, principal: Principal): Promise<DetectStaleDocsResult> {
    const query = parseInput(DetectStaleDocsInputSchema, input);
    const repository = await this.repositoryAt(principal, query.repositoryId, undefined);
    const code = this.codeOf(principal, repository);
    const documents = await this.markdownDocuments(code, query.paths);
    const findings = await new StaleDocsDetector(this.graph, code).findings(documents);
    const { complete } = await code.codeTexts();
    return {
      repositoryId: repository.repositoryId,
      commitSha: repository.commitSha,
      documents,
      findings: findings.filter((finding) => finding.confidence >= query.minConfidence),
      warnings: complete
        ? []
        : [
            {
              code: 'scan_incomplete',
              message: 'Not every code file could be read: names only missing from the unread files were not reported.',
            },
          ],
      trustBoundary: TRUST_BOUNDARY,
    };
  }

  /** The repository a claim or a check is about, at its indexed commit (another commit is not indexed). */
  private async repositoryAt(
    principal: Principal,
    repositoryId: string | undefined,
    commitSha: string | undefined,
  ): Promise<RepositoryRecord> {
    const repository = await targetRepository(this.graph, principal, repositoryId);
    if (commitSha !== undefined && !repository.commitSha.startsWith(commitSha.toLowerCase())) {
      throw new SnapshotNotIndexedError(
        `Commit ${commitSha} of ${repository.repositoryId} is not indexed; the indexed commit is ${repository.commitSha}.`,
        { hint: 'Index that commit, or leave commitSha out to ask about the indexed one.' },
      );
    }
    return repository;
  }

  private codeOf(principal: Principal, repository: RepositoryRecord): RepositoryCode {
    return new RepositoryCode(this.graph, this.sources, principal, repository);
  }

  /** The indexed Markdown files the paths name (files, or directories holding them); all of them when no path is given. */
  private async markdownDocuments(code: RepositoryCode, paths: readonly string[] | undefined): Promise<string[]> {
    const markdown = (await code.files()).filter((file) => file.language === 'markdown' && !file.blocked).map((file) => file.path);
    if (paths === undefined) return markdown;
    const chosen = new Set<string>();
    for (const path of paths) {
      const file = await code.file(path);
      if (file !== null) {
        if (file.language !== 'markdown')
          throw new InvalidInputError(`${path} is not a Markdown file.`, { hint: 'Give .md files or directories.' });
        chosen.add(file.path);
        continue;
      }
      const prefix = `${path.replace(/\/$/, '')}/`;
      const under = markdown.filter((document) => document.startsWith(prefix));
      if (under.length === 0) throw new NotFoundError(`No indexed Markdown file ${path} in ${code.repositoryId}.`);
      for (const document of under) chosen.add(document);
    }
    return markdown.filter((document) => chosen.has(document));
  }
}
