import { LRUCache } from 'lru-cache';
import type { GateEvaluation, ReviewedFinding } from '@lore/domain/schemas/analysis-review';
import type { Principal } from '@lore/domain';

/** What one principal's session holds: review markers by run and finding, and the latest gate evaluation. */
interface Session {
  reviews: Map<string, ReviewedFinding>;
  gates: GateEvaluation | null;
}

const MAX_SESSIONS = 1000;
const MAX_REVIEWS = 1000;

/**
 * Session-local review state, as CodeClone's MCP interface keeps it: in this process's memory only,
 * never written to a baseline, a run or the graph, and bound to the principal that made it (tenant and
 * subject), so another caller sees none of it. Bounded: the least recently used sessions are forgotten.
 */
export class ReviewSessions {
  private readonly sessions = new LRUCache<string, Session>({ max: MAX_SESSIONS });

  private of(principal: Principal): Session {
    const key = `${principal.tenantId}\u0000${principal.subject}`;
    let session = this.sessions.get(key);
    if (!session) {
      session = { reviews: new Map(), gates: null };
      this.sessions.set(key, session);
    }
    return session;
  }

  mark(principal: Principal, review: ReviewedFinding): void {
    const { reviews } = this.of(principal);
    const key = `${review.run_id}\u0000${review.canonical_id}`;
    reviews.delete(key);
    reviews.set(key, review);
    if (reviews.size > MAX_REVIEWS) reviews.delete(reviews.keys().next().value!);
  }

  reviewsOf(principal: Principal, runId: string): ReviewedFinding[] {
    return [...this.of(principal).reviews.values()].filter((review) => review.run_id === runId);
  }

  rememberGates(principal: Principal, gates: GateEvaluation): void {
    this.of(principal).gates = gates;
  }

  latestGates(principal: Principal): GateEvaluation | null {
    return this.of(principal).gates;
  }

  /** Forgets the principal's reviews and gate evaluation; answers how many reviews there were. */
  clear(principal: Principal): number {
    const { reviews } = this.of(principal);
    const count = reviews.size;
    this.sessions.delete(`${principal.tenantId}\u0000${principal.subject}`);
    return count;
  }
}
