import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestingModule } from '@nestjs/testing';
import { localPrincipal } from '@lore/domain';
import { gitFixture } from '../../../../test/support/fixtures';
import { knowledgeWith } from '../../../../test/support/knowledge';
import { IndexingService } from '../indexing/indexing.service';
import { DocumentGenerationService } from './document-generation.service';

const principal = localPrincipal('document-generation', 'test');
const output = mkdtempSync(join(tmpdir(), 'lore-docgen-'));
let moduleRef: TestingModule;
let service: DocumentGenerationService;

beforeAll(async () => {
  moduleRef = await knowledgeWith({ LORE_DOCS_OUTPUT_DIR: output });
  const fixture = gitFixture('order-service');
  await moduleRef.get(IndexingService).indexRepository({ path: fixture.path, repositoryId: 'order-service' }, principal);
  service = moduleRef.get(DocumentGenerationService);
}, 240_000);

afterAll(async () => {
  await moduleRef?.close();
});

describe('document generation on order-service', () => {
  it('probe', async () => {
    const pack = await service.assembleContextPack({ repositoryId: 'order-service', modulePath: 'src/pricing' }, principal);
    console.log(JSON.stringify(pack, null, 1));
    const draft = await service.generateDocumentDraft({ contextPackId: pack.contextPackId }, principal);
    console.log(draft.content, JSON.stringify(draft.statements), JSON.stringify(draft.evidence));
    const review = await service.generateReviewPackage({ documentId: draft.documentId }, principal);
    console.log(JSON.stringify(review.quality), review.checklist);
    const v = await service.assembleContextPack(
      { repositoryId: 'order-service', modulePath: 'src/validation/order-validator.ts' },
      principal,
    );
    const d2 = await service.generateDocumentDraft({ contextPackId: v.contextPackId }, principal);
    console.log(d2.content);
    const r2 = await service.generateReviewPackage({ documentId: d2.documentId }, principal);
    console.log(JSON.stringify(r2.quality));
  });
});
