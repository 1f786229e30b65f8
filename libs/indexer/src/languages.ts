import { basename, extname } from 'node:path';

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  '.ts': 'typescript',
  '.tsx': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.js': 'javascript',
  '.jsx': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.py': 'python',
  '.java': 'java',
  '.go': 'go',
  '.md': 'markdown',
  '.json': 'json',
  '.yml': 'yaml',
  '.yaml': 'yaml',
  '.cypher': 'cypher',
  '.sh': 'shell',
  '.html': 'html',
  '.css': 'css',
  '.xml': 'xml',
  '.toml': 'toml',
  '.sql': 'sql',
};

export function languageOf(path: string): string {
  return LANGUAGE_BY_EXTENSION[extname(path).toLowerCase()] ?? 'text';
}

export const MIME_BY_LANGUAGE: Record<string, string> = {
  typescript: 'text/x-typescript',
  javascript: 'text/javascript',
  python: 'text/x-python',
  java: 'text/x-java',
  go: 'text/x-go',
  markdown: 'text/markdown',
  json: 'application/json',
  yaml: 'application/yaml',
};

export function isScriptLanguage(language: string): boolean {
  return language === 'typescript' || language === 'javascript';
}

/** jest/vitest/mocha spec files and test folders, pytest's test_*.py and *_test.py, Go's *_test.go, Maven's src/test. */
const TEST_PATH =
  /(^|\/)(__tests__|tests?|spec)\/|\.(test|spec|e2e-spec)\.[cm]?[jt]sx?$|(^|\/)test_[^/]*\.py$|_test\.(py|go)$|(^|\/)src\/test\//;

export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
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
