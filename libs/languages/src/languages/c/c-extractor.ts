import type { SkippedFile, SymbolRow } from '@lore/domain';
import type { ExtractionInput } from '../../extractor';
import { findClangd } from '../../language-servers/clangd';
import { languageServerHooks } from '../../language-servers/exact-pass-hooks';
import { PINNED_SERVERS } from '../../language-servers/installed-servers';
import type { SourceFile } from '../../repository-files';
import { TreeSitterExtractor, type ExtractionRun, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { CFileWalk } from './c-file-walk';
import { joinDeclarations } from './c-declarations';
import { compileCommandIncludeDirs } from './c-includes';
import { VISITED, type CFile } from './c-model';
import { CResolver } from './c-resolver';

/** Extensions of C++ sources: a repository with one of them is C++, and its `.h` headers with it. */
const CPP_SOURCE = /\.(cc|cpp|cxx|c\+\+|hh|hpp|hxx|h\+\+|ipp|tpp|inl)$/i;

/**
 * `class LEVELDB_EXPORT Cache {`: an upper-case macro between `class`/`struct`/`union` and the name
 * (an export or alignment attribute) makes the grammar read a function; it is blanked with spaces.
 */
const EXPORT_MACRO = /\b(class|struct|union)(\s+)([A-Z][A-Z0-9_]*(?:\([^()\n]*\))?)(?=\s+[A-Za-z_]\w*\s*(?:final\b|[:{]))/g;

/** `int CJSON_CDECL main(void)`: an upper-case calling-convention macro between a declaration's type and its name. */
const CALLING_CONVENTION = /^([ \t]*(?:[A-Za-z_]\w*[ \t*]+)+?)([A-Z][A-Z0-9_]{2,})(?=[ \t]+\**[ \t]*[A-Za-z_]\w*[ \t]*\()/gm;

/** `EXPECT_ABORT_BEGIN` alone on a line: a statement macro without a semicolon, which would throw the grammar out of the function. */
const STATEMENT_MACRO = /^([ \t]*)([A-Z][A-Z0-9_]{2,})(?=[ \t]*$)/gm;

export function withoutGrammarMacros(text: string): string {
  return text
    .replace(STATEMENT_MACRO, (_, indent: string, macro: string) => indent + ' '.repeat(macro.length))
    .replace(EXPORT_MACRO, (_, keyword: string, space: string, macro: string) => `${keyword}${space}${' '.repeat(macro.length)}`)
    .replace(CALLING_CONVENTION, (_, before: string, macro: string) =>
      /\breturn\b/.test(before) ? before + macro : before + ' '.repeat(macro.length),
    );
}

const C_FAMILY: TreeSitterLanguage<CFile> = {
  grammar: 'c',
  languages: ['c', 'cpp'],
  visitedNodeTypes: VISITED,
  start(input: ExtractionInput): ExtractionRun<CFile> {
    const skipped: SkippedFile[] = [];
    const { dirs } = compileCommandIncludeDirs(input.rootPath, skipped);
    // Without a compilation database, the repository's `include/` directories are where its headers are looked for.
    const includeDirs =
      dirs.length > 0
        ? dirs
        : [...new Set(input.files.flatMap((file) => /^(.*\/)?include\//.exec(file.path)?.[0].slice(0, -1) ?? []))].sort();
    const cppRepository = input.files.some((file) => CPP_SOURCE.test(file.path));
    const languageOf = (source: SourceFile) => (source.language === 'cpp' || cppRepository ? 'cpp' : 'c');
    const languages = [...new Set(input.files.map((file) => file.language))].sort();
    return {
      ...languageServerHooks<CFile>(input, { name: 'clangd', version: PINNED_SERVERS.clangd.version, languages }, (settings) =>
        findClangd({ rootPath: input.rootPath, paths: input.files.map((file) => file.path), languages, includeDirs }, settings),
      ),
      grammarOf: languageOf,
      parsedText: (source) => withoutGrammarMacros(source.text!),
      walkFile: (source, symbols) => new CFileWalk(source, symbols, languageOf(source)),
      resolver: (files, symbols) => {
        // The run's own rows (the extraction's, and the exact pass's): a declaration joined to its definition leaves them.
        joinDeclarations(files, symbols as SymbolRow[]);
        return new CResolver(files, includeDirs, skipped);
      },
      skipped: () => skipped,
    };
  },
};

/**
 * C and C++ with tree-sitter (`tree-sitter-c`, `tree-sitter-cpp`). A `.h` header is C, parsed
 * with the C++ grammar and its symbols C++ when the repository has C++ sources. Symbols: functions
 * (`static` ones not exported), namespaces (module), classes, structs and unions (class), enums,
 * typedefs and `using` aliases (type), fields (property), methods declared in their class and
 * defined in it or out of line (`A::f`, `A::A`, `A::~A`: a method when A is a class of the
 * repository; declared in one place and defined in another, one symbol: see joinDeclarations),
 * lambdas (nested functions named by their variable, `return` or `call(index)`), tests (GoogleTest's `TEST(Suite, Name)` and its kin, Catch2's `TEST_CASE("name")`). Qualified
 * names use `::`. Includes and calls: see CResolver. Macros are not expanded: a file whose macros
 * hide its syntax is partly extracted, with the line of its first syntax error.
 */
export class CExtractor extends TreeSitterExtractor<CFile> {
  constructor() {
    super(C_FAMILY);
  }
}
