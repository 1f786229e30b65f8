import { Neo4jError } from 'neo4j-driver';
import { type LoreError } from '@lore/domain';
import { translateDriverError } from './neo4j.service';

function translated(code: string, message = 'whatever the server said'): LoreError {
  return translateDriverError(new Neo4jError(message, code, '', '')) as LoreError;
}

describe('translateDriverError', () => {
  it('names the memory settings when a transaction outgrows Neo4j memory', () => {
    const error = translated(
      'Neo.TransientError.General.MemoryPoolOutOfMemoryError',
      'The allocation of an extra 2.0 MiB would use more than the limit 716.8 MiB. Currently using 715.0 MiB. dbms.memory.transaction.total.max threshold reached',
    );
    expect(error.toBody()).toMatchObject({
      code: 'resource_exhausted',
      message: 'The graph database ran out of memory for this work (dbms.memory.transaction.total.max reached).',
      retryable: false,
      details: { neo4jCode: 'Neo.TransientError.General.MemoryPoolOutOfMemoryError', setting: 'dbms.memory.transaction.total.max' },
    });
    expect(error.hint).toContain('LORE_NEO4J_TX_MEMORY');
    expect(error.hint).toContain('NEO4J_db_memory_transaction_total_max');
  });

  it('answers a bookmark Neo4j does not know as invalid input, not as a fault of Lore', () => {
    for (const code of ['Neo.ClientError.Transaction.InvalidBookmark', 'Neo.ClientError.Transaction.InvalidBookmarkMixture']) {
      expect(translated(code).toBody()).toMatchObject({
        code: 'invalid_input',
        message: 'The graph database does not know the bookmark.',
        details: { field: 'bookmark', neo4jCode: code },
      });
    }
  });

  it('reads the message when the code does not say memory', () => {
    expect(translated('Neo.TransientError.General.TransactionOutOfMemoryError').code).toBe('resource_exhausted');
    expect(translated('Neo.ClientError.General.Unknown', 'db.memory.transaction.max threshold reached').code).toBe('resource_exhausted');
  });

  it('tells an unreachable database, wrong credentials and a timeout apart', () => {
    expect(translated('ServiceUnavailable').toBody()).toMatchObject({ code: 'unavailable', message: 'The graph database is unavailable.' });
    expect(translated('Neo.ClientError.Security.Unauthorized').toBody()).toMatchObject({
      code: 'unavailable',
      message: 'The graph database refused our credentials.',
    });
    expect(translated('Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration').code).toBe('timeout');
  });

  it('never leaves a Neo4j error without a code and a hint, and never quotes the server', () => {
    for (const code of ['Neo.TransientError.Transaction.DeadlockDetected', 'Neo.ClientError.Statement.SyntaxError']) {
      const error = translated(code, 'Invalid input near MATCH (n:Secret) on host db.internal');
      expect(error.hint).toEqual(expect.any(String));
      expect(error.details).toEqual({ neo4jCode: code });
      expect(JSON.stringify(error.toBody())).not.toContain('db.internal');
    }
    expect(translated('Neo.TransientError.Transaction.DeadlockDetected').code).toBe('unavailable');
    expect(translated('Neo.ClientError.Statement.SyntaxError').code).toBe('internal');
  });

  it('passes other errors through', () => {
    const plain = new Error('not from the driver');
    expect(translateDriverError(plain)).toBe(plain);
  });
});
