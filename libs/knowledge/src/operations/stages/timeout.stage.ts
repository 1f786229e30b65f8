import { Inject, Injectable } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { TimeoutError } from '@lore/domain';
import type { OperationCall, OperationStage } from '../operation';

/**
 * A read still running after LORE_REQUEST_TIMEOUT_MS answers `timeout`. The work it leaves behind
 * is bounded below by Neo4j's own transaction timeout (NEO4J_TX_TIMEOUT_MS, also `timeout`).
 * Side effects (indexing) run as long as they need: cutting one off would leave nothing gained.
 */
@Injectable()
export class TimeoutStage implements OperationStage {
  readonly position = 50;

  constructor(@Inject(LORE_CONFIG) private readonly config: LoreConfig) {}

  async handle(call: OperationCall, next: () => Promise<unknown>): Promise<unknown> {
    if (call.kind === 'side_effect') return next();
    const limitMs = this.config.LORE_REQUEST_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new TimeoutError(`${call.operation} took longer than ${limitMs} ms and was stopped.`, {
              hint: 'Narrow the question (a repository, a smaller depth or limit), or raise LORE_REQUEST_TIMEOUT_MS.',
              details: { timeoutMs: limitMs },
            }),
          ),
        limitMs,
      );
    });
    try {
      return await Promise.race([next(), expired]);
    } finally {
      clearTimeout(timer);
    }
  }
}
