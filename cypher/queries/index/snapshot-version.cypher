// The stamp of the repository's last snapshot transaction (null before the first), and whether the
// repository has no element at all in the graph (then its live graph is known without reading it:
// empty). The labels are those of the snapshot's nodes; every relationship the snapshot writes starts
// at one of them or at the Repository.
OPTIONAL MATCH (r:Repository {uid: $repoUid})
RETURN r.snapshotVersion AS version,
       NOT (EXISTS { MATCH (r)-[:CONTAINS]->() }
         OR EXISTS { MATCH (n:File {tenantId: $tenantId, repoId: $repoId}) }
         OR EXISTS { MATCH (n:Symbol {tenantId: $tenantId, repoId: $repoId}) }
         OR EXISTS { MATCH (n:Document {tenantId: $tenantId, repoId: $repoId}) }
         OR EXISTS { MATCH (n:Section {tenantId: $tenantId, repoId: $repoId}) }) AS empty
