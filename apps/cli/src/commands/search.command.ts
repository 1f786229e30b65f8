import { type Command, Option } from 'commander';
import { PrincipalResolver } from '@lore/access';
import { SYMBOL_KINDS, type SymbolKind } from '@lore/domain';
import { SEARCH_MODES, SEARCH_INCLUDES, type SearchCodeInput, type SearchCodeResult } from '@lore/domain/schemas/search';
import { SearchService } from '@lore/knowledge/search/search.service';
import { SemanticIndex } from '@lore/knowledge/search/semantic-index';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

export const register: RegisterCommand = (program: Command) =>
  program
    .command('search')
    .description('Hybrid search over symbols: full-text, semantic and exact-name rankings fused.')
    .argument('<query>', 'words or identifiers')
    .option('--repo <id>', 'only this repository')
    .option('--commit <sha>', 'answer only if this commit of --repo is the indexed one')
    .option('--branch <name>', 'answer only if the indexed commit of --repo was read from this branch')
    .addOption(new Option('--kind <kind...>', 'only these symbol kinds').choices([...SYMBOL_KINDS]))
    .option('--path <prefix>', 'only files under this path')
    .option('--language <language>', 'only this language (typescript, python, go, c...)')
    .addOption(new Option('--mode <mode>', 'ranking: hybrid (default), fulltext or semantic').choices([...SEARCH_MODES]))
    .option('--limit <n>', 'at most this many results (1-50)')
    .addOption(
      new Option('--include <what...>', 'also search: knowledge (project knowledge chapters), documents (Markdown sections)').choices([
        ...SEARCH_INCLUDES,
      ]),
    )
    .option('--json', 'print the search_code result as JSON')
    .action(runAction(searchCommand));

async function searchCommand(
  query: string,
  options: JsonOption & {
    repo?: string;
    commit?: string;
    branch?: string;
    kind?: string[];
    limit?: string;
    path?: string;
    language?: string;
    mode?: string;
    include?: string[];
  },
): Promise<number> {
  // The flags' own names (repo, commit, branch, limit) are other names of scope's fields and maxResults: an
  // error about them names the flag the user typed.
  const input = {
    query,
    repo: options.repo,
    commit: options.commit,
    branch: options.branch,
    kinds: options.kind as SymbolKind[] | undefined,
    pathPrefix: options.path,
    language: options.language as SearchCodeInput['language'],
    mode: options.mode as SearchCodeInput['mode'],
    limit: options.limit === undefined ? undefined : Number(options.limit),
    include: options.include as SearchCodeInput['include'],
  } as SearchCodeInput;
  const { result, embedder } = await withServices(async (context) => ({
    result: await context.get(SearchService).searchCode(input, context.get(PrincipalResolver).local()),
    // Asked after the search: the embedder is the one that answered it (created on first use).
    embedder: options.json || input.mode === 'fulltext' ? null : await context.get(SemanticIndex).describe(),
  }));
  if (options.json) printJson(result);
  else printSearch(result, embedder);
  return EXIT.ok;
}

/** Hits on stdout; which embedder answered, and every warning, on stderr (as --json carries them). */
function printSearch({ results, knowledge, documents, warnings }: SearchCodeResult, embedder: string | null): void {
  if (embedder) process.stderr.write(`${embedder}\n`);
  for (const warning of warnings) process.stderr.write(`warning (${warning.code}): ${warning.message}\n`);
  if (results.length === 0) process.stdout.write('no matches\n');
  for (const hit of results) {
    process.stdout.write(
      `${hit.score.toFixed(4).padStart(7)}  ${hit.kind.padEnd(9)} ${hit.qualifiedName}  ${hit.repositoryId}:${hit.path}:${hit.startLine}  (${hit.reasons.join(', ')})\n`,
    );
  }
  for (const hit of knowledge ?? [])
    process.stdout.write(`${hit.score.toFixed(4).padStart(7)}  knowledge ${hit.title} / ${hit.chapter}  ${hit.uri}\n`);
  for (const hit of documents ?? [])
    process.stdout.write(
      `${hit.score.toFixed(4).padStart(7)}  document  ${hit.title}  ${hit.repositoryId}:${hit.documentPath}:${hit.startLine}  (${hit.reasons.join(', ')})\n`,
    );
}
