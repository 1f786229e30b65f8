import type { TestingModule } from '@nestjs/testing';
import { localPrincipal } from '@lore/domain';
import { gitFixture } from '../../../../test/support/fixtures';
import { knowledgeWith } from '../../../../test/support/knowledge';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { DocumentationTrustService } from './documentation-trust.service';

/**
 * verify_claim on sentences as documentation writes them (sentence-reading.ts, prose-claims.ts),
 * against the real graph of test/fixtures/docs-drift, order-service, shipping-go, billing-service and docs-examples (an example
 * program beside a library): the verdict and the spans
 * read by hand from the fixtures' code. A retirement or a likeness is never contradicted; a
 * recommended name the code lacks is contradicted only beside its other spelling.
 */
const principal = localPrincipal('sentence-claims', 'test');
let moduleRef: TestingModule;
let service: DocumentationTrustService;

beforeAll(async () => {
  moduleRef = await knowledgeWith({});
  for (const name of ['docs-drift', 'order-service', 'shipping-go', 'billing-service', 'docs-examples'])
    await moduleRef.get(IndexingService).indexRepository({ path: gitFixture(name).path, repositoryId: name }, principal);
  service = moduleRef.get(DocumentationTrustService);
}, 240_000);

afterAll(async () => {
  await moduleRef?.close();
});

const writer = 'src/writers/report-writer.ts';
const base = 'src/writers/base-writer.ts';

// [repository, sentence, kind, verdict, evidence as path:start-end]
const SENTENCES: [string, string, string | null, string, string[]][] = [
  // No code names flush: nothing to cite.
  ['docs-drift', 'ReportWriter - `w.flush()` is obsolete.', 'exists', 'supported', []],
  // composeReport is in the code, but neither ReportWriter nor the two types above it (BaseWriter, Writer) name it.
  [
    'docs-drift',
    'ReportWriter - `w.composeReport()` is obsolete.',
    'exists',
    'supported',
    [`${writer}:4-16`, `${base}:5-11`, `${base}:1-3`],
  ],
  // describe is BaseWriter's: still there, so not obsolete; nor contradicted (it may be deprecated). The lines naming it.
  ['docs-drift', 'ReportWriter - `w.describe()` is obsolete.', 'exists', 'unknown', [`${base}:8-8`, 'test/report.spec.ts:3-3']],
  ['docs-drift', 'Use `composeReport()` instead.', 'exists', 'supported', ['src/report.ts:4-6']],
  // One edit from composeReport: the sentence names code the repository spells otherwise.
  ['docs-drift', 'Use `composeReports()` instead.', 'exists', 'contradicted', ['src/report.ts:4-6']],
  // Nothing near: another program's name, perhaps.
  ['docs-drift', 'Use `renderMarkdown()` instead.', 'exists', 'unknown', []],
  // create calls no composeReport: "the same as" is not contradicted by that.
  ['docs-drift', 'ReportWriter.create is the same as composeReport(), but static.', 'calls', 'unknown', [`${writer}:5-7`]],
  ['docs-drift', 'composeReport returns the report string.', 'returns', 'supported', ['src/report.ts:4-6']],
  ['order-service', 'orderTotal returns the total money.', 'returns', 'supported', ['src/domain/order.ts:26-28']],
  // A return under a condition is behaviour; a collection the type is not, unsettled.
  ['order-service', 'orderTotal returns money if the order has lines.', 'returns', 'unknown', ['src/domain/order.ts:26-28']],
  ['docs-drift', 'composeReport returns a list of strings.', 'returns', 'unknown', ['src/report.ts:4-6']],
  // Declarations the graph does not list: a Go package variable, a Python attribute set in __init__.
  ['shipping-go', 'Use `ErrNoCarrier` instead.', 'exists', 'supported', ['shipping/service.go:13-13']],
  ['billing-service', 'BillingService._country exists', 'exists', 'supported', ['billing/service.py:22-22']],
  // A module variable of the library is declared; the same shape in an example program is not the library's (the line naming it, cited).
  ['docs-examples', '`strict_mode` exists', 'exists', 'supported', ['settings/core.py:9-9']],
  ['docs-examples', '`verbose_mode` exists', 'exists', 'unknown', ['examples/demo/cli.py:4-4']],
];

describe('verify_claim on documentation sentences', () => {
  it.each(SENTENCES)('%s: %s', async (repositoryId, claim, kind, verdict, evidence) => {
    const answer = await service.verifyClaim({ repositoryId, claim }, principal);
    expect([answer.kind, answer.verdict]).toEqual([kind, verdict]);
    expect(answer.evidence.map((span) => `${span.path}:${span.startLine}-${span.endLine}`)).toEqual(evidence);
  });
});
