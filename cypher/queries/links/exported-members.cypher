// The exported members named one of owner.names of each symbol owner.uid in $owners (a tenant's):
// `Invoices.create` of an imported `Invoices`.
// Served storage slots only ($servedSlots, links/served-slots): never a slot a re-index is writing or has retired.
UNWIND $owners AS owner
MATCH (o:Symbol {uid: owner.uid})-[:HAS_MEMBER]->(s:Symbol)
WHERE o.tenantId = $tenantId AND o.repoId IN $servedSlots AND s.name IN owner.names AND s.exported
RETURN o.uid AS ownerUid, s.uid AS uid, s.repoId AS repoId, s.name AS name, s.kind AS kind, s.path AS path, s.language AS language
ORDER BY ownerUid, uid
