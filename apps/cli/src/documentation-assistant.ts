import type { INestApplicationContext } from '@nestjs/common';
import { NotFoundError, type LanguageModel, type Principal } from '@lore/domain';
import type { DocumentationStatus, FileAnalysis } from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { ProjectStructureService } from '@lore/knowledge/structure/structure.service';

/** What the model is asked for each file: the analysis analyze_file_callback takes, as JSON. */
const ANALYST =
  'You document source files for the developers of a project. Lore gives you what its code graph knows of one file. ' +
  'Answer with one JSON object and nothing else: {"summary": "one or two sentences on what the file is for", ' +
  '"key_functions": ["the names that matter most"], "dependencies": ["what it relies on"], "keywords": ["a few"], ' +
  '"documentation": "the Markdown documentation of the file"}. Name only code the excerpt shows; never invent a name.';

/** Room for one file's documentation in the model's answer. */
const MAX_ANSWER_TOKENS = 2_000;
const MAX_SUMMARY_CHARS = 300;

/**
 * `lore docs generate` with a model configured (LORE_LLM_URL): the CLI plays the assistant's side of
 * a documentation session, as an MCP client would, call by call through the operations (each one
 * authorized and audited as a client's): create_documentation over the module's code files, one
 * model exchange per analysis request Lore makes (its prompt from the graph), analyze_file_callback
 * with the answer, then get_documentation_status, whose documentation Lore wrote and checked.
 */
export async function documentWithModel(
  context: INestApplicationContext,
  model: LanguageModel,
  principal: Principal,
  request: { repositoryId?: string; paths: string[]; moduleName: string },
): Promise<DocumentationStatus> {
  const { repositoryId, files } = await codeFilesOf(context, principal, request.repositoryId, request.paths);
  const sessions = context.get(DocumentationSessionsService);
  const started = await sessions.createDocumentation(
    { workspace_id: repositoryId, file_paths: files, module_name: request.moduleName },
    principal,
  );
  for (;;) {
    const status = await sessions.getDocumentationStatus({ session_id: started.session_id }, principal);
    if (status.pending_requests.length === 0) return status;
    for (const pending of status.pending_requests) {
      const answer = await model.complete({ system: ANALYST, user: pending.prompt, maxTokens: MAX_ANSWER_TOKENS });
      await sessions.analyzeFileCallback(
        { session_id: started.session_id, request_id: pending.request_id, file_path: pending.file_path, analysis: analysisOf(answer.text) },
        principal,
      );
    }
  }
}

/** The module's indexed code files (those that declare symbols): the files given, and the code files below the directories given. */
async function codeFilesOf(
  context: INestApplicationContext,
  principal: Principal,
  repositoryId: string | undefined,
  paths: string[],
): Promise<{ repositoryId: string; files: string[] }> {
  const structure = context.get(ProjectStructureService);
  // The repository named, or the caller's only one.
  const repository = (await structure.getProjectStructure({ repositoryId, depth: 1 }, principal)).repositoryId;
  const files = new Set<string>();
  for (const path of paths) {
    const prefix = path.replace(/^\.\//, '').replace(/\/$/, '');
    let cursor: string | undefined;
    try {
      do {
        const listed = await structure.getProjectStructure({ repositoryId: repository, pathPrefix: prefix, depth: 10, cursor }, principal);
        for (const entry of listed.entries) if (entry.kind === 'file' && !entry.blocked && entry.symbols > 0) files.add(entry.path);
        cursor = listed.nextCursor ?? undefined;
      } while (cursor !== undefined);
    } catch (error) {
      // No indexed file below it: a file, taken as given (create_documentation says so if it is not an indexed one).
      if (!(error instanceof NotFoundError)) throw error;
      files.add(prefix);
    }
  }
  return { repositoryId: repository, files: [...files] };
}

/**
 * The model's answer as an analysis: its JSON object (in a code fence or not), else the whole text
 * as the documentation and its first line as the summary, so that a model that ignores the format
 * still documents the file.
 */
export function analysisOf(text: string): FileAnalysis {
  const json = /\{[\s\S]*\}/.exec(text.replace(/^```(?:json)?\s*|\s*```$/g, ''))?.[0];
  if (json !== undefined) {
    try {
      const parsed = JSON.parse(json) as Record<string, unknown>;
      const strings = (value: unknown): string[] | undefined =>
        Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
      if (typeof parsed.summary === 'string' && typeof parsed.documentation === 'string') {
        return {
          summary: parsed.summary,
          documentation: parsed.documentation,
          key_functions: strings(parsed.key_functions),
          dependencies: strings(parsed.dependencies),
          keywords: strings(parsed.keywords),
        };
      }
    } catch {
      // Not JSON after all: the text is the documentation.
    }
  }
  const documentation = text.trim();
  const firstLine = documentation.split('\n').find((line) => line.replace(/^#+\s*/, '').trim() !== '') ?? '';
  return {
    summary: firstLine
      .replace(/^#+\s*/, '')
      .trim()
      .slice(0, MAX_SUMMARY_CHARS),
    documentation,
  };
}
