import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type DetectStaleDocsInput,
  DetectStaleDocsInputSchema,
  DetectStaleDocsResultSchema,
} from '@lore/domain/schemas/documentation-trust';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { type LoreMcpTool, type NextCall, READ_ONLY, UNTRUSTED_NOTE } from '../mcp-tool';

@Injectable()
export class DetectStaleDocsTool implements LoreMcpTool<typeof DetectStaleDocsInputSchema, typeof DetectStaleDocsResultSchema> {
  readonly name = 'detect_stale_docs';
  readonly title = 'Detect stale documentation';
  readonly description = `The lines of a repository's Markdown (every indexed document, or the paths given), and of the doc comments of code files named in paths, that its code no longer supports: names of symbols, files, CLI flags and commands, and configuration keys no code has, and claims about signatures and relations that the graph contradicts (as verify_claim settles them). Without paths, the chapters of the repository's project knowledge are checked too (knowledge: false leaves them out): such a finding's path is the chapter's knowledge:// URI and its line the document's, and a line naming code whose link went stale (its signature or body changed since the chapter was written) is reported. One finding per line, most confident first; a line that is true is left alone. ${UNTRUSTED_NOTE}`;
  // 2: paths may name code files, whose doc comments are checked. 3: project knowledge chapters.
  readonly version = '3';
  readonly input = DetectStaleDocsInputSchema;
  readonly output = DetectStaleDocsResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['findings'] as const;

  constructor(private readonly trust: DocumentationTrustService) {}

  call(args: DetectStaleDocsInput, principal: Principal): Promise<z.output<typeof DetectStaleDocsResultSchema>> {
    return this.trust.detectStaleDocs(args, principal);
  }

  next(answer: z.output<typeof DetectStaleDocsResultSchema>): NextCall[] {
    return answer.findings.slice(0, 1).map((finding) => ({
      tool: 'verify_claim',
      arguments: { repositoryId: answer.repositoryId, claim: `${finding.statement.replace(/^[-*+]\s+/, '').slice(0, 400)}` },
      why: `Check the most confident stale line, ${finding.path}:${finding.line}, as a claim.`,
    }));
  }
}
