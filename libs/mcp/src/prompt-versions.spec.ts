import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { discoverClasses } from '@lore/config';
import type { Principal } from '@lore/domain';
import { LoreMcpServerFactory } from './lore-mcp-server.factory';
import { VERSIONS_CAPABILITY } from './served-versions';
import type { LoreMcpPrompt } from './mcp-prompt';
import type { LoreMcpTool } from './mcp-tool';

/**
 * Seed 000's versions (26.3 Server Capabilities, 28.1 "prompts versioned"): /mcp lists what it serves
 * as `search_code:v1` and `generate_module_doc:v1`, and a prompt answers under its versioned name.
 */
const CONFIG = { LORE_MCP_PROFILE: 'full', LORE_MCP_ENABLE_SIDE_EFFECTS: false, LORE_MCP_MAX_TOKENS: 25_000 };
const PRINCIPAL = { tenantId: 'tenant', subject: 'local', permissions: ['read'], toolProfile: null, repositories: '*' } as Principal;

const make = <T>(directory: string, suffix: string): T[] =>
  discoverClasses<T>(`${__dirname}/${directory}`, suffix).map(
    (Class) => new (Class as unknown as new (...services: unknown[]) => T)(...Array<unknown>(8).fill(CONFIG)),
  );

async function connected(): Promise<Client> {
  const factory = new LoreMcpServerFactory(
    make<LoreMcpTool>('tools', '.tool'),
    [],
    make<LoreMcpPrompt>('prompts', '.prompt'),
    CONFIG as never,
    {} as never,
    {} as never,
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await factory.create(PRINCIPAL, { transport: 'stdio' }).connect(serverSide);
  const client = new Client({ name: 'prompt-versions-spec', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

describe('versions on /mcp', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connected();
  });
  afterAll(() => client.close());

  it('lists the tools and prompts it serves by version in its capabilities, as the seed lists them', () => {
    const versions = client.getServerCapabilities()?.experimental?.[VERSIONS_CAPABILITY] as { tools: string[]; prompts: string[] };
    expect(versions.tools).toEqual(expect.arrayContaining(['search_code:v1', 'get_symbol:v1']));
    expect(versions.prompts.sort()).toEqual([
      'analyze_cross_repo_impact:v1',
      'analyze_impact:v1',
      'create_agent_context_for_code_change:v1',
      'generate_module_doc:v1',
      'review_generated_doc:v1',
    ]);
  });

  it('gives each prompt its version in prompts/list, and answers its versioned name with the same workflow', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => [prompt.name, prompt._meta?.['lore/version']]).sort()).toEqual([
      ['analyze_cross_repo_impact', '1'],
      ['analyze_impact', '1'],
      ['create_agent_context_for_code_change', '1'],
      ['generate_module_doc', '1'],
      ['review_generated_doc', '1'],
    ]);
    const args = { repositoryId: 'order-service', modulePath: 'src/pricing' };
    const pinned = await client.getPrompt({ name: 'generate_module_doc:v1', arguments: args });
    expect(pinned).toEqual(await client.getPrompt({ name: 'generate_module_doc', arguments: args }));
    expect((pinned.messages[0]!.content as { text: string }).text).toContain('Write documentation of the module src/pricing');
  });

  it('refuses a version it does not serve with -32602, naming the one it does', async () => {
    await expect(
      client.getPrompt({ name: 'generate_module_doc:v2', arguments: { repositoryId: 'order-service', modulePath: 'src' } }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Prompt generate_module_doc:v2 not found: the version served is generate_module_doc:v1'),
    });
    await expect(client.getPrompt({ name: 'no_such_prompt', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Prompt no_such_prompt not found'),
    });
  });
});
