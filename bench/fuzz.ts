/**
 * The bad-input run of issue 19: generated requests against every HTTP door of a `lore serve` with
 * authentication on, counted per door (requests, 2xx/4xx/5xx) and each answer searched for leaks.
 *
 *   npm run bench:fuzz -- [--rest-examples n] [--graphql n] [--mcp n] [--seed n]   (defaults 40, 800, 800, 19)
 *
 * - REST: schemathesis (PyPI, pinned in scripts/fuzz-rest.sh) from /api/docs-json, its HAR report read back.
 * - GraphQL: queries generated from the introspected schema: random root fields and selections, deep
 *   and wide, arguments of the right and of wrong types, unknown fields, syntax errors.
 * - MCP over HTTP: the official SDK client calls every tool with arguments generated from its own
 *   input schema (tools/list), valid and mutated (wrong types, huge strings, traversal URIs, unknown
 *   keys), and reads traversal and foreign resource URIs.
 * A leak is, in an answer, once the request's own strings are taken out: a stack trace, an absolute
 * path outside the served repositories, Neo4j's or the driver's error text, or anything of the
 * repository of another tenant indexed beside them (billing-service, as tenant `hidden`).
 * A 5xx is an HTTP status >= 500, or an answer whose error code is `internal` (GraphQL answers 200
 * with errors; MCP answers tool errors in the result).
 */
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { seededRandom } from './seeded-random';
import { type ServedFixtures, serveFixtures } from './served-fixtures';

const ROOT = join(__dirname, '..', '..');
const HIDDEN_REPOSITORY = 'billing-hidden';
/** Names only the hidden tenant's repository holds (test/fixtures/billing-service). */
const HIDDEN_MARKERS = [
  'BillingService',
  'EmailNotifier',
  'UnknownCountryError',
  'invoice_for_order',
  'billing/service.py',
  'billing/tax.py',
];

interface Options {
  restExamples: number;
  graphql: number;
  mcp: number;
  seed: number;
}

interface Tally {
  requests: number;
  ok: number;
  clientErrors: number;
  serverErrors: number;
  leaks: number;
  examples: string[];
  /** How the refusals were refused: status and error code, with their counts. */
  refusals: Map<string, number>;
  seconds: number;
  slowest: { ms: number; what: string };
}

const newTally = (): Tally => ({
  requests: 0,
  ok: 0,
  clientErrors: 0,
  serverErrors: 0,
  leaks: 0,
  examples: [],
  refusals: new Map(),
  seconds: 0,
  slowest: { ms: 0, what: '' },
});

function parseOptions(args: readonly string[]): Options {
  const value = (flag: string, fallback: number): number => {
    const index = args.indexOf(flag);
    return index === -1 ? fallback : Number(args[index + 1]);
  };
  return {
    restExamples: value('--rest-examples', 40),
    graphql: value('--graphql', 800),
    mcp: value('--mcp', 800),
    seed: value('--seed', 19),
  };
}

/** What must never be in an answer: each finding names what it found. */
export class LeakScanner {
  private readonly allowedRoots: string[];
  private readonly hidden: string[];

  constructor(served: ServedFixtures, hiddenRoot: string) {
    this.allowedRoots = Object.entries(served.roots)
      .filter(([id]) => id !== HIDDEN_REPOSITORY)
      .map(([, root]) => root);
    this.hidden = [...HIDDEN_MARKERS, hiddenRoot];
  }

