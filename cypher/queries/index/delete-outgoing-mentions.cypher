MATCH (s:Section {tenantId: $tenantId, repoId: $repoId})-[m:MENTIONS]->()
CALL (m) { DELETE m } IN TRANSACTIONS OF 5000 ROWS
