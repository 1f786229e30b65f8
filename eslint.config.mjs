// One lint setup for the monorepo: typescript-eslint's recommended rules plus the layering rule of
// architecture.md section 1 (doors never talk to a store directly).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
  {
    files: ['libs/rest/**/*.ts', 'libs/graphql/**/*.ts', 'libs/mcp/**/*.ts', 'apps/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['neo4j-driver', '@qdrant/js-client-rest', '@lore/graph', '@lore/indexer'] }],
    },
  },
  {
    files: ['libs/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@lore/*'] }] },
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
      },
      sourceType: 'commonjs',
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
