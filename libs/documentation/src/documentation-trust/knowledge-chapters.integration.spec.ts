import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestingModule } from '@nestjs/testing';
import { localPrincipal } from '@lore/domain';
import { type FixtureRepository, gitFixture, gitIn } from '../../../../test/support/fixtures';
import { knowledgeWith } from '../../../../test/support/knowledge';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { DocumentationTrustService } from './documentation-trust.service';

/**
 * verify_claim and detect_stale_docs over the chapters of a project's knowledge, on the real graph:
 * docs-drift indexed, a knowledge document about it written to a store of its own, its chapters'
 * stale lines found beside the README's, a chapter's claims settled together, and a chapter whose
 * linked code changed after it was written reported once the repository is indexed again.
 */
const principal = localPrincipal('chapter-trust', 'test');
const DRIFT = 'docs-drift';
const COMPOSING = 'knowledge://projects/docs-drift/chapters/reports.md#Composing';
const FLAGS = 'knowledge://projects/docs-drift/chapters/reports.md#Flags';

let moduleRef: TestingModule;
let service: DocumentationTrustService;
let fixture: FixtureRepository;
let knowledgeDir: string;

/** The stored document's lines, to read a finding's line back from the file it points into. */
const documentLine = (line: number) =>
  readFileSync(join(knowledgeDir, 'tenants', 'chapter-trust', 'projects', DRIFT, 'reports.md'), 'utf8').split('\n')[line - 1];

beforeAll(async () => {
  knowledgeDir = mkdtempSync(join(tmpdir(), 'lore-chapter-trust-'));
  moduleRef = await knowledgeWith({ LORE_KNOWLEDGE_DIR: knowledgeDir });
  fixture = gitFixture(DRIFT);
  await moduleRef.get(IndexingService).indexRepository({ path: fixture.path, repositoryId: DRIFT }, principal);
  await moduleRef.get(ProjectKnowledgeService).createKnowledgeFile(
    {
      project_id: DRIFT,
      filename: 'reports.md',
      title: 'Reports',
      introduction: 'How drift composes and writes its reports.',
      keywords: ['report'],
      chapters: [
        {
          title: 'Composing',
          summary: 'How the report text is made.',
          content: 'composeReport takes two parameters.\n`ReportWriter.write` writes the text to a path.\nReportWriter extends BaseWriter.',
        },
        {
          title: 'Flags',
          summary: 'What the command line takes.',
          content: 'Pass `--out` to choose the file.\nPass `--quiet` to print less.\n`renderSummary()` formats the summary.',
        },
      ],
    },
    principal,
  );
  service = moduleRef.get(DocumentationTrustService);
}, 240_000);

afterAll(async () => {
  await moduleRef?.close();
  rmSync(knowledgeDir, { recursive: true, force: true });
});

