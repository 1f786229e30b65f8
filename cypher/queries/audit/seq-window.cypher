// The records of a chain with seq in ($afterSeq, $untilSeq], in seq order (two with one seq, which only
// tampering makes, by id): verify reads a chain window by window. Example: {tenant: 'acme', afterSeq: 0, untilSeq: 1000}.
MATCH (a:AuditRecord {tenant: $tenant})
WHERE a.seq > $afterSeq AND a.seq <= $untilSeq
RETURN a {.*} AS record
ORDER BY a.seq, a.id
