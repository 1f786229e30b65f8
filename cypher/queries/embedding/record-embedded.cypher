// A repository's vectors are complete for a model at a commit: written when an embedding finishes,
// so that search can tell a repository whose vectors are another model's (the default model changed,
// a model was installed) from one that is embedded, and `lore serve` can embed it again.
// Example: {tenantId: 'default', repoId: 'order-service', modelId: 'e5-small-v2', commit: 'a4e8a44...'}
MERGE (e:EmbeddedWith {tenantId: $tenantId, repoId: $repoId, modelId: $modelId})
SET e.commit = $commit, e.updatedAt = timestamp()
