import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { toLoreError } from '@lore/domain';
import { LoreMetrics, inSpan } from '@lore/observability';
import type { OperationCall, OperationStage } from '../operation';
import { resultBytesOf } from '../result-size';

/** A repository id as logs may carry it: an identifier, never free text a caller typed. */
const REPOSITORY_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The fields of the one log line of a call: who (hashed), what, how it went. Never input text or content. */
export interface CallLogLine {
  event: 'tool_call';
  door: string;
  operation: string;
  tenantId: string;
  /** The first 16 hex digits of sha256(subject): the same caller's lines can be told apart, not named. */
  subjectHash: string;
  repositoryId: string | null;
  status: string;
  latencyMs: number;
  resultBytes: number | null;
  requestId: string;
  agentRunId: string | null;
}

/**
 * Outermost stage: every operation gets a trace span (its Cypher spans are children), a count, a
 * latency, a result size and one log line, whatever its door and however it ended (refusals of the
 * inner stages included). The CLI logs at warn, so its stderr stays for people; servers log each call.
 */
@Injectable()
export class ObservabilityStage implements OperationStage {
  readonly position = 10;
  private readonly logger = new Logger('Calls');

  constructor(
    private readonly metrics: LoreMetrics,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  async handle(call: OperationCall, next: () => Promise<unknown>): Promise<unknown> {
    const { door, requestId, agentRunId } = call.context;
    const started = performance.now();
    return inSpan(
      `lore.${call.operation}`,
      { 'lore.operation': call.operation, 'lore.door': door, 'lore.request_id': requestId },
      async (span) => {
        let status = 'ok';
        let resultBytes: number | null = null;
        try {
          const result = await next();
          resultBytes = resultBytesOf(result);
          return result;
        } catch (error) {
          status = toLoreError(error).code;
          throw error;
        } finally {
          const latencyMs = performance.now() - started;
          span.setAttribute('lore.status', status);
          this.metrics.recordCall(door, call.operation, status, latencyMs / 1000, resultBytes);
          this.log({
            event: 'tool_call',
            door,
            operation: call.operation,
            tenantId: call.principal.tenantId,
            subjectHash: createHash('sha256').update(call.principal.subject).digest('hex').slice(0, 16),
            repositoryId: repositoryOf(call.args[0]),
            status,
            latencyMs: Math.round(latencyMs * 10) / 10,
            resultBytes,
            requestId,
            agentRunId,
          });
        }
      },
    );
  }

  private log(line: CallLogLine): void {
    if (this.config.LORE_LOG_FORMAT === 'json') {
      this.logger.log(line);
      return;
    }
    this.logger.log(
      Object.entries(line)
        .filter(([key, value]) => key !== 'event' && value !== null)
        .reduce((text: string, [key, value]) => `${text} ${key}=${String(value)}`, line.event),
    );
  }
}

/** The repository an input names (a file's, a lookup's or a search filter's), if it is an identifier. */
function repositoryOf(input: unknown): string | null {
  const fields = input as { repositoryId?: unknown; filters?: { repositoryId?: unknown } } | null | undefined;
  const named = fields?.repositoryId ?? fields?.filters?.repositoryId;
  return typeof named === 'string' && REPOSITORY_ID.test(named) ? named : null;
}
