/** A setting that is missing or wrong: start-up stops, naming the variable, with what to do when it is known. */
export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    readonly hint: string | null = null,
  ) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}${hint ? `\nhint: ${hint}` : ''}`);
    this.name = 'ConfigError';
  }
}
