// Code health analysis: every symbol of repository $repositoryId with the facts analysis groups and
// measures (its signature, whether it has a doc comment, complexity, cognitiveComplexity, the clone fingerprints of function bodies, the fields of its
// object a body reads and writes; null where the index did not measure them), its enclosing symbol (HAS_MEMBER) and whether its file is a test file,
// within the caller's tenant ($tenantId) and repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param repositoryId => 'order-service'
MATCH (file:File {tenantId: $tenantId, repoId: $repositoryId})-[:DECLARES]->(symbol:Symbol)
WHERE $repoIds IS NULL OR file.repoId IN $repoIds
OPTIONAL MATCH (parent:Symbol)-[:HAS_MEMBER]->(symbol)
WHERE parent.repoId = symbol.repoId
RETURN symbol.uid AS uid, symbol.kind AS kind, symbol.name AS name, symbol.qualifiedName AS qualifiedName,
       symbol.path AS path, symbol.language AS language, symbol.startLine AS startLine, symbol.endLine AS endLine,
       coalesce(symbol.exported, false) AS exported, coalesce(symbol.nested, false) AS nested,
       coalesce(file.isTest, false) OR symbol.kind = 'test' AS inTest, parent.uid AS parentUid,
       symbol.complexity AS complexity, symbol.cognitiveComplexity AS cognitiveComplexity,
       symbol.exactFingerprint AS exactFingerprint, symbol.renamedFingerprint AS renamedFingerprint,
       symbol.bodyTokenCount AS bodyTokenCount, symbol.nearMissSignature AS nearMissSignature,
       symbol.blockFingerprints AS blockFingerprints, symbol.fieldReads AS fieldReads, symbol.fieldWrites AS fieldWrites,
       symbol.signature AS signature, coalesce(symbol.doc, '') <> '' AS documented
ORDER BY symbol.path, symbol.startLine, symbol.uid
