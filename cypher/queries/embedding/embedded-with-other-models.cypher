// The served repositories of a tenant (all, or those in $repoIds) that have no complete vectors for
// the serving model, with every other model they do have complete vectors for, newest first: search
// asks one of those models until the serving model's vectors are complete (the default model
// changed, a model was installed). A storage slot's id (`order-service~2`) names its repository's vectors.
// Example: {tenantId: 'default', repoIds: null, modelId: 'bge-small-en-v1.5-onnx-int8'}
MATCH (r:Repository {tenantId: $tenantId})
WHERE r.commitSha IS NOT NULL
WITH DISTINCT split(r.repoId, '~')[0] AS repoId
WHERE ($repoIds IS NULL OR repoId IN $repoIds)
  AND NOT EXISTS { MATCH (:EmbeddedWith {tenantId: $tenantId, repoId: repoId, modelId: $modelId}) }
MATCH (e:EmbeddedWith {tenantId: $tenantId, repoId: repoId})
RETURN repoId, e.modelId AS modelId
ORDER BY repoId, e.updatedAt DESC, modelId