  /** Findings in `answer`, after every string of the request is taken out of it (an echo is not a leak). */
  scan(answer: string, requestStrings: readonly string[]): string[] {
    let text = answer;
    // A request's URI or path may come back in part ("No indexed file billing/tax.py in ..."): its tails
    // are echoes too. Only short strings are cut into tails and JSON-escaped: doing so for a 1 MB
    // query blocked this process for seconds, long enough for its idle keep-alive sockets to be closed
    // by the server under undici's feet (the first runs' "connection failed").
    const echoes = new Set<string>();
    for (const value of requestStrings) {
      echoes.add(value);
      if (value.length > 4096) continue;
      echoes.add(JSON.stringify(value).slice(1, -1));
      for (const slash of value.matchAll(/\//g)) echoes.add(value.slice(slash.index + 1));
    }
    for (const echoed of [...echoes].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length)) {
      if (text.includes(echoed)) text = text.split(echoed).join('');
    }
    const findings: string[] = [];
    const stack = /(?:^|\\n|\n)\s*at (?:async )?[\w$.<>[\] ]*\(?(?:\/|node:|file:)[^)\s]*:\d+:\d+/.exec(text);
    if (stack) findings.push(`stack trace: ${stack[0].trim().slice(0, 120)}`);
    const neo4j =
      /Neo\.(?:ClientError|TransientError|DatabaseError)[\w.]*|Neo4jError|neo4j-driver|bolt:\/\/[^\s"]*|Invalid input '.*' \(line \d+/.exec(
        text,
      );
    if (neo4j) findings.push(`Neo4j text: ${neo4j[0].slice(0, 120)}`);
    for (const match of text.matchAll(/\/(?:work|root|home|tmp|usr|opt|var|etc|proc|srv|mnt|app|Users)\/[\w.\-/]+/g)) {
      if (!this.allowedRoots.some((root) => match[0].startsWith(root))) findings.push(`path: ${match[0].slice(0, 120)}`);
    }
    for (const marker of this.hidden) {
      const at = text.indexOf(marker);
      if (at >= 0) findings.push(`hidden repository: ...${text.slice(Math.max(0, at - 60), at + marker.length + 60)}...`);
    }
    return findings;
  }
}

/** Every string in a value (a request's), for the scanner's echo rule. */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      stringsOf(item, into);
    }
  }
  return into;
}

