// One lint setup for the monorepo: typescript-eslint's recommended rules plus the dependency
// direction of architecture.md section 1, kept by no-restricted-imports in every lib and app:
// apps -> {rest, graphql, mcp} -> engines (code-health, documentation) -> knowledge -> {graph, vectors, embeddings, indexer -> languages, access} -> domain,
// config beside them. Nothing imports an app; no lib imports a door; tests and benches go through
// public entries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const DOORS = ['mcp', 'rest', 'graphql'];
const STORES = ['graph', 'vectors', 'queue', 'embeddings', 'indexer', 'access'];
const APPS = ['server', 'cli'];
/** The engine libraries above knowledge (issue 50): they use its gate and read capabilities; only doors and apps import them. */
const ENGINES = ['code-health', 'documentation'];

/** What each lib and app may import of the others (arrows of section 1; `config` is beside every layer). */
const MAY_IMPORT = {
  domain: [],
  config: ['domain'],
  // Metrics and tracing, beside every layer like config: the graph counts its sessions, MCP its truncations.
  observability: ['domain', 'config'],
  // The language folders and their tree-sitter, file and cache helpers, below the indexer's pipeline (issue 50).
  languages: ['domain', 'config', 'observability'],
  ...Object.fromEntries(STORES.map((store) => [store, ['domain', 'config', 'observability']])),
  indexer: ['domain', 'config', 'observability', 'languages'],
  // Query-time redaction runs the indexer's secret scanner (the rules that redacted what was stored).
  access: ['domain', 'config', 'observability', 'indexer'],
  knowledge: ['domain', 'config', 'observability', ...STORES],
  ...Object.fromEntries(ENGINES.map((engine) => [engine, ['domain', 'config', 'observability', ...STORES, 'knowledge']])),
  ...Object.fromEntries(DOORS.map((door) => [door, ['domain', 'config', 'observability', 'knowledge', ...ENGINES, 'access']])),
  ...Object.fromEntries(APPS.map((app) => [app, ['domain', 'config', 'observability', 'knowledge', ...ENGINES, 'access', ...DOORS]])),
};
const LIBS = Object.keys(MAY_IMPORT).filter((name) => !APPS.includes(name));
const any = (names) => `(${names.join('|')})`;

/** Clients of a store: the services reach them through repositories and ports, the doors not at all. */
const STORE_CLIENTS = ['neo4j-driver', '@qdrant/js-client-rest', 'bullmq'].map((name) => ({
  name,
  message: 'Only libs/graph, libs/vectors and libs/queue talk to a store (architecture.md section 1).',
}));

const INTO_AN_APP = { regex: `(^|/)apps/|^(\\.\\./)+${any(APPS)}/src(/|$)`, message: 'Nothing imports an app.' };
const INTO_ANOTHER_LIB = {
  regex: `(^|/)libs/|^(\\.\\./)+${any(LIBS)}/src(/|$)`,
  message: "Another lib through its public entry ('@lore/<lib>'), never by a path into its files.",
};
const INTO_TEST_SUPPORT = { regex: '(^|/)test/', message: 'Test support is for tests.' };

/** The libs `name` may not import: every lib not among its arrows, itself included (inside a lib, import by relative path). */
function forbiddenLibs(name) {
  const forbidden = LIBS.filter((lib) => !MAY_IMPORT[name].includes(lib));
  return {
    regex: `^@lore/${any(forbidden)}(/|$)`,
    message: `${name} may import ${MAY_IMPORT[name].map((lib) => `@lore/${lib}`).join(', ') || 'no lib'} (architecture.md section 1).`,
  };
}

const folderOf = (name) => (APPS.includes(name) ? `apps/${name}` : `libs/${name}`);
const TESTS = ['**/*.spec.ts', 'libs/*/test/**/*.ts'];

const boundaries = Object.keys(MAY_IMPORT).map((name) => ({
  files: [`${folderOf(name)}/**/*.ts`],
  ignores: TESTS,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: ['domain', 'config', ...STORES].includes(name) ? [] : STORE_CLIENTS,
        patterns: [forbiddenLibs(name), INTO_AN_APP, INTO_ANOTHER_LIB, INTO_TEST_SUPPORT],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test/fixtures/**',
      'tools/neo4j-local/target/**',
      'bench/.peers/**',
      'bench/.repos/**',
      '.data/**',
      // bench:fuzz's schemathesis venv (scripts/fuzz-rest.sh)
      '.tools/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
  {
    // Tests may import what they test and the shared test support; benches only public entries.
    files: [...TESTS, 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [INTO_AN_APP, INTO_ANOTHER_LIB] }] },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        __filename: 'readonly',
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
      },
      sourceType: 'commonjs',
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
