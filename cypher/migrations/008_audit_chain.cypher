// The audit: one AuditHead per tenant chain (its last seq and hash, the retention anchor; appends take
// its write lock, so one chain never forks), and the AuditRecords, found by tenant and seq or time.
CREATE CONSTRAINT audit_head_tenant IF NOT EXISTS FOR (h:AuditHead) REQUIRE h.tenant IS UNIQUE;
CREATE CONSTRAINT audit_record_id IF NOT EXISTS FOR (a:AuditRecord) REQUIRE a.id IS UNIQUE;
CREATE INDEX audit_record_seq IF NOT EXISTS FOR (a:AuditRecord) ON (a.tenant, a.seq);
CREATE INDEX audit_record_timestamp IF NOT EXISTS FOR (a:AuditRecord) ON (a.tenant, a.timestamp);
