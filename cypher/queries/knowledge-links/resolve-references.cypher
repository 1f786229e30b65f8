// The symbols and files that references of a knowledge chapter name, in the storage slots $slots of
// the tenant's ($tenantId) repositories a project is linked against: a symbol by qualified name, or
// by name when the reference has no dot ($names; nested bodies left out); a file by path, or by the
// end of its path after a "/" ($paths). Each with what a link keeps of it: signature, a fingerprint
// of its body (the exact token hash, else its token and line counts) and its file's content hash.
// Example (cypher-shell): :param tenantId => 'default'; :param slots => ['order-service'];
//   :param names => ['applyDiscount', 'OrderService.placeOrder']; :param paths => ['src/pricing/discounts.ts']
CALL () {
  UNWIND $names AS reference
  MATCH (symbol:Symbol {tenantId: $tenantId})
  WHERE (symbol.qualifiedName = reference OR (NOT reference CONTAINS '.' AND symbol.name = reference))
    AND symbol.repoId IN $slots AND symbol.nested IS NULL
  RETURN reference, 'symbol' AS kind, symbol.uid AS uid, symbol.repoId AS slot, symbol.signature AS signature,
         coalesce(symbol.exactFingerprint,
                  CASE WHEN symbol.bodyTokenCount IS NULL THEN null
                       ELSE 'tokens:' + toString(symbol.bodyTokenCount) + ',lines:' + toString(symbol.endLine - symbol.startLine) END)
           AS bodyFingerprint,
         null AS contentHash
  UNION
  UNWIND $paths AS reference
  MATCH (file:File {tenantId: $tenantId})
  WHERE file.repoId IN $slots AND (file.path = reference OR file.path ENDS WITH '/' + reference)
  RETURN reference, 'file' AS kind, file.uid AS uid, file.repoId AS slot, null AS signature, null AS bodyFingerprint,
         file.contentHash AS contentHash
}
RETURN reference, kind, uid, slot, signature, bodyFingerprint, contentHash
ORDER BY reference, uid
