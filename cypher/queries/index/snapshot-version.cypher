// The stamp of the repository's last snapshot transaction (null before the first), and whether the
// repository is in the graph at all (a snapshot writes its Repository node in the same transaction).
OPTIONAL MATCH (r:Repository {uid: $repoUid})
RETURN r IS NOT NULL AS known, r.snapshotVersion AS version
