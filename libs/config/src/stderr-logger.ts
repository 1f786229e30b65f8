import { ConsoleLogger, type LogLevel } from '@nestjs/common';

const LEVELS: Record<string, LogLevel[]> = {
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  log: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/** Nest's start-up narration (a line per module, controller and route): debug, not the default level's business. */
const START_UP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'GraphQLModule',
  'NestFactory',
  'NestApplication',
]);

/**
 * All logs on stderr: stdout belongs to MCP over stdio and to `--json` output. `json` (LORE_LOG_FORMAT):
 * one JSON object a line, a structured message's fields at the top level beside level, time and context.
 */
export class StderrLogger extends ConsoleLogger {
  private readonly narrates: boolean;

  constructor(level: string = 'log', format: 'text' | 'json' = 'text') {
    // Colour codes only for a terminal: a log written to a file or a pipe is read as text (NO_COLOR: never).
    super('Lore', {
      logLevels: LEVELS[level] ?? LEVELS.log,
      json: format === 'json',
      colors: format === 'text' && Boolean(process.stderr.isTTY) && !process.env.NO_COLOR,
    });
    this.narrates = level === 'debug';
  }

  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _stream?: unknown,
    errorStack?: unknown,
  ): void {
    if (logLevel === 'log' && !this.narrates && context !== undefined && START_UP_CONTEXTS.has(context)) return;
    super.printMessages(messages, context, logLevel, 'stderr', errorStack);
  }

  protected override printAsJson(message: unknown, options: { context: string; logLevel: LogLevel; errorStack?: unknown }): void {
    const base = { time: new Date().toISOString(), level: options.logLevel, pid: process.pid, context: options.context || undefined };
    const fields = isFields(message) ? { ...base, ...message } : { ...base, message };
    process.stderr.write(`${JSON.stringify(options.errorStack ? { ...fields, stack: options.errorStack } : fields)}\n`);
  }
}

function isFields(message: unknown): message is Record<string, unknown> {
  return message !== null && typeof message === 'object' && Object.getPrototypeOf(message) === Object.prototype;
}
