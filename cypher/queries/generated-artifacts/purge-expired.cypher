// Forgets up to 100 context packs and drafts of tenant $tenantId that expired before $now: run with
// each save, so that expired ones never pile up. Touches no repository's content ($repoIds unused:
// what expired is no one's to read).
// Example (cypher-shell): :param tenantId => 'default'; :param now => '2026-11-28T00:00:00.000Z'
MATCH (expired:GeneratedArtifact {tenantId: $tenantId})
WHERE expired.expiresAt <= $now
WITH expired LIMIT 100
DETACH DELETE expired
RETURN count(*) AS purged
