import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { INestApplicationContext } from '@nestjs/common';
import { PrincipalResolver } from '@lore/access';
import { InvalidInputError, type Principal } from '@lore/domain';
import type { ChapterInput, SearchKnowledgeResult } from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { projectIdOfDirectory } from '@lore/knowledge/project-knowledge/project-identity';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface ProjectOption extends JsonOption {
  project?: string;
}

/**
 * `lore knowledge`: the project knowledge store of the Knowledge MCP server (main.md and knowledge documents in git,
 * KNOWLEDGE_MCP_HOME) from the shell, as the local user of this configuration. The project defaults
 * to the current directory's (`lore knowledge project-id`).
 */
export const register: RegisterCommand = (program: Command) => {
  const knowledge = program
    .command('knowledge')
    .description('Project knowledge (main.md, the replacement for CLAUDE.md, and knowledge documents), kept in git at KNOWLEDGE_MCP_HOME.');
  const withProject = (command: Command) =>
    command
      .option('-p, --project <id>', "the project (default: the current directory's, see project-id)")
      .option('--json', 'print the answer as JSON');

  knowledge
    .command('project-id')
    .description('The project id of a directory: its git origin URL, else its name, slugified.')
    .argument('[dir]', 'the directory', '.')
    .option('--json', 'print {"project_id": ...}')
    .action(
      runAction(async (directory: string, options: JsonOption) => {
        const projectId = await projectIdOfDirectory(directory);
        if (options.json) printJson({ project_id: projectId });
        else process.stdout.write(`${projectId}\n`);
        return EXIT.ok;
      }),
    );

  withProject(
    knowledge
      .command('show')
      .description('main.md, or with a file the chapters of that knowledge file.')
      .argument('[file]', 'a knowledge file'),
  ).action(
    runAction(async (file: string | undefined, options: ProjectOption) =>
      knowledgeCall(options, async (service, principal, project_id) => {
        if (file === undefined) {
          const main = await service.getProjectMain({ project_id }, principal);
          return { result: main, text: main.exists ? main.content : `(no main.md for ${project_id})\n` };
        }
        const chapters = await service.listKnowledgeChapters({ project_id, filename: file }, principal);
        return { result: chapters, text: chapters.chapters.map((chapter) => `## ${chapter.title}\n${chapter.summary}\n`).join('\n') };
      }),
    ),
  );

  withProject(knowledge.command('files').description('The knowledge files of the project.')).action(
    runAction(async (options: ProjectOption) =>
      knowledgeCall(options, async (service, principal, project_id) => {
        const files = await service.listKnowledgeFiles({ project_id }, principal);
        return {
          result: files,
          text: files.files.map((file) => `${file.filename}  ${file.title}  [${file.keywords.join(', ')}]  ${file.updated}\n`).join(''),
        };
      }),
    ),
  );

  withProject(
    knowledge
      .command('search')
      .description('Case-insensitive keyword search of the knowledge documents (--mode hybrid: ranked as search_code ranks code).')
      .argument('<query>')
      .option('--mode <mode>', 'keyword (default) or hybrid')
      .option('--limit <n>', 'hybrid: at most this many chapters (1-50, default 10)'),
  ).action(
    runAction(async (query: string, options: ProjectOption & { mode?: string; limit?: string }) =>
      knowledgeCall(options, async (service, principal, project_id) => {
        const found = await service.searchKnowledge(
          {
            project_id,
            query,
            ...(options.mode === undefined ? {} : { mode: options.mode as 'keyword' | 'hybrid' }),
            ...(options.limit === undefined ? {} : { limit: Number(options.limit) }),
          },
          principal,
        );
        return { result: found, text: searchText(found) };
      }),
    ),
  );

  withProject(
    knowledge
      .command('create')
      .description('Creates a knowledge document.')
      .argument('<file>', 'its name (slugified: "Auth Flow" is auth-flow.md)')
      .requiredOption('--title <title>')
      .requiredOption('--keywords <list>', 'comma-separated')
      .option('--introduction <text>', 'a 2-3 line introduction', '')
      .option(
        '--chapter <title::summary::content>',
        'a chapter (repeatable)',
        (value: string, chapters: string[]) => [...chapters, value],
        [],
      ),
  ).action(
    runAction(async (file: string, options: ProjectOption & { title: string; keywords: string; introduction: string; chapter: string[] }) =>
      knowledgeCall(options, async (service, principal, project_id) => {
        const created = await service.createKnowledgeFile(
          {
            project_id,
            filename: file,
            title: options.title,
            introduction: options.introduction,
            keywords: options.keywords.split(',').map((keyword) => keyword.trim()),
            chapters: options.chapter.map(chapterOf),
          },
          principal,
        );
        return { result: created, text: `${created.message}: ${created.filepath} (${created.commit.slice(0, 12)})\n` };
      }),
    ),
  );

  withProject(
    knowledge
      .command('update-main')
      .description('Replaces main.md with a file.')
      .argument('<from>', 'the file whose text becomes main.md')
      .option('--expected-version <version>', 'refuse (conflict) if main.md changed since this commit'),
  ).action(
    runAction(async (from: string, options: ProjectOption & { expectedVersion?: string }) =>
      knowledgeCall(options, async (service, principal, project_id) => {
        const written = await service.updateProjectMain(
          { project_id, content: readFileSync(from, 'utf8'), expected_version: options.expectedVersion },
          principal,
        );
        return { result: written, text: `${written.message} (${written.commit.slice(0, 12)})\n` };
      }),
    ),
  );

  withProject(
    knowledge
      .command('update-chapter')
      .description('Replaces one chapter of a knowledge document.')
      .argument('<file>')
      .argument('<chapter>', 'the chapter title')
      .requiredOption('--summary <text>')
      .option('--content <text>', 'the new content', '')
      .option('--content-file <path>', 'read the new content from a file')
      .option('--expected-version <version>', 'refuse (conflict) if the document changed since this commit or `updated`'),
  ).action(
    runAction(
      async (
        file: string,
        chapter: string,
        options: ProjectOption & { summary: string; content: string; contentFile?: string; expectedVersion?: string },
      ) =>
        knowledgeCall(options, async (service, principal, project_id) => {
          const written = await service.updateChapter(
            {
              project_id,
              filename: file,
              chapter_title: chapter,
              new_summary: options.summary,
              new_content: options.contentFile ? readFileSync(options.contentFile, 'utf8') : options.content,
              expected_version: options.expectedVersion,
            },
            principal,
          );
          return { result: written, text: `${written.message} (${written.commit.slice(0, 12)})\n` };
        }),
    ),
  );

  withProject(knowledge.command('delete').description('Removes a knowledge document (its history stays).').argument('<file>')).action(
    runAction(async (file: string, options: ProjectOption) =>
      knowledgeCall(options, async (service, principal, project_id) => {
        const deleted = await service.deleteKnowledgeFile({ project_id, filename: file }, principal);
        return { result: deleted, text: `${deleted.message} (${deleted.commit.slice(0, 12)})\n` };
      }),
    ),
  );

  withProject(
    knowledge
      .command('import')
      .description('Turns a CLAUDE.md or AGENTS.md into main.md and knowledge documents, in one commit.')
      .argument('<file>', 'CLAUDE.md, AGENTS.md or another Markdown file'),
  ).action(
    runAction(async (file: string, options: ProjectOption) =>
      knowledgeCall(options, async (service, principal, project_id) => {
        const imported = await service.importProjectKnowledge(
          { project_id, source: basename(file), content: readFileSync(file, 'utf8') },
          principal,
        );
        return { result: imported, text: `${imported.message}\n${imported.files.map((name) => `  ${name}\n`).join('')}` };
      }),
    ),
  );

  withProject(
    knowledge
      .command('links')
      .description("The symbols and files the project's chapters name, each flagged possibly stale when that code changed since.")
      .argument('[file]', 'only this knowledge file'),
  ).action(
    runAction(async (file: string | undefined, options: ProjectOption) =>
      knowledgeCall(options, async (service, principal, project_id) => {
        const links = await service.getKnowledgeLinks({ project_id, ...(file === undefined ? {} : { filename: file }) }, principal);
        return {
          result: links,
          text: links.links
            .map(
              (link) =>
                `${link.stale ? 'STALE  ' : 'current'}  ${link.filename} / ${link.chapter}  ${link.reference} -> ${link.about}${link.staleReason ? `  (${link.staleReason})` : ''}\n`,
            )
            .join(''),
        };
      }),
    ),
  );

  withProject(
    knowledge
      .command('history')
      .description('The versions of a knowledge file (or main.md), newest first.')
      .argument('<file>')
      .option('--limit <n>', 'at most this many (1-200, default 50)'),
  ).action(
    runAction(async (file: string, options: ProjectOption & { limit?: string }) =>
      knowledgeCall(options, async (service, principal, project_id) => {
        const history = await service.getKnowledgeHistory(
          { project_id, filename: file, limit: options.limit === undefined ? undefined : Number(options.limit) },
          principal,
        );
        return {
          result: history,
          text: history.versions.map((version) => `${version.commit.slice(0, 12)}  ${version.date}  ${version.message}\n`).join(''),
        };
      }),
    ),
  );

  withProject(
    knowledge
      .command('restore')
      .description('Brings a knowledge file (or main.md) back as it was at a commit of its history, as a new commit.')
      .argument('<file>')
      .argument('<commit>'),
  ).action(
    runAction(async (file: string, commit: string, options: ProjectOption) =>
      knowledgeCall(options, async (service, principal, project_id) => {
        const restored = await service.restoreKnowledgeFile({ project_id, filename: file, commit }, principal);
        return { result: restored, text: `${restored.message} (${restored.commit.slice(0, 12)})\n` };
      }),
    ),
  );
};

