// A page of a tenant's audit, newest first, filtered; $beforeSeq is the cursor (the last seq of the
// previous page). Example: {tenant: 'acme', beforeSeq: null, subject: null, operation: 'get_symbol',
// status: null, door: null, from: null, to: null, limit: 50}.
MATCH (a:AuditRecord {tenant: $tenant})
WHERE ($beforeSeq IS NULL OR a.seq < $beforeSeq)
  AND ($subject IS NULL OR a.subject = $subject)
  AND ($operation IS NULL OR a.operation = $operation)
  AND ($status IS NULL OR a.status = $status)
  AND ($door IS NULL OR a.door = $door)
  AND ($from IS NULL OR a.timestamp >= $from)
  AND ($to IS NULL OR a.timestamp < $to)
RETURN a {.*} AS record
ORDER BY a.seq DESC
LIMIT $limit
