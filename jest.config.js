/**
 * Three tiers, one run (`npm test`) or one at a time (`jest --selectProjects unit|integration|e2e`):
 * unit specs beside the code need nothing but Node; integration specs (*.integration.spec.ts) talk to
 * a real Neo4j (or Qdrant); e2e specs in test/ drive the built app through each door. The global
 * setup that starts Neo4j belongs to the two tiers that need it: jest runs a project's global setup
 * only when a test of that project is selected, and runs a setup module shared by two projects once.
 * The tiers share the workers: each worker takes the next file of any tier, and has a Neo4j of its
 * own (test/support/worker-neo4j.ts), so files that wipe or watch the graph can run beside each other.
 */
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.json');

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/test/fixtures/'],
  // Fixture repositories are read as data, never required: two copies of one package.json collide in jest's module map.
  modulePathIgnorePatterns: ['<rootDir>/test/fixtures/', '<rootDir>/bench/.repos/'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
    // jose, @decimalturn/toml-patch and typescript-native ship ES modules only; Node 20.19+ requires them as they are, jest's CommonJS runtime needs them compiled.
    '/node_modules/(jose|@decimalturn/toml-patch|typescript-native)/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', moduleResolution: 'node10' }, isolatedModules: true },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!jose/|@decimalturn/toml-patch/|typescript-native/)'],
  moduleNameMapper: {
    ...pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' }),
    '^#getExePath$': '<rootDir>/test/support/typescript-native-exe-path.js',
  },
};

const withNeo4j = {
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/worker-neo4j.ts'],
};

module.exports = {
  // Two files share the machine's two cores, each taking up to twice as long as when it had them alone.
  testTimeout: 120000,
  // Two workers for the 2 cores CI runs on: while one waits on its Neo4j or the servers and CLIs it
  // started, the other works. Each worker starts a Neo4j: `-w N` for more, `--runInBand` for one.
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/support/timing-reporter.js'],
  testSequencer: '<rootDir>/test/support/longest-first-sequencer.js',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      globalSetup: '<rootDir>/test/support/unit-global-setup.ts',
      roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/bench'],
      testMatch: ['**/*.spec.ts'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '\\.integration\\.spec\\.ts$', '<rootDir>/bench/.repos/'],
    },
    {
      ...shared,
      ...withNeo4j,
      displayName: 'integration',
      roots: ['<rootDir>/libs', '<rootDir>/apps'],
      testMatch: ['**/*.integration.spec.ts'],
    },
    {
      ...shared,
      ...withNeo4j,
      displayName: 'e2e',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
    },
  ],
};
