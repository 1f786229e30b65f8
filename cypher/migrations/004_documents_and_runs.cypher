// Markdown documents and their sections; lookups of index runs by status.
CREATE CONSTRAINT document_uid IF NOT EXISTS FOR (n:Document) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT section_uid IF NOT EXISTS FOR (n:Section) REQUIRE n.uid IS UNIQUE;
CREATE INDEX document_tenant_repo IF NOT EXISTS FOR (n:Document) ON (n.tenantId, n.repoId);
CREATE INDEX section_tenant_repo IF NOT EXISTS FOR (n:Section) ON (n.tenantId, n.repoId);
