// Lookups are always scoped by tenant first (architecture.md section 8).
CREATE INDEX repository_tenant_repo IF NOT EXISTS FOR (n:Repository) ON (n.tenantId, n.repoId);
CREATE INDEX file_tenant_repo_path IF NOT EXISTS FOR (n:File) ON (n.tenantId, n.repoId, n.path);
CREATE INDEX symbol_tenant_repo IF NOT EXISTS FOR (n:Symbol) ON (n.tenantId, n.repoId);
CREATE INDEX symbol_tenant_name IF NOT EXISTS FOR (n:Symbol) ON (n.tenantId, n.name);
CREATE INDEX symbol_tenant_qualified_name IF NOT EXISTS FOR (n:Symbol) ON (n.tenantId, n.qualifiedName);
CREATE INDEX index_run_tenant_repo IF NOT EXISTS FOR (n:IndexRun) ON (n.tenantId, n.repoId);
