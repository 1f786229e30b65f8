import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Lore's version from its own package.json, found upwards from this file (source or dist). */
export const LORE_VERSION = ((): string => {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === 'lore') return manifest.version ?? 'unknown';
  }
  return 'unknown';
})();
