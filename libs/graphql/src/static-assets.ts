import { NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A file a page of ours loads, served by the app itself: no CDN, no network. */
export interface StaticAsset {
  path: () => string;
  type: string;
}

/** A file of an installed package, from the package folder: UMD builds are not in the packages' export maps. */
export function packageFile(pkg: string, file: string): () => string {
  return () => join(dirname(require.resolve(`${pkg}/package.json`)), file);
}

/** A file a package exports (by its specifier, as `cytoscape/dist/cytoscape.min.js`). */
export function exportedFile(specifier: string): () => string {
  return () => require.resolve(specifier);
}

/** A file of this lib's assets/ folder (found from this file, so it works from src/ and dist/ alike). */
export function ownAsset(file: string): () => string {
  return () => {
    for (let dir = __dirname; ; dir = dirname(dir)) {
      const candidate = join(dir, 'libs', 'graphql', 'assets', file);
      if (existsSync(candidate)) return candidate;
      if (dirname(dir) === dir) throw new Error(`Cannot find libs/graphql/assets/${file} above ${__dirname}`);
    }
  };
}

/** The script both pages (GraphiQL and /explorer) ask for an API key with, when the server requires one. */
export const API_KEY_ASSET: StaticAsset = { path: ownAsset('api-key.js'), type: 'text/javascript' };

/** Sends the asset `name` of `assets`, cached for a day; any other name is a 404. */
export function sendAsset(assets: Record<string, StaticAsset>, name: string, res: Response): void {
  const asset = Object.hasOwn(assets, name) ? assets[name] : undefined;
  if (!asset) throw new NotFoundException(`No asset ${name}`);
  res.type(asset.type).setHeader('Cache-Control', 'public, max-age=86400').sendFile(asset.path());
}