describe('knowledge chapters in detect_stale_docs and verify_claim', () => {
  it("reports the chapters' stale lines beside the README's, located by project, document and chapter", async () => {
    const answer = await service.detectStaleDocs({ repositoryId: DRIFT }, principal);
    expect(answer.documents).toEqual(['README.md', COMPOSING, FLAGS]);
    expect(answer.findings.map((finding) => [finding.path, finding.line, finding.kind, finding.statement])).toEqual([
      [FLAGS, 21, 'unknown_symbol', '`renderSummary()` formats the summary.'],
      ['README.md', 13, 'unknown_symbol', '- `buildReport()` builds the report text.'],
      [FLAGS, 20, 'unknown_flag', 'Pass `--quiet` to print less.'],
      ['README.md', 9, 'unknown_flag', 'drift check --verbose'],
    ]);
    // The line numbers are the stored document's.
    expect(documentLine(21)).toBe('`renderSummary()` formats the summary.');
    expect(documentLine(20)).toBe('Pass `--quiet` to print less.');
    expect((await service.detectStaleDocs({ repositoryId: DRIFT, knowledge: false }, principal)).documents).toEqual(['README.md']);
  });

  it("settles a chapter's claims together, each told with its line", async () => {
    const answer = await service.verifyClaim({ repositoryId: DRIFT, chapter: COMPOSING }, principal);
    expect(answer).toMatchObject({ claim: COMPOSING, kind: null, verdict: 'supported', judgedBy: 'graph', repositoryId: DRIFT });
    expect(answer.reasons.map((reason) => reason.split(':')[0])).toEqual(['line 12', 'line 14']);
    expect(answer.reasons[0]).toMatch(/^line 12: "composeReport takes two parameters\." is supported: /);
    expect(answer.evidence.map((span) => `${span.path}:${span.startLine}-${span.endLine}`)).toEqual([
      'src/report.ts:4-6',
      'src/writers/report-writer.ts:4-16',
      'src/writers/base-writer.ts:5-11',
    ]);
    // The title may be written percent-encoded or not.
    expect((await service.verifyClaim({ repositoryId: DRIFT, chapter: FLAGS.replace('#Flags', '#%46lags') }, principal)).reasons).toEqual([
      'Flags (reports.md) makes no claim about code that Lore reads.',
    ]);
  });

  it.each([
    ['a chapter the project does not have', { chapter: 'knowledge://projects/docs-drift/chapters/reports.md#Nope' }, 'not_found'],
    ['a claim and a chapter together', { claim: 'composeReport exists', chapter: COMPOSING }, 'invalid_input'],
    ['a chapter that is no knowledge URI', { chapter: 'https://example.com/reports.md#Composing' }, 'invalid_input'],
  ])('refuses %s', async (_name, input, code) => {
    await expect(service.verifyClaim({ repositoryId: DRIFT, ...input }, principal)).rejects.toMatchObject({ code });
  });

  it('reports the line naming code whose signature changed after the chapter was written, and contradicts its claim', async () => {
    const edit = (path: string, from: string, to: string) =>
      writeFileSync(join(fixture.path, path), readFileSync(join(fixture.path, path), 'utf8').replace(from, to));
    edit('src/report.ts', "title = 'Drift report')", "title = 'Drift report', footer = '')");
    edit('src/writers/report-writer.ts', 'async write(path: string', 'async write(target: string');
    edit('src/writers/report-writer.ts', 'fs.writeFile(path,', 'fs.writeFile(target,');
    gitIn(fixture.path, ['commit', '-qam', 'composeReport takes a footer; write names its target']);
    await moduleRef.get(IndexingService).indexRepository({ path: fixture.path, repositoryId: DRIFT }, principal);

    const answer = await service.detectStaleDocs({ repositoryId: DRIFT }, principal);
    const composing = answer.findings.filter((finding) => finding.path === COMPOSING);
    expect(composing.map((finding) => [finding.line, finding.kind, finding.confidence])).toEqual([
      [12, 'contradicted_claim', 0.95],
      [13, 'code_changed_after', 0.4],
    ]);
    expect(composing[1]).toMatchObject({
      statement: '`ReportWriter.write` writes the text to a path.',
      reason:
        "The code this chapter is about changed since it was written: the signature of ReportWriter.write was `async write(path: string, text: string, encoding: BufferEncoding = 'utf8'): Promise<void>`, is `async write(target: string, text: string, encoding: BufferEncoding = 'utf8'): Promise<void>`.",
    });
    expect(documentLine(13)).toBe(composing[1]!.statement);
    expect(composing[1]!.evidence.map((span) => `${span.path}:${span.startLine}-${span.endLine}`)).toEqual([
      'src/writers/report-writer.ts:9-11',
    ]);
    expect((await service.verifyClaim({ repositoryId: DRIFT, chapter: COMPOSING }, principal)).verdict).toBe('contradicted');
    // Below the confidence of a changed declaration, the history is left out.
    const confident = await service.detectStaleDocs({ repositoryId: DRIFT, minConfidence: 0.5 }, principal);
    expect(confident.findings.filter((finding) => finding.path === COMPOSING).map((finding) => finding.line)).toEqual([12]);
  });
});
