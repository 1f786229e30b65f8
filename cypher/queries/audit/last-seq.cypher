// The highest seq stored in a chain (beyond the head's only when a record was inserted). Example: {tenant: 'acme'}.
MATCH (a:AuditRecord {tenant: $tenant})
RETURN max(a.seq) AS seq
