import { ConfigError } from '@lore/config/config-error';
import { writtenBookmark } from '@lore/domain/bookmarks';
import { type ErrorCode, LoreError, toLoreError } from '@lore/domain/errors';

export { exitAfterOutput } from './exit';

/** Exit codes scripts can rely on. */
export const EXIT = { ok: 0, failure: 1, invalidInput: 2, notFound: 3, unavailable: 4, thresholdExceeded: 5, tampered: 6 } as const;

const EXIT_BY_CODE: Partial<Record<ErrorCode, number>> = {
  invalid_input: EXIT.invalidInput,
  not_found: EXIT.notFound,
  ambiguous_target: EXIT.notFound,
  snapshot_not_indexed: EXIT.notFound,
  quality_gate_failed: EXIT.thresholdExceeded,
  unavailable: EXIT.unavailable,
  timeout: EXIT.unavailable,
  resource_exhausted: EXIT.unavailable,
};

/**
 * A line for the person running Lore, on stderr: JSON like every log line when LORE_LOG_FORMAT=json
 * (a log collector reads every line), else as it is.
 */
export function notice(message: string): void {
  process.stderr.write(
    process.env.LORE_LOG_FORMAT === 'json'
      ? `${JSON.stringify({ time: new Date().toISOString(), level: 'log', pid: process.pid, context: 'Lore', message })}\n`
      : `${message}\n`,
  );
}

/**
 * JSON on stdout; `oneLine` for a stream of values (JSON Lines), as `lore index --watch` prints. An
 * object answer of a command that wrote carries `bookmark`: given back as LORE_BOOKMARK to a later
 * command (or as the Lore-Bookmark header to any server), its reads come after those writes.
 */
export function printJson(value: unknown, oneLine = false): void {
  const bookmark = writtenBookmark();
  const answer =
    bookmark !== null && value !== null && typeof value === 'object' && !Array.isArray(value) && !('error' in value)
      ? { ...value, bookmark }
      : value;
  process.stdout.write(`${oneLine ? JSON.stringify(answer) : JSON.stringify(answer, null, 2)}\n`);
}

/** Prints an error the way the caller asked (JSON on stdout for scripts, a sentence on stderr for people) and returns the exit code. */
export function reportError(error: unknown, json: boolean): number {
  if (error instanceof ConfigError) {
    if (json)
      printJson({
        error: { code: 'invalid_input', message: error.message, retryable: false, hint: error.hint, details: { problems: error.problems } },
      });
    else process.stderr.write(`${error.message}\n`);
    return EXIT.invalidInput;
  }
  if (!(error instanceof LoreError)) process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  const body = toLoreError(error).toBody();
  if (json) printJson({ error: body });
  else {
    process.stderr.write(`error (${body.code}): ${body.message}\n`);
    if (body.hint) process.stderr.write(`hint: ${body.hint}\n`);
    const candidates = (body.details?.candidates ?? []) as { uid: string; kind: string; path: string; startLine: number }[];
    for (const candidate of candidates)
      process.stderr.write(`  ${candidate.kind} ${candidate.uid} (${candidate.path}:${candidate.startLine})\n`);
  }
  return EXIT_BY_CODE[body.code] ?? EXIT.failure;
}
