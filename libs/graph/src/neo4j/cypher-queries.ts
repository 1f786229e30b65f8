import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectRoot } from './project-paths';

/**
 * The named, parameterised queries of cypher/queries/, loaded once. Scripts can run the same files
 * with cypher-shell; code refers to them by name ("symbols/get-by-uid").
 */
export class CypherQueries {
  private readonly queries = new Map<string, string>();

  constructor(directory = join(projectRoot(), 'cypher', 'queries')) {
    for (const file of listCypherFiles(directory)) {
      const name = relative(directory, file)
        .replace(/\\/g, '/')
        .replace(/\.cypher$/, '');
      this.queries.set(name, readFileSync(file, 'utf8'));
    }
  }

  get(name: string): string {
    const query = this.queries.get(name);
    if (query === undefined) throw new Error(`No query named ${name} in cypher/queries`);
    return query;
  }
}

function listCypherFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return listCypherFiles(path);
    return entry.name.endsWith('.cypher') ? [path] : [];
  });
}
