import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type { Principal } from '@lore/domain';
import type { GetMemoryInput, Memory } from '@lore/domain/schemas/agent-memory';
import { AgentMemoryService } from '@lore/knowledge/agent-memory/agent-memory.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface GetOptions extends JsonOption {
  repo?: string;
  status?: string;
  about?: string;
  query?: string;
  limit?: string;
}

interface ProposeOptions extends JsonOption {
  evidence: string[];
  kind?: string;
}

interface ReviewOptions extends JsonOption {
  note?: string;
}

/**
 * `lore memory`: agent memory from the shell, as the local user of this configuration. `approve` and
 * `archive` are refused unless LORE_MEMORY_ENABLE_APPROVAL=true.
 */
export const register: RegisterCommand = (program: Command) => {
  const memory = program
    .command('memory')
    .description('Agent memory: what agents learned about a repository, proposed as candidates and approved by a person.');

  memory
    .command('get')
    .description('Approved memory (a repository’s, or one by id); --status candidate lists proposals, which are not memory yet.')
    .argument('[memoryId]', 'one memory (mem_...)')
    .option('--repo <id>', 'only this repository')
    .option('--status <status>', 'approved (default), candidate, archived or all')
    .option('--about <uid-or-uri>', 'only memories whose evidence names this symbol or file')
    .option('--query <words>', 'only memories whose text contains this')
    .option('--limit <n>', 'at most this many (1-100, default 20)')
    .option('--json', 'print the answer as JSON')
    .action(
      runAction(async (memoryId: string | undefined, options: GetOptions) => {
        const input: GetMemoryInput = {
          ...(memoryId === undefined ? {} : { memoryId }),
          ...(options.repo === undefined ? {} : { repositoryId: options.repo }),
          ...(options.status === undefined ? {} : { status: options.status as GetMemoryInput['status'] }),
          ...(options.about === undefined ? {} : { about: options.about }),
          ...(options.query === undefined ? {} : { query: options.query }),
          ...(options.limit === undefined ? {} : { maxResults: Number(options.limit) }),
        };
        const result = await memoryCall((service, principal) => service.getMemory(input, principal));
        if (options.json) printJson(result);
        else
          process.stdout.write(
            [...result.memories.map(memoryText), ...result.warnings.map((warning) => `warning: ${warning}\n`)].join('') || 'no memory\n',
          );
        return EXIT.ok;
      }),
    );

  memory
    .command('propose')
    .description('Proposes a memory of a repository as a candidate, with evidence URIs from Lore answers.')
    .argument('<repositoryId>')
    .argument('<text>', 'what to remember')
    .requiredOption('--evidence <uri...>', 'symbol://, code://, doc:// or knowledge:// URIs that support it')
    .option('--kind <kind>', 'fact (default), rule, decision, convention or warning')
    .option('--json', 'print the answer as JSON')
    .action(
      runAction(async (repositoryId: string, text: string, options: ProposeOptions) =>
        printMemory(
          options,
          await memoryCall((service, principal) =>
            service.createMemoryCandidate(
              {
                repositoryId,
                text,
                evidence: options.evidence,
                ...(options.kind === undefined ? {} : { kind: options.kind as Memory['kind'] }),
              },
              principal,
            ),
          ),
        ),
      ),
    );

  for (const action of ['approve', 'archive'] as const) {
    memory
      .command(action)
      .description(
        `${action === 'approve' ? 'Approves a candidate' : 'Archives a memory'} (high-risk: needs LORE_MEMORY_ENABLE_APPROVAL=true).`,
      )
      .argument('<memoryId>')
      .option('--note <text>', 'why, kept with the memory')
      .option('--json', 'print the answer as JSON')
      .action(
        runAction(async (memoryId: string, options: ReviewOptions) => {
          const input = { memoryId, ...(options.note === undefined ? {} : { note: options.note }) };
          return printMemory(
            options,
            await memoryCall((service, principal) =>
              action === 'approve' ? service.approveMemory(input, principal) : service.archiveMemory(input, principal),
            ),
          );
        }),
      );
  }
};

function memoryCall<T>(work: (service: AgentMemoryService, principal: Principal) => Promise<T>): Promise<T> {
  return withServices((context) => work(context.get(AgentMemoryService), context.get(PrincipalResolver).local()));
}

function printMemory(options: JsonOption, memory: Memory): number {
  if (options.json) printJson(memory);
  else process.stdout.write(memoryText(memory));
  return EXIT.ok;
}

function memoryText(memory: Memory): string {
  const evidence = memory.evidence.map(
    (item) => `    ${item.stale ? 'STALE  ' : 'current'}  ${item.uri}${item.staleReason ? `  (${item.staleReason})` : ''}\n`,
  );
  return `${memory.memoryId}  ${memory.status}  ${memory.kind}  ${memory.repositoryId}${memory.stale ? '  STALE' : ''}\n  ${memory.text}\n${evidence.join('')}`;
}
