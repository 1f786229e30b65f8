// The exact pass's questions asked of TypeScript 7's native checker (npm typescript-native, an alias of typescript@7): a Go process spoken to over stdio.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import ts from 'typescript';
import {
  SyntaxKind,
  type CallExpression,
  type JsxOpeningElement,
  type JsxSelfClosingElement,
  type NewExpression,
  type Node as NativeNode,
} from 'typescript-native/unstable/ast';
import {
  isCallExpression,
  isExpressionWithTypeArguments,
  isJsxOpeningElement,
  isJsxSelfClosingElement,
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
  /** Which of the project's programs (see programParts), from 0: each stays open under its own config. */
  part: number;
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
 * Programs a session keeps open at most, the least recently checked closed beyond: the process's
 * memory grows with each (zod's 8 held 0.66 GiB after a run; with 16, prisma's process peaked at
 * 2.9 GiB against 1 GiB with one; docs/benchmarks.md). A repository of more (prisma's 88) reopens
 * the closed ones a change reaches, as every program was reopened before.
 */
const MAX_OPEN_PROGRAMS = 8;

/**
 * One native checker process, its programs kept open. Each program is a config that exists only in
 * this process (served through the API's file system callbacks): it extends the project's own
 * tsconfig, lists the pass's files as its roots and maps the workspace's imports to source with
 * `paths`, as the TypeScript 6 pass's host does through its module resolution, which the native API
 * does not let a client replace. The process keeps what it read of every file between snapshots (it
 * watches nothing): a session kept for a repository's next run (see takeNativeSession) is told which
 * files changed since (noteFiles), and the next snapshot updates every open program with them, the
 * other files' trees and bindings taken as they are. Every project's program stays open (up to
 * MAX_OPEN_PROGRAMS): a change reaching several projects updates each, none is opened again.
 */
export class NativeCheckerSession {
  private readonly api: API;
  /** The open programs' configs by name, the least recently checked first. */
  private readonly virtualConfigs = new Map<string, string>();
  private snapshot: Snapshot | undefined;
  /** Each repository file's content hash as the process last read it, by absolute name. */
  private seen = new Map<string, string>();
  /** The files changed since the process last read them, for the next snapshot. */
  private pending: { changed: string[]; created: string[]; deleted: string[] } | undefined;
  /** Whether a request failed: what the process holds is then unknown, and the session is not kept. */
  failed = false;

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

  /** The repository's files as they are now (content hash by absolute name): those that differ from what the process read are read again. */
  noteFiles(files: ReadonlyMap<string, string>): void {
    const changes = { changed: [] as string[], created: [] as string[], deleted: [] as string[] };
    for (const [fileName, contentHash] of files) {
      const before = this.seen.get(fileName);
      if (before === undefined) changes.created.push(fileName);
      else if (before !== contentHash) changes.changed.push(fileName);
    }
    for (const fileName of this.seen.keys()) if (!files.has(fileName)) changes.deleted.push(fileName);
    this.seen = new Map(files);
    // Before the first snapshot the process has read nothing.
    if (!this.snapshot || changes.changed.length + changes.created.length + changes.deleted.length === 0) return;
    this.pending = {
      changed: [...(this.pending?.changed ?? []), ...changes.changed],
      created: [...(this.pending?.created ?? []), ...changes.created],
      deleted: [...(this.pending?.deleted ?? []), ...changes.deleted],
    };
  }

  /**
   * The answers for each file's sites and heritage clauses, by path; throws when the program cannot
   * be loaded (the caller checks those files with TypeScript 6). A file the program does not hold is absent.
   */
  check(program: NativeProgram, files: ReadonlyMap<string, FileTrees>, uidAt: UidAtSpan): Map<string, NativeAnswers> {
    try {
      const project = this.open(program);
      const answers = new Map<string, NativeAnswers>();
      for (const [fileName, trees] of files) {
        const sourceFile = project.program.getSourceFile(fileName);
        if (!sourceFile) continue;
        answers.set(fileName, answersOf(project, sourceFile, trees, uidAt));
      }
      return answers;
    } catch (error) {
      this.failed = true;
      throw error;
    }
  }

  close(): void {
    this.snapshot?.dispose();
    this.api.close();
  }

  /**
   * The program's project: the open one where its config and the files are as they were, else the
   * next snapshot's, which opens it (closing the least recently checked beyond MAX_OPEN_PROGRAMS) or
   * rewrites its config in place, and updates every open program with the files changed since.
   */
  /**
   * Whether the program of this project's directory and part is open: a pass checks those first, so
   * that a change reaching more programs than are kept open reopens only the rest. Checked in the
   * same order each run, the least recently checked would be the next one needed: every program
   * would be closed before it was checked again.
   */
  isOpen(program: Pick<NativeProgram, 'dir' | 'part'>): boolean {
    return this.virtualConfigs.has(configNameOf(program));
  }

  private open(program: NativeProgram): Project {
    const configName = configNameOf(program);
    const config = JSON.stringify(virtualConfig(program));
    const before = this.virtualConfigs.get(configName);
    // Last in the map: the most recently checked.
    this.virtualConfigs.delete(configName);
    this.virtualConfigs.set(configName, config);
    const pending = this.pending;
    if (this.snapshot && before === config && !pending) return this.projectOf(this.snapshot, program, configName);
    const opening = before === undefined;
    const closing = opening ? [...this.virtualConfigs.keys()].slice(0, Math.max(0, this.virtualConfigs.size - MAX_OPEN_PROGRAMS)) : [];
    const changed = [...(pending?.changed ?? []), ...(!opening && before !== config ? [configName] : [])];
    const snapshot = this.api.updateSnapshot({
      openProjects: opening ? [configName] : [],
      closeProjects: closing,
      fileChanges: { changed, created: pending?.created ?? [], deleted: pending?.deleted ?? [] },
    });
    this.pending = undefined;
    this.snapshot?.dispose();
    for (const closed of closing) this.virtualConfigs.delete(closed);
    this.snapshot = snapshot;
    return this.projectOf(snapshot, program, configName);
  }

  private projectOf(snapshot: Snapshot, program: NativeProgram, configName: string): Project {
    const project = snapshot.getProject(configName);
    if (!project) throw new Error(`TypeScript 7 loaded no project for ${program.configPath ?? program.dir}`);
    return project;
  }
}

/** The config a program is opened under: in its project's directory, so that relative paths in it resolve as the project's own. */
function configNameOf(program: Pick<NativeProgram, 'dir' | 'part'>): string {
  return join(program.dir, program.part === 0 ? 'tsconfig.lore-native.json' : `tsconfig.lore-native-${program.part + 1}.json`);
}

/**
 * The repository's manifests and TypeScript configs as they are now (a digest of their contents):
 * what module resolution reads besides the source files, which the process keeps as it first read
 * them. A kept session of another shape is not taken.
 */
export function projectShape(rootPath: string, paths: Iterable<string>): string {
  const digest = createHash('sha256');
  for (const path of [...paths].sort()) {
    const name = basename(path);
    if (name !== 'package.json' && !/^[jt]sconfig.*\.json$/.test(name)) continue;
    let text: string;
    try {
      text = readFileSync(join(rootPath, path), 'utf8');
    } catch {
      text = '';
    }
    digest.update(`${path}\0${text}\0`);
  }
  return digest.digest('hex');
}

/** The session kept after a repository's exact pass for its next run in this process (one repository at a time, as the warm program). */
let keptSession: { key: string; session: NativeCheckerSession } | null = null;

/**
 * The session kept for this key (the repository, its options, installed packages and project shape:
 * see the caller), taken, not shared: a run that fails leaves none half-updated; a new one otherwise,
 * the kept one of another key closed (its process and the program it holds).
 */
export function takeNativeSession(key: string, rootPath: string): NativeCheckerSession {
  const kept = keptSession;
  keptSession = null;
  if (kept?.key === key) return kept.session;
  kept?.session.close();
  return new NativeCheckerSession(rootPath);
}

/**
 * Ends a run's use of its session: kept open for the next run of the same key (the process ends
 * with this one's: the API kills it on exit), or closed when there is no key or a request failed.
 */
export function releaseNativeSession(session: NativeCheckerSession, key: string | null): void {
  if (key === null || session.failed) {
    session.close();
    return;
  }
  keptSession?.session.close();
  keptSession = { key, session };
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
  const calls = trees.sites.map(({ node }) => at(node, isCallNode));
  const targets = calls.map((call) => {
    if (!call || !isCallNode(call)) return undefined;
    const callee = isCallExpression(call) || isNewExpression(call) ? call.expression : call.tagName;
    return isPropertyAccessExpression(callee) ? callee.name : callee;
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

/** The native tree's node of a call site (script-model's CallNode): a call, a `new`, or a component's JSX element. */
function isCallNode(node: NativeNode): node is CallExpression | NewExpression | JsxOpeningElement | JsxSelfClosingElement {
  return isCallExpression(node) || isNewExpression(node) || isJsxOpeningElement(node) || isJsxSelfClosingElement(node);
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
