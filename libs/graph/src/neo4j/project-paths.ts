import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The checkout that holds cypher/ (found from this file, so it works from src/ and dist/ alike). */
export function projectRoot(): string {
  let dir = __dirname;
  for (;;) {
    if (existsSync(join(dir, 'cypher', 'migrations'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the cypher/ folder above ' + __dirname);
    dir = parent;
  }
}
