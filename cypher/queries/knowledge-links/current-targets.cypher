// What the code a knowledge chapter links to is now: for each uid of $uids, the node in the storage
// slots $slots of the tenant ($tenantId), with the fields a link compares (see resolve-references),
// and, for a symbol no longer there, the symbols of its repository with its body fingerprint
// ($fingerprints, by uid) that another name now carries: a rename the index can recognise.
// Example (cypher-shell): :param tenantId => 'default'; :param slots => ['order-service'];
//   :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount']; :param fingerprints => {}
UNWIND $uids AS wanted
CALL (wanted) {
  MATCH (symbol:Symbol {uid: wanted})
  WHERE symbol.tenantId = $tenantId AND symbol.repoId IN $slots
  RETURN symbol.uid AS uid, symbol.repoId AS slot, symbol.signature AS signature,
         coalesce(symbol.exactFingerprint,
                  CASE WHEN symbol.bodyTokenCount IS NULL THEN null
                       ELSE 'tokens:' + toString(symbol.bodyTokenCount) + ',lines:' + toString(symbol.endLine - symbol.startLine) END)
           AS bodyFingerprint,
         null AS contentHash, symbol.qualifiedName AS name
  UNION
  MATCH (file:File {uid: wanted})
  WHERE file.tenantId = $tenantId AND file.repoId IN $slots
  RETURN file.uid AS uid, file.repoId AS slot, null AS signature, null AS bodyFingerprint, file.contentHash AS contentHash,
         file.path AS name
}
RETURN wanted, uid, slot, signature, bodyFingerprint, contentHash, name
UNION
UNWIND keys($fingerprints) AS wanted
MATCH (symbol:Symbol {tenantId: $tenantId, exactFingerprint: $fingerprints[wanted]})
WHERE symbol.repoId IN $slots AND symbol.uid <> wanted AND NOT EXISTS { MATCH (:Symbol {uid: wanted, repoId: symbol.repoId}) }
RETURN wanted, symbol.uid AS uid, symbol.repoId AS slot, symbol.signature AS signature, symbol.exactFingerprint AS bodyFingerprint,
       null AS contentHash, symbol.qualifiedName AS name
