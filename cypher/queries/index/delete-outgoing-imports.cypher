MATCH (f:File {tenantId: $tenantId, repoId: $repoId})-[i:IMPORTS]->()
CALL (i) { DELETE i } IN TRANSACTIONS OF 5000 ROWS
