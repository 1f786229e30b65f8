import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@lore/config';
import { MigrationChecksumError, MigrationService } from './migrations';
import { Neo4jService } from './neo4j.service';

describe('MigrationService against Neo4j', () => {
  const neo4j = new Neo4jService(loadConfig());
  afterAll(async () => {
    await neo4j.writeOne("MATCH (m:SchemaMigration) WHERE m.id STARTS WITH '9' DELETE m");
    await neo4j.writeOne('DROP INDEX probe_index IF EXISTS');
    await neo4j.onModuleDestroy();
  });

  it('applies each migration once, records its checksum, and stops on an edited one naming the file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'lore-migrations-'));
    const file = join(directory, '901_probe.cypher');
    writeFileSync(file, '// probe\nCREATE INDEX probe_index IF NOT EXISTS FOR (n:Probe) ON (n.x);\n');

    expect(await new MigrationService(neo4j, directory).migrate()).toEqual({ applied: ['901_probe'], alreadyApplied: [] });
    const again = new MigrationService(neo4j, directory);
    expect(await again.migrate()).toEqual({ applied: [], alreadyApplied: ['901_probe'] });
    expect(again.upToDate).toBe(true);

    writeFileSync(file, '// probe, edited\nCREATE INDEX probe_index IF NOT EXISTS FOR (n:Probe) ON (n.y);\n');
    const edited = new MigrationService(neo4j, directory);
    await expect(edited.migrate()).rejects.toThrow(MigrationChecksumError);
    await expect(edited.migrate()).rejects.toThrow(`Migration ${file} was edited after it was applied`);
    expect(edited.upToDate).toBe(false);
  });
});
