import neo4j, { type Driver, type ProfiledPlan, type Plan } from 'neo4j-driver';
import { loadConfig } from '@lore/config';
import { MigrationService } from '../neo4j/migrations';
import { Neo4jService } from '../neo4j/neo4j.service';
import { NODE_LABELS } from './snapshot-graph';
import { SNAPSHOT_QUERIES } from './snapshot-queries';

/** The operators of a plan, depth first, without their `@database` suffix. */
function operators(plan: Plan | ProfiledPlan): string[] {
  return [plan.operatorType.split('@')[0]!, ...plan.children.flatMap((child) => operators(child))];
}

describe('snapshot statements as Neo4j plans them', () => {
  const config = loadConfig();
  const service = new Neo4jService(config);
  let driver: Driver;

  beforeAll(async () => {
    await new MigrationService(service).migrate();
    driver = neo4j.driver(config.NEO4J_URI, neo4j.auth.basic(config.NEO4J_USER, config.NEO4J_PASSWORD));
  });
  afterAll(async () => {
    await driver.close();
    await service.onModuleDestroy();
  });

  const plan = async (query: string): Promise<string[]> => {
    const { summary } = await driver.executeQuery(
      `EXPLAIN ${query}`,
      { rows: [], slotUid: 'r', tenantId: 't', slotId: 'r' },
      {
        database: config.NEO4J_DATABASE,
      },
    );
    return operators(summary.plan as Plan);
  };

  it('finds a relationship to update or delete by seeking both its ends in the slot written, never by reading the uid of each neighbour of one', async () => {
    const statements = [...SNAPSHOT_QUERIES.updateRelationships.values(), ...SNAPSHOT_QUERIES.deleteRelationships.values()];
    expect(statements).toHaveLength(26);
    for (const statement of statements) {
      const used = await plan(statement);
      expect({
        statement,
        seeks: used.filter((operator) => operator === 'NodeUniqueIndexSeek(Locking)').length,
        filters: used.filter((operator) => operator === 'Filter').length,
      }).toEqual({ statement, seeks: 2, filters: 0 });
    }
  });

  it('creates a node with one SET of its properties, its hash among them, nothing held back for an Eager', async () => {
    for (const label of NODE_LABELS)
      expect(await plan(SNAPSHOT_QUERIES.createNodes[label])).toEqual([
        'ProduceResults',
        'EmptyResult',
        'SetNodePropertiesFromMap',
        'Create',
        'Unwind',
      ]);
  });
});
