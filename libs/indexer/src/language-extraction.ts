// The repository's readable files through each language's extractor: symbols, imports, and calls and inheritance per extractor.
import type { ExternalReferences, ImportRow, SkippedFile, SymbolRow } from '@lore/domain';
import type { ExactResolution, LanguageServerSettings, PyrightSettings, TypeScriptChecker } from '@lore/languages/extractor';
import { joinExternalReferences } from '@lore/languages/external-references';
import type { FileResultStore } from '@lore/languages/file-result-cache';
import type { SourceFile } from '@lore/languages/repository-files';
import { extractorOf, knownLanguage, languageDefinitions } from '@lore/languages/languages/language-registry';

/** One extractor's calls and inheritance, and the way to its exact pass, which replaces them. */
export type LanguageResolution = ExactResolution & { resolveExactly?: () => Promise<ExactResolution> };

export interface LanguagesExtraction {
  symbols: SymbolRow[];
  imports: ImportRow[];
  skipped: SkippedFile[];
  resolutions: LanguageResolution[];
  externalReferences: ExternalReferences;
}

export interface LanguagesInput {
  tenantId: string;
  repositoryId: string;
  rootPath: string;
  /** The repository's readable files. */
  files: readonly SourceFile[];
  fileUids: ReadonlyMap<string, string>;
  kept: FileResultStore;
  pyright?: PyrightSettings;
  languageServers?: LanguageServerSettings;
  typescriptChecker?: TypeScriptChecker;
  /** Called as each file of a language with an extractor is extracted. */
  onExtracted: (done: number, total: number) => void;
}

/** Runs each language folder's extractor over the files of its languages, one after the other; a file of another language is recorded but not extracted. */
export async function extractLanguages(input: LanguagesInput): Promise<LanguagesExtraction> {
  const { files: readable, kept } = input;
  const total = readable.filter((source) => knownLanguage(source.language) !== null).length;
  let done = 0;
  const extraction: Omit<LanguagesExtraction, 'externalReferences'> = { symbols: [], imports: [], skipped: [], resolutions: [] };
  const externalReferences: ExternalReferences[] = [];
  for (const definition of languageDefinitions()) {
    const languageFiles = readable.filter((source) => knownLanguage(source.language)?.definition === definition);
    if (languageFiles.length === 0) continue;
    const result = await extractorOf(definition).extract({
      tenantId: input.tenantId,
      repositoryId: input.repositoryId,
      rootPath: input.rootPath,
      files: languageFiles,
      fileUids: input.fileUids,
      onFile: () => input.onExtracted(++done, total),
      cache: (namespace) => kept.scope(namespace),
      pyright: input.pyright,
      languageServers: input.languageServers,
      typescriptChecker: input.typescriptChecker,
    });
    extraction.symbols.push(...result.symbols);
    extraction.imports.push(...result.imports);
    extraction.skipped.push(...result.skipped);
    externalReferences.push(result.externalReferences);
    extraction.resolutions.push({
      calls: result.calls,
      inheritance: result.inheritance,
      skipped: [],
      languageServers: result.languageServers ?? [],
      resolveExactly: result.resolveExactly,
    });
  }
  return { ...extraction, externalReferences: joinExternalReferences(externalReferences) };
}
