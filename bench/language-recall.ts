/**
 * Definitions recall against universal-ctags, per language, on real repositories nobody here
 * wrote (issue 45 item 4): for each set, ctags' definitions of the kinds Lore extracts (functions,
 * classes, structs, unions, enums, namespaces, typedefs, members), and how many of them Lore stores:
 * a symbol of the same name in the same file whose lines hold the tag's line. Also Lore's index
 * time and the process's peak RSS. Debian's `universal-ctags` (`apt-get install -y universal-ctags`).
 *
 *   npm run bench:language-recall -- [set name...] [--misses]
 *
 * (--misses prints every tag Lore does not store, to see what a language folder misses.)
 *
 * A set's repository is read from bench/.repos/<name>, checked out at the set's commit (the script
 * says how when it is not). The sets are frozen once measured: add a row, never move one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { Query } from 'web-tree-sitter';
import { parserFor, parseText } from '@lore/languages';
import { dartParsedText } from '@lore/languages/languages/dart/dart-parsed-text';
import { swiftParsedText } from '@lore/languages/languages/swift/swift-parsed-text';
import { readRepository } from '@lore/indexer';

interface RecallSet {
  /** bench/.repos/<name>. */
  name: string;
  /** The Lore language ids whose symbols are compared. */
  languages: readonly string[];
  repository: string;
  commit: string;
  /** What is compared: these paths of the repository (files or folders). */
  paths: readonly string[];
  /** ctags' language names and the kinds compared, as `--kinds-<language>=` letters. */
  ctags?: Readonly<Record<string, string>>;
  /** More ctags options: which files its parser reads, where the set's language has files ctags does not map by default. */
  ctagsOptions?: readonly string[];
  /** For a language this ctags has no parser for: the grammar authors' own tags query is the reference (grammarTags). */
  grammarTags?: GrammarTags;
  /**
   * Tags that are not definitions, left out of the reference and counted apart: where ctags'
   * parser tags what is not declared there (a generic constraint, a parameter, a comparison).
   */
  notDefinition?: (tag: Tag, line: string) => boolean;
  /** ctags' name as Lore stores it, when a language names some symbols otherwise (`Type.constructor`). */
  loreName?: (tag: Tag) => string;
}

/**
 * A reference from a grammar's `queries/tags.scm` (GitHub's code navigation): each `@name` under a
 * `@definition.<kind>` capture is a tag of that kind on the name's line. It parses with the grammar
 * Lore parses with, so it measures what Lore's walk keeps of what the grammar reads, not the
 * grammar itself; files the grammar cannot parse are counted apart (skipped).
 */
interface GrammarTags {
  /** The Lore language id whose grammar parses the files. */
  grammar: string;
  /** The query file, under bench/.repos (a grammar repository checked out at a frozen commit). */
  query: string;
  /** The grammar repository's commit, frozen with the set. */
  queryCommit: string;
  extensions: readonly string[];
  /** The text the grammar is given, as the language folder gives it. */
  parsedText?: (text: string) => string;
  /** Node types of bodies: a tag inside one is a local (its scopeKind is `method`). */
  bodies: ReadonlySet<string>;
}

const C_KINDS = 'fgmstu';
const CPP_KINDS = 'cfgmnstu';

/** Rust: impl blocks (`implementation`) are not symbols, their methods are; ctags' `variable` tags misread `&'static str` as `str`. */
const RUST_KINDS = 'MPefgimnst';
/** C#: classes, structs, interfaces, enums and members, namespaces, methods (constructors among them), properties, fields, events. */
const CSHARP_KINDS = 'Ecefgimnps';
/** Ruby: classes, modules, methods, singleton methods, constants, attribute accessors. */
const RUBY_KINDS = 'ACScfm';
/** PHP: classes, interfaces, traits, enums (classes to ctags), functions and methods, namespaces, constants, properties; not `use` aliases. */
const PHP_KINDS = 'cdfintv';
/** Kotlin: classes, interfaces, objects, functions and methods, packages, type aliases, `val` and `var` properties. */
const KOTLIN_KINDS = 'CTcimopv';

