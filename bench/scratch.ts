import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The temporary directories a bench makes, removed together at its end (a Neo4j's data is 90-300 MB a run). */
export class ScratchDirectories {
  private readonly made: string[] = [];

  make(prefix: string): string {
    const made = mkdtempSync(join(tmpdir(), prefix));
    this.made.push(made);
    return made;
  }

  removeAll(): void {
    for (const directory of this.made) rmSync(directory, { recursive: true, force: true });
  }
}
