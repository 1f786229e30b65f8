// Documentation sessions (full_documentation, create_documentation): one DocumentationSession node per
// session, holding its state machines' persisted snapshots, so any server continues it.
CREATE CONSTRAINT documentation_session_id IF NOT EXISTS FOR (n:DocumentationSession) REQUIRE n.sessionId IS UNIQUE;
CREATE INDEX documentation_session_owner IF NOT EXISTS FOR (n:DocumentationSession) ON (n.tenantId, n.subject);
