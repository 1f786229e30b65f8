import { Redactor } from './redaction';

describe('Redactor', () => {
  const redactor = new Redactor();
  afterAll(() => redactor.onModuleDestroy());

  it('replaces each secret the scanner finds by a marker naming its rule, and leaves other text as it is', async () => {
    const token = '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';
    expect(await redactor.redact('src/client.ts', `const a = '${token}';\nconst b = '${token}';\n`)).toBe(
      "const a = '[REDACTED:github]';\nconst b = '[REDACTED:github]';\n",
    );
    expect(await redactor.redact('src/plain.ts', 'export const answer = 42;\n')).toBe('export const answer = 42;\n');
  });

  it('closes without a scanner when nothing was redacted', async () => {
    await expect(new Redactor().onModuleDestroy()).resolves.toBeUndefined();
  });
});
