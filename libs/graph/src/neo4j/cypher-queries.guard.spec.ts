import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectRoot } from './project-paths';

// Tenant isolation below the doors (issue 19): every query of cypher/queries/ that touches a node
// holding a tenant's data names the tenant ($tenantId), and every query a reader runs names the
// repositories the principal may read ($repoIds). A new query that forgets either fails here.

/**
 * The nodes that hold a tenant's code and documents. IndexRun and IndexLease (the indexer's own
 * bookkeeping, keyed by a uid that holds the tenant) are not among them: the start-up sweep of dead
 * runs reads every tenant's on purpose, and answers no one.
 */
const TENANT_DATA = /:\s*(Repository|File|Symbol|Document|Section|Chunk)\b/;

/**
 * Queries that a principal's read never runs, so take no $repoIds: the indexer's writes of one
 * repository (index/, links/, embedding/; each still scoped by $tenantId, and the bump of a
 * repository's generation), the tenant's view (repositories/view: tenant-wide on purpose, the
 * repositories from which every reader's $repoIds is picked, and the read caches' token, so that any
 * write in the tenant invalidates; answered to no one as it is), the credentials (keys/: ApiKey nodes,
 * which hold no repository's content), and the audit (audit/: records of calls, scoped by their
 * tenant and read only by its admins, never filtered by repository).
 */
const WRITERS = [
  /^index\//,
  /^links\//,
  /^embedding\//,
  /^repositories\/(view|bump-generation)$/,
  /^keys\//,
  /^audit\//,
  /^code-health\/register-run$/,
  // The knowledge linker's, tenant-wide (get_knowledge_links keeps the principal's repositories before it reads the code).
  /^knowledge-links\/(chapters|current-targets|resolve-references|write-chapters)$/,
  // Expired context packs and drafts are no one's to read: purged tenant-wide.
  /^generated-artifacts\/purge-expired$/,
];

const directory = join(projectRoot(), 'cypher', 'queries');
const queries = files(directory).map((file) => ({
  name: relative(directory, file)
    .replace(/\\/g, '/')
    .replace(/\.cypher$/, ''),
  // Comments may name parameters in examples: only the query itself counts.
  text: readFileSync(file, 'utf8').replace(/\/\/.*$/gm, ''),
}));

describe('cypher/queries tenant guard', () => {
  it('finds the queries', () => {
    expect(queries.length).toBeGreaterThan(50);
  });

  it('scopes every query that touches tenant data by $tenantId', () => {
    const unscoped = queries.filter((query) => TENANT_DATA.test(query.text) && !/\$tenantId\b/.test(query.text)).map((query) => query.name);
    expect(unscoped).toEqual([]);
  });

  it("scopes every reader's query by the principal's repositories ($repoIds)", () => {
    const readers = queries.filter((query) => !WRITERS.some((writer) => writer.test(query.name)));
    expect(readers.length).toBeGreaterThan(25);
    expect(readers.filter((query) => !/\$repoIds\b/.test(query.text)).map((query) => query.name)).toEqual([]);
  });
});

function files(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const path = join(root, entry.name);
    if (entry.isDirectory()) return files(path);
    return entry.name.endsWith('.cypher') ? [path] : [];
  });
}
