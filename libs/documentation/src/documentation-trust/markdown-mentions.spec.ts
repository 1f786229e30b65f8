import { docLines, mentionsOfCode, sentencesOf } from './markdown-mentions';

describe('mentionsOfCode', () => {
  it.each([
    ['buildReport()', [{ kind: 'symbol', name: 'buildReport' }]],
    ['OrderService.placeOrder', [{ kind: 'symbol', name: 'OrderService.placeOrder' }]],
    ['OrderValidator', [{ kind: 'symbol', name: 'OrderValidator' }]],
    ['src/pricing/discounts.ts', [{ kind: 'file', name: 'src/pricing/discounts.ts' }]],
    ['package.json', [{ kind: 'file', name: 'package.json' }]],
    ['--dry-run', [{ kind: 'flag', name: '--dry-run' }]],
    ['--out=report.md', [{ kind: 'flag', name: '--out' }]],
    ['DRIFT_TIMEOUT_MS', [{ kind: 'config_key', name: 'DRIFT_TIMEOUT_MS' }]],
    [
      'drift check --verbose',
      [
        { kind: 'command', name: 'drift check' },
        { kind: 'flag', name: '--verbose' },
      ],
    ],
    ['npm', []],
    ['true', []],
    ['README', []],
    ['Math.round', []],
    ['Function', []],
    ['application/x-amz-json-1.1', []],
    ['https://example.com/a/b', []],
  ])('%s', (code, expected) => {
    expect(mentionsOfCode(code, ['drift'])).toEqual(expected);
  });
});

describe('docLines', () => {
  it('reads inline code outside fences and shell lines inside them, with line numbers', () => {
    const lines = docLines(
      '# Title\n\nRun `drift` with `--dry-run`.\n\n```sh\n$ drift check --verbose\n```\n\n```ts\nbuildReport()\n```\n',
      ['drift'],
    );
    expect(lines.filter((line) => line.mentions.length > 0).map(({ line, mentions }) => ({ line, mentions }))).toEqual([
      { line: 3, mentions: [{ kind: 'flag', name: '--dry-run' }] },
      {
        line: 6,
        mentions: [
          { kind: 'command', name: 'drift check' },
          { kind: 'flag', name: '--verbose' },
        ],
      },
    ]);
  });

  it('splits prose into sentences without list markers', () => {
    expect(sentencesOf('- `A` calls `b`. `C` extends `D`.')).toEqual(['`A` calls `b`.', '`C` extends `D`.']);
  });
});
