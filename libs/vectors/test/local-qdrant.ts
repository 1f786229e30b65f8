import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

// The Neo4j launcher's free-port helper: plain CommonJS in the source tree, as the integration specs load it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { findFreePort } = require('../../../tools/neo4j-local/launcher.js') as typeof import('../../../tools/neo4j-local/launcher');

/**
 * Qdrant servers for the integration tests, started from a binary built from Qdrant's source
 * (scripts/build-qdrant.sh) and cached outside the repository: no package ships one, and there is no
 * Docker engine here. LORE_QDRANT_BIN names it; otherwise the build script's default place.
 */
export const QDRANT_BINARY = process.env.LORE_QDRANT_BIN ?? join(homedir(), '.cache', 'lore', 'qdrant', 'bin', 'qdrant');

/** Why the tests that need a local Qdrant cannot run, or undefined when they can. */
export function localQdrantUnavailable(): string | undefined {
  return existsSync(QDRANT_BINARY)
    ? undefined
    : `no Qdrant binary at ${QDRANT_BINARY} (scripts/build-qdrant.sh builds one there; LORE_QDRANT_BIN names another)`;
}

/** How long a node may take to answer /readyz, and a cluster to agree on its peers. */
const START_TIMEOUT_MS = 60_000;
const POLL_MS = 200;

export interface QdrantNode {
  readonly url: string;
  /** Stops the node: SIGKILL when `kill`, as a crash would, else SIGTERM. */
  stop(kill?: boolean): Promise<void>;
}

export interface LocalQdrant {
  readonly nodes: QdrantNode[];
  /** Stops every node still running and removes their storage. */
  stop(): Promise<void>;
}

/**
 * Starts `size` Qdrant nodes on loopback, each with its own free ports and storage. With more than
 * one, cluster mode is on: the first node founds the cluster, the others join it through its
 * peer-to-peer port, and this resolves once the first node counts every peer.
 */
export async function startLocalQdrant(size = 1): Promise<LocalQdrant> {
  const home = mkdtempSync(join(tmpdir(), 'lore-qdrant-'));
  const nodes: RunningNode[] = [];
  const stopAll = async (): Promise<void> => {
    await Promise.all(nodes.map((node) => node.stop()));
    rmSync(home, { recursive: true, force: true });
  };
  try {
    let founder: string | undefined;
    for (let i = 0; i < size; i++) {
      const [http, grpc, p2p] = [await findFreePort(), await findFreePort(), await findFreePort()];
      const storage = join(home, `node-${i}`);
      const args = size === 1 ? [] : ['--uri', `http://127.0.0.1:${p2p}`, ...(founder ? ['--bootstrap', founder] : [])];
      const child = spawn(QDRANT_BINARY, args, {
        cwd: home,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          QDRANT__SERVICE__HOST: '127.0.0.1',
          QDRANT__SERVICE__HTTP_PORT: String(http),
          QDRANT__SERVICE__GRPC_PORT: String(grpc),
          QDRANT__CLUSTER__ENABLED: String(size > 1),
          QDRANT__CLUSTER__P2P__PORT: String(p2p),
          QDRANT__STORAGE__STORAGE_PATH: join(storage, 'storage'),
          QDRANT__STORAGE__SNAPSHOTS_PATH: join(storage, 'snapshots'),
          QDRANT__TELEMETRY_DISABLED: 'true',
          QDRANT__LOG_LEVEL: 'WARN',
        },
      });
      const node = nodeOf(child, `http://127.0.0.1:${http}`);
      nodes.push(node);
      await waitFor(`Qdrant node ${i} (${node.url})`, node, async () => (await fetch(`${node.url}/readyz`)).ok);
      founder ??= `http://127.0.0.1:${p2p}`;
    }
    if (size > 1) {
      await waitFor(`a cluster of ${size} Qdrant nodes`, nodes[0], async () => {
        const response = await fetch(`${nodes[0].url}/cluster`);
        const { result } = (await response.json()) as { result?: { peers?: object; raft_info?: { leader?: number } } };
        return Object.keys(result?.peers ?? {}).length === size && result?.raft_info?.leader != null;
      });
    }
    return { nodes, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

interface RunningNode extends QdrantNode {
  readonly process: ChildProcess;
  /** The end of what the node wrote to stderr: why it exited, when it did. */
  lastStderr(): string;
}

function nodeOf(child: ChildProcess, url: string): RunningNode {
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  return {
    url,
    process: child,
    lastStderr: () => stderr,
    async stop(kill = false) {
      if (child.exitCode === null && child.signalCode === null) child.kill(kill ? 'SIGKILL' : 'SIGTERM');
      await exited;
    },
  };
}

/** Polls `ready` until it answers true; fails early, with the node's last stderr, when it exits. */
async function waitFor(what: string, node: RunningNode, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = node.process;
    if (exitCode !== null || signalCode !== null) throw new Error(`${what} exited (${exitCode ?? signalCode}): ${node.lastStderr()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
  throw new Error(`${what} was not ready within ${START_TIMEOUT_MS / 1000} s`);
}
