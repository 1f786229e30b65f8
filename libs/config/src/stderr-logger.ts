import { ConsoleLogger, type LogLevel } from '@nestjs/common';

const LEVELS: Record<string, LogLevel[]> = {
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  log: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/** All logs on stderr: stdout belongs to MCP over stdio and to `--json` output. */
export class StderrLogger extends ConsoleLogger {
  constructor(level: string = 'log') {
    super('Lore', { logLevels: LEVELS[level] ?? LEVELS.log });
  }

  protected override printMessages(messages: unknown[], context?: string, logLevel?: LogLevel): void {
    super.printMessages(messages, context, logLevel, 'stderr');
  }
}
