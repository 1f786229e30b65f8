// The stamp of the last snapshot transaction of one storage slot of a repository (null before the
// first), and whether the slot has no element at all in the graph (then its live graph is known without reading it:
// empty). The labels are those of the snapshot's nodes; every relationship the snapshot writes starts
// at one of them or at the Repository.
OPTIONAL MATCH (r:Repository {uid: $slotUid})
RETURN r.snapshotVersion AS version,
       NOT (EXISTS { MATCH (r)-[:CONTAINS]->() }
         OR EXISTS { MATCH (n:File {tenantId: $tenantId, repoId: $slotId}) }
         OR EXISTS { MATCH (n:Symbol {tenantId: $tenantId, repoId: $slotId}) }
         OR EXISTS { MATCH (n:Document {tenantId: $tenantId, repoId: $slotId}) }
         OR EXISTS { MATCH (n:Section {tenantId: $tenantId, repoId: $slotId}) }) AS empty
