import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { InvalidInputError, type Principal } from '@lore/domain';
import { ANALYSIS_HELP_TOPICS, analysisHelpTopic } from '../analysis-help';
import { type CatalogEntry, FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY, type ToolCallContext } from '../mcp-tool';

const MAX_TOOLS = 5;
const MAX_PROMPTS = 3;

export const HelpInputSchema = z
  .object({
    topic: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe(
        'What you want to do or know, in a few words: "who calls a function", "tests to run for a change", "read a file"; or a code health topic: workflow, analysis_profile, baseline, coverage, suppressions, review_state, changed_scope.',
      ),
    detail: z
      .enum(['compact', 'normal'])
      .default('compact')
      .describe('For a code health topic: compact (one paragraph) or normal (with details).'),
  })
  .strict();

const HelpEntrySchema = z.object({ name: z.string(), title: z.string(), description: z.string() });

export const HelpResultSchema = z.object({
  topic: z.string(),
  tools: z.array(HelpEntrySchema).describe(`The served tools that fit the topic best, at most ${MAX_TOOLS}, best first.`),
  prompts: z.array(HelpEntrySchema).describe(`The workflows (prompts/get) that fit the topic, at most ${MAX_PROMPTS}.`),
  start: z.string().describe('What to call first.'),
  guide: z
    .object({ topic: z.string(), summary: z.string(), details: z.array(z.string()) })
    .nullable()
    .describe('For a code health topic: what it means here, bounded.'),
});

/**
 * Points an agent at the tools and workflows this server serves (its profile's) that fit a topic,
 * by the words they share with it: a bounded answer, never the whole catalog.
 */
@Injectable()
export class HelpTool implements LoreMcpTool<typeof HelpInputSchema, typeof HelpResultSchema> {
  readonly name = 'help';
  readonly title = 'Help: which tool or workflow';
  readonly description = `Which of this server's tools and workflow prompts fit a topic (at most ${MAX_TOOLS} tools and ${MAX_PROMPTS} prompts), and what to call first.`;
  readonly version = FIRST_VERSION;
  readonly input = HelpInputSchema;
  readonly output = HelpResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  async call(
    args: z.input<typeof HelpInputSchema>,
    _principal: Principal,
    context: ToolCallContext,
  ): Promise<z.output<typeof HelpResultSchema>> {
    const parsed = HelpInputSchema.safeParse(args);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || '(input)', message: issue.message }));
      throw new InvalidInputError(`Invalid input: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, {
        details: { issues },
      });
    }
    const { topic, detail } = parsed.data;
    const analysisTopic = analysisHelpTopic(topic);
    const guide =
      analysisTopic === null
        ? null
        : {
            topic: analysisTopic,
            summary: ANALYSIS_HELP_TOPICS[analysisTopic].summary,
            details: detail === 'normal' ? [...ANALYSIS_HELP_TOPICS[analysisTopic].details] : [],
          };
    const words = wordsOf(topic);
    const tools = ranked(
      context.catalog.tools.filter((tool) => tool.name !== this.name),
      words,
    ).slice(0, MAX_TOOLS);
    const prompts = ranked(context.catalog.prompts, words).slice(0, MAX_PROMPTS);
    const first = prompts[0] ?? tools[0];
    const start = first
      ? prompts[0]
        ? `Get the prompt ${prompts[0].name} (prompts/get) and follow its steps.`
        : `Call ${tools[0]!.name}.`
      : 'Nothing here matches those words: start with search_code to find the symbols involved.';
    const guided =
      guide === null
        ? start
        : 'Call get_run_summary for the latest stored run (analyze_repository first if there is none), then follow the guide.';
    return { topic, tools, prompts, start: guided, guide };
  }

  next(answer: z.output<typeof HelpResultSchema>): NextCall[] {
    return answer.tools
      .slice(0, 1)
      .map((tool) => ({ tool: tool.name, arguments: {}, why: `${tool.title}: fill in its arguments from its input schema.` }));
  }
}

/** Entries sharing words with the topic, most shared first (a word of the name counts twice); none shared, none returned. */
function ranked(entries: readonly CatalogEntry[], words: Set<string>): CatalogEntry[] {
  return entries
    .map((entry) => {
      const name = wordsOf(entry.name.replace(/_/g, ' '));
      const text = wordsOf(`${entry.title} ${entry.description}`);
      let score = 0;
      for (const word of words) score += (name.has(word) ? 2 : 0) + (text.has(word) ? 1 : 0);
      return { entry, score };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.entry.name.localeCompare(b.entry.name))
    .map(({ entry }) => entry);
}

const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'for',
  'in',
  'on',
  'and',
  'or',
  'is',
  'it',
  'what',
  'which',
  'how',
  'i',
  'do',
  'me',
  'with',
  'by',
]);

/** Lower-case words, a plural's -s dropped, so that "tests" finds "test". */
function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
      .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word)),
  );
}
