import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { gitOutput } from '../git';
import { contentHash } from '../repository-files';

/** Where an indexed repository's files are: its root on disk, and the commit and git prefix the index recorded. */
export interface IndexedSource {
  rootPath: string;
  commitSha: string;
  /** The root's path inside its git work tree ('' at the top), or null outside git. */
  gitPrefix: string | null;
}

/** Reads of indexed files from where they live: the working tree and git's object store. */
export class SourceRepository {
  /**
   * A file's text exactly as it was indexed (its content hash matches): from the working tree while
   * it still holds that content, else git's copy at the indexed commit; null when neither does.
   */
  async readAtCommit(repository: IndexedSource, path: string, indexedHash: string): Promise<string | null> {
    const buffer = await fs.readFile(join(repository.rootPath, path)).catch(() => null);
    if (buffer && contentHash(buffer) === indexedHash) return buffer.toString('utf8');
    if (repository.gitPrefix === null) return null;
    const gitPath = repository.gitPrefix ? `${repository.gitPrefix}/${path}` : path;
    const committed = await gitOutput(repository.rootPath, ['show', `${repository.commitSha}:${gitPath}`]);
    return committed !== null && contentHash(committed) === indexedHash ? committed : null;
  }
}
