// What the scripts take from packages outside the repository, by syntax: the same in both passes.
import { isBuiltin } from 'node:module';
import type { ExternalName, ExternalReferences } from '@lore/domain';
import type { ExtractionInput } from '../extractor';
import { ExternalReferenceRows } from '../external-references';
import type { LinkedScripts, RepositoryModules } from './module-linking';
import type { NameReference } from './module-scope';
import type { ScriptFileOutcome } from './script-model';

/** A package specifier as npm names it: `@scope/name` or `name`, then the module inside ('' for the package). */
export function packageOfSpecifier(specifier: string): { name: string; module: string } | null {
  if (/^[./]/.test(specifier) || specifier.includes(':') || isBuiltin(specifier)) return null;
  const parts = specifier.split('/');
  const length = specifier.startsWith('@') ? 2 : 1;
  if (parts.length < length || parts.slice(0, length).some((part) => part === '')) return null;
  return { name: parts.slice(0, length).join('/'), module: parts.slice(length).join('/') };
}

/**
 * The imports of package specifiers that name no file of the repository, and the call sites and
 * heritage clauses whose name is one of the names they bind (`f()`, `ns.f()` through a namespace
 * import, `C.member()`). Default imports have no name another repository declares: left out.
 */
export function packageReferences(
  input: ExtractionInput,
  outcomes: ReadonlyMap<string, ScriptFileOutcome>,
  modules: RepositoryModules,
  linked: LinkedScripts,
): ExternalReferences {
  const rows = new ExternalReferenceRows();
  const importedByPath = new Map<string, Map<string, { package: string; module: string; name: string }>>();
  for (const file of input.files) {
    const outcome = outcomes.get(file.path);
    if (!outcome || 'skipped' in outcome) continue;
    const outside = (specifier: string): { package: string; module: string } | null => {
      const found = packageOfSpecifier(specifier);
      return found && modules.resolveFrom(file.path, specifier) === null ? { package: `npm:${found.name}`, module: found.module } : null;
    };
    const fileUid = input.fileUids.get(file.path)!;
    for (const [specifier, names] of outcome.specifiers) {
      const target = outside(specifier);
      if (target) rows.addImport(fileUid, target.package, target.module, names);
    }
    const imported = new Map<string, { package: string; module: string; name: string }>();
    for (const [local, specifier, name] of outcome.module.imports) {
      const target = outside(specifier);
      if (target && name !== 'default') imported.set(local, { ...target, name });
    }
    if (imported.size > 0) importedByPath.set(file.path, imported);
  }
  const nameOf = (reference: NameReference, path: string): ExternalName | null => {
    if (reference.from !== 'scope') return null;
    const [local, ...members] = reference.chain;
    const imported = importedByPath.get(path)?.get(local!);
    if (!imported) return null;
    const names = imported.name === '*' ? members : [imported.name, ...members];
    return names.length > 0 ? { package: imported.package, module: imported.module, path: names } : null;
  };
  for (const call of linked.calls) {
    const target = nameOf(call.callee, call.path);
    if (target) rows.addCall(call.callerUid, target, call.line);
  }
  for (const site of linked.heritage) {
    const target = nameOf(site.target, site.path);
    if (target) rows.addInheritance(site.fromUid, target, site.kind);
  }
  return rows.rows();
}
