// analyze_impact's targets: the innermost symbols whose lines overlap each changed range of $ranges
// ([{path, startLine, endLine}], paths relative to the root of repository $repositoryId), within the
// caller's tenant ($tenantId) and repositories ($repoIds, null for all). A range inside a method gives the method, not its class; a range
// between declarations gives nothing. Symbols are reached through their file (which DECLARES each of
// them): one index seek per range, not a scan of every symbol of the repository.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param repositoryId => 'order-service';
//   :param ranges => [{path: 'src/pricing/discounts.ts', startLine: 10, endLine: 11}]
UNWIND $ranges AS range
MATCH (:File {tenantId: $tenantId, repoId: $repositoryId, path: range.path})-[:DECLARES]->(symbol:Symbol)
WHERE ($repoIds IS NULL OR symbol.repoId IN $repoIds)
  AND symbol.startLine <= range.endLine AND symbol.endLine >= range.startLine
  AND NOT EXISTS {
    MATCH (symbol)-[:HAS_MEMBER]->(member:Symbol)
    WHERE member.startLine <= range.endLine AND member.endLine >= range.startLine
  }
RETURN DISTINCT symbol {.uid, .kind, .name, .qualifiedName, repositoryId: symbol.repoId, .path, .startLine, .endLine} AS symbol
ORDER BY symbol.path, symbol.startLine, symbol.uid
