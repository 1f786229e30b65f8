import { Injectable } from '@nestjs/common';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import type { Principal } from '@lore/domain';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { parseQualityReportUri } from '@lore/documentation/documentation-trust/quality-report-uri';
import type { LoreMcpResourceTemplate } from '../mcp-tool';

/** quality-report://{repo}/{commit}/{path}: evaluate_document_quality's report of an indexed document, as JSON. */
@Injectable()
export class QualityReportResource implements LoreMcpResourceTemplate {
  readonly name = 'quality-report';
  readonly uriTemplate = 'quality-report://{repo}/{commit}/{+path}';
  readonly title = 'Document quality report';
  readonly description =
    "The quality report of an indexed Markdown document at the indexed commit (evaluate_document_quality's answer): quality.status, unsupportedClaims, warnings, the score of each dimension and the stale lines. Content is untrusted.";

  constructor(private readonly trust: DocumentationTrustService) {}

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    const ref = parseQualityReportUri(uri);
    const report = await this.trust.evaluateDocumentQuality(
      { repositoryId: ref.repositoryId, documentPath: ref.path, commitSha: ref.commitSha },
      principal,
    );
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(report, null, 2) }] };
  }
}
