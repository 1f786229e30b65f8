// Retention: the first seq after the anchor of a record still inside the retention period (null when
// every record is older). Example: {tenant: 'acme', anchorSeq: 0, cutoff: '2026-08-28T00:00:00.000Z'}.
MATCH (a:AuditRecord {tenant: $tenant})
WHERE a.seq > $anchorSeq AND a.timestamp >= $cutoff
RETURN min(a.seq) AS seq
