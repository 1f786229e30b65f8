import { loadMigrations, splitStatements } from './migrations';

describe('migrations', () => {
  it('splits a file into statements, dropping comment lines', () => {
    expect(
      splitStatements('// why\nCREATE INDEX a IF NOT EXISTS FOR (n:A) ON (n.x);\n\nCREATE INDEX b IF NOT EXISTS\n  FOR (n:B) ON (n.y);\n'),
    ).toEqual(['CREATE INDEX a IF NOT EXISTS FOR (n:A) ON (n.x)', 'CREATE INDEX b IF NOT EXISTS\n  FOR (n:B) ON (n.y)']);
  });

  it('loads the project migrations in order with checksums', () => {
    const migrations = loadMigrations();
    expect(migrations.map((m) => m.id)).toEqual([
      '001_constraints',
      '002_lookup_indexes',
      '003_symbol_fulltext',
      '004_documents_and_runs',
      '005_index_leases',
      '006_cross_repository_links',
      '007_api_keys',
      '008_audit_chain',
      '009_storage_slots',
      '010_documentation_sessions',
      '011_analysis_baselines',
      '012_analysis_runs',
      '013_knowledge_links',
      '014_agent_memory',
      '015_generated_artifacts',
      '016_section_fulltext',
    ]);
    for (const migration of migrations) {
      expect(migration.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(migration.statements.length).toBeGreaterThan(0);
    }
  });
});
