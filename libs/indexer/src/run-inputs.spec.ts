import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileRow } from '@lore/domain';
import { runInputs, type RunInputsParts } from './run-inputs';

const file = (path: string, contentHash: string): FileRow => ({
  uid: `t:r:${path}`,
  path,
  language: 'typescript',
  contentHash,
  lines: 1,
  bytes: 10,
  isTest: false,
  blocked: false,
});

describe('runInputs', () => {
  let rootPath: string;
  let parts: RunInputsParts;

  beforeEach(() => {
    rootPath = mkdtempSync(join(tmpdir(), 'lore-run-inputs-'));
    parts = {
      tenantId: 't',
      repositoryId: 'r',
      rootPath,
      gitInfo: { topLevel: rootPath, prefix: '', head: 'a'.repeat(40), branch: 'main', remoteUrl: null },
      files: [file('src/a.ts', 'hash-a'), file('src/b.ts', 'hash-b')],
      skipped: [],
      settings: { maxFileBytes: 1000 },
      languageServersDirectory: undefined,
    };
  });

  it('is the same for the same inputs, a hex SHA-256', () => {
    expect(runInputs(parts)).toBe(runInputs({ ...parts, files: [...parts.files] }));
    expect(runInputs(parts)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes with one file's content, a file left out, the commit, the settings and .loreignore", () => {
    const digest = runInputs(parts);
    const others = [
      runInputs({ ...parts, files: [file('src/a.ts', 'hash-a'), file('src/b.ts', 'hash-b2')] }),
      runInputs({ ...parts, skipped: [{ path: 'big.ts', reason: 'larger than 1000 bytes' }] }),
      runInputs({ ...parts, gitInfo: { ...parts.gitInfo!, head: 'b'.repeat(40) } }),
      runInputs({ ...parts, settings: { maxFileBytes: 2000 } }),
    ];
    writeFileSync(join(rootPath, '.loreignore'), 'generated/\n');
    others.push(runInputs(parts));
    expect(new Set([digest, ...others]).size).toBe(others.length + 1);
  });

  it('changes when packages are installed again (the install stamp) and when a language server is installed', () => {
    mkdirSync(join(rootPath, 'node_modules'));
    writeFileSync(join(rootPath, 'node_modules/.package-lock.json'), '{}');
    utimesSync(join(rootPath, 'node_modules/.package-lock.json'), 1_000, 1_000);
    const installed = runInputs(parts);
    utimesSync(join(rootPath, 'node_modules/.package-lock.json'), 2_000, 2_000);
    const reinstalled = runInputs(parts);
    const servers = mkdtempSync(join(tmpdir(), 'lore-run-inputs-servers-'));
    const withoutServer = runInputs({ ...parts, languageServersDirectory: servers });
    mkdirSync(join(servers, 'clangd'));
    const withServer = runInputs({ ...parts, languageServersDirectory: servers });
    expect(new Set([installed, reinstalled, withoutServer, withServer]).size).toBe(4);
  });
});
