import { Injectable, Logger } from '@nestjs/common';
import { toLoreError } from '@lore/domain';
import { type CallOutcome, operationEntry } from '../../audit/audit-entry';
import { AuditWriter } from '../../audit/audit-writer';
import type { OperationCall, OperationStage } from '../operation';

/**
 * Records every operation call when it ends, answered or refused (a permission denial, a limit or a
 * timeout of an inner stage included): who, through which door, what it named, how it ended, how
 * long it took and how large its answer was (docs/security.md, "Audit"). Outside authorization, so
 * that refusals are recorded; inside metrics, which time the whole call.
 */
@Injectable()
export class AuditStage implements OperationStage {
  readonly position = 20;
  private readonly logger = new Logger('Audit');

  constructor(private readonly writer: AuditWriter) {}

  async handle(call: OperationCall, next: () => Promise<unknown>): Promise<unknown> {
    const started = performance.now();
    let result: unknown;
    try {
      result = await next();
    } catch (error) {
      this.record(call, { status: toLoreError(error).code, latencyMs: performance.now() - started });
      throw error;
    }
    this.record(call, { status: 'ok', latencyMs: performance.now() - started, result });
    return result;
  }

  /** A record that cannot be made is logged, never the caller's failure. */
  private record(call: OperationCall, outcome: CallOutcome): void {
    try {
      this.writer.record(operationEntry(call.operation, call.args[0], call.principal, call.context, outcome));
    } catch (error) {
      this.logger.error(`Could not make the audit record of ${call.operation}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
