import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { frozenQuerySets, manifest } from './retrieval-set-manifest';

describe('the retrieval query sets are frozen', () => {
  it('every set matches the digest recorded before its first measurement', () => {
    const names = frozenQuerySets(__dirname).map((set) => set.name);
    expect(names).toEqual(['main', 'held-out', 'httpx', 'got', 'click', 'jsoup', 'chi']);
  });

  it('refuses a set changed after it was frozen, and a set without a digest', () => {
    const copy = mkdtempSync(join(tmpdir(), 'lore-sets-'));
    try {
      for (const file of readdirSync(__dirname).filter((name) => name.startsWith('retrieval-')))
        copyFileSync(join(__dirname, file), join(copy, file));
      const chi = manifest(__dirname).find((set) => set.name === 'chi')!;
      writeFileSync(join(copy, 'retrieval-queries-new.json'), '{"queries":[]}');
      expect(() => frozenQuerySets(copy)).toThrow('bench/retrieval-queries-new.json has no digest in bench/retrieval-sets.manifest.json');
      rmSync(join(copy, 'retrieval-queries-new.json'));
      writeFileSync(join(copy, chi.file), '{"queries":[]}\n');
      expect(() => frozenQuerySets(copy)).toThrow(`bench/${chi.file} changed after it was first measured`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
