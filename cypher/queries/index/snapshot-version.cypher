// The stamp of the repository's last snapshot transaction (null before the first).
OPTIONAL MATCH (r:Repository {uid: $repoUid})
RETURN r.snapshotVersion AS version
