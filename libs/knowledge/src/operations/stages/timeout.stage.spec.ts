import { localPrincipal } from '@lore/domain';
import type { LoreConfig } from '@lore/config';
import type { OperationCall } from '../operation';
import { TimeoutStage } from './timeout.stage';

const call = (kind: OperationCall['kind']): OperationCall => ({
  operation: kind === 'read' ? 'search_code' : 'index_repository',
  kind,
  cached: true,
  args: [],
  principal: localPrincipal('t'),
  context: { requestId: 'r', door: 'rest', agentRunId: null, lentModel: null },
});
const settlesIn = (ms: number, value: string) => () => new Promise<string>((resolve) => setTimeout(() => resolve(value), ms));

describe('TimeoutStage', () => {
  const stage = new TimeoutStage({ LORE_REQUEST_TIMEOUT_MS: 100 } as LoreConfig);

  it('answers timeout when a read runs past LORE_REQUEST_TIMEOUT_MS', async () => {
    await expect(stage.handle(call('read'), settlesIn(1000, 'late'))).rejects.toMatchObject({
      code: 'timeout',
      retryable: true,
      message: 'search_code took longer than 100 ms and was stopped.',
      details: { timeoutMs: 100 },
    });
  });

  it('passes a read that answers in time, and never cuts a side effect short', async () => {
    expect(await stage.handle(call('read'), settlesIn(10, 'in time'))).toBe('in time');
    expect(await stage.handle(call('side_effect'), settlesIn(300, 'indexed'))).toBe('indexed');
  });
});
