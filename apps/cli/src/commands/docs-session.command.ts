import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type { Principal } from '@lore/domain';
import type { DocumentationStatus, ProvideThematicGroupingsInput } from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface FilesOptions extends JsonOption {
  module: string;
  docType?: string;
}

interface AnswerOptions extends JsonOption {
  summary: string;
  documentation: string;
  request?: string;
}

/**
 * `lore docs-session start|files|group|answer|status`: the documentation session calls of the MCP
 * tools (full_documentation, create_documentation, provide_thematic_groupings, analyze_file_callback,
 * get_documentation_status) as the local user, so a person, or a script, can play the assistant's side.
 */
export const register: RegisterCommand = (program: Command) => {
  const sessions = program
    .command('docs-session')
    .description("Documentation sessions: Lore asks for each file's analysis, then writes the documentation.");
  sessions
    .command('start')
    .description('Start a session on a whole workspace (full_documentation): it awaits thematic groupings.')
    .argument('<workspace>', 'the repository id, or its proj-<uuid> workspace id')
    .option('--json', 'print the full_documentation result as JSON')
    .action(
      runAction((workspace: string, options: JsonOption) =>
        call(options, (service, principal) => service.fullDocumentation({ workspace_id: workspace }, principal)),
      ),
    );
  sessions
    .command('files')
    .description('Start a session on a set of files, as one module (create_documentation).')
    .argument('<workspace>', 'the repository id, or its proj-<uuid> workspace id')
    .argument('<paths...>', 'the files, at most 100')
    .requiredOption('--module <name>', 'the module name')
    .option('--doc-type <type>', 'module, component or system (default module)')
    .option('--json', 'print the create_documentation result as JSON')
    .action(
      runAction((workspace: string, paths: string[], options: FilesOptions) =>
        call(options, (service, principal) =>
          service.createDocumentation(
            { workspace_id: workspace, file_paths: paths, module_name: options.module, doc_type: options.docType },
            principal,
          ),
        ),
      ),
    );
  sessions
    .command('group')
    .description(
      'Give a session its thematic groupings (provide_thematic_groupings), from a JSON file of [{theme, file_paths, description}].',
    )
    .argument('<session>', 'the session id')
    .argument('<groupings>', 'the JSON file')
    .option('--json', 'print the provide_thematic_groupings result as JSON')
    .action(
      runAction((session: string, file: string, options: JsonOption) =>
        call(options, (service, principal) =>
          service.provideThematicGroupings(
            { session_id: session, groupings: JSON.parse(readFileSync(file, 'utf8')) as ProvideThematicGroupingsInput['groupings'] },
            principal,
          ),
        ),
      ),
    );
  sessions
    .command('answer')
    .description("Answer a file's analysis request (analyze_file_callback), its documentation from a Markdown file.")
    .argument('<session>', 'the session id')
    .argument('<file_path>', 'the file analysed')
    .requiredOption('--summary <text>', 'a brief summary of the file')
    .requiredOption('--documentation <file>', 'the Markdown documentation of the file')
    .option('--request <id>', 'the request answered')
    .option('--json', 'print the analyze_file_callback result as JSON')
    .action(
      runAction((session: string, filePath: string, options: AnswerOptions) =>
        call(options, (service, principal) =>
          service.analyzeFileCallback(
            {
              session_id: session,
              file_path: filePath,
              request_id: options.request,
              analysis: { summary: options.summary, documentation: readFileSync(options.documentation, 'utf8') },
            },
            principal,
          ),
        ),
      ),
    );
  sessions
    .command('status')
    .description("A session's status, progress and pending requests with their prompts (get_documentation_status).")
    .argument('<session>', 'the session id')
    .option('--json', 'print the get_documentation_status result as JSON')
    .action(
      runAction((session: string, options: JsonOption) =>
        call(options, (service, principal) => service.getDocumentationStatus({ session_id: session }, principal), printStatus),
      ),
    );
  sessions
    .command('list')
    .description("The local user's live sessions, most recently used first (list_documentation_sessions).")
    .option('--json', 'print the list_documentation_sessions result as JSON')
    .action(runAction((options: JsonOption) => call(options, (service, principal) => service.listDocumentationSessions({}, principal))));
  sessions
    .command('clear')
    .description('Forget a session; the documentation it wrote stays (clear_documentation_session).')
    .argument('<session>', 'the session id')
    .option('--json', 'print the clear_documentation_session result as JSON')
    .action(
      runAction((session: string, options: JsonOption) =>
        call(options, (service, principal) => service.clearDocumentationSession({ session_id: session }, principal)),
      ),
    );
};

async function call<T>(
  options: JsonOption,
  ask: (service: DocumentationSessionsService, principal: Principal) => Promise<T>,
  print: (result: T) => void = (result) => printJson(result),
): Promise<number> {
  const result = await withServices((context) => ask(context.get(DocumentationSessionsService), context.get(PrincipalResolver).local()));
  if (options.json) printJson(result);
  else print(result);
  return EXIT.ok;
}

function printStatus(status: DocumentationStatus): void {
  const { progress } = status;
  const lines = [
    `${status.session_id} (${status.module_name}): ${status.status}, ${progress.processed_files} of ${progress.total_files} file(s) analysed, ${progress.failed_files.length} failed`,
    ...progress.failed_files.map((path) => `  failed: ${path}`),
    ...status.pending_requests.map((request) => `  pending: ${request.file_path} (${request.request_id})`),
    ...(status.documentation_path ? [`documentation: ${status.documentation_path}`] : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
