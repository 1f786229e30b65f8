// The repository node of one tenant; commit and indexedAt change only when a run completes.
MERGE (r:Repository {uid: $uid})
ON CREATE SET r.tenantId = $tenantId, r.repoId = $repoId
SET r.name = $props.name, r.rootPath = $props.rootPath, r.url = $props.url,
    r.defaultBranch = $props.defaultBranch, r.gitPrefix = $props.gitPrefix,
    // Stamped by every snapshot transaction: see GraphStateFile.
    r.snapshotVersion = $snapshotVersion
