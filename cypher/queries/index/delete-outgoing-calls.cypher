// Edges are rebuilt on every run: drop the calls that leave this repository's symbols.
MATCH (s:Symbol {tenantId: $tenantId, repoId: $repoId})-[c:CALLS]->()
CALL (c) { DELETE c } IN TRANSACTIONS OF 5000 ROWS
