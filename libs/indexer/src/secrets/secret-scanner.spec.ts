import { SecretScanner, redactSecrets } from './secret-scanner';

describe('SecretScanner', () => {
  const scanner = new SecretScanner();
  afterAll(() => scanner.close());

  it('finds tokens and keys with their rule and range, and nothing in ordinary code', async () => {
    const token = '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';
    const withToken = `export const client = new Client({ token: '${token}' });\n`;
    const findings = await scanner.scan([
      { path: 'src/client.ts', text: withToken },
      { path: 'src/plain.ts', text: 'export function add(a: number, b: number): number { return a + b; }\n' },
    ]);
    expect(findings).toEqual([
      { path: 'src/client.ts', rule: 'github', start: withToken.indexOf(token), end: withToken.indexOf(token) + token.length },
    ]);
  });

  it('redacts every occurrence of a secret', () => {
    expect(redactSecrets('a=SECRET12345; b=SECRET12345', [{ value: 'SECRET12345', rule: 'github' }])).toBe(
      'a=[REDACTED:github]; b=[REDACTED:github]',
    );
  });
});
