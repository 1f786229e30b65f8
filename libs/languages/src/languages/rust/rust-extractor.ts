import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { CargoPackages } from './rust-crates';
import { RustFileWalk } from './rust-file-walk';
import { VISITED, type RustFile } from './rust-model';
import { RustResolver } from './rust-resolver';

const RUST: TreeSitterLanguage<RustFile> = {
  grammar: 'rust',
  visitedNodeTypes: VISITED,
  start: (input) => ({
    walkFile: (source, symbols) => new RustFileWalk(source, symbols),
    resolver: (files, _symbols, external) =>
      new RustResolver(files, new CargoPackages(input.rootPath), external, (path) => fileUidOf(input, path)),
  }),
};

/**
 * Rust with tree-sitter. Symbols: functions, `macro_rules!` macros (function), structs and unions
 * (class), enums, traits (interface), type aliases and associated types (type), modules (`mod`, of
 * kind module, with their `//!` doc), methods of impl blocks and traits (`Type.method`, under the
 * type once resolved), struct fields, enum variants, associated consts (property), module-level
 * `const`/`static` (variable), nested `fn` items and closures (nested functions: a `let` name, or
 * `callee(n)` for an argument), tests (`#[test]`, `#[tokio::test]`, `#[rstest]`, `#[test_case]`).
 * Docs are `///` and `/** *\/` (attributes in between allowed).
 *
 * Modules follow rustc: a crate root (`src/lib.rs`, `src/main.rs`, `tests/x.rs`...), its `mod x;`
 * in `x.rs` or `x/mod.rs` beside it (or in `a/` for `a.rs`); crates of the workspace by their
 * Cargo.toml names. `use` paths (`crate::`, `self::`, `super::`, a workspace crate, renames, lists,
 * globs) are followed for IMPORTS and calls. A call is followed (`import`) to a function in scope,
 * a path's function or associated function (`module::f`, `Type::new`, `Self::f`), a method of the
 * receiver's type when it is known (`self`, typed parameters and `let`s, struct literals, results
 * of resolved functions and methods, `?` through Result and Option, Box/Rc/Arc seen through, fields
 * of known types), a trait method (through impls), a local closure, a macro in scope. A receiver
 * of unknown type falls back to the method's name; the prelude and std lead outside (no edge).
 */
export class RustExtractor extends TreeSitterExtractor<RustFile> {
  constructor() {
    super(RUST);
  }
}
