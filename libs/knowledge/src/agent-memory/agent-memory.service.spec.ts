import type { LoreConfig } from '@lore/config';
import type { CodeGraphRepository, CurrentTarget, KnowledgeLinkRepository, MemoryRepository, StoredMemory } from '@lore/graph';
import { LoreMetrics } from '@lore/observability';
import { asPort, principal } from '../../test/fakes';
import { KnowledgeLinksService } from '../project-knowledge/knowledge-links.service';
import { AgentMemoryService } from './agent-memory.service';

const OLD = 'acme:order-service:src/pricing.ts#applyDiscount';
const NEW = 'acme:order-service:src/pricing.ts#computeDiscount';
const GONE = 'acme:order-service:src/pricing.ts#isKnownDiscount';

const link = (reference: string, uid: string, bodyFingerprint: string) => ({
  uri: `symbol://order-service/c1/${reference}`,
  evidenceKind: 'symbol',
  kind: 'symbol',
  reference,
  uid,
  repositoryId: 'order-service',
  signature: `${reference}(total)`,
  bodyFingerprint,
  contentHash: null,
});

const stored: StoredMemory = {
  memoryId: 'mem_rule_discounts',
  uri: 'memory://mem_rule_discounts',
  repositoryId: 'order-service',
  status: 'approved',
  kind: 'rule',
  text: 'Discounts never go below zero.',
  evidence: JSON.stringify([link('applyDiscount', OLD, 'f00d'), link('isKnownDiscount', GONE, 'beef')]),
  evidenceUids: [OLD, GONE],
  createdBy: 'agent',
  createdAt: '2026-01-01T00:00:00.000Z',
  reviewedBy: 'owner',
  reviewedAt: '2026-01-02T00:00:00.000Z',
  reviewNote: null,
};

describe('AgentMemoryService.getMemory', () => {
  it('reports evidence whose symbol an index renamed (same body) or deleted, and the memory stale', async () => {
    const asked: Record<string, string>[] = [];
    const chapters = asPort<KnowledgeLinkRepository>({
      currentTargets: (_tenant, _repositories, _uids, fingerprints) => {
        asked.push(fingerprints);
        const renamed: CurrentTarget = {
          wanted: OLD,
          uid: NEW,
          repositoryId: 'order-service',
          name: 'computeDiscount',
          signature: 'computeDiscount(total)',
          bodyFingerprint: 'f00d',
          contentHash: null,
        };
        return Promise.resolve([renamed]);
      },
    });
    const memories = asPort<MemoryRepository>({ find: () => Promise.resolve([stored]) });
    const service = new AgentMemoryService(
      { LORE_MEMORY_ENABLE_APPROVAL: false } as LoreConfig,
      memories,
      asPort<CodeGraphRepository>({}),
      chapters,
      new KnowledgeLinksService(chapters),
      new LoreMetrics(),
    );
    const answer = await service.getMemory({ repositoryId: 'order-service' }, principal());
    expect(asked).toEqual([{ [OLD]: 'f00d', [GONE]: 'beef' }]);
    expect(answer.memories[0]!.evidence.map(({ about, status, staleReason }) => [about, status, staleReason])).toEqual([
      [OLD, 'renamed', 'applyDiscount was renamed computeDiscount'],
      [GONE, 'deleted', `isKnownDiscount is no longer in the index (${GONE})`],
    ]);
    expect(answer.memories[0]!.stale).toBe(true);
    expect(answer.warnings).toEqual(['1 memory cites evidence that changed since: check before relying on it.']);
  });
});
