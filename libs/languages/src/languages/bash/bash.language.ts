import type { LanguageDefinition } from '../language-definition';

/** Bash and POSIX shell scripts (bats test files too) with tree-sitter. */
export const BASH: LanguageDefinition = {
  languages: [
    {
      id: 'bash',
      extensions: ['.sh', '.bash', '.bats'],
      // zsh is left out: its syntax (glob qualifiers, `${(j:,:)x}`, `always` blocks) is not the grammar's.
      shebangs: ['bash', 'sh', 'dash', 'bats'],
      mime: 'text/x-shellscript',
      fence: 'bash',
      grammar: { packageName: 'tree-sitter-bash', wasm: 'tree-sitter-bash.wasm' },
      staticCalls: false,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./bash-extractor') as typeof import('./bash-extractor')).BashExtractor(),
  // bats' `.bats` files; `test_*.sh` and `*_test.sh` (shunit2's and others' habit).
  testPath: /\.bats$|(^|\/)test_[^/]*\.(?:sh|bash)$|_test\.(?:sh|bash)$/,
  // The `#` lines right above a function.
  docComments: 'hash-above',
  // `f()`: no parameters nor result are written (`$1`, `$2` are read in the body).
  headerSyntax: 'python',
  constructorNames: [],
  memberModifiers: false,
  asyncFunctions: false,
};
