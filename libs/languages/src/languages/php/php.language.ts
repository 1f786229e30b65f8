import type { LanguageDefinition } from '../language-definition';

/** PHP with tree-sitter. */
export const PHP: LanguageDefinition = {
  languages: [
    {
      id: 'php',
      extensions: ['.php', '.phtml'],
      shebangs: ['php'],
      mime: 'text/x-php',
      fence: 'php',
      grammar: { packageName: 'tree-sitter-php', wasm: 'tree-sitter-php.wasm' },
      staticCalls: false,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./php-extractor') as typeof import('./php-extractor')).PhpExtractor(),
  // PHPUnit's `*Test.php` (`tests/` is a test folder everywhere).
  testPath: /Test\.php$/,
  // PHPDoc `/** */` blocks.
  docComments: 'block',
  // `function name(Type $x = 1): Result`: the result after the parameters, as in a script's header.
  headerSyntax: 'script',
  constructorNames: ['__construct'],
  memberModifiers: true,
  asyncFunctions: false,
};
