// Context packs and documentation drafts (assemble_context_pack, generate_document_draft): one
// GeneratedArtifact node each, holding its JSON, so any server reads back what another assembled;
// each expires (LORE_DOC_ARTIFACT_TTL) and is purged by the next write of its tenant.
CREATE CONSTRAINT generated_artifact_id IF NOT EXISTS FOR (n:GeneratedArtifact) REQUIRE (n.tenantId, n.artifactId) IS UNIQUE;
CREATE INDEX generated_artifact_expiry IF NOT EXISTS FOR (n:GeneratedArtifact) ON (n.tenantId, n.expiresAt);
