// Every tenant that has an audit chain.
MATCH (h:AuditHead)
RETURN h.tenant AS tenant
ORDER BY tenant
