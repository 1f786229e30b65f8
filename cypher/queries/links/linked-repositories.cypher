// The other repositories of a tenant that a repository's links may join: those that provide a package
// it takes ($externalPackages), those that take a package it provides ($packages), and those its
// links join now ($linked). A Go import path names the module whose path begins it
// ('go:github.com/acme/shipping/rates' is a package of 'go:github.com/acme/shipping').
// Example (cypher-shell): :param tenantId => 'default'; :param repoId => 'order-service';
//   :param packages => ['npm:order-service']; :param externalPackages => ['npm:@acme/order-contracts']; :param linked => []
MATCH (r:Repository {tenantId: $tenantId})
WHERE r.repoId <> $repoId AND r.commitSha IS NOT NULL
  AND (r.repoId IN $linked
    OR any(provided IN coalesce(r.packages, []) WHERE any(taken IN $externalPackages
      WHERE taken = provided OR (provided STARTS WITH 'go:' AND taken STARTS WITH provided + '/')))
    OR any(taken IN coalesce(r.externalPackages, []) WHERE any(provided IN $packages
      WHERE taken = provided OR (provided STARTS WITH 'go:' AND taken STARTS WITH provided + '/'))))
RETURN r.repoId AS repoId
ORDER BY r.repoId
