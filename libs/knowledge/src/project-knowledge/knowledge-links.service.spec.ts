import type { KnowledgeChapterRecord, KnowledgeChapterWrite, KnowledgeLinkRepository, RepositoryRecord } from '@lore/graph';
import { asPort, principal } from '../../test/fakes';
import { KnowledgeLinksService } from './knowledge-links.service';

const OLD = 't:order-service:src/pricing.ts#applyDiscount';
const NEW = 't:order-service:src/pricing.ts#computeDiscount';
const repository = { repositoryId: 'order-service', url: null, rootPath: '/src/order-service', commitSha: 'c2' } as RepositoryRecord;
const chapter: KnowledgeChapterRecord = {
  uid: 'order-service/pricing.md#Discounts',
  projectId: 'order-service',
  filename: 'pricing.md',
  chapter: 'Discounts',
  uri: 'knowledge://projects/order-service/chapters/pricing.md#Discounts',
  textHash: 'h',
  knowledgeCommit: 'k1',
  repositoryIds: ['order-service'],
  links: JSON.stringify([
    {
      reference: 'applyDiscount',
      kind: 'symbol',
      uid: OLD,
      repositoryId: 'order-service',
      signature: 'applyDiscount(total)',
      bodyFingerprint: 'f00d',
      contentHash: null,
    },
  ]),
  unresolved: [],
};

describe('KnowledgeLinksService.relinkRepository', () => {
  it('carries a link to the symbol an index found with the same body under another name, and reports it renamed', async () => {
    const writes: KnowledgeChapterWrite[][] = [];
    const asked: Record<string, string>[] = [];
    const links = asPort<KnowledgeLinkRepository>({
      servedRepositories: () => Promise.resolve([repository]),
      chapters: (_tenant, filter) => Promise.resolve(filter.filename === undefined ? [chapter] : []),
      currentTargets: (_tenant, _repositories, _uids, fingerprints) => {
        asked.push(fingerprints);
        return Promise.resolve([
          {
            wanted: OLD,
            uid: NEW,
            repositoryId: 'order-service',
            name: 'computeDiscount',
            signature: 'computeDiscount(total)',
            bodyFingerprint: 'f00d',
            contentHash: null,
          },
        ]);
      },
      resolveReferences: () => Promise.resolve([]),
      writeChapters: (_tenant, _document, _keep, chapters) => {
        writes.push([...chapters]);
        return Promise.resolve();
      },
      invalidateReads: () => Promise.resolve(),
    });
    const service = new KnowledgeLinksService(links);

    await service.relinkRepository('t', 'order-service');

    expect(asked).toEqual([{ [OLD]: 'f00d' }]);
    expect(writes).toHaveLength(1);
    const [written] = writes[0]!;
    expect(written!.about).toEqual([{ uid: NEW, repositoryId: 'order-service', reference: 'applyDiscount' }]);
    expect(JSON.parse(written!.links)).toEqual([
      {
        reference: 'applyDiscount',
        kind: 'symbol',
        uid: NEW,
        repositoryId: 'order-service',
        signature: 'applyDiscount(total)',
        bodyFingerprint: 'f00d',
        contentHash: null,
        renamedFrom: 'applyDiscount',
      },
    ]);

    const reading = asPort<KnowledgeLinkRepository>({
      chaptersAbout: () =>
        Promise.resolve([
          {
            projectId: 'order-service',
            filename: 'pricing.md',
            chapter: 'Discounts',
            uri: chapter.uri,
            knowledgeCommit: 'k1',
            links: written!.links,
            about: NEW,
            reference: 'applyDiscount',
            signature: 'computeDiscount(total)',
            bodyFingerprint: 'f00d',
            contentHash: null,
            codeCommit: 'c2',
          },
        ]),
    });
    expect(await new KnowledgeLinksService(reading).knowledgeAbout(principal(), [NEW])).toEqual([
      {
        uri: chapter.uri,
        projectId: 'order-service',
        filename: 'pricing.md',
        chapter: 'Discounts',
        about: NEW,
        reference: 'applyDiscount',
        stale: true,
        status: 'renamed',
        staleReason: 'applyDiscount was renamed computeDiscount',
        codeCommit: 'c2',
        knowledgeCommit: 'k1',
      },
    ]);
  });
});
