import { createHash } from 'node:crypto';
import { canonicalJson } from '@lore/domain';
import type { AuditEntry, AuditProblem, AuditRecord } from '@lore/domain/schemas/audit';

/** Where a chain is: the seq and hash the next record links to. */
export interface ChainPosition {
  seq: number;
  hash: string;
}

/** sha256 of the hash before and the canonical JSON of the record's fields (its seq included; prevHash and hash not). */
export function recordHash(prevHash: string, record: AuditEntry & { seq: number }): string {
  const { prevHash: _prev, hash: _hash, ...fields } = record as AuditEntry & { seq: number; prevHash?: string; hash?: string };
  return createHash('sha256').update(prevHash).update(canonicalJson(fields)).digest('hex');
}

/** The entries as the records that follow `after` in its chain. */
export function linkEntries(after: ChainPosition, entries: readonly AuditEntry[]): AuditRecord[] {
  const records: AuditRecord[] = [];
  let position = after;
  for (const entry of entries) {
    const seq = position.seq + 1;
    const hash = recordHash(position.hash, { ...entry, seq });
    records.push({ ...entry, seq, prevHash: position.hash, hash });
    position = { seq, hash };
  }
  return records;
}

/**
 * Walks a chain in seq order, from its anchor, and names the first problem: a record that no longer
 * hashes to its hash (edited), missing seqs (removed), a second record with a seq (inserted), a
 * record whose prevHash is not the hash of the one before (relinked: that one was edited and
 * re-hashed, or this one replaced). Fed one seq's records at a time; `finish` checks the head.
 */
export class ChainVerifier {
  private position: ChainPosition;
  private found: AuditProblem | null = null;
  /** Two or more records with one seq, each linked to the record before: which is genuine is decided by the next. */
  private twins: readonly AuditRecord[] | null = null;
  checked = 0;

  constructor(anchor: ChainPosition) {
    this.position = anchor;
  }

  get problem(): AuditProblem | null {
    return this.found;
  }

  /** The records stored with one seq (more than one only by tampering), in any order. False once a problem is found. */
  accept(sameSeq: readonly AuditRecord[]): boolean {
    if (this.found || sameSeq.length === 0) return !this.found;
    const seq = sameSeq[0]!.seq;
    if (seq <= this.position.seq) return true;
    // Two well-linked records with the seq before: the genuine one is the one this record links to.
    if (this.twins) return this.fail(this.insertedTwin(sameSeq[0]!.prevHash));
    this.checked += sameSeq.length;
    const expected = this.position.seq + 1;
    if (seq > expected) {
      return this.fail({
        kind: 'removed',
        seq: expected,
        id: null,
        message: `Records ${describeRange(expected, seq - 1)} are missing: removed before record ${seq} (${sameSeq[0]!.id}).`,
      });
    }
    if (sameSeq.length > 1) {
      const linked = sameSeq.filter(
        (record) => record.prevHash === this.position.hash && recordHash(record.prevHash, record) === record.hash,
      );
      if (linked.length > 1) {
        this.twins = linked;
        return true;
      }
      return this.fail(
        inserted(
          sameSeq.find((record) => record !== linked[0])!,
          sameSeq.length,
        ),
      );
    }
    const record = sameSeq[0]!;
    if (recordHash(record.prevHash, record) !== record.hash) {
      return this.fail({
        kind: 'edited',
        seq,
        id: record.id,
        message: `Record ${seq} (${record.id}) was edited: its fields no longer hash to its hash.`,
      });
    }
    if (record.prevHash !== this.position.hash) {
      return this.fail({
        kind: 'relinked',
        seq,
        id: record.id,
        message:
          `Record ${seq} (${record.id}) does not link to the record before: its prevHash is not the hash of record ${this.position.seq} ` +
          `(that record was edited and re-hashed, or this one replaced).`,
      });
    }
    this.position = { seq, hash: record.hash };
    return true;
  }

  /**
   * After the last record up to `head` (read before the walk): the chain must end where that head
   * says, and no record may be stored beyond the head as it is now (`currentHeadSeq`, read after
   * `lastStoredSeq`: records appended during the walk are no tampering).
   */
  finish(head: ChainPosition, lastStoredSeq: number, currentHeadSeq: number): AuditProblem | null {
    if (this.found) return this.found;
    if (this.twins) {
      this.fail(this.insertedTwin(head.hash));
      return this.found;
    }
    if (this.position.seq < head.seq) {
      this.fail({
        kind: 'removed',
        seq: this.position.seq + 1,
        id: null,
        message: `Records ${describeRange(this.position.seq + 1, head.seq)} are missing: removed from the end of the chain.`,
      });
    } else if (this.position.hash !== head.hash) {
      this.fail({
        kind: 'relinked',
        seq: head.seq,
        id: null,
        message: `Record ${head.seq}'s hash is not the one the chain's head recorded: it was edited and re-hashed, or replaced.`,
      });
    } else if (lastStoredSeq > currentHeadSeq) {
      this.fail({
        kind: 'inserted',
        seq: currentHeadSeq + 1,
        id: null,
        message: `Records after the chain's head (seq ${currentHeadSeq}) are stored: inserted beyond its end.`,
      });
    }
    return this.found;
  }

  /** Of two well-linked records with one seq, the one the next record (or the head) does not link to. */
  private insertedTwin(nextPrevHash: string): AuditProblem {
    const twins = this.twins!;
    return inserted(twins.find((record) => record.hash !== nextPrevHash) ?? twins[1]!, twins.length);
  }

  private fail(problem: AuditProblem): false {
    this.found = problem;
    return false;
  }
}

function inserted(record: AuditRecord, count: number): AuditProblem {
  return {
    kind: 'inserted',
    seq: record.seq,
    id: record.id,
    message: `Record ${record.seq} (${record.id}) was inserted: ${count} records carry seq ${record.seq}.`,
  };
}

function describeRange(first: number, last: number): string {
  return first === last ? `${first}` : `${first}-${last}`;
}
