import { posix } from 'node:path';
import type { InheritanceRow, SymbolRow } from '@lore/domain';
import type { ImportEdges, SiteCalls } from '../../tree-sitter/edges';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import type { ShFile, ShFunction, ShSite, ShSourced } from './bash-model';

/** How many `source` steps a file's functions are looked for through (a sources b, which sources c...). */
const MAX_SOURCE_DEPTH = 8;

/**
 * Phase two: the files each `source` leads to, and each command named like a function followed to
 * it (confidence `import`) when it is defined once in the same file, else once in the files the
 * file sources (directly or through the files those source); several definitions there give one
 * `ambiguous` edge each. A name found neither way goes by its name across the repository (`name`
 * for one definition, `ambiguous` for a few: a library calling what the script sourcing it defines).
 */
export class BashResolver implements CrossFileResolver<ShSite> {
  private readonly byPath = new Map<string, ShFile>();
  /** Repository paths by file name, for a sourced path whose start is unknown. */
  private readonly byFileName = new Map<string, string[]>();
  private readonly functions = new Map<string, SymbolRow[]>();
  /** Each file's sourced files, resolved. */
  private readonly targets = new Map<string, string[]>();
  /** The files each file sources, directly or not. */
  private readonly sourcedFiles = new Map<string, ShFile[]>();

  constructor(private readonly files: readonly ShFile[]) {
    for (const file of files) {
      this.byPath.set(file.path, file);
      const name = posix.basename(file.path);
      this.byFileName.set(name, [...(this.byFileName.get(name) ?? []), file.path]);
      for (const fn of file.functions) this.functions.set(fn.name, [...(this.functions.get(fn.name) ?? []), fn.symbol]);
    }
    for (const file of files)
      this.targets.set(file.path, [...new Set(file.sourced.map((sourced) => this.target(sourced)).filter((path) => path !== null))]);
  }

  resolveCall(site: ShSite, calls: SiteCalls): void {
    const candidates = this.functions.get(site.name);
    if (!candidates) return;
    const file = this.byPath.get(site.caller.symbol.path)!;
    const own = definitionsIn([file], site.name);
    const sourced = own.length > 0 ? own : definitionsIn(this.sourcedFrom(file), site.name);
    if (sourced.length === 1) calls.followed(sourced[0]!);
    else calls.byName(sourced.length > 0 ? sourced : candidates);
  }

  inheritance(): InheritanceRow[] {
    return [];
  }

  addImports(edges: ImportEdges): void {
    for (const file of this.files)
      for (const target of this.targets.get(file.path)!) edges.add(file.path, target, [posix.basename(target)]);
  }

  /** The repository file a `source` leads to: the first candidate path that is a file, else the one file ending with its known suffix. */
  private target(sourced: ShSourced): string | null {
    for (const candidate of sourced.candidates) if (this.byPath.has(candidate)) return candidate;
    if (sourced.suffix === null) return null;
    const suffix = sourced.suffix;
    const matching = (this.byFileName.get(posix.basename(suffix)) ?? []).filter((path) => path === suffix || path.endsWith(`/${suffix}`));
    return matching.length === 1 ? matching[0]! : null;
  }

  /** The files a file sources, directly or through the files those source, up to MAX_SOURCE_DEPTH steps. */
  private sourcedFrom(file: ShFile): ShFile[] {
    let found = this.sourcedFiles.get(file.path);
    if (found) return found;
    found = [];
    const seen = new Set([file.path]);
    let level = [file.path];
    for (let depth = 0; depth < MAX_SOURCE_DEPTH && level.length > 0; depth++) {
      const next: string[] = [];
      for (const path of level)
        for (const target of this.targets.get(path) ?? []) {
          if (seen.has(target)) continue;
          seen.add(target);
          next.push(target);
          found.push(this.byPath.get(target)!);
        }
      level = next;
    }
    this.sourcedFiles.set(file.path, found);
    return found;
  }
}

function definitionsIn(files: readonly ShFile[], name: string): SymbolRow[] {
  return files.flatMap((file) => file.functions.filter((fn: ShFunction) => fn.name === name).map((fn) => fn.symbol));
}
