// Repositories of the tenant whose first snapshot is being written (a Repository without a commit):
// readers leave their elements out until the run's last small transaction gives them a commit.
// Example (cypher-shell): :param tenantId => 'default'
MATCH (r:Repository {tenantId: $tenantId})
RETURN collect(CASE WHEN r.commitSha IS NULL THEN r.repoId END) AS hidden,
       collect(CASE WHEN r.commitSha IS NOT NULL THEN r.repoId END) AS served
