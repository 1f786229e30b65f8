import { mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Fresh directories for what a run keeps, set in the environment every test process inherits (the
 * global setups of the unit tier and of the Neo4j tiers call it): nothing a developer's machine
 * holds answers for the code under test.
 */
export function isolateTestEnvironment(): void {
  // Results kept between index runs belong to this test run alone: none from an earlier run (or
  // an earlier version of the extractors) can answer for the code under test.
  process.env.LORE_CACHE_DIR = mkdtempSync(join(tmpdir(), 'lore-test-cache-'));
  // Nor does a model the developer installed: with none configured, tests run on the hashing embedder.
  process.env.LORE_MODELS_DIR = mkdtempSync(join(tmpdir(), 'lore-test-models-'));
  // Nor the language servers installed (scripts/install-language-servers.sh): C, C++ and Go keep their
  // first-pass calls unless a spec asks for the servers, which it finds where the install put them.
  // (the install's directory, as languageServersDirectory() in libs/indexer tells it: the global setup loads no lib)
  process.env.LORE_TEST_LANGUAGE_SERVERS_DIR ??=
    process.env.LORE_LANGUAGE_SERVERS_DIR ||
    join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'lore', 'language-servers');
  process.env.LORE_LANGUAGE_SERVERS_DIR = mkdtempSync(join(tmpdir(), 'lore-test-language-servers-'));
  // Nor the Neo4j a developer's `lore up` recorded: commands under test reach only the test's Neo4j.
  process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'lore-test-config-'));
}
