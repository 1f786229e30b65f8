import { discoverExports } from '@lore/config';
import type { LanguageExtractor } from '../extractor';
import type { LanguageDefinition, LanguageId, PackageEcosystem } from './language-definition';

/** A language id with the folder that reads it. */
export interface KnownLanguage {
  definition: LanguageDefinition;
  language: LanguageId;
}

interface Registry {
  definitions: readonly LanguageDefinition[];
  byId: ReadonlyMap<string, KnownLanguage>;
  byExtension: ReadonlyMap<string, string>;
  byInterpreter: ReadonlyMap<string, string>;
}

/**
 * The language folders: every `languages/<folder>/<folder>.language.ts` exporting a
 * LanguageDefinition (discoverExports, as the doors find their tools and controllers). Found on
 * first use, not when this module loads: the extractors the definitions import read the registry
 * themselves (isTestPath), and would see it half made.
 */
let found: Registry | null = null;

function registry(): Registry {
  if (found) return found;
  // In reverse folder order (typescript, python, java, go, c): the order the extractors ran in before the
  // folders, which answers depend on (a Markdown mention of a name several languages declare links the first).
  const definitions = discoverExports(__dirname, '.language')
    .reverse()
    .flatMap((exports) => Object.values(exports).filter(isDefinition));
  const byId = new Map<string, KnownLanguage>();
  const byExtension = new Map<string, string>();
  const byInterpreter = new Map<string, string>();
  for (const definition of definitions) {
    for (const language of definition.languages) {
      if (byId.has(language.id)) throw new Error(`language ${language.id} is defined by two language folders`);
      byId.set(language.id, { definition, language });
      for (const extension of language.extensions) byExtension.set(extension, language.id);
      for (const interpreter of language.shebangs ?? []) byInterpreter.set(interpreter, language.id);
    }
  }
  found = { definitions, byId, byExtension, byInterpreter };
  return found;
}

function isDefinition(value: unknown): value is LanguageDefinition {
  const candidate = value as Partial<LanguageDefinition> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    Array.isArray(candidate.languages) &&
    typeof candidate.createExtractor === 'function'
  );
}

/** Every language folder's definition, in reverse folder order. */
export function languageDefinitions(): readonly LanguageDefinition[] {
  return registry().definitions;
}

/** The folder reading a language id and that id's own facts; null for a language Lore does not extract. */
export function knownLanguage(id: string): KnownLanguage | null {
  return registry().byId.get(id) ?? null;
}

/** The ids of the languages whose symbols Lore extracts, sorted. */
export function codeLanguages(): string[] {
  return [...registry().byId.keys()].sort();
}

/** The code language of a file extension (lower case, with the dot), if a folder reads it. */
export function codeLanguageOfExtension(extension: string): string | undefined {
  return registry().byExtension.get(extension);
}

/** The code language a `#!` line's interpreter is written in, if a folder reads it. */
export function codeLanguageOfInterpreter(interpreter: string): string | undefined {
  return registry().byInterpreter.get(interpreter);
}

/** Which languages' symbols a package of each ecosystem holds, and how its modules are laid out (cross-repository links). */
export function packageEcosystems(): { ecosystem: string; languages: string[]; modules: PackageEcosystem['modules'] }[] {
  return languageDefinitions()
    .filter((definition) => definition.packages)
    .map((definition) => ({
      ecosystem: definition.packages!.ecosystem,
      languages: definition.languages.map((language) => language.id),
      modules: definition.packages!.modules,
    }));
}

const extractors = new Map<LanguageDefinition, LanguageExtractor>();

/** The one extractor of a language folder. */
export function extractorOf(definition: LanguageDefinition): LanguageExtractor {
  let extractor = extractors.get(definition);
  if (!extractor) extractors.set(definition, (extractor = definition.createExtractor()));
  return extractor;
}
