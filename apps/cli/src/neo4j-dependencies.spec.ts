import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Launcher from '../../../tools/neo4j-local/launcher';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { fetchDependencies, readLock } = require(
  join(__dirname, '..', '..', '..', 'tools', 'neo4j-local', 'launcher.js'),
) as typeof Launcher;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Two jars as dependencies.lock would list them, one with a classifier. */
function lockedJar(coordinates: string, path: string, fileName: string, content: string): Launcher.LockedJar {
  return { coordinates, path, fileName, sha256: sha256(content), bytes: Buffer.byteLength(content) };
}
const CORE = lockedJar('org.example:core:1.0', 'org/example/core/1.0/core-1.0.jar', 'core-1.0.jar', 'core jar bytes');
const NATIVE = lockedJar(
  'org.example:native:2.1:linux-x86_64',
  'org/example/native/2.1/native-2.1-linux-x86_64.jar',
  'native-2.1-linux-x86_64.jar',
  'native jar bytes, a little longer',
);

describe("the installed package's Neo4j jars, fetched from a Maven repository (tools/neo4j-local/dependencies.lock)", () => {
  let server: Server;
  let repository: string;
  const requested: string[] = [];
  /** What the repository serves, by path under /maven2/. */
  const served = new Map<string, string>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      requested.push(request.url!);
      const body = served.get(request.url!.replace(/^\/maven2\//, ''));
      response.statusCode = body === undefined ? 404 : 200;
      response.end(body);
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    repository = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maven2`;
  });
  afterAll(() => new Promise((closed) => server.close(closed)));
  beforeEach(() => {
    requested.length = 0;
    served.clear();
  });

  it("lists the pom's runtime jars in class-path order, each with its Maven path, name in lib/ and checksum", () => {
    const jars = readLock();
    expect(jars).toHaveLength(213);
    expect(jars[0]).toEqual({
      coordinates: 'org.neo4j:neo4j:5.26.30',
      path: 'org/neo4j/neo4j/5.26.30/neo4j-5.26.30.jar',
      fileName: 'neo4j-5.26.30.jar',
      sha256: '4e80bcd7b92ff0471b80e86f2d21e1d10bdf9df4d7027b894c3ed0cd790934c5',
      bytes: 317305,
    });
    expect(jars.find((jar) => jar.coordinates === 'io.netty:netty-transport-native-epoll:4.1.137.Final:linux-x86_64')).toMatchObject({
      path: 'io/netty/netty-transport-native-epoll/4.1.137.Final/netty-transport-native-epoll-4.1.137.Final-linux-x86_64.jar',
      fileName: 'netty-transport-native-epoll-4.1.137.Final-linux-x86_64.jar',
    });
    expect(jars.map((jar) => jar.coordinates)).toContain('org.neo4j:neo4j-bolt:5.26.30');
  });

  it('refuses a lock made from another pom.xml', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lore-lock-')), 'dependencies.lock');
    writeFileSync(file, `# (pom.xml sha256 ${sha256('another pom')})\norg.example:core:1.0 ${CORE.sha256} ${CORE.bytes}\n`);
    expect(() => readLock(file)).toThrow(`neo4j-local: ${file} was made from another pom.xml; run npm run neo4j:lock in a checkout`);
  });

  it('fetches each jar into lib/ under its Maven name, and not again once it is there and whole', async () => {
    served.set(CORE.path, 'core jar bytes');
    served.set(NATIVE.path, 'native jar bytes, a little longer');
    const lib = join(mkdtempSync(join(tmpdir(), 'lore-neo4j-lib-')), 'lib');
    let progress = 0;

    const first = await fetchDependencies(lib, [CORE, NATIVE], { repository, onProgress: (bytes) => (progress += bytes) });

    expect(first.fetched.sort()).toEqual(['org.example:core:1.0', 'org.example:native:2.1:linux-x86_64']);
    expect(requested.sort()).toEqual([
      '/maven2/org/example/core/1.0/core-1.0.jar',
      '/maven2/org/example/native/2.1/native-2.1-linux-x86_64.jar',
    ]);
    expect(readdirSync(lib).sort()).toEqual(['core-1.0.jar', 'native-2.1-linux-x86_64.jar']);
    expect(readFileSync(join(lib, 'native-2.1-linux-x86_64.jar'), 'utf8')).toBe('native jar bytes, a little longer');
    expect(progress).toBe(CORE.bytes + NATIVE.bytes);

    requested.length = 0;
    writeFileSync(join(lib, 'core-1.0.jar'), 'core jar bytes, damaged');
    const second = await fetchDependencies(lib, [CORE, NATIVE], { repository });
    expect(second.fetched).toEqual(['org.example:core:1.0']);
    expect(requested).toEqual(['/maven2/org/example/core/1.0/core-1.0.jar']);
    expect(readFileSync(join(lib, 'core-1.0.jar'), 'utf8')).toBe('core jar bytes');
  });

  it('refuses a jar that does not match its checksum, in one line naming it, and keeps nothing of it', async () => {
    served.set(CORE.path, 'core jar bytes');
    served.set(NATIVE.path, 'tampered bytes');
    const lib = join(mkdtempSync(join(tmpdir(), 'lore-neo4j-lib-')), 'lib');

    await expect(fetchDependencies(lib, [NATIVE, CORE], { repository })).rejects.toThrow(
      new Error(
        `neo4j-local: org.example:native:2.1:linux-x86_64 from ${new URL(repository).host} does not match its checksum in dependencies.lock ` +
          `(sha256 ${sha256('tampered bytes')}, expected ${NATIVE.sha256}); it was not kept`,
      ),
    );
    // The other jar, fetched beside it, is whole and checked; no partial download stays.
    expect(readdirSync(lib)).toEqual(['core-1.0.jar']);
  });

  it('says which jar it could not fetch when the repository is unreachable or lacks it', async () => {
    const lib = join(mkdtempSync(join(tmpdir(), 'lore-neo4j-lib-')), 'lib');
    await expect(fetchDependencies(lib, [CORE], { repository })).rejects.toThrow(
      new Error(
        `neo4j-local: ${new URL(repository).host} answered HTTP 404 for org.example:core:1.0 (set LORE_MAVEN_REPOSITORY to a mirror)`,
      ),
    );
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    await expect(fetchDependencies(lib, [CORE], { repository: `http://127.0.0.1:${port}/maven2` })).rejects.toThrow(
      new Error(
        `neo4j-local: could not fetch org.example:core:1.0 from 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port} (set LORE_MAVEN_REPOSITORY to a mirror)`,
      ),
    );
    expect(readdirSync(lib)).toEqual([]);
  });

  it("removes the partial download of a process that died mid-way, and keeps a running one's", async () => {
    served.set(CORE.path, 'core jar bytes');
    const lib = join(mkdtempSync(join(tmpdir(), 'lore-neo4j-lib-')), 'lib');
    mkdirSync(lib);
    const dead = spawnSync('true').pid;
    writeFileSync(join(lib, `core-1.0.jar.${dead}.part`), 'core ja');
    writeFileSync(join(lib, `native-2.1-linux-x86_64.jar.${process.ppid}.part`), 'nat');

    await fetchDependencies(lib, [CORE], { repository });
    expect(readdirSync(lib).sort()).toEqual(['core-1.0.jar', `native-2.1-linux-x86_64.jar.${process.ppid}.part`]);
  });
});
