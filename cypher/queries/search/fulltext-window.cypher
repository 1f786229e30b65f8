// How many of the full-text index's first $candidates matches of $lucene exist, across every tenant and
// repository: fulltext-symbols filters that window, and a window that was full may hold too few of the
// caller's scope (another repository's better matches came first), so search widens it.
// Example (cypher-shell): :param lucene => 'invoice^2 OR invoice*'; :param candidates => 500
CALL db.index.fulltext.queryNodes('symbol_text', $lucene, {limit: $candidates}) YIELD node
RETURN count(node) AS found
