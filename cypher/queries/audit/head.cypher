// A tenant chain's head without locking it (verify reads up to it). Example: {tenant: 'acme'}.
MATCH (h:AuditHead {tenant: $tenant})
RETURN h.seq AS seq, h.hash AS hash, h.anchorSeq AS anchorSeq, h.anchorHash AS anchorHash
