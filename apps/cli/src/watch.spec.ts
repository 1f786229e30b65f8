import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchRepository } from './watch';

const anHourAgo = new Date(Date.now() - 3_600_000);

/** A repository directory whose files were all written an hour ago. */
function repository(): string {
  const root = mkdtempSync(join(tmpdir(), 'lore-watch-unit-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src/a.ts'), 'export const a = 1;\n');
  for (const path of [join(root, 'src/a.ts'), join(root, 'src'), root]) utimesSync(path, anHourAgo, anHourAgo);
  return root;
}

/** Whether the watch reports a change within half a second. */
async function changeReported(root: string, since: number): Promise<boolean> {
  const watch = await watchRepository(root, since);
  try {
    return await Promise.race([watch.nextChange(), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500))]);
  } finally {
    await watch.close();
  }
}

describe('watchRepository', () => {
  it('reports at once a change made after the last run began and before the watch was ready', async () => {
    const root = repository();
    const lastRunStarted = Date.now() - 60_000;
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 2;\n');
    expect(await changeReported(root, lastRunStarted)).toBe(true);
  });

  it('reports nothing when nothing changed since the last run began', async () => {
    expect(await changeReported(repository(), Date.now() - 60_000)).toBe(false);
  });
});
