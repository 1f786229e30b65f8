// The language folders and what they are written with; libs/indexer re-exports all of it (`@lore/indexer`).
export * from './file-result-cache';
export type { PyrightSettings } from './extractor';
export { headPaths } from './git';
export * from './identifiers';
export * from './languages';
// The language folders, for the analysis, the documentation checks and the links that ask how a language is written.
export { codeLanguages, knownLanguage, languageDefinitions, packageEcosystems, type KnownLanguage } from './languages/language-registry';
export type * from './languages/language-definition';
export * from './repository-files';
// For the analysis and the documentation checks, which read a declaration's header text.
export { closingParenthesis, splitTopLevel } from './declaration-headers';
// For bench/parse-floor.ts: the first pass's own walk, measured alone (the compiler loaded when it is first called).
export { walkPreorder } from './languages/typescript/typescript-extractor';
export { signatureSimilarity } from './function-bodies/fingerprints';
// For bench/python-call-precision.ts: pyright's own answer at every call site, and the calls found by the same grammar the indexer parses with.
export { PyrightSession } from './languages/python/pyright-session';
export { findPython } from './languages/python/pyright-pass';
export { parserFor, parseText } from './tree-sitter/tree-sitter';
// The exact pass's language servers (clangd, gopls): where they are installed, and for bench/language-server-call-precision.ts a session of one.
export type { LanguageServerSettings, TypeScriptChecker } from './extractor';
export { DEFAULT_TYPESCRIPT_CHECKER } from './extractor';
export { languageServersDirectory, installedServer, PINNED_SERVERS } from './language-servers/installed-servers';
export { LanguageServerSession } from './language-servers/language-server-session';
export { findClangd } from './language-servers/clangd';
export { findGopls } from './language-servers/gopls';
export { namePosition } from './language-servers/call-hierarchy-pass';