function record(tally: Tally, status: number, serverError: boolean, findings: readonly string[], what: string, code = ''): void {
  tally.requests += 1;
  if (status >= 400 || serverError) {
    const refusal = `${status}${code ? ` ${code}` : ''}`;
    tally.refusals.set(refusal, (tally.refusals.get(refusal) ?? 0) + 1);
  }
  if (serverError || status >= 500) tally.serverErrors += 1;
  else if (status >= 400) tally.clientErrors += 1;
  else tally.ok += 1;
  if (findings.length > 0) tally.leaks += 1;
  const problem = serverError || status >= 500 ? [`5xx (${status})`] : [];
  if ((problem.length > 0 || findings.length > 0) && tally.examples.length < 12) {
    tally.examples.push(`${[...problem, ...findings].join('; ')} <- ${what.slice(0, 300)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Value pools shared by the GraphQL and MCP generators.

const HUGE = 'x'.repeat(120_000);
/** The server's LORE_MAX_BODY_BYTES (its default). */
const MAX_BODY_BYTES = 1024 * 1024;
const TRAVERSALS = [
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '/etc/passwd',
  'code://order-service/../../../etc/passwd',
  'code://order-service/%2e%2e/%2e%2e/etc/passwd',
  `code://${HIDDEN_REPOSITORY}/billing/service.py`,
  'symbol://order-service/HEAD/..%2F..%2Fetc',
  'doc://order-service/abc/../../README.md',
  'file:///etc/passwd',
  'code://order-service/' + 'a/'.repeat(400),
];
const NAMES = [
  'OrderService.placeOrder',
  'applyDiscount',
  'OrderService',
  'placeOrder',
  'PaymentGateway',
  'order',
  'BillingService',
  'create_invoice',
];
const REPOSITORIES = ['order-service', HIDDEN_REPOSITORY, 'hidden', '*', '', 'ORDER-SERVICE', '../order-service'];
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uffff\ud800',
  "' OR 1=1 --",
  '"}]})MATCH (n) DETACH DELETE n//',
  '${7*7}',
  '<script>',
  '%00',
  'a'.repeat(1001),
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function oddValue(random: () => number): unknown {
  return pick(random, [
    () => pick(random, ODD_STRINGS),
    () => pick(random, TRAVERSALS),
    () => HUGE,
    () => -1,
    () => 2 ** 53,
    () => 1.5,
    () => Number.MAX_SAFE_INTEGER * 10,
    () => true,
    () => null,
    () => [],
    () => [pick(random, NAMES), 7, null],
    () => ({ tenantId: 'hidden', principal: { tenantId: 'hidden' }, __proto__: { admin: true } }),
  ])();
}

function plausibleString(random: () => number, name: string): string {
  const key = name.toLowerCase();
  if (key.includes('uri')) return pick(random, [...TRAVERSALS, 'code://order-service/HEAD/src/order-service.ts']);
  if (key.includes('repositor')) return pick(random, REPOSITORIES);
  if (key.includes('path') || key.includes('prefix')) return pick(random, ['src/', 'src/order-service.ts', '', ...TRAVERSALS.slice(0, 4)]);
  if (key.includes('commit')) return pick(random, ['HEAD', 'deadbeef', '0'.repeat(40), 'main']);
  if (key.includes('cursor') || key.includes('after') || key.includes('continuation'))
    return pick(random, ['', 'eyJvIjoxfQ', 'not-a-cursor', HUGE.slice(0, 5000)]);
  return pick(random, [...NAMES, 'order total', 'discount', 'place order']);
}

// ---------------------------------------------------------------------------------------------
// GraphQL

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface InputValue {
  name: string;
  type: TypeRef;
}
interface FieldDef {
  name: string;
  args: InputValue[];
  type: TypeRef;
}
interface TypeDef {
  kind: string;
  name: string;
  fields: FieldDef[] | null;
  inputFields: InputValue[] | null;
  enumValues: { name: string }[] | null;
}

const INTROSPECTION = `query {
  __schema {
    queryType { name }
    types { kind name enumValues { name } fields { name args { name type { ...Ref } } type { ...Ref } } inputFields { name type { ...Ref } } }
  }
}
fragment Ref on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }`;

function named(type: TypeRef): TypeRef {
  return type.ofType ? named(type.ofType) : type;
}

class GraphqlGenerator {
  private readonly types: Map<string, TypeDef>;

  constructor(
    schema: { queryType: { name: string }; types: TypeDef[] },
    private readonly random: () => number,
  ) {
    this.types = new Map(schema.types.map((type) => [type.name, type]));
    this.queryType = schema.queryType.name;
  }

  private readonly queryType: string;
  /** This query's literals may be of the wrong type, its depth and width past the limits. */
  private hostile = false;

  /** One request body: a query (and variables), mostly well-formed, sometimes not. */
  next(): { query: string; variables?: Record<string, unknown> } {
    const random = this.random;
    const roll = random();
    if (roll < 0.05)
      return {
        query: pick(random, ['{', 'query { searchCode(', '}}}}', '{ __schema { types { name } } } }', '\u0000', `{ ${'a'.repeat(5000)} }`]),
      };
    if (roll < 0.08)
      return { query: `{ ${'symbol(input: {name: "OrderService"}) { calledBy { symbol { '.repeat(15)}name${' } }'.repeat(15)} }` };
    const roots = this.types.get(this.queryType)!.fields!;
    this.hostile = random() < 0.5;
    const aliases = this.hostile && random() < 0.1 ? 35 + Math.floor(random() * 20) : 1 + Math.floor(random() * 3);
    const depth = 1 + Math.floor(random() * (this.hostile ? 12 : 4));
    const parts: string[] = [];
    for (let index = 0; index < aliases; index += 1) {
      const field = pick(random, roots);
      parts.push(`a${index}: ${field.name}${this.args(field.args)}${this.selection(field.type, depth)}`);
    }
    if (this.hostile && random() < 0.1) parts.push(`unknownField${Math.floor(random() * 10)}`);
    return { query: `query Fuzz { ${parts.join(' ')} }` };
  }

  private args(args: readonly InputValue[]): string {
    const given = args.filter(() => this.random() < 0.85).map((arg) => `${arg.name}: ${this.literal(arg.type, arg.name, 0)}`);
    if (this.hostile && this.random() < 0.05) given.push(`bogus: ${JSON.stringify(pick(this.random, ODD_STRINGS))}`);
    return given.length > 0 ? `(${given.join(', ')})` : '';
  }

  /** A GraphQL literal of the type (or, one time in ten, of another). */
  private literal(type: TypeRef, name: string, level: number): string {
    const random = this.random;
    if (random() < 0.1)
      return pick(random, ['null', '42', '"text"', 'true', '[1, 2]', '{ x: 1 }', '-1', '1e308', JSON.stringify(HUGE.slice(0, 20000))]);
    if (type.kind === 'NON_NULL') return this.literal(type.ofType!, name, level);
    if (type.kind === 'LIST') {
      const count = Math.floor(random() * 4);
      return `[${Array.from({ length: count }, () => this.literal(type.ofType!, name, level + 1)).join(', ')}]`;
    }
    const def = this.types.get(type.name!);
    if (type.kind === 'ENUM') return pick(random, def!.enumValues!).name;
    if (type.kind === 'INPUT_OBJECT') {
      if (level > 4) return '{}';
      const fields = def!.inputFields!.filter((field) => field.type.kind === 'NON_NULL' || random() < 0.5);
      const entries = fields.map((field) => `${field.name}: ${this.literal(field.type, field.name, level + 1)}`);
      if (this.hostile && random() < 0.05) entries.push('tenantId: "hidden"');
      return `{ ${entries.join(', ')} }`;
    }
    switch (type.name) {
      case 'Int':
        return String(pick(random, [0, 1, 2, 5, 20, 100, -3, 2147483647]));
      case 'Float':
        return String(pick(random, [0, 0.5, 1, -1]));
      case 'Boolean':
        return random() < 0.5 ? 'true' : 'false';
      default:
        return JSON.stringify(this.hostile && random() < 0.15 ? String(oddValue(random)) : plausibleString(random, name));
    }
  }

  private selection(type: TypeRef, depth: number): string {
    const def = this.types.get(named(type).name!);
    if (!def || (def.kind !== 'OBJECT' && def.kind !== 'INTERFACE')) return '';
    if (depth <= 0) return ' { __typename }';
    const fields = def.fields!.filter(() => this.random() < 0.6);
    const chosen = fields.length > 0 ? fields : [def.fields![0]!];
    return ` { ${chosen
      .map((field) => `${field.name}${field.args.length > 0 ? this.args(field.args) : ''}${this.selection(field.type, depth - 1)}`)
      .join(' ')} }`;
  }
}

async function fuzzGraphql(served: ServedFixtures, key: string, scanner: LeakScanner, count: number, seed: number): Promise<Tally> {
  const tally = newTally();
  const post = async (body: unknown): Promise<{ status: number; text: string }> => {
    const response = await fetch(`${served.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  const introspection = await post({ query: INTROSPECTION });
  const schema = (JSON.parse(introspection.text) as { data: { __schema: { queryType: { name: string }; types: TypeDef[] } } }).data
    .__schema;
  const generator = new GraphqlGenerator(schema, seededRandom(seed));
  for (let index = 0; index < count; index += 1) {
    const body = generator.next();
    const sent = Buffer.byteLength(JSON.stringify(body));
    const started = performance.now();
    const answer = await post(body).catch((error: Error) => error);
    const ms = performance.now() - started;
    if (ms > tally.slowest.ms) tally.slowest = { ms, what: body.query.slice(0, 300) };
    if (answer instanceof Error) {
      const cause = (answer.cause as { code?: string; message?: string } | undefined) ?? {};
      // Node answers 413 before reading a body over the limit and closes the connection while undici
      // still writes it: the client sees the reset. Only a body over the limit may end that way.
      const overLimit = sent > MAX_BODY_BYTES;
      record(
        tally,
        overLimit ? 413 : 599,
        !overLimit,
        [],
        `${body.query.slice(0, 200)} (${sent} bytes: ${answer.message}: ${cause.code ?? ''} ${cause.message ?? ''})`,
        overLimit ? 'reset after 413' : 'connection failed',
      );
      continue;
    }
    const { status, text } = answer;
    let internal = false;
    let code = '';
    try {
      const parsed = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] };
      internal = (parsed.errors ?? []).some((error) => ['internal', 'INTERNAL_SERVER_ERROR'].includes(error.extensions?.code ?? ''));
      code = parsed.errors?.[0]?.extensions?.code ?? '';
    } catch {
      // not JSON: the status says what it was
    }
    // A 200 with errors is a refusal of (part of) the query: counted with the 4xx.
    const effective = status === 200 && code !== '' && !internal ? 400 : status;
    const literals = [...body.query.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => {
      try {
        return JSON.parse(`"${match[1]}"`) as string;
      } catch {
        return match[1]!;
      }
    });
    record(tally, effective, internal, scanner.scan(text, [body.query, ...literals, ...stringsOf(body.variables)]), body.query, code);
  }
  return tally;
}

// ---------------------------------------------------------------------------------------------
// MCP

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** A value for the JSON schema: valid, or (with `mutate`) sometimes of the wrong type, huge or odd. */
function valueFor(random: () => number, schema: JsonSchema, name: string, mutate: boolean, level = 0): unknown {
  if (mutate && random() < 0.15) return oddValue(random);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return valueFor(random, pick(random, variants), name, mutate, level);
  if (schema.enum) return pick(random, schema.enum);
  const type = Array.isArray(schema.type) ? pick(random, schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (level > 4) break;
        if ((schema.required ?? []).includes(key) || random() < 0.5) value[key] = valueFor(random, property, key, mutate, level + 1);
      }
      if (mutate && random() < 0.2) value[pick(random, ['tenantId', 'principal', 'user', 'unknownKey', '__proto__x'])] = 'hidden';
      return value;
    }
    case 'array':
      return Array.from({ length: Math.floor(random() * 4) }, () => valueFor(random, schema.items ?? {}, name, mutate, level + 1));
    case 'integer': {
      const low = schema.minimum ?? 0;
      const high = Math.min(schema.maximum ?? low + 50, low + 50);
      return low + Math.floor(random() * (high - low + 1));
    }
    case 'number':
      return (schema.minimum ?? 0) + random() * 10;
    case 'boolean':
      return random() < 0.5;
    case 'null':
      return null;
    default:
      return plausibleString(random, name);
  }
}

async function fuzzMcp(served: ServedFixtures, key: string, scanner: LeakScanner, count: number, seed: number): Promise<Tally> {
  const tally = newTally();
  const random = seededRandom(seed + 1);
  const client = new Client({ name: 'lore-fuzz', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
  );
  const { tools } = await client.listTools();
  try {
    for (let index = 0; index < count; index += 1) {
      const readResource = random() < 0.12;
      const tool = pick(random, tools);
      const mutate = random() < 0.5;
      const request = readResource
        ? {
            uri: pick(random, [
              ...TRAVERSALS,
              'code://order-service/HEAD/src/order-service.ts',
              `code://${HIDDEN_REPOSITORY}/HEAD/billing/tax.py`,
            ]),
          }
        : random() < 0.05
          ? pick(random, [null, [], 'text', 42, { [HUGE.slice(0, 50_000)]: 1 }])
          : valueFor(random, tool.inputSchema as JsonSchema, tool.name, mutate);
      const what = readResource
        ? `resources/read ${JSON.stringify(request).slice(0, 200)}`
        : `${tool.name} ${JSON.stringify(request)?.slice(0, 200)}`;
      const started = performance.now();
      const timed = (): void => {
        const ms = performance.now() - started;
        if (ms > tally.slowest.ms) tally.slowest = { ms, what };
      };
      try {
        const answer = readResource
          ? await client.readResource(request as { uri: string })
          : await client.callTool({ name: tool.name, arguments: request as Record<string, unknown> });
        timed();
        const code = (answer as { isError?: boolean; structuredContent?: { error?: { code?: string } } }).isError
          ? ((answer as { structuredContent?: { error?: { code?: string } } }).structuredContent?.error?.code ?? 'unknown')
          : null;
        const status = code === null ? 200 : code === 'internal' ? 500 : 400;
        record(tally, status, code === 'internal', scanner.scan(JSON.stringify(answer), stringsOf(request)), what, code ?? '');
      } catch (error) {
        timed();
        // A JSON-RPC error: -32603 (internal) is a server error, the others (-32602 invalid params...) a refusal.
        const rpc = error as { code?: number; message?: string };
        const internal = rpc.code === -32603 || /\b5\d\d\b/.test(rpc.message ?? '');
        record(
          tally,
          internal ? 500 : 400,
          internal,
          scanner.scan(`${rpc.message ?? String(error)}`, stringsOf(request)),
          what,
          `rpc ${rpc.code}`,
        );
      }
    }
  } finally {
    await client.close();
  }
  return tally;
}

