import {
  docLines,
  environmentSections,
  foreignNames,
  hasFileShape,
  mentionsOfCode,
  namesForeignCode,
  namesForeignVariable,
  sentencesOf,
  speaksOfHistory,
} from './markdown-mentions';

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
    ['deno.land/x', []],
    ['github.com/spf13/cobra', []],
    ['hono/cookie', [{ kind: 'file', name: 'hono/cookie' }]],
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

  it('keeps the headings a line is under', () => {
    const lines = docLines('# Guide\n## v1 to v2\n### Removal of `x`\ntext\n## v2 to v3\nmore\n', []);
    expect(lines.map((line) => line.section)).toEqual([
      ['Guide'],
      ['Guide', 'v1 to v2'],
      ['Guide', 'v1 to v2', 'Removal of `x`'],
      ['Guide', 'v1 to v2', 'Removal of `x`'],
      ['Guide', 'v2 to v3'],
      ['Guide', 'v2 to v3'],
      ['Guide', 'v2 to v3'],
    ]);
  });
});

describe('hasFileShape', () => {
  it.each([
    ['src/index.ts', true],
    ['docs/', true],
    ['./bin/run', true],
    ['hono/cookie', false],
    ['src/middleware', false],
  ])('%s', (path, expected) => {
    expect(hasFileShape(path)).toBe(expected);
  });
});

describe('speaksOfHistory', () => {
  it.each([
    ['docs/MIGRATION.md', 'Use `getCookie()`.', [], true],
    ['CHANGES.md', '- Added `x`.', [], true],
    ['README.md', '- `req.cookie()` is obsolete.', [], true],
    ['README.md', 'Call `getCookie()`.', ['API', 'Removal of deprecated features'], true],
    ['README.md', 'Call `getCookie()`.', ['API', 'Cookies'], false],
  ])('%s: %s under %j', (path, text, section, expected) => {
    expect(speaksOfHistory(path, { text, section })).toBe(expected);
  });
});

describe('foreignNames', () => {
  const readme = [
    'Use `ProxyAgent` with the `dispatcher` option.',
    '```js',
    "import ky, {HTTPError} from 'ky';",
    "import {ProxyAgent, Agent as Dispatcher} from 'undici';",
    "import * as path from 'node:path';",
    "import {retry} from './retry';",
    '```',
    '```python',
    'from click.testing import CliRunner',
    'from flask import Flask, request as req',
    '```',
    '```sh',
    'NODE_USE_ENV_PROXY=1 HTTP_PROXY=http://proxy:8080 node --use-env-proxy app.js',
    'KY_DEBUG=1 ky fetch --verbose',
    '```',
    "import {Outside} from 'elsewhere';",
  ].join('\n');

  it("gives the names the code blocks take from other software, not the repository's own nor prose", () => {
    expect([...foreignNames(readme, ['ky', 'click'])].sort()).toEqual(
      ['--use-env-proxy', 'Agent', 'Flask', 'HTTP_PROXY', 'NODE_USE_ENV_PROXY', 'ProxyAgent', 'path', 'request'].sort(),
    );
  });

  it("takes a package imported from a CDN's URL for the package itself: ky's own name stays ky's", () => {
    const cdn = [
      '```js',
      "import ky from 'https://esm.sh/ky';",
      "import kyToo from 'https://unpkg.com/ky@1.2.0/distribution/index.js';",
      "import {Hono} from 'https://deno.land/x/hono/mod.ts';",
      "import {z} from 'npm:zod@3';",
      "import parse from 'https://esm.sh/parse-sse';",
      '```',
    ].join('\n');
    expect([...foreignNames(cdn, ['ky'])].sort()).toEqual(['Hono', 'parse', 'z']);
    expect([...foreignNames(cdn, ['ky', 'hono'])].sort()).toEqual(['parse', 'z']);
  });
});

describe("another program's options and environment variables", () => {
  // ky's readme.md:1471-1541, shortened.
  const readme = [
    '#### Native proxy support',
    '```sh',
    'NODE_USE_ENV_PROXY=1 HTTP_PROXY=http://proxy.example.com:8080 node app.js',
    '```',
    'Supported environment variables:',
    '- `HTTP_PROXY` / `http_proxy`: Proxy URL for HTTP requests',
    '- `NO_PROXY` / `no_proxy`: hosts to bypass the proxy',
    '#### HTTP/2 support',
    'Create a custom dispatcher with the `allowH2` option:',
    '```js',
    "import ky from 'ky';",
    "import {Agent, Pool} from 'undici';",
    'const agent = new Agent({',
    '\tfactory(origin, options) {',
    '\t\treturn new Pool(origin, {',
    '\t\t\t...options,',
    '\t\t\tallowH2: true',
    '\t\t});',
    '\t}',
    '});',
    "const response = await ky('https://example.com', {",
    '\tdispatcher: agent, retry: 2',
    '}).json();',
    '```',
    '## Options',
    '- Set `KY_TIMEOUT` to change the timeout.',
  ].join('\n');

  it("takes the keys written inside a call of another program's name for its options, not those of the repository's own calls", () => {
    expect([...foreignNames(readme, ['ky'])].sort()).toEqual(['Agent', 'HTTP_PROXY', 'NODE_USE_ENV_PROXY', 'Pool', 'allowH2']);
  });

  it('reads the variables a section lists as the program its shell block sets them for, in both spellings, and only in that section', () => {
    const sections = environmentSections(readme, ['ky']);
    expect([...sections]).toEqual(['Native proxy support']);
    const lines = docLines(readme, []);
    const named = lines.flatMap((line) =>
      line.mentions.map((mention) => [line.line, mention.name, namesForeignVariable(mention, line, sections)] as const),
    );
    expect(named).toEqual([
      [6, 'HTTP_PROXY', true],
      [6, 'http_proxy', true],
      [7, 'NO_PROXY', true],
      [7, 'no_proxy', true],
      [9, 'allowH2', false],
      [26, 'KY_TIMEOUT', false],
    ]);
  });
});

describe('namesForeignCode', () => {
  const foreign = new Set(['ky', 'ProxyAgent', 'HTTP_PROXY', '--use-env-proxy']);
  const declared = new Set(['ky', 'HTTPError', 'Ky.create']);

  it.each([
    [{ kind: 'symbol', name: 'ky.fetchWithRetry' }, false],
    [{ kind: 'symbol', name: 'ky' }, false],
    [{ kind: 'symbol', name: 'ProxyAgent' }, true],
    [{ kind: 'symbol', name: 'ProxyAgent.connect' }, true],
    [{ kind: 'symbol', name: 'fetchWithRetry' }, false],
    [{ kind: 'config_key', name: 'HTTP_PROXY' }, true],
    [{ kind: 'flag', name: '--use-env-proxy' }, true],
    [{ kind: 'file', name: 'ky' }, false],
  ] as const)('%j: %s', (mention, expected) => {
    expect(namesForeignCode(mention, foreign, declared)).toBe(expected);
  });
});
