import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSourceFiles, type ReadOutcome } from './repository-files';

const text = (outcome: ReadOutcome | undefined): string | null | undefined =>
  outcome && 'file' in outcome ? outcome.file.text : undefined;

describe('readSourceFiles in a long-lived process', () => {
  const root = mkdtempSync(join(tmpdir(), 'lore-reads-'));
  const anHourAgo = new Date(Date.now() - 3_600_000);
  const writeOld = (path: string, content: string): void => {
    writeFileSync(join(root, path), content);
    utimesSync(join(root, path), anHourAgo, anHourAgo);
  };

  it('hands back the same read of a file whose stat did not change, and reads a changed one again', async () => {
    writeOld('kept.ts', 'export const kept = 1;\n');
    writeOld('edited.ts', 'export const a = 1;\n');
    const [kept, edited] = await readSourceFiles(root, ['kept.ts', 'edited.ts'], 1 << 20);

    // The same size and modification time as before: only the change time tells.
    writeOld('edited.ts', 'export const b = 2;\n');
    const [keptAgain, editedAgain] = await readSourceFiles(root, ['kept.ts', 'edited.ts'], 1 << 20);

    expect(keptAgain).toBe(kept);
    expect(editedAgain).not.toBe(edited);
    expect(text(editedAgain)).toBe('export const b = 2;\n');
  });

  it('reads again a file written just before the last read: a second write in the same instant would leave the same stat', async () => {
    writeFileSync(join(root, 'fresh.ts'), 'export const fresh = 1;\n');
    const [first] = await readSourceFiles(root, ['fresh.ts'], 1 << 20);
    const [second] = await readSourceFiles(root, ['fresh.ts'], 1 << 20);

    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it('reads a file again under another size cap', async () => {
    writeOld('sized.ts', 'export const sized = 12345;\n');
    const [underLargeCap] = await readSourceFiles(root, ['sized.ts'], 1 << 20);
    const [underSmallCap] = await readSourceFiles(root, ['sized.ts'], 10);

    expect(text(underLargeCap)).toBe('export const sized = 12345;\n');
    expect(underSmallCap).toEqual({ skipped: { path: 'sized.ts', reason: 'larger than 10 bytes' } });
  });
});
