import { installedServer } from './installed-servers';
import { indexRepository } from '../repository-indexer';
import { FIXTURES } from '../../../../test/support/fixtures';
import { join } from 'node:path';

const directory = process.env.LORE_TEST_LANGUAGE_SERVERS_DIR!;
const settings = { directory, requestTimeoutMs: 60_000, indexTimeoutMs: 120_000 };
const short = (uid: string) => uid.split(':').slice(2).join(':');

describe('probe', () => {
  it.each(['shapes-c', 'shapes-cpp', 'shipping-go'])('%s', async (fixture) => {
    console.log(installedServer('clangd', directory), installedServer('gopls', directory));
    const snapshot = await indexRepository(join(FIXTURES, fixture), { tenantId: 't', maxFileBytes: 1 << 20, languageServers: settings });
    console.log(JSON.stringify(snapshot.languageServers, null, 1));
    console.log(snapshot.calls.map((c) => `['${short(c.callerUid)}', '${short(c.calleeUid)}', ${c.line}, ${c.count}, '${c.confidence}'],`).join('\n'));
    console.log(JSON.stringify(snapshot.skipped));
  }, 300_000);
});
