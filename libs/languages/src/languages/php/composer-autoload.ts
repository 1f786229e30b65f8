import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { SkippedFile } from '@lore/domain';

/**
 * Composer's PSR-4 autoload map of a repository: every `composer.json` above a PHP file (the root's,
 * and each package's in a monorepo), its `autoload` and `autoload-dev` `psr-4` prefixes with their
 * folders. A class `Acme\Shop\Model\Item` under the prefix `Acme\Shop\` mapped to `src/` is the file
 * `src/Model/Item.php`, when the repository has it, as Composer's class loader finds it (the longest
 * prefix first). A composer.json that is not JSON is listed with the reason and maps nothing.
 */
export class ComposerAutoload {
  private readonly prefixes: { prefix: string; dirs: string[] }[] = [];
  readonly problems: SkippedFile[] = [];

  constructor(
    rootPath: string,
    phpPaths: readonly string[],
    private readonly repositoryPaths: ReadonlySet<string>,
  ) {
    const dirs = new Set<string>(['']);
    for (const path of phpPaths) for (let dir = posix.dirname(path); dir !== '.' && !dirs.has(dir); dir = posix.dirname(dir)) dirs.add(dir);
    for (const dir of [...dirs].sort()) {
      const manifestPath = posix.join(dir, 'composer.json');
      const absolute = join(rootPath, manifestPath);
      if (!this.repositoryPaths.has(manifestPath) && !existsSync(absolute)) continue;
      let manifest: unknown;
      try {
        manifest = JSON.parse(readFileSync(absolute, 'utf8'));
      } catch (error) {
        if (existsSync(absolute))
          this.problems.push({ path: manifestPath, reason: `not JSON (${(error as Error).message}): its PSR-4 autoload map is not read` });
        continue;
      }
      for (const section of ['autoload', 'autoload-dev']) {
        const psr4 = (manifest as Record<string, Record<string, unknown> | undefined>)?.[section]?.['psr-4'];
        if (psr4 === null || typeof psr4 !== 'object') continue;
        for (const [prefix, target] of Object.entries(psr4 as Record<string, unknown>)) {
          const targets = (Array.isArray(target) ? target : [target]).filter((value): value is string => typeof value === 'string');
          this.prefixes.push({
            prefix: prefix.replace(/^\\+/, '').toLowerCase(),
            dirs: targets.map((folder) => posix.normalize(posix.join(dir, folder)).replace(/\/$|^\.$/, '')),
          });
        }
      }
    }
    // Composer tries the longest prefix first.
    this.prefixes.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  /** The repository file Composer's class loader loads for a fully qualified class name; null when no prefix maps it to a file here. */
  fileOf(className: string): string | null {
    const name = className.replace(/^\\/, '');
    const lower = name.toLowerCase();
    for (const { prefix, dirs } of this.prefixes) {
      if (!lower.startsWith(prefix)) continue;
      const relative = `${name.slice(prefix.length).replace(/\\/g, '/')}.php`;
      for (const dir of dirs) {
        const path = dir ? `${dir}/${relative}` : relative;
        if (this.repositoryPaths.has(path)) return path;
      }
    }
    return null;
  }

  /** A namespace under one of the repository's own prefixes (a `use` of a namespace, or of a class not written yet). */
  covers(name: string): boolean {
    const lower = `${name.replace(/^\\/, '').toLowerCase()}\\`;
    return this.prefixes.some(({ prefix }) => prefix !== '' && lower.startsWith(prefix));
  }

  hasFile(path: string): boolean {
    return this.repositoryPaths.has(path);
  }
}
