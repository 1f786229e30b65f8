import type { SymbolRow } from '@lore/domain';
import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { TypedCallable, TypedSite, TypedType } from '../../tree-sitter/typed-values';

/** What the Rust walk reads off each file and the resolver follows across files: modules, items, impls, uses, call sites. */

/**
 * What counts in a Rust body (docs/analysis.md): cyclomatic 1 + `if`, `while`, `for`, each arm of
 * a `match` but the wildcard `_`, each `&&` and `||`; cognitive +1 + nesting for `if`, `while`,
 * `for`, `loop` and `match`, +1 for each `else` (an `else if` also counts its `if`, nested), +1
 * per run of `&&` or `||`. Closures and nested `fn` items are bodies of their own.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set(['function_item', 'closure_expression']),
  decisions: new Set(['if_expression', 'while_expression', 'for_expression', 'match_arm', '&&', '||']),
  decides: (node) => node.type !== 'match_arm' || node.childForFieldName('pattern')?.text !== '_',
  nesting: new Set(['if_expression', 'while_expression', 'for_expression', 'loop_expression', 'match_expression']),
  flat: new Set(['else_clause']),
  logicalOperator: (node) => {
    if (node.type !== 'binary_expression') return null;
    const operator = node.childForFieldName('operator')?.type;
    return operator === '&&' || operator === '||' ? operator : null;
  },
  blocks: new Set(['block', 'declaration_list']),
  identifiers: new Set(['identifier', 'field_identifier', 'type_identifier', 'shorthand_field_identifier', 'primitive_type']),
  literals: new Set(['string_literal', 'raw_string_literal', 'char_literal', 'integer_literal', 'float_literal', 'boolean_literal']),
  comments: new Set(['line_comment', 'block_comment']),
};

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'mod_item',
  'use_declaration',
  'function_item',
  'function_signature_item',
  'struct_item',
  'union_item',
  'enum_item',
  'trait_item',
  'impl_item',
  'type_item',
  'const_item',
  'static_item',
  'macro_definition',
  'associated_type',
  'closure_expression',
  'call_expression',
  'macro_invocation',
  'struct_expression',
  'let_declaration',
  // `self.x`: field access (FieldAccess).
  'field_expression',
];

/** Attributes that make a function a test: `#[test]`, `#[tokio::test]`, `#[rstest]`, `#[test_case(..)]`, `#[wasm_bindgen_test]`. */
export const TEST_ATTRIBUTES = new Set(['test', 'rstest', 'test_case', 'wasm_bindgen_test']);

/** Crates no repository provides (the standard library): a path into them leads outside and gives no edge. */
export const STANDARD_CRATES = new Set(['std', 'core', 'alloc', 'proc_macro', 'test']);

/** Smart pointers whose methods are their target's (auto-deref): `Box<T>`, `Rc<T>`, `Arc<T>`. */
export const DEREF_WRAPPERS = new Set(['Box', 'Rc', 'Arc', 'Cow', 'Pin']);

/** What a path's segment can denote inside a module. */
export type RustItem =
  | { kind: 'module'; module: RustModule }
  | { kind: 'type'; type: RustType }
  | { kind: 'function'; fn: RustFn }
  | { kind: 'macro'; symbol: SymbolRow };

export type RustType = TypedType<RustModule>;
export type RustFn = TypedCallable<RustModule>;

/** A module: a file (`src/a/b.rs` is `crate::a::b`) or an inline `mod name { ... }`. */
export interface RustModule {
  /** The crate's name (a library's, `my_lib`) or its root file's path (a binary, test, example); set by the resolver. */
  crate: string;
  /** The source file the module's items are written in. */
  path: string;
  /** The `mod` declaration's symbol (of kind module), once known. */
  symbol: SymbolRow | null;
  /** `//!` at the top of a module's own file: the module's doc when its declaration has none. */
  innerDoc: string | null;
  items: Map<string, RustItem>;
  /** `use a::b::C as D;`: D → `a::b::C` as written; resolved on demand. */
  uses: Map<string, string>;
  /** `use a::b::*;`: the paths as written. */
  globs: string[];
  /** The directory a `mod x;` inside this module looks in (`a/b` for `a/b.rs` and for `mod b` inline in `a/mod.rs`), set by the resolver for file modules. */
  childDir: string;
  /** `mod x;` declarations: child modules kept in files of their own. */
  childFiles: { name: string; symbol: SymbolRow }[];
  /** Inline `mod x { ... }` modules, by name. */
  children: Map<string, RustModule>;
  parent: RustModule | null;
  impls: RustImpl[];
  /** Traits declared here with their supertraits as written (`trait A: B + C`). */
  traitBounds: { type: RustType; bounds: string[] }[];
}

/** `impl [Trait for] Type { ... }`: its methods and associated items become the type's members once the type is resolved. */
export interface RustImpl {
  module: RustModule;
  typeText: string;
  traitText: string | null;
  methods: RustFn[];
  /** Associated consts and types declared in the impl: members of the type. */
  members: SymbolRow[];
}

export interface RustFile {
  path: string;
  /** The file's own module (its crate root or `mod` file). */
  module: RustModule;
  /** Every module the file declares inline, the file's own first. */
  modules: RustModule[];
  sites: RustCallSite[];
}

/** A call site; `macro` for `name!(...)`, whose callee is a `macro_rules!` of that name. */
export interface RustCallSite extends TypedSite<RustModule> {
  macro: boolean;
}

/** A new, empty module written in `path`. */
export function newModule(path: string, symbol: SymbolRow | null, parent: RustModule | null): RustModule {
  return {
    crate: '',
    path,
    symbol,
    innerDoc: null,
    items: new Map(),
    uses: new Map(),
    globs: [],
    childDir: '',
    childFiles: [],
    children: new Map(),
    parent,
    impls: [],
    traitBounds: [],
  };
}

/** Adds a method declared in a trait to the trait's own methods. */
export function addOwnMethod(type: RustType, name: string, fn: RustFn): void {
  const overloads = type.methods.get(name);
  if (overloads) overloads.push(fn);
  else type.methods.set(name, [fn]);
}
