import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * The Cargo packages of a repository: the package whose Cargo.toml is nearest above a file, its
 * library's name (`[lib] name`, else `[package] name` with `-` as `_`) and its library's root file
 * (`[lib] path`, else `src/lib.rs`). Virtual manifests (a `[workspace]` without `[package]`) are
 * passed over. Module files are found from their crate roots by `mod` declarations (rust-resolver.ts).
 */
export interface CargoPackage {
  dir: string;
  library: string;
  libraryRoot: string;
}

export class CargoPackages {
  private readonly nearest = new Map<string, CargoPackage | null>();
  private readonly manifests = new Map<string, CargoPackage | null>();

  constructor(private readonly rootPath: string) {}

  /** The package a file belongs to, null outside any package. */
  packageOf(path: string): CargoPackage | null {
    return this.packageOfDir(parentDir(path));
  }

  private packageOfDir(dir: string): CargoPackage | null {
    const cached = this.nearest.get(dir);
    if (cached !== undefined) return cached;
    const found = this.manifestOf(dir) ?? (dir === '' ? null : this.packageOfDir(parentDir(dir)));
    this.nearest.set(dir, found);
    return found;
  }

  private manifestOf(dir: string): CargoPackage | null {
    if (!this.manifests.has(dir)) {
      let found: CargoPackage | null = null;
      const manifestPath = join(this.rootPath, dir, 'Cargo.toml');
      if (existsSync(manifestPath)) {
        try {
          const manifest = readFileSync(manifestPath, 'utf8');
          const name = sectionValue(manifest, 'lib', 'name') ?? sectionValue(manifest, 'package', 'name');
          if (name !== null && sectionValue(manifest, 'package', 'name') !== null) {
            const libraryPath = sectionValue(manifest, 'lib', 'path') ?? 'src/lib.rs';
            found = { dir, library: name.replace(/-/g, '_'), libraryRoot: posix.normalize(dir ? `${dir}/${libraryPath}` : libraryPath) };
          }
        } catch {
          found = null;
        }
      }
      this.manifests.set(dir, found);
    }
    return this.manifests.get(dir)!;
  }
}

/** `key = "..."` inside a `[section]` of a Cargo.toml. */
function sectionValue(manifest: string, section: string, key: string): string | null {
  const start = manifest.search(new RegExp(`^\\[${section}\\]\\s*$`, 'm'));
  if (start < 0) return null;
  const body = manifest.slice(start).split(/\n(?=\s*\[)/)[0]!;
  return new RegExp(`^\\s*${key}\\s*=\\s*"([^"]+)"`, 'm').exec(body)?.[1] ?? null;
}

/** The directory of a repository path, '' at the root. */
export function parentDir(path: string): string {
  const dir = posix.dirname(path);
  return dir === '.' ? '' : dir;
}
