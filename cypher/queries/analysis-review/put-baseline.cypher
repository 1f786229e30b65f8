// Code health baselines: stores $document (the baseline document as canonical JSON, whose digest is
// $digest) as repository $repositoryId's baseline in tenant $tenantId, replacing the one before, when
// the caller may read that repository ($repoIds, null for all); no row otherwise.
// Example (cypher-shell): :param tenantId => 'default'; :param repositoryId => 'order-service';
//   :param repoIds => null; :param digest => '9f2c…'; :param document => '{"commit":"…","digest":"9f2c…",…}'
WITH $repositoryId AS repositoryId
WHERE $repoIds IS NULL OR repositoryId IN $repoIds
MERGE (baseline:AnalysisBaseline {tenantId: $tenantId, repositoryId: repositoryId})
SET baseline.digest = $digest, baseline.document = $document, baseline.updatedAt = datetime()
RETURN baseline.digest AS digest
