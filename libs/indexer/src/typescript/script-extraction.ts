// TypeScript and JavaScript extraction: the first pass and module linking when called, the exact pass when asked for.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { Extraction, ExtractionInput } from '../extractor';
import type { SourceFile as RepoFile } from '../repository-files';
import { resolveExactly, takeWarmProgram } from './exact-pass';
import { readScripts } from './first-pass';
import { linkScripts, RepositoryModules, resolveBySyntax } from './module-linking';
import { packageReferences } from './package-references';
import { EXACT_PASS_VERSION, FIRST_PASS_VERSION, ownPath, tooDeep, type ResolvedHeritage, type ResolvedSite } from './script-model';
import { warmKey, type WarmProgram } from './warm-program';

/**
 * Extracts symbols, calls and imports from TypeScript and JavaScript with the TypeScript compiler,
 * in two passes. The first reads syntax only: symbols, imports, and calls resolved through each
 * file's declarations and imports, followed across re-exports (`import`), else a unique name
 * (`name`); a file whose content did not change since the last run is not parsed, its first pass is
 * taken from the cache. That is what makes a repository queryable. The second, `resolveExactly`,
 * builds the whole program (reusing the first pass's trees, parsing the rest), type-checks it and
 * resolves every call again with the checker: `exact` when the project has a tsconfig or jsconfig
 * (the compiler sees the project as it is built), `import` when it does not; sites it cannot resolve
 * fall back to a unique name (`name`) or a few candidates (`ambiguous`).
 */
export function extractScripts(input: ExtractionInput): Extraction {
  const { rootPath } = input;
  const { options, hasConfig } = compilerOptionsFor(rootPath);
  const byAbsolute = new Map(input.files.map((file) => [join(rootPath, file.path), file]));
  const key = warmKey({ tenantId: input.tenantId, repositoryId: input.repositoryId, rootPath, options });
  const warm = takeWarmProgram(key);
  const { host, parsed, unparsable } = parsingHost(rootPath, options, byAbsolute, warm);
  // Files whose content did not change since the last run come from the cache; only the others are parsed.
  const firstPassCache = input.cache?.(`typescript-first-pass@${FIRST_PASS_VERSION}/${ts.version}`);
  // The exact pass's answers hold for one set of compiler options and installed packages: the key says which.
  const exactCache = input.cache?.(
    `typescript-exact@${EXACT_PASS_VERSION}/${ts.version}/${createHash('sha256').update(key).digest('hex')}`,
  );
  const firstPass = readScripts(input, host, options, firstPassCache, unparsable);
  const modules = new RepositoryModules(input, key, options, host, byAbsolute);
  const linked = linkScripts(input, firstPass.outcomes, modules);
  const syntactic = resolveBySyntax(linked);
  return {
    symbols: linked.symbols,
    calls: syntactic.calls,
    imports: linked.imports,
    inheritance: syntactic.inheritance,
    skipped: linked.skipped,
    externalReferences: packageReferences(input, firstPass.outcomes, modules, linked),
    resolveExactly: async () => {
      try {
        return resolveExactly({
          input,
          options,
          hasConfig,
          host,
          key,
          warm,
          byAbsolute,
          parsed,
          firstPass,
          modules,
          linked,
          cache: exactCache,
        });
      } catch (error) {
        // The binder and checker recurse too; when they give up, the syntactic answer stands, said so.
        return { ...syntactic, skipped: [{ path: '.', reason: `${tooDeep(error, 'type-check')}: calls stay resolved by scope and name` }] };
      }
    },
  };
}

/**
 * A compiler host that parses each of the repository's files once: the typed pass reuses the trees of
 * the first, and of the last run in this process for files whose content did not change. Trees are
 * parsed without parent pointers, as tsc parses them: the first pass sets them as it walks
 * (walkPreorder), and the binder where the first pass did not walk. `unparsable` says why a file has no tree.
 */
function parsingHost(
  rootPath: string,
  options: ts.CompilerOptions,
  byAbsolute: ReadonlyMap<string, RepoFile>,
  warm: WarmProgram<ResolvedSite, ResolvedHeritage> | null,
): { host: ts.CompilerHost; parsed: Map<string, ts.SourceFile>; unparsable: Map<string, string> } {
  const host = ts.createCompilerHost(options);
  const parsed = new Map<string, ts.SourceFile>();
  const unparsable = new Map<string, string>();
  const defaultGetSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const own = byAbsolute.get(fileName);
    if (own?.text == null) {
      // The standard library and installed packages: unchanged while the warm key holds.
      const kept = ownPath(rootPath, fileName) ? undefined : warm?.outside.get(fileName);
      return kept ?? defaultGetSourceFile(fileName, languageVersion, onError, shouldCreate);
    }
    let sourceFile = parsed.get(fileName);
    const kept = warm?.files.get(own.path);
    if (!sourceFile && kept?.contentHash === own.contentHash) parsed.set(fileName, (sourceFile = kept.sourceFile));
    if (!sourceFile && !unparsable.has(fileName)) {
      try {
        sourceFile = ts.createSourceFile(fileName, own.text, languageVersion, false, scriptKindOf(fileName));
        parsed.set(fileName, sourceFile);
      } catch (error) {
        // The parser recurses per level of nesting: a deep enough file exhausts the stack.
        unparsable.set(fileName, tooDeep(error, 'parse'));
      }
    }
    return sourceFile;
  };
  return { host, parsed, unparsable };
}

function compilerOptionsFor(rootPath: string): { options: ts.CompilerOptions; hasConfig: boolean } {
  const configPath = ['tsconfig.json', 'jsconfig.json'].map((name) => join(rootPath, name)).find((path) => existsSync(path));
  let options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  if (configPath) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      {
        ...ts.sys,
        // Options only: the files come from the repository's listing, not from the config's globs.
        readDirectory: () => [],
        onUnRecoverableConfigFileDiagnostic: () => undefined,
      },
    );
    if (parsed) options = parsed.options;
  }
  return {
    hasConfig: configPath !== undefined,
    // We read, never build: no emit, and JavaScript is part of the picture.
    options: {
      ...options,
      noEmit: true,
      allowJs: true,
      checkJs: false,
      skipLibCheck: true,
      composite: false,
      incremental: false,
      declaration: false,
    },
  };
}

function scriptKindOf(fileName: string): ts.ScriptKind {
  if (/\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}