// ---------------------------------------------------------------------------------------------
// REST (schemathesis)

interface HarEntry {
  request: { method: string; url: string; postData?: { text?: string } };
  response: { status: number; content: { text?: string; encoding?: string } };
}

async function fuzzRest(
  served: ServedFixtures,
  key: string,
  scanner: LeakScanner,
  examples: number,
): Promise<Tally & { schemathesis: string }> {
  const har = join(mkdtempSync(join(tmpdir(), 'lore-fuzz-rest-')), 'rest.har');
  const output = await new Promise<string>((resolve) => {
    execFile(
      join(ROOT, 'scripts', 'fuzz-rest.sh'),
      [served.url, String(examples)],
      { env: { ...process.env, LORE_FUZZ_API_KEY: key, LORE_FUZZ_HAR: har }, maxBuffer: 64 * 1024 * 1024 },
      (_error, stdout, stderr) => resolve(`${stdout}\n${stderr}`),
    );
  });
  const tally = newTally();
  const entries = (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: HarEntry[] } }).log.entries;
  for (const entry of entries) {
    const body = entry.response.content.text ?? '';
    const text = entry.response.content.encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
    const url = new URL(entry.request.url);
    const requestStrings = [decodeURIComponent(url.search), ...[...url.searchParams.values()], entry.request.postData?.text ?? ''];
    try {
      requestStrings.push(...stringsOf(JSON.parse(entry.request.postData?.text ?? 'null')));
    } catch {
      // a body that is not JSON is echoed, if at all, as text
    }
    let code = '';
    try {
      code = (JSON.parse(text) as { code?: string }).code ?? '';
    } catch {
      // not JSON (431 from the HTTP parser, say)
    }
    record(tally, entry.response.status, false, scanner.scan(text, requestStrings), `${entry.request.method} ${entry.request.url}`, code);
  }
  writeFileSync(join(dirname(har), 'schemathesis.txt'), output);
  const summary = output.slice(Math.max(0, output.lastIndexOf('SUMMARY') - 200)).trim();
  return { ...tally, schemathesis: `${summary}\n(full report: ${join(dirname(har), 'schemathesis.txt')})` };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const served = await serveFixtures({
    tenant: 'fuzz',
    repositories: [
      { fixture: 'order-service', repositoryId: 'order-service' },
      { fixture: 'order-contracts', repositoryId: 'order-contracts' },
      { fixture: 'billing-service', repositoryId: HIDDEN_REPOSITORY, tenant: 'hidden' },
    ],
    keys: { fuzzer: { tenant: 'fuzz' } },
    // Thousands of requests in seconds from one key: without this most would be 429, and reach nothing.
    env: { LORE_LOG_LEVEL: 'warn', LORE_RATE_LIMIT_PER_MINUTE: '0' },
  });
  const key = served.keys.fuzzer!;
  try {
    const scanner = new LeakScanner(served, served.roots[HIDDEN_REPOSITORY]!);
    const started = performance.now();
    const timed = async <T extends Tally>(work: () => Promise<T>): Promise<T> => {
      const began = performance.now();
      const tally = await work();
      tally.seconds = (performance.now() - began) / 1000;
      return tally;
    };
    const rest = await timed(() => fuzzRest(served, key, scanner, options.restExamples));
    const graphql = await timed(() => fuzzGraphql(served, key, scanner, options.graphql, options.seed));
    const mcp = await timed(() => fuzzMcp(served, key, scanner, options.mcp, options.seed));
    const seconds = (performance.now() - started) / 1000;
    const log = readFileSync(served.logFile, 'utf8');
    const stackLines = log.split('\n').filter((line) => /^\s+at .+:\d+:\d+\)?$/.test(line)).length;
    const rows: [string, Tally][] = [
      ['REST (schemathesis)', rest],
      ['GraphQL (generated)', graphql],
      ['MCP over HTTP (tools/list schemas)', mcp],
    ];
    const total = rows.reduce(
      (sum, [, tally]) => ({
        requests: sum.requests + tally.requests,
        ok: sum.ok + tally.ok,
        clientErrors: sum.clientErrors + tally.clientErrors,
        serverErrors: sum.serverErrors + tally.serverErrors,
        leaks: sum.leaks + tally.leaks,
        seconds: sum.seconds + tally.seconds,
      }),
      { requests: 0, ok: 0, clientErrors: 0, serverErrors: 0, leaks: 0, seconds: 0 },
    );
    const line = (label: string, tally: Omit<Tally, 'examples' | 'refusals' | 'slowest'>): string =>
      `| ${label} | ${tally.requests} | ${tally.ok} | ${tally.clientErrors} | ${tally.serverErrors} | ${tally.leaks} | ${tally.seconds.toFixed(0)} |`;
    process.stdout.write(
      [
        `bad-input run against lore serve (auth required, tenant fuzz: order-service + order-contracts; tenant hidden: billing-service), seed ${options.seed}, ${seconds.toFixed(0)} s`,
        `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, load ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}, node ${process.version}`,
        '',
        '| door | requests | 2xx | 4xx | 5xx | leaks | seconds |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        ...rows.map(([label, tally]) => line(label, tally)),
        line('**total**', total),
        '',
        `server log (${served.logFile}): ${stackLines} stack-trace lines`,
        '',
        'schemathesis:',
        rest.schemathesis,
        '',
        ...rows
          .filter(([, tally]) => tally.slowest.ms > 0)
          .map(([label, tally]) => `${label} slowest: ${tally.slowest.ms.toFixed(0)} ms <- ${tally.slowest.what}`),
        ...rows.map(
          ([label, tally]) =>
            `${label} refusals: ${[...tally.refusals]
              .sort((a, b) => b[1] - a[1])
              .map(([refusal, count]) => `${refusal} x${count}`)
              .join(', ')}`,
        ),
        '',
        ...rows.flatMap(([label, tally]) =>
          tally.examples.length > 0 ? [`${label} findings:`, ...tally.examples.map((example) => `  ${example}`)] : [],
        ),
        '',
      ].join('\n'),
    );
    if (total.serverErrors > 0 || total.leaks > 0) process.exitCode = 1;
  } finally {
    await served.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
