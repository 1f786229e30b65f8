import type { AuditEntry, AuditRecord } from '@lore/domain/schemas/audit';
import { AUDIT_GENESIS_HASH } from '@lore/graph';
import { canonicalJson } from '@lore/domain';
import { ChainVerifier, linkEntries, recordHash } from './audit-chain';

function entry(id: string): AuditEntry {
  return {
    id,
    tenantId: 'acme',
    timestamp: '2026-11-26T10:00:00.000Z',
    subject: 'api-key-1',
    door: 'rest',
    operation: 'get_symbol',
    repository: 'shop',
    refs: ['sym:shop:applyDiscount'],
    queryHash: null,
    status: 'ok',
    httpStatus: null,
    latencyMs: 4.25,
    resultBytes: 812,
    requestId: `req-${id}`,
    agentRunId: null,
  };
}

const GENESIS = { seq: 0, hash: AUDIT_GENESIS_HASH };

function verify(records: AuditRecord[], head = { seq: records.at(-1)?.seq ?? 0, hash: records.at(-1)?.hash ?? AUDIT_GENESIS_HASH }) {
  const verifier = new ChainVerifier(GENESIS);
  const bySeq = new Map<number, AuditRecord[]>();
  for (const record of [...records].filter((stored) => stored.seq <= head.seq).sort((a, b) => a.seq - b.seq))
    bySeq.set(record.seq, [...(bySeq.get(record.seq) ?? []), record]);
  for (const sameSeq of bySeq.values()) if (!verifier.accept(sameSeq)) break;
  const lastStored = Math.max(0, ...records.map((record) => record.seq));
  return verifier.finish(head, lastStored, head.seq);
}

describe('the audit hash chain', () => {
  const chain = linkEntries(GENESIS, ['a', 'b', 'c', 'd'].map(entry));

  it('numbers records from the head and links each to the hash of the one before', () => {
    expect(chain.map((record) => record.seq)).toEqual([1, 2, 3, 4]);
    expect(chain[0]!.prevHash).toBe(AUDIT_GENESIS_HASH);
    expect(chain[2]!.prevHash).toBe(chain[1]!.hash);
    expect(chain[1]!.hash).toBe(recordHash(chain[0]!.hash, { ...entry('b'), seq: 2 }));
    expect(linkEntries({ seq: 4, hash: chain[3]!.hash }, [entry('e')])[0]).toMatchObject({ seq: 5, prevHash: chain[3]!.hash });
  });

  it('hashes the canonical JSON: the order fields were read in does not matter, a changed value does', () => {
    expect(canonicalJson({ b: [2, { d: 1, c: null }], a: 'x' })).toBe('{"a":"x","b":[2,{"c":null,"d":1}]}');
    const reordered = Object.fromEntries(Object.entries(chain[1]!).reverse()) as AuditRecord;
    expect(recordHash(chain[1]!.prevHash, reordered)).toBe(chain[1]!.hash);
    expect(recordHash(chain[1]!.prevHash, { ...chain[1]!, status: 'permission_denied' })).not.toBe(chain[1]!.hash);
  });

  it('accepts an intact chain, and an empty one', () => {
    expect(verify(chain)).toBeNull();
    expect(verify([])).toBeNull();
  });

  it('names an edited record by seq and id', () => {
    expect(verify(chain.map((record) => (record.seq === 2 ? { ...record, subject: 'someone-else' } : record)))).toEqual({
      kind: 'edited',
      seq: 2,
      id: 'b',
      message: 'Record 2 (b) was edited: its fields no longer hash to its hash.',
    });
  });

  it('names the record after one that was edited and re-hashed', () => {
    const rehashed = { ...chain[1]!, subject: 'someone-else' };
    rehashed.hash = recordHash(rehashed.prevHash, rehashed);
    expect(verify(chain.map((record) => (record.seq === 2 ? rehashed : record)))).toMatchObject({ kind: 'relinked', seq: 3, id: 'c' });
  });

  it('names the first seq of removed records, in the middle and at the end', () => {
    expect(
      verify(
        chain.filter((record) => record.seq !== 2 && record.seq !== 3),
        { seq: 4, hash: chain[3]!.hash },
      ),
    ).toEqual({
      kind: 'removed',
      seq: 2,
      id: null,
      message: 'Records 2-3 are missing: removed before record 4 (d).',
    });
    expect(verify(chain.slice(0, 3), { seq: 4, hash: chain[3]!.hash })).toMatchObject({ kind: 'removed', seq: 4, id: null });
  });

  it('names an inserted record, whichever order the two with one seq are read in', () => {
    const forged = { ...chain[2]!, id: 'forged', subject: 'someone-else' };
    forged.hash = recordHash(forged.prevHash, forged);
    const head = { seq: 4, hash: chain[3]!.hash };
    expect(verify([...chain, forged], head)).toMatchObject({ kind: 'inserted', seq: 3, id: 'forged' });
    expect(verify([forged, ...chain], head)).toMatchObject({ kind: 'inserted', seq: 3, id: 'forged' });
    // The last record doubled: the head tells which is genuine.
    const forgedLast = { ...chain[3]!, id: 'forged-last', subject: 'someone-else' };
    forgedLast.hash = recordHash(forgedLast.prevHash, forgedLast);
    expect(verify([forgedLast, ...chain], head)).toMatchObject({ kind: 'inserted', seq: 4, id: 'forged-last' });
  });

  it('names records stored beyond the head', () => {
    const beyond = linkEntries({ seq: 4, hash: chain[3]!.hash }, [entry('e')]);
    expect(verify([...chain, ...beyond], { seq: 4, hash: chain[3]!.hash })).toMatchObject({ kind: 'inserted', seq: 5, id: null });
  });

  it('starts after a retention anchor: the pruned records are no gap', () => {
    const verifier = new ChainVerifier({ seq: 2, hash: chain[1]!.hash });
    expect(verifier.accept([chain[2]!]) && verifier.accept([chain[3]!])).toBe(true);
    expect(verifier.finish({ seq: 4, hash: chain[3]!.hash }, 4, 4)).toBeNull();
    expect(verifier.checked).toBe(2);
  });
});