const SETS: readonly RecallSet[] = [
  {
    name: 'cJSON',
    languages: ['c'],
    repository: 'DaveGamble/cJSON',
    commit: 'a29814f285cc531c00223743ad3c55cd38c0dc56',
    paths: ['cJSON.c', 'cJSON.h', 'cJSON_Utils.c', 'cJSON_Utils.h', 'tests', 'fuzzing'],
    ctags: { C: C_KINDS },
  },
  {
    name: 'leveldb',
    languages: ['c', 'cpp'],
    repository: 'google/leveldb',
    commit: '78a352f47ed6c1e9d750545e9b242289185b87e1',
    paths: ['db', 'table', 'util', 'include', 'helpers', 'port'],
    ctags: { 'C++': CPP_KINDS, C: C_KINDS },
  },
  {
    name: 'ripgrep',
    languages: ['rust'],
    repository: 'BurntSushi/ripgrep',
    commit: '3fce3b5bb0236da2df6d99672afb8a719642eca7',
    paths: ['crates', 'tests', 'build.rs'],
    ctags: { Rust: RUST_KINDS },
  },
  {
    name: 'MediatR',
    languages: ['csharp'],
    repository: 'jbogard/MediatR',
    commit: '8a64581e2570e7410c5f44835d9ea112beccbe6b',
    paths: ['src', 'test', 'samples'],
    ctags: { 'C#': CSHARP_KINDS },
    // ctags tags `where T : INotification` as an interface and constructor parameters as fields.
    notDefinition: (tag, line) =>
      tag.kind !== 'method' &&
      tag.kind !== 'class' &&
      (/\bwhere\b/.test(line) || new RegExp(`\\([^)]*\\b${tag.name}\\b[^(]*\\)`).test(line)),
  },
  {
    name: 'rack',
    languages: ['ruby'],
    repository: 'rack/rack',
    commit: '8bf4eb078498edc9105fb04add80d89c5340e60b',
    paths: ['lib', 'test'],
    ctags: { Ruby: RUBY_KINDS },
    // ctags tags a constant where it is compared or used as a hash key (`CHUNKED == x`, `CONTENT_LENGTH => '0'`).
    notDefinition: (tag, line) => tag.kind === 'constant' && !new RegExp(`\\b${tag.name}\\s*(=[^=>~]|\\|\\|=)`).test(line),
    // `attr_accessor :x` is one property `x`; ctags tags its writer `x=` too.
    loreName: (tag) => (tag.kind === 'accessor' ? tag.name.replace(/=$/, '') : tag.name),
  },
  {
    name: 'guzzle',
    languages: ['php'],
    repository: 'guzzle/guzzle',
    commit: '2779e868a00289e1b1fd854af030c43a06f4bcb4',
    paths: ['src', 'tests'],
    ctags: { PHP: PHP_KINDS },
    // ctags tags a closure's or a function's local (`$handler = ...`, `return $value;`) as a variable: only properties are declared.
    notDefinition: (tag, line) =>
      tag.kind === 'variable' && !/^\/\^\s*(?:(?:public|protected|private|var|static|readonly)\s+)+(?:[?\\\w|]+\s+)?\$/.test(line),
  },
  {
    name: 'kotlinx-datetime',
    languages: ['kotlin'],
    repository: 'Kotlin/kotlinx-datetime',
    commit: 'c006a0f07dc129d8afa3760f3f4c01c6bd2d2296',
    paths: ['core/common', 'core/commonKotlin', 'core/jvm'],
    ctags: { Kotlin: KOTLIN_KINDS },
    // ctags tags each lambda `<lambda>` (Lore names it by what it is bound to), a lambda's parameters and a `for` loop's variables
    // as methods, and a function's locals as constants and variables (under the package when it loses the function: an indented line).
    notDefinition: (tag, line) =>
      tag.name === '<lambda>' ||
      (tag.kind === 'method' &&
        (new RegExp(`\\bfor\\s*\\(\\s*\\(?[^)]*\\b${tag.name}\\b`).test(line) ||
          new RegExp(`\\{\\s*\\(?[\\w\\s,:<>?]*\\b${tag.name}\\b[\\w\\s,:<>?)]*->`).test(line))) ||
      (tag.kind === 'method' &&
        (tag.scope ?? '').endsWith('<lambda>') &&
        !new RegExp(`\\bfun\\s+(?:[\\w.<>]+\\.)?${tag.name}\\b`).test(line)) ||
      ((tag.kind === 'constant' || tag.kind === 'variable') &&
        (tag.scopeKind === 'method' || (tag.scopeKind === 'package' && /^\/\^\s/.test(line)))),
  },
  {
    name: 'swift-argument-parser',
    languages: ['swift'],
    repository: 'apple/swift-argument-parser',
    commit: '2f77f2fccb6e84fecff338c37b199e33e7dfd119',
    paths: ['Sources', 'Tests', 'Examples', 'Plugins', 'Tools'],
    // This universal-ctags (Debian's 5.9) has no Swift parser: tree-sitter-swift 0.7.1's own tags query is the reference.
    grammarTags: {
      grammar: 'swift',
      query: 'tree-sitter-swift/queries/tags.scm',
      queryCommit: '7c2f26b5dce12e82ef2bd932a883ef514ae566b8',
      extensions: ['.swift'],
      parsedText: swiftParsedText,
      bodies: new Set(['function_body', 'lambda_literal', 'computed_property', 'statements']),
    },
    // The query tags a function's `let`/`var` locals as properties.
    notDefinition: (tag) => tag.kind === 'property' && tag.scopeKind === 'method',
    // The query names a subscript after its parameters; Lore stores it `subscript`.
    loreName: (tag) => (tag.kind === 'method' && /\bsubscript\s*[(<]/.test(tag.pattern) ? 'subscript' : tag.name),
  },
  {
    name: 'plenary.nvim',
    languages: ['lua'],
    repository: 'nvim-lua/plenary.nvim',
    commit: 'b9fd5226c2f76c951fc8ed5923d85e4de065e509',
    paths: ['lua', 'tests', 'scripts', 'data'],
    ctags: { Lua: 'f' },
    notDefinition: luaNotDefinition,
    loreName: luaLoreName,
  },
  {
    name: 'luarocks',
    languages: ['lua'],
    repository: 'luarocks/luarocks',
    commit: '2d2cc8eff2f03c23d142f8059146fb241dcf56b5',
    paths: ['src', 'spec', 'vendor', 'win32'],
    ctags: { Lua: 'f' },
    notDefinition: luaNotDefinition,
    loreName: luaLoreName,
  },
  {
    name: 'bats-core',
    languages: ['bash'],
    repository: 'bats-core/bats-core',
    commit: 'd22e41faad59f5fd942a88c992b4913a27a460c4',
    paths: ['bin', 'lib', 'libexec', 'test', 'contrib', 'docker', 'install.sh', 'uninstall.sh', 'shellcheck.sh'],
    // Functions (ctags' Sh kinds: aliases, heredoc labels and script references are no definitions Lore stores).
    ctags: { Sh: 'f' },
    // libexec's commands have no extension, only a `#!` line: ctags reads them with -G as Lore does; `.bats` files are Bash to both;
    // a symlinked file is its target's (Lore indexes the target only).
    ctagsOptions: ['--map-Sh=+.bats', '-G', '--links=no'],
    // ctags reads an array's assignment `names=()` as a function `names=`, and `[[ ... != function ]]` as a function `]]`.
    notDefinition: (tag) => tag.name.endsWith('=') || tag.name === ']]',
  },
  {
    name: 'os-lib',
    languages: ['scala'],
    repository: 'com-lihaoyi/os-lib',
    commit: 'e237000cbd4d97a4c4463df43d64556130d2bc50',
    paths: ['os', 'build.mill'],
    // This universal-ctags (Debian's 5.9) has no Scala parser: tree-sitter-scala 0.24.0's own tags query is the reference.
    grammarTags: {
      grammar: 'scala',
      query: 'tree-sitter-scala/queries/tags.scm',
      queryCommit: '2d55e74b0485fe05058ffe5e8155506c9710c767',
      extensions: ['.scala', '.sc', '.mill'],
      bodies: new Set(['block', 'indented_block', 'lambda_expression', 'case_block']),
    },
    // The query tags a body's `val`/`var` locals (and a local class's parameters) as definitions.
    notDefinition: (tag) => (tag.kind === 'variable' || tag.kind === 'property') && tag.scopeKind === 'method',
  },
  {
    name: 'collection',
    languages: ['dart'],
    repository: 'dart-lang/collection',
    commit: '96afcc2fce622ea7e75053af5b73f8db07491bc4',
    paths: ['lib', 'test'],
    // Debian's universal-ctags 5.9 has no Dart parser: tree-sitter-dart's own tags query (81638db, the grammar the wasm is built from) is the reference.
    grammarTags: {
      grammar: 'dart',
      query: 'tree-sitter-dart/queries/tags.scm',
      queryCommit: '81638dbbdb76a0e88ea8c31b95ec76b9625ddb84',
      extensions: ['.dart'],
      parsedText: dartParsedText,
      bodies: new Set(['function_body']),
    },
    // The query names a setter as its getter; Lore stores it `name=`, beside the getter `name`.
    loreName: (tag) => (tag.kind === 'method' && new RegExp(`\\bset\\s+${tag.name}\\b`).test(tag.pattern) ? `${tag.name}=` : tag.name),
  },
];

/**
 * ctags' Lua parser (it knows functions only) reads lines, not syntax: it tags `~` in `if type(f) ~= "function"`,
 * `]` in `t[("x"):format(y)] = function`, and a table whose literal holds a function (`local t = { k = function`).
 * A definition's line says `function <name>(` or `<name> = function`.
 */
function luaNotDefinition(tag: Tag, line: string): boolean {
  if (!/^[\w"'[{]/.test(tag.name)) return true;
  const name = tag.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return !new RegExp(`\\bfunction\\s+${name}\\s*\\(|(^|[^\\w.:])${name}\\s*=\\s*function\\b`).test(line);
}

/**
 * ctags names a table's function `M.f` or `M:m`, Lore `f` and `m` under the table `M`; a field written
 * `["f"] = function` is `f`; a function stored by a computed key keeps its name as written (`t[k]`);
 * ctags' `{__call` (a field of a table literal that starts on its line) is `__call`.
 */
function luaLoreName(tag: Tag): string {
  const name = tag.name.replace(/^\{/, '').replace(/^\[\s*["'](.*)["']\s*\]$/, '$1');
  return name.endsWith(']') ? name : name.split(/[.:]/).pop()!;
}

/** What ctags calls a kind whose definitions are compared, by its letter (C and C++; other languages ask ctags, kindNames). */
const KIND_NAMES: Record<string, string> = {
  c: 'class',
  f: 'function',
  g: 'enum',
  m: 'member',
  n: 'namespace',
  s: 'struct',
  t: 'typedef',
  u: 'union',
};

interface Tag {
  name: string;
  path: string;
  line: number;
  kind: string;
  /** The tag's source line, as ctags' search pattern holds it. */
  pattern: string;
  /** The declaration the tag is inside (`a.b.f.<lambda>`) and its kind (`method` for a function's local), when ctags says. */
  scope?: string;
  scopeKind?: string;
}

/** A language's kind names by letter, as this ctags lists them. */
function kindNames(language: string): Record<string, string> {
  if (language === 'C' || language === 'C++') return KIND_NAMES;
  const names: Record<string, string> = {};
  for (const line of execFileSync('ctags', [`--list-kinds-full=${language}`], { encoding: 'utf8' })
    .split('\n')
    .slice(1)) {
    const [letter, name] = line.split(/\s+/);
    if (letter && name) names[letter] = name;
  }
  return names;
}

function ctagsTags(root: string, set: RecallSet): Tag[] {
  if (!set.ctags) return [];
  const languages = Object.keys(set.ctags);
  const args = [
    '--output-format=json',
    '--fields=+nKZ',
    `--languages=${languages.join(',')}`,
    // A `.h` header is C++ to ctags by default; Lore reads it as the repository's language, so the map follows the set.
    ...(set.languages.includes('cpp') ? [] : ['--map-C=+.h', '--map-C++=-.h']),
    ...languages.map((language) => `--kinds-${language}=${set.ctags![language]}`),
    ...(set.ctagsOptions ?? []),
    '-R',
    '-f',
    '-',
    ...set.paths,
  ];
  const output = execFileSync('ctags', args, { cwd: root, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  const wanted = new Set(
    Object.entries(set.ctags).flatMap(([language, letters]) => [...letters].map((letter) => kindNames(language)[letter]!)),
  );
  return (
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) =>
          JSON.parse(line) as {
            _type: string;
            name: string;
            path: string;
            line: number;
            kind: string;
            pattern?: string;
            scope?: string;
            scopeKind?: string;
          },
      )
      .filter((tag) => tag._type === 'tag' && wanted.has(tag.kind) && !tag.name.startsWith('__anon'))
      // ctags writes `operator ==`, Lore `operator==`.
      .map(({ name, path, line, kind, pattern, scope, scopeKind }) => ({
        name: name.replace(/\s+/g, ''),
        path,
        line,
        kind,
        pattern: pattern ?? '',
        scope,
        scopeKind,
      }))
  );
}

/** The tags of a grammar's own query over the set's files (GrammarTags). */
async function grammarTags(root: string, set: RecallSet, reference: GrammarTags): Promise<Tag[]> {
  const parser = await parserFor(reference.grammar);
  const query = new Query(parser.language!, readFileSync(resolve('bench/.repos', reference.query), 'utf8'));
  const files = execFileSync('git', ['-C', root, 'ls-files', '-z', '--', ...set.paths], { encoding: 'utf8' })
    .split('\0')
    .filter((path) => reference.extensions.some((extension) => path.endsWith(extension)));
  const tags: Tag[] = [];
  for (const path of files) {
    const text = readFileSync(join(root, path), 'utf8');
    const lines = text.split('\n');
    const tree = parseText(parser, reference.parsedText?.(text) ?? text);
    const seen = new Set<string>();
    for (const match of query.matches(tree.rootNode)) {
      const definition = match.captures.find((capture) => capture.name.startsWith('definition.'));
      for (const capture of match.captures) {
        if (capture.name !== 'name' || !definition) continue;
        const node = capture.node;
        const key = `${node.startIndex}:${definition.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        let local = false;
        for (let parent = node.parent; parent && !local; parent = parent.parent) local = reference.bodies.has(parent.type);
        tags.push({
          name: node.text.replace(/^`|`$/g, ''),
          path,
          line: node.startPosition.row + 1,
          kind: definition.name.slice('definition.'.length),
          pattern: lines[node.startPosition.row] ?? '',
          scopeKind: local ? 'method' : undefined,
        });
      }
    }
    tree.delete();
  }
  return tags;
}

/**
 * The name a tag of a stored symbol carries: a second nested body of a name is stored `name#2`,
 * a constructor `Type.constructor` (C#), both tagged by ctags under the plain name.
 */
function storedName(symbol: { name: string; qualifiedName: string }): string {
  if (symbol.name === 'constructor') return symbol.qualifiedName.split('.').slice(-2)[0]!;
  return symbol.name.replace(/#\d+$/, '');
}

async function measure(set: RecallSet, printMisses: boolean): Promise<void> {
  const root = resolve('bench/.repos', set.name);
  if (!existsSync(join(root, '.git'))) {
    console.log(
      `${set.name}: not checked out; git clone https://github.com/${set.repository} ${root} && git -C ${root} checkout ${set.commit}`,
    );
    return;
  }
  const head = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  if (head !== set.commit) throw new Error(`${set.name} is at ${head}, the set is frozen at ${set.commit}`);
  if (set.grammarTags) {
    const queryRoot = resolve('bench/.repos', set.grammarTags.query.split('/')[0]!);
    const queryHead = existsSync(join(queryRoot, '.git'))
      ? execFileSync('git', ['-C', queryRoot, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
      : 'not checked out';
    if (queryHead !== set.grammarTags.queryCommit)
      throw new Error(`${set.grammarTags.query}: ${queryHead}, the set's reference is frozen at ${set.grammarTags.queryCommit}`);
  }
  const tags = set.grammarTags ? await grammarTags(root, set, set.grammarTags) : ctagsTags(root, set);
  const started = performance.now();
  const reading = await readRepository(root, {
    tenantId: 'bench',
    repositoryId: set.name,
    maxFileBytes: 4 * 1024 * 1024,
    cacheDir: undefined,
  });
  const indexMs = performance.now() - started;
  const inPaths = (path: string) => set.paths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  const symbols = new Map<string, { startLine: number; endLine: number }[]>();
  const tests = new Map<string, { startLine: number }[]>();
  for (const symbol of reading.snapshot.symbols) {
    if (!set.languages.includes(symbol.language) || !inPaths(symbol.path)) continue;
    if (symbol.kind === 'test') tests.set(symbol.path, [...(tests.get(symbol.path) ?? []), symbol]);
    const key = `${symbol.path}\u0000${storedName(symbol)}`;
    symbols.set(key, [...(symbols.get(key) ?? []), symbol]);
  }
  const byKind = new Map<string, { tags: number; found: number; missed: string[] }>();
  let notDefinitions = 0;
  for (const tag of tags) {
    if (set.notDefinition?.(tag, tag.pattern)) {
      notDefinitions++;
      continue;
    }
    const name = set.loreName?.(tag) ?? tag.name;
    // ctags names a test macro's expansion after the macro (`TEST`), Lore after the test: a test on the tag's line matches.
    const found =
      (symbols.get(`${tag.path}\u0000${name}`) ?? []).some((symbol) => symbol.startLine <= tag.line && tag.line <= symbol.endLine) ||
      (tests.get(tag.path) ?? []).some((symbol) => symbol.startLine === tag.line);
    const row = byKind.get(tag.kind) ?? { tags: 0, found: 0, missed: [] };
    row.tags++;
    if (found) row.found++;
    else row.missed.push(`${tag.path}:${tag.line} ${tag.name}`);
    byKind.set(tag.kind, row);
  }
  const total = [...byKind.values()].reduce((sum, row) => ({ tags: sum.tags + row.tags, found: sum.found + row.found }), {
    tags: 0,
    found: 0,
  });
  const calls = reading.snapshot.calls.length;
  const skipped = reading.snapshot.skipped.filter((file) => inPaths(file.path)).length;
  console.log(
    `${set.name} (${set.repository}@${set.commit.slice(0, 12)}): recall ${(total.found / Math.max(1, total.tags)).toFixed(3)} ` +
      `(${total.found}/${total.tags}${notDefinitions ? `; ${notDefinitions} ctags tags that are not definitions left out` : ''}), ${calls} calls stored, ${skipped} files listed as skipped, index ${(indexMs / 1000).toFixed(1)} s, ` +
      `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
  if (printMisses) for (const row of byKind.values()) for (const missed of row.missed) console.log(`  missed ${missed}`);
  for (const [kind, row] of [...byKind].sort(([a], [b]) => (a < b ? -1 : 1)))
    console.log(
      `  ${kind.padEnd(10)} ${(row.found / row.tags).toFixed(3)} (${row.found}/${row.tags})${row.missed.length ? `  missed e.g. ${row.missed.slice(0, 3).join('; ')}` : ''}`,
    );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.filter((arg) => !arg.startsWith('--'));
  for (const set of SETS) if (only.length === 0 || only.includes(set.name)) await measure(set, args.includes('--misses'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
