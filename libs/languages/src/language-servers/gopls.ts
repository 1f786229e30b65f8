// gopls for Go: run offline (no module download at index time), with the go command on PATH.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageServerSettings } from '../extractor';
import type { FoundServer } from './exact-pass-hooks';
import { installedServer, onPath, PINNED_SERVERS } from './installed-servers';

/**
 * gopls v0.23.0 from the install directory. It loads packages with the `go` command, so it needs one
 * on PATH; it runs with GOPROXY=off and GOTOOLCHAIN=local, so an index never downloads a module or a
 * toolchain: a dependency missing from the module cache leaves the calls into it unresolved (they
 * lead outside the repository anyway).
 */
export function findGopls(rootPath: string, settings: LanguageServerSettings): FoundServer {
  const installed = installedServer('gopls', settings.directory);
  if (installed.path === null) return { reason: installed.reason };
  const go = onPath('go');
  if (go === null) return { reason: 'no go command on PATH (gopls loads packages with it)' };
  const executable = installed.path;
  return {
    setup: () => ({
      server: 'gopls',
      version: PINNED_SERVERS.gopls.version,
      languages: ['go'],
      detail: `${goVersion(go)}, ${existsSync(join(rootPath, 'go.mod')) ? 'go.mod at the root' : 'no go.mod at the root (the modules of the files opened)'}, offline (GOPROXY=off)`,
      command: {
        name: 'gopls',
        executable,
        args: ['serve'],
        env: { ...process.env, GOPROXY: 'off', GOTOOLCHAIN: 'local', GOTELEMETRY: 'off' },
      },
      languageIdOf: () => 'go',
      dispose: () => undefined,
    }),
  };
}

function goVersion(go: string): string {
  try {
    return execFileSync(go, ['env', 'GOVERSION'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'go';
  }
}
