import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { LORE_CONFIG, LORE_VERSION, type LoreConfig } from '@lore/config';
import type { Principal } from '@lore/domain';
import { TenantViews } from '@lore/graph';
import type { OperationCall, OperationStage } from '../operation';

/**
 * Warnings that say the answer will change without a re-index: the vectors or the exact calls are
 * still being written, or the embedder was down for this call. Such answers are never kept.
 */
const TRANSIENT_WARNINGS = new Set(['semantic_incomplete', 'semantic_previous_model', 'semantic_unavailable', 'calls_not_exact']);

export interface CacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/**
 * Answers of read operations, kept in memory (docs/specification.md, Caching). The key is the operation, its
 * arguments, what the principal may see (tenant, repositories, permissions, tool profile: principals
 * with different access never share an answer), the tenant's graph as readers see it (TenantViews' token:
 * a re-index, in this process or another, changes it) and Lore's version. Answers with a transient
 * warning and errors are not kept; a hit is a copy, so no door can change a kept answer.
 */
@Injectable()
export class CacheStage implements OperationStage {
  readonly position = 60;
  private readonly logger = new Logger('Cache');
  private readonly answers: LRUCache<string, Buffer> | null;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly views: TenantViews,
    @Inject(LORE_CONFIG) config: LoreConfig,
  ) {
    const maxSize = Math.floor(config.LORE_CACHE_MAX_MB * 1024 * 1024);
    this.answers =
      maxSize === 0
        ? null
        : new LRUCache<string, Buffer>({
            max: config.LORE_CACHE_MAX_ENTRIES,
            maxSize,
            // An answer larger than an eighth of the cache would push out too many others: not kept.
            maxEntrySize: Math.max(1, Math.floor(maxSize / 8)),
            sizeCalculation: (answer, key) => answer.byteLength + key.length,
            ttl: config.LORE_CACHE_TTL_SECONDS * 1000,
            updateAgeOnGet: false,
          });
  }

  async handle(call: OperationCall, next: () => Promise<unknown>): Promise<unknown> {
    // An answer a client's own model helped write (MCP sampling) is that call's, not to be served to another.
    if (this.answers === null || call.kind !== 'read' || !call.cached || call.context.lentModel !== null) return next();
    const input = canonicalJson(call.args);
    if (input === null) return next();
    let snapshot: string;
    try {
      snapshot = (await this.views.current(call.principal.tenantId)).token;
    } catch {
      // The graph is unreachable: the call itself will say so (or answer, if it can).
      return next();
    }
    const key = cacheKey(call.operation, input, call.principal, snapshot);
    const kept = this.answers.get(key);
    if (kept !== undefined) {
      this.hits += 1;
      this.logger.debug(`hit ${call.operation} (${kept.byteLength} bytes)`);
      return deserialize(kept);
    }
    this.misses += 1;
    const answer = await next();
    if (keepable(answer)) {
      const copy = serializable(answer);
      if (copy !== null) this.answers.set(key, copy);
    }
    return answer;
  }

  stats(): CacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.answers?.size ?? 0, bytes: this.answers?.calculatedSize ?? 0 };
  }
}

/** What the principal may see and do, in a fixed order: two principals with the same access share answers, no others. */
export function accessVersion(principal: Principal): string {
  const repositories = principal.repositories === '*' ? '*' : [...principal.repositories].sort();
  const permissions = [...principal.permissions].sort();
  return JSON.stringify([principal.tenantId, repositories, permissions, principal.toolProfile]);
}

export function cacheKey(operation: string, input: string, principal: Principal, snapshot: string): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, input, accessVersion(principal), snapshot, LORE_VERSION]))
    .digest('base64url');
}

/**
 * JSON with object keys sorted, so that `{a, b}` and `{b, a}` are one input; null when a value has
 * no JSON form (a function, a callback): such a call is not cached.
 */
export function canonicalJson(value: unknown): string | null {
  const canonical = (item: unknown): unknown => {
    if (item === null || typeof item === 'string' || typeof item === 'boolean') return item;
    if (typeof item === 'number' && Number.isFinite(item)) return item;
    if (item === undefined) return undefined;
    if (Array.isArray(item)) return item.map((element) => (element === undefined ? null : canonical(element)));
    if (typeof item === 'object' && Object.getPrototypeOf(item) === Object.prototype) {
      return Object.fromEntries(
        Object.keys(item)
          .sort()
          .filter((key) => (item as Record<string, unknown>)[key] !== undefined)
          .map((key) => [key, canonical((item as Record<string, unknown>)[key])]),
      );
    }
    throw new NotCanonical();
  };
  try {
    return JSON.stringify(canonical(value));
  } catch (error) {
    if (error instanceof NotCanonical) return null;
    throw error;
  }
}

class NotCanonical extends Error {}

function serializable(answer: unknown): Buffer | null {
  try {
    return serialize(answer);
  } catch {
    return null; // a value with no copy (a function): answered, not kept
  }
}

/** Whether an answer can be served again until the graph changes: not one that says it is still changing. */
function keepable(answer: unknown): boolean {
  if (answer === null || typeof answer !== 'object') return answer !== undefined;
  const warnings = (answer as { warnings?: unknown }).warnings;
  return !Array.isArray(warnings) || !warnings.some((warning) => TRANSIENT_WARNINGS.has((warning as { code?: string })?.code ?? ''));
}
