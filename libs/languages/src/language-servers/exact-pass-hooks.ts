// A tree-sitter language's exact pass through a language server: the run's two hooks, from a server found or not.
import type { LanguageServerRun } from '@lore/domain';
import type { ExtractionInput, LanguageServerSettings } from '../extractor';
import type { ExtractionRun, WalkedFile } from '../tree-sitter/tree-sitter-extraction';
import { resolveWithCallHierarchy, type ServerSetup } from './call-hierarchy-pass';
import { defaultLanguageServerSettings } from './installed-servers';

/** A server the run can start (made when the exact pass runs, after the repository is queryable), or why there is none. */
export type FoundServer = { setup: () => ServerSetup; reason?: never } | { setup?: never; reason: string };

/**
 * `exactPass` when the server is there; else `languageServers`, which tells the index result, per
 * language of the run's files, that calls stay at first-pass confidence and why.
 */
export function languageServerHooks<File extends WalkedFile>(
  input: ExtractionInput,
  server: { name: string; version: string; languages: readonly string[] },
  find: (settings: LanguageServerSettings) => FoundServer,
): Pick<ExtractionRun<File>, 'exactPass' | 'languageServers'> {
  if (server.languages.length === 0) return {};
  const settings = input.languageServers ?? defaultLanguageServerSettings();
  const found = find(settings);
  if (found.reason !== undefined) {
    const detail = `${found.reason}: calls stay at first-pass confidence`;
    const reports: LanguageServerRun[] = server.languages.map((language) => ({
      language,
      server: server.name,
      version: null,
      status: 'unavailable',
      detail,
    }));
    return { languageServers: () => reports };
  }
  return {
    exactPass: ({ symbols, firstPass, inheritance }) =>
      resolveWithCallHierarchy({
        setup: found.setup(),
        rootPath: input.rootPath,
        files: input.files.filter((file) => file.text !== null).map((file) => ({ path: file.path, text: file.text! })),
        symbols,
        firstPass: [...firstPass.values()].flat(),
        inheritance,
        settings,
      }),
  };
}
