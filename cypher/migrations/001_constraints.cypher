// Every addressable node has one synthetic uid (Community Edition has uniqueness constraints only).
CREATE CONSTRAINT schema_migration_id IF NOT EXISTS FOR (n:SchemaMigration) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT tenant_uid IF NOT EXISTS FOR (n:Tenant) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT repository_uid IF NOT EXISTS FOR (n:Repository) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT file_uid IF NOT EXISTS FOR (n:File) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT symbol_uid IF NOT EXISTS FOR (n:Symbol) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT index_run_uid IF NOT EXISTS FOR (n:IndexRun) REQUIRE n.uid IS UNIQUE;
