// The head of a tenant's audit chain, locked for the rest of the transaction (the SET takes the node's
// write lock before its values are read): appends and prunes of one chain run one after another, in
// every process. Made on first use. Example: {tenant: 'acme', genesis: '000...0'}.
MERGE (h:AuditHead {tenant: $tenant})
  ON CREATE SET h.seq = 0, h.hash = $genesis, h.anchorSeq = 0, h.anchorHash = $genesis
SET h.lockedAt = timestamp()
RETURN h.seq AS seq, h.hash AS hash, h.anchorSeq AS anchorSeq, h.anchorHash AS anchorHash
