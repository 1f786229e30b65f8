// Appends records (already linked to the head read by audit/lock-head, in the same transaction) and
// moves the head to the last of them. Example: {tenant: 'acme', records: [{id, seq, ...}], headSeq: 3, headHash: '...'}.
UNWIND $records AS record
CREATE (a:AuditRecord)
SET a = record
WITH count(a) AS written
MATCH (h:AuditHead {tenant: $tenant})
SET h.seq = $headSeq, h.hash = $headHash
RETURN written
