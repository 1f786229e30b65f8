// What the scripts take from packages outside the repository, by syntax: the same in both passes.
import type { ExternalName, ExternalReferences } from '@lore/domain';
import type { ExtractionInput } from '../../extractor';
import { ExternalReferenceRows, joinExternalReferences } from '../../external-references';
import type { KeptResolutions, RepositoryModules } from './module-linking';
import type { NameReference } from './module-scope';
import { packageOfSpecifier } from './package-specifiers';
import type { ScriptFileOutcome, ScriptFileResult } from './script-model';

/**
 * The imports of package specifiers that name no file of the repository, and the call sites and
 * heritage clauses whose name is one of the names they bind (`f()`, `ns.f()` through a namespace
 * import, `C.member()`). Default imports have no name another repository declares: left out.
 */
export function packageReferences(
  input: ExtractionInput,
  outcomes: ReadonlyMap<string, ScriptFileOutcome>,
  modules: RepositoryModules,
): ExternalReferences {
  const parts: ExternalReferences[] = [];
  for (const file of input.files) {
    const outcome = outcomes.get(file.path);
    if (!outcome || 'skipped' in outcome) continue;
    let references = referencesByResult.get(outcome);
    if (references?.resolutions !== modules.resolutions) {
      references = { resolutions: modules.resolutions, rows: fileReferences(input.fileUids.get(file.path)!, file.path, outcome, modules) };
      referencesByResult.set(outcome, references);
    }
    parts.push(references.rows);
  }
  return joinExternalReferences(parts);
}

/**
 * A file's references, by its first pass's result (the same object while its content is unchanged,
 * see FileResultStore) and the module resolutions used (the same while the layout holds), as
 * linkScripts keeps what it joins: a running lore does not go through every call site of the
 * repository again for a one-file change. Each row is of one file (its uid, or a caller or class
 * declared in it), so a file's rows aggregate as the repository's do.
 */
const referencesByResult = new WeakMap<ScriptFileResult, { resolutions: KeptResolutions; rows: ExternalReferences }>();

function fileReferences(fileUid: string, path: string, outcome: ScriptFileResult, modules: RepositoryModules): ExternalReferences {
  const rows = new ExternalReferenceRows();
  const outside = (specifier: string): { package: string; module: string } | null => {
    const found = packageOfSpecifier(specifier);
    return found && modules.resolveFrom(path, specifier) === null ? { package: `npm:${found.name}`, module: found.module } : null;
  };
  for (const [specifier, names] of outcome.specifiers) {
    const target = outside(specifier);
    if (target) rows.addImport(fileUid, target.package, target.module, names);
  }
  const imported = new Map<string, { package: string; module: string; name: string }>();
  for (const [local, specifier, name] of outcome.module.imports) {
    const target = outside(specifier);
    if (target && name !== 'default') imported.set(local, { ...target, name });
  }
  if (imported.size === 0) return rows.rows();
  const nameOf = (reference: NameReference): ExternalName | null => {
    if (reference.from !== 'scope') return null;
    const [local, ...members] = reference.chain;
    const target = imported.get(local!);
    if (!target) return null;
    const names = target.name === '*' ? members : [target.name, ...members];
    return names.length > 0 ? { package: target.package, module: target.module, path: names } : null;
  };
  for (const call of outcome.calls) {
    const target = nameOf(call.callee);
    // Links between repositories join symbols: a call of the module's own code (its file calls) is not one.
    if (target && call.callerUid !== fileUid) rows.addCall(call.callerUid, target, call.line);
  }
  for (const site of outcome.heritage) {
    const target = nameOf(site.target);
    if (target) rows.addInheritance(site.fromUid, target, site.kind);
  }
  return rows.rows();
}
