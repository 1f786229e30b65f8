// Retention: removes the records with seq in ($anchorSeq, $untilSeq] and makes the last of them the
// chain's anchor (its seq and hash on the head, locked by audit/lock-head in the same transaction),
// so that verify starts after it. Nothing is removed when the record at $untilSeq is missing.
// Example: {tenant: 'acme', anchorSeq: 0, untilSeq: 500}.
MATCH (h:AuditHead {tenant: $tenant})
MATCH (last:AuditRecord {tenant: $tenant, seq: $untilSeq})
WITH h, last.hash AS anchorHash
LIMIT 1
SET h.anchorSeq = $untilSeq, h.anchorHash = anchorHash
WITH h
MATCH (a:AuditRecord {tenant: $tenant})
WHERE a.seq > $anchorSeq AND a.seq <= $untilSeq
DELETE a
RETURN count(a) AS removed
