import type { LanguageExtractor } from '../extractor';

/**
 * Everything Lore knows about one language family, in its own folder `languages/<folder>/`, whose
 * `<folder>.language.ts` exports this object. The indexer finds the folders (language-registry.ts):
 * no list names them. The files of each id are read by the folder's extractor; the analysis, the
 * documentation checks and the cross-repository links ask the same object (through `@lore/indexer`,
 * or given by the knowledge layer to the graph, which may not import the indexer) how the language
 * is written. What a folder's extractor does (symbols, imports, calls, tests, complexity) is
 * written in its extractor's and model's comments.
 */
export interface LanguageDefinition {
  /** The language ids this folder reads, as files and symbols carry them (TypeScript's folder reads 'typescript' and 'javascript'). */
  readonly languages: readonly LanguageId[];
  /** Made once per process, on first use (language-registry.ts). */
  createExtractor(): LanguageExtractor;
  /** The paths of this ecosystem's test files (beside the folders every ecosystem calls tests: `tests/`, `__tests__/`, `spec/`). */
  readonly testPath: RegExp;
  /** How doc comments are written, for the documentation checks that read them in a file's text. */
  readonly docComments: DocCommentStyle;
  /** How a declaration's header reads: documentation checks read its parameters and return type with this syntax. */
  readonly headerSyntax: HeaderSyntax;
  /** The names a constructor has (LCOM4 leaves constructors out); `'<class>'` stands for the class's own name. */
  readonly constructorNames: readonly string[];
  /** Members declare `public`/`private`/`protected` and `static` on themselves (documentation checks can settle those claims). */
  readonly memberModifiers: boolean;
  /** Functions can be declared `async` (an `is_async` claim is settled from the header). */
  readonly asyncFunctions: boolean;
  /** The packages other repositories name this code by (cross-repository links); absent when there are none. */
  readonly packages?: PackageEcosystem;
}

export interface LanguageId {
  /** The id files and symbols carry ('go'). */
  readonly id: string;
  /** File extensions, lower case, with the dot. */
  readonly extensions: readonly string[];
  /** Interpreters a `#!` line names that make a file without an extension this language ('python3'). */
  readonly shebangs?: readonly string[];
  /** The tree-sitter grammar the files of this id are parsed with (absent: the extractor parses with its own compiler). */
  readonly grammar?: GrammarPackage;
  /** The MIME type a file of this language is served with. */
  readonly mime: string;
  /** The Markdown fence name of a code block in this language. */
  readonly fence: string;
  /**
   * Calls are resolved from declared types or by a compiler, so that a symbol no strong path
   * reaches is dead with high confidence (JavaScript's and Python's calls are guessed more often).
   */
  readonly staticCalls: boolean;
}

/** A tree-sitter grammar: its npm package and the `.wasm` file at the package's root (loaded offline, tree-sitter.ts). */
export interface GrammarPackage {
  readonly packageName: string;
  readonly wasm: string;
}

/**
 * `block`: `/** ... *\/` (JSDoc, Javadoc); `docstring`: Python's; `line-above`: the `//` lines right
 * above a declaration (Go); `doxygen`: `/** ... *\/` blocks and `///` lines (C, C++); `dash-lines`: the
 * runs of `--` lines that hold a `---` line (Lua's LDoc and LuaLS annotations); `hash-above`: the `#`
 * lines right above a function (Bash).
 */
export type DocCommentStyle = 'block' | 'docstring' | 'line-above' | 'doxygen' | 'dash-lines' | 'hash-above';

/**
 * `script`: `name: Type` and `): Result` (TypeScript); `python`: `name: Type` and `-> Result`;
 * `type-first`: `Type name` with the result before the name (Java, C); `go`: `name Type` and the
 * result after the parameters.
 */
export type HeaderSyntax = 'script' | 'python' | 'type-first' | 'go';

/** An ecosystem of packages (the part of a package key before the colon) and how its modules are laid out. */
export interface PackageEcosystem {
  readonly ecosystem: string;
  /** `directory`: a module is one directory (a Go or Java package); `tree`: the files under the package's root. */
  readonly modules: 'directory' | 'tree';
}