async function knowledgeCall(
  options: ProjectOption,
  work: (service: ProjectKnowledgeService, principal: Principal, projectId: string) => Promise<{ result: unknown; text: string }>,
): Promise<number> {
  const projectId = options.project ?? (await projectIdOfDirectory(process.cwd()));
  const { result, text } = await withServices((context: INestApplicationContext) =>
    work(context.get(ProjectKnowledgeService), context.get(PrincipalResolver).local(), projectId),
  );
  if (options.json) printJson(result);
  else process.stdout.write(text);
  return EXIT.ok;
}

/** `title::summary::content` (content may hold further `::`). */
function chapterOf(value: string): ChapterInput {
  const [title, summary, ...content] = value.split('::');
  if (title === undefined || summary === undefined) {
    throw new InvalidInputError(`--chapter takes "title::summary::content", not ${JSON.stringify(value)}.`);
  }
  return { title, summary, content: content.join('::') };
}

function searchText({ results, skipped }: SearchKnowledgeResult): string {
  const lines = results.map(
    (hit) =>
      `${hit.file}  ${hit.title} / ${hit.chapter}\n  ${hit.chapter_summary}\n${hit.matches.map((match) => `    ${match}\n`).join('')}`,
  );
  const notes = skipped.map((file) => `skipped ${file.filename}: ${file.reason}\n`);
  return [...(results.length === 0 ? ['no match\n'] : lines), ...notes].join('');
}
