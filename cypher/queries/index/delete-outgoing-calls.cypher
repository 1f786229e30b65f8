// Edges are rebuilt on every run: drop the ones that leave this repository's symbols.
MATCH (s:Symbol {tenantId: $tenantId, repoId: $repoId})-[e:CALLS|EXTENDS|IMPLEMENTS|TESTS]->()
CALL (e) { DELETE e } IN TRANSACTIONS OF 5000 ROWS
