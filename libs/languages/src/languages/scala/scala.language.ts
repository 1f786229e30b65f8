import type { LanguageDefinition } from '../language-definition';

/** Scala with tree-sitter. */
export const SCALA: LanguageDefinition = {
  languages: [
    {
      id: 'scala',
      // `.sc`: Scala scripts and Ammonite's; `.mill`: mill's build files; `.sbt`: sbt's, Scala too (`lazy val x = project`).
      extensions: ['.scala', '.sc', '.sbt', '.mill'],
      shebangs: ['scala', 'amm', 'scala-cli'],
      mime: 'text/x-scala',
      fence: 'scala',
      grammar: { packageName: 'tree-sitter-scala', wasm: 'tree-sitter-scala.wasm' },
      staticCalls: true,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./scala-extractor') as typeof import('./scala-extractor')).ScalaExtractor(),
  // sbt's and Maven's test sources (`src/test/scala/`, `src/it/`...), mill's `test/src/` (any `test/` folder is one already) and `*Spec.scala`, `*Suite.scala`, `*Test(s).scala`.
  testPath: /(^|\/)src\/(?:test|it|\w+Test)\/|(?:Spec|Suite|Tests?)\.scala$/,
  // Scaladoc `/** */` blocks.
  docComments: 'block',
  // `def add(item: Item): Cart`.
  headerSyntax: 'script',
  // Auxiliary constructors are `def this(...)`.
  constructorNames: ['this'],
  memberModifiers: true,
  asyncFunctions: false,
};
