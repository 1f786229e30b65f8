// The exact pass's questions asked of TypeScript 7's native checker (npm typescript-native, an alias of typescript@7): a Go process spoken to over stdio.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import ts from 'typescript';
import { SyntaxKind, type Node as NativeNode } from 'typescript-native/unstable/ast';
import {
  isCallExpression,
  isExpressionWithTypeArguments,
  isNewExpression,
  isPropertyAccessExpression,
} from 'typescript-native/unstable/ast/is';
import {
  API,
  SymbolFlags,
  type Checker,
  type NodeHandle,
  type Project,
  type Snapshot,
  type Symbol as NativeSymbol,
} from 'typescript-native/unstable/sync';
import type { FileTrees } from './script-model';
import type { Resolution } from './warm-program';

/** The version of the native checker, part of the key its answers are kept under (they may differ from TypeScript 6's). */
export function nativeCheckerVersion(): string {
  const manifest = join(dirname(require.resolve('typescript-native/package.json')), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** A program to check: a project's config (or none: the repository's defaults), its options as the first pass read them, the files. */
export interface NativeProgram {
  /** The project's directory, absolute. */
  dir: string;
  /** The project's tsconfig or jsconfig, absolute; null: the default options. */
  configPath: string | null;
  options: ts.CompilerOptions;
  /** The files to check, absolute: the program's roots, as in the TypeScript 6 pass. */
  files: string[];
  /** Workspace imports (`@acme/core/money`) to the source files the indexer maps them to, absolute. */
  workspaceImports: ReadonlyMap<string, string>;
}

/** The checker's answers for one file, in the order of its trees' sites and heritage clauses. */
export interface NativeAnswers {
  sites: Resolution[];
  heritage: (string | undefined)[];
}

/** Declarations by position: the repository symbol uid of the TypeScript 6 node at a file's `pos`/`end`. */
export interface UidAtSpan {
  /** Whether a file is the repository's: only those are fetched from the native process to find a declaration's span. */
  owns(fileName: string): boolean;
  uidAt(fileName: string, pos: number, end: number): string | undefined;
}

/**
 * One native checker process for one exact pass, programs opened one at a time. Each program is a
 * config that exists only in this process (served through the API's file system callbacks): it
 * extends the project's own tsconfig, lists the pass's files as its roots and maps the workspace's
 * imports to source with `paths`, as the TypeScript 6 pass's host does through its module resolution,
 * which the native API does not let a client replace.
 */
export class NativeCheckerSession {
  private readonly api: API;
  private readonly virtualConfigs = new Map<string, string>();
  private snapshot: Snapshot | undefined;
  private opened: string | undefined;
  private programs = 0;

  constructor(rootPath: string) {
    this.api = new API({
      cwd: rootPath,
      tsserverPath: nativeExecutable(),
      fs: {
        readFile: (fileName) => this.virtualConfigs.get(fileName),
        fileExists: (fileName) => (this.virtualConfigs.has(fileName) ? true : undefined),
      },
    });
  }

  /**
   * The answers for each file's sites and heritage clauses, by path; throws when the program cannot
   * be loaded (the caller checks those files with TypeScript 6). A file the program does not hold is absent.
   */
  check(program: NativeProgram, files: ReadonlyMap<string, FileTrees>, uidAt: UidAtSpan): Map<string, NativeAnswers> {
    const project = this.open(program);
    const answers = new Map<string, NativeAnswers>();
    for (const [fileName, trees] of files) {
      const sourceFile = project.program.getSourceFile(fileName);
      if (!sourceFile) continue;
      answers.set(fileName, answersOf(project, sourceFile, trees, uidAt));
    }
    return answers;
  }

  close(): void {
    this.snapshot?.dispose();
    this.api.close();
  }

  private open(program: NativeProgram): Project {
    const configName = join(program.dir, `tsconfig.lore-native-${++this.programs}.json`);
    this.virtualConfigs.set(configName, JSON.stringify(virtualConfig(program)));
    const previous = this.snapshot;
    this.snapshot = this.api.updateSnapshot({ openProjects: [configName], closeProjects: this.opened ? [this.opened] : [] });
    previous?.dispose();
    if (this.opened) this.virtualConfigs.delete(this.opened);
    this.opened = configName;
    const project = this.snapshot.getProject(configName);
    if (!project) throw new Error(`TypeScript 7 loaded no project for ${program.configPath ?? program.dir}`);
    return project;
  }
}

/** The platform package's binary, named as the alias's own lookup would find it, without its `import.meta`. */
function nativeExecutable(): string {
  const packageJson = require.resolve(`@typescript/typescript-${process.platform}-${process.arch}/package.json`);
  return join(dirname(packageJson), 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
}

/** The options the TypeScript 6 pass gives its programs, over the project's own: read, never build. */
function virtualConfig(program: NativeProgram): object {
  const paths: Record<string, string[]> = {};
  // The project's own `paths` stay, absolute (the virtual config's replace its parent's).
  const base = program.options.pathsBasePath ?? program.options.baseUrl ?? program.dir;
  for (const [pattern, targets] of Object.entries(program.options.paths ?? {}))
    paths[pattern] = targets.map((target) => (isAbsolute(target) ? target : join(String(base), target)));
  for (const [specifier, file] of program.workspaceImports) paths[specifier] ??= [file];
  const compilerOptions: Record<string, unknown> = {
    noEmit: true,
    allowJs: true,
    checkJs: false,
    skipLibCheck: true,
    composite: false,
    incremental: false,
    declaration: false,
    ...(Object.keys(paths).length > 0 ? { paths } : {}),
  };
  // Without a config the repository's defaults (compilerOptionsOf's).
  if (program.configPath === null) Object.assign(compilerOptions, { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext' });
  return {
    ...(program.configPath === null ? {} : { extends: program.configPath }),
    compilerOptions,
    files: program.files,
    include: [],
    references: [],
  };
}

/** A native tree's nodes by span: the TypeScript 6 trees' nodes are found in it by `pos` and `end`, which both count in UTF-16. */
function nodesBySpan(sourceFile: NativeNode): Map<string, NativeNode[]> {
  const bySpan = new Map<string, NativeNode[]>();
  const visit = (node: NativeNode): undefined => {
    const key = `${node.pos}:${node.end}`;
    const nodes = bySpan.get(key);
    if (nodes) nodes.push(node);
    else bySpan.set(key, [node]);
    node.forEachChild(visit);
    return undefined;
  };
  sourceFile.forEachChild(visit);
  return bySpan;
}

/**
 * One file's answers, as resolveWithChecker and heritageTarget give them with TypeScript 6: the
 * callee's symbol first (all of a file's asked in one request), the resolved signature only where
 * the symbol's declarations name several repository symbols or none.
 */
function answersOf(project: Project, sourceFile: NativeNode, trees: FileTrees, uidAt: UidAtSpan): NativeAnswers {
  const { checker } = project;
  const bySpan = nodesBySpan(sourceFile);
  const at = (node: ts.Node, accept: (candidate: NativeNode) => boolean): NativeNode | undefined =>
    bySpan.get(`${node.pos}:${node.end}`)?.find(accept);
  const calls = trees.sites.map(({ node }) => at(node, (candidate) => isCallExpression(candidate) || isNewExpression(candidate)));
  const targets = calls.map((call) => {
    if (!call || !(isCallExpression(call) || isNewExpression(call))) return undefined;
    return isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;
  });
  const expressions = trees.heritage.map(({ expression }) =>
    at(expression, (candidate) => candidate.parent !== undefined && isExpressionWithTypeArguments(candidate.parent)),
  );
  const symbols = symbolsAt(checker, [...targets, ...expressions]);
  const uidOf = (handle: NodeHandle): string | undefined => {
    if (!uidAt.owns(handle.path)) return undefined;
    const declaration = handle.resolve(project);
    return declaration ? uidAt.uidAt(handle.path, declaration.pos, declaration.end) : undefined;
  };
  const sites = trees.sites.map((site, i): Resolution => {
    const call = calls[i];
    if (!call) return { kind: 'unknown' };
    const symbol = aliased(checker, symbols[i]);
    const declarations = symbol?.declarations ?? [];
    const uids = new Set<string>();
    for (const declaration of declarations) {
      const uid = uidOf(declaration);
      if (uid) uids.add(uid);
    }
    if (uids.size === 1) return { kind: 'repository', uid: [...uids][0]! };
    // A union's or intersection's property: the first uid in sorted order, as resolveWithChecker answers with TypeScript 6.
    if (uids.size > 1 && symbol!.flags & SymbolFlags.Transient) return { kind: 'repository', uid: [...uids].sort()[0]! };
    let signatureDeclaration: NodeHandle | undefined;
    if (ts.isCallExpression(site.node) && (uids.size > 1 || declarations.length === 0)) {
      const declaration = checker.getResolvedSignature(call)?.declaration;
      signatureDeclaration = declaration && declaration.kind !== SyntaxKind.JSDocSignature ? declaration : undefined;
      const uid = signatureDeclaration && uidOf(signatureDeclaration);
      if (uid) return { kind: 'repository', uid };
    }
    if (uids.size > 1) return { kind: 'repository', uid: [...uids].sort()[0]! };
    return declarations.length > 0 || signatureDeclaration !== undefined ? { kind: 'external' } : { kind: 'unknown' };
  });
  const heritage = trees.heritage.map((_, i) => {
    const symbol = aliased(checker, symbols[targets.length + i]);
    return symbol?.declarations.map(uidOf).find((uid) => uid !== undefined);
  });
  return { sites, heritage };
}

/** Each node's symbol in one request; a node not found in the native tree has none. */
function symbolsAt(checker: Checker, nodes: readonly (NativeNode | undefined)[]): (NativeSymbol | undefined)[] {
  const present = nodes.filter((node): node is NativeNode => node !== undefined);
  const found = present.length > 0 ? checker.getSymbolAtLocation(present) : [];
  let next = 0;
  return nodes.map((node) => (node === undefined ? undefined : found[next++]));
}

function aliased(checker: Checker, symbol: NativeSymbol | undefined): NativeSymbol | undefined {
  if (!symbol || !(symbol.flags & SymbolFlags.Alias)) return symbol;
  const target = checker.getAliasedSymbol(symbol);
  return checker.isUnknownSymbol(target) ? undefined : target;
}
