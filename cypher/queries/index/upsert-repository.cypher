// The Repository node of one storage slot of a repository (the first slot's id is the repository's, see
// storageSlots); commit and indexedAt change only when a run completes.
MERGE (r:Repository {uid: $slotUid})
ON CREATE SET r.tenantId = $tenantId, r.repoId = $slotId
SET r.name = $props.name, r.rootPath = $props.rootPath, r.url = $props.url,
    r.defaultBranch = $props.defaultBranch, r.gitPrefix = $props.gitPrefix,
    // Stamped by every snapshot transaction: see GraphStateFile.
    r.snapshotVersion = $snapshotVersion
