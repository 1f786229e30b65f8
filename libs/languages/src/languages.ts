import { basename, extname } from 'node:path';
import { codeLanguageOfExtension, codeLanguageOfInterpreter, knownLanguage, languageDefinitions } from './languages/language-registry';

/**
 * Files Lore records but extracts nothing from (Markdown is read as documents); the code languages
 * are the language folders' (languages/*: language-registry.ts).
 */
const RECORDED_BY_EXTENSION: Record<string, string> = {
  '.md': 'markdown',
  '.json': 'json',
  '.yml': 'yaml',
  '.yaml': 'yaml',
  '.cypher': 'cypher',
  '.html': 'html',
  '.css': 'css',
  '.xml': 'xml',
  '.toml': 'toml',
  '.sql': 'sql',
};

const MIME_BY_RECORDED: Record<string, string> = { markdown: 'text/markdown', json: 'application/json', yaml: 'application/yaml' };

/** The language of a file, by its extension: a code language's id, a recorded kind of file, or 'text'. */
export function languageOf(path: string): string {
  const extension = extname(path).toLowerCase();
  return codeLanguageOfExtension(extension) ?? RECORDED_BY_EXTENSION[extension] ?? 'text';
}

/**
 * The language of a file without an extension whose first line is a `#!` naming a code language's
 * interpreter (`#!/usr/bin/env python3`, `#!/usr/bin/node`); null otherwise.
 */
export function languageOfScript(path: string, text: string): string | null {
  if (extname(path) !== '' || !text.startsWith('#!')) return null;
  const end = text.indexOf('\n');
  const words = text
    .slice(2, end < 0 ? undefined : end)
    .trim()
    .split(/\s+/);
  const program = basename(words[0] ?? '');
  const interpreter = program === 'env' ? words.slice(1).find((word) => !word.startsWith('-')) : program;
  return interpreter ? (codeLanguageOfInterpreter(interpreter) ?? null) : null;
}

/** The MIME type a file of a language is served with. */
export function mimeTypeOf(language: string): string {
  return knownLanguage(language)?.language.mime ?? MIME_BY_RECORDED[language] ?? 'text/plain';
}

export function isScriptLanguage(language: string): boolean {
  return language === 'typescript' || language === 'javascript';
}

/** The test folders of every ecosystem; each language folder adds its own test files (LanguageDefinition.testPath). */
const TEST_FOLDER = /(^|\/)(__tests__|tests?|spec)\//;

export function isTestPath(path: string): boolean {
  return TEST_FOLDER.test(path) || languageDefinitions().some((definition) => definition.testPath.test(path));
}

/** Files whose content is never read (architecture.md section 8): we only record that they exist. */
const SECRET_FILE_NAMES = [
  /^\.env(\..*)?$/,
  /\.pem$/,
  /\.key$/,
  /^id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$/,
  /^\.?credentials(\..*)?$/,
  /\.p12$/,
  /\.pfx$/,
  /^\.npmrc$/,
  /^\.netrc$/,
];

export function isSecretPath(path: string): boolean {
  const name = basename(path);
  if (name === '.env.example' || name === '.env.sample' || name === '.env.template') return false;
  return SECRET_FILE_NAMES.some((pattern) => pattern.test(name));
}
