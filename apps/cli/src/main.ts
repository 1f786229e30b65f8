import { Command, Option } from 'commander';
import { indexCommand, mcpCommand, migrateCommand, searchCommand, serveCommand, symbolCommand } from './commands';
import { reportError } from './output';
import { upCommand } from './up';
import { SYMBOL_KINDS } from '@lore/domain';

const program = new Command()
  .name('lore')
  .description('Code knowledge from your repositories: index them into Neo4j, ask over MCP, GraphQL, REST or here.')
  .showHelpAfterError()
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));

/** Runs a command action and exits with its code; errors are reported as the caller asked (--json or not). */
function run<A extends unknown[]>(action: (...args: A) => Promise<number>) {
  return async (...args: A): Promise<void> => {
    const options = args.find((arg): arg is { json?: boolean } => typeof arg === 'object' && arg !== null && !(arg instanceof Command));
    let code: number;
    try {
      code = await action(...args);
    } catch (error) {
      code = reportError(error, Boolean(options?.json));
    }
    process.exit(code);
  };
}

program
  .command('index')
  .description('Index a repository (a directory; git work trees use git for the file list and commit).')
  .argument('[path]', 'repository directory', '.')
  .option('--name <id>', 'repository id (default: the directory name)')
  .option('--json', 'print the index run summary as JSON')
  .option('--watch', 'keep running: index again after every change (only what changed is read again)')
  .action(run(indexCommand));

program
  .command('symbol')
  .description('Show one symbol: by name or qualified name, or by uid with --uid.')
  .argument('<name>', 'name, qualified name, or uid with --uid')
  .option('--uid', 'the argument is a symbol uid')
  .option('--repo <id>', 'only this repository')
  .option('--json', 'print the get_symbol result as JSON')
  .action(run(symbolCommand));

program
  .command('search')
  .description('Full-text search over symbols.')
  .argument('<query>', 'words or identifiers')
  .option('--repo <id>', 'only this repository')
  .addOption(new Option('--kind <kind...>', 'only these symbol kinds').choices([...SYMBOL_KINDS]))
  .option('--path <prefix>', 'only files under this path')
  .option('--language <language>', 'only this language')
  .addOption(new Option('--mode <mode>', 'ranking: hybrid (default), fulltext or semantic').choices(['hybrid', 'fulltext', 'semantic']))
  .option('--limit <n>', 'at most this many results (1-50)')
  .option('--json', 'print the search_code result as JSON')
  .action(run(searchCommand));

program
  .command('migrate')
  .description('Apply the schema migrations in cypher/migrations.')
  .option('--json', 'print the report as JSON')
  .action(run(migrateCommand));

program.command('serve').description('Serve REST, GraphQL and MCP over HTTP (LORE_HOST, LORE_PORT).').action(run(serveCommand));

program.command('mcp').description('Serve MCP over stdio, for a local agent.').action(run(mcpCommand));

program
  .command('up')
  .description('Start a local Neo4j (tools/neo4j-local), index a repository and serve every door.')
  .argument('[path]', 'repository to index', '.')
  .option('--port <port>', 'Bolt port of the local Neo4j', '7687')
  .option('--data <dir>', 'data directory of the local Neo4j (default .data/neo4j in this checkout)')
  .option('--name <id>', 'repository id')
  .option('--no-watch', 'index once; by default every change is indexed while the server runs')
  .action(run(upCommand));

void program.parseAsync(process.argv);
