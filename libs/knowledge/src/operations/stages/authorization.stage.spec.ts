import type { CodeGraphRepository, RepositoryRecord } from '@lore/graph';
import { type LoreError, type Principal, localPrincipal } from '@lore/domain';
import type { OperationCall } from '../operation';
import { AuthorizationStage } from './authorization.stage';

/** The repositories indexed in tenant acme: shop and billing. */
const graph = {
  listRepositories: async (principal: Principal) =>
    ['billing', 'shop']
      .filter((id) => principal.tenantId === 'acme' && (principal.repositories === '*' || principal.repositories.includes(id)))
      .map((repositoryId) => ({ repositoryId }) as RepositoryRecord),
} as unknown as CodeGraphRepository;
const stage = new AuthorizationStage(graph);

const shopOnly: Principal = { ...localPrincipal('acme', 'ana'), repositories: ['shop'], permissions: ['read'] };

async function outcome(operation: string, input: unknown, principal: Principal, kind: OperationCall['kind'] = 'read') {
  const call: OperationCall = {
    operation,
    kind,
    cached: true,
    args: [input],
    principal,
    context: { requestId: 'r', door: 'rest', agentRunId: null, lentModel: null },
  };
  try {
    return await stage.handle(call, async () => 'answered');
  } catch (error) {
    const { code, message } = error as LoreError;
    return { code, message };
  }
}

describe('AuthorizationStage', () => {
  it('answers a hidden repository exactly as one that is not indexed, however the input names it', async () => {
    const hidden = [
      ['search_code', { query: 'x', scope: { repositoryId: 'billing' } }],
      ['get_project_structure', { repositoryId: 'billing' }],
      ['get_file_span', { uri: 'code://billing/abc/src/a.ts#L1-L2' }],
    ] as const;
    for (const [operation, input] of hidden) {
      const absent = JSON.parse(JSON.stringify(input).replaceAll('billing', 'nowhere')) as unknown;
      expect(await outcome(operation, input, shopOnly)).toEqual({ code: 'not_found', message: 'No indexed repository billing.' });
      expect(await outcome(operation, absent, shopOnly)).toEqual({ code: 'not_found', message: 'No indexed repository nowhere.' });
    }
    expect(await outcome('get_symbol', { uid: 'acme:billing:src/a.ts#Invoice' }, shopOnly)).toEqual({
      code: 'not_found',
      message: 'No symbol with uid acme:billing:src/a.ts#Invoice.',
    });
    expect(await outcome('analyze_impact', { targets: [{ uid: 'acme:nowhere:a.ts#f' }] }, shopOnly)).toMatchObject({ code: 'not_found' });
  });

  it("answers another tenant's uid as not found, even to a principal of every repository", async () => {
    expect(await outcome('get_symbol', { uid: 'other:shop:src/a.ts#Order' }, localPrincipal('acme'))).toEqual({
      code: 'not_found',
      message: 'No symbol with uid other:shop:src/a.ts#Order.',
    });
  });

  it('lets readable repositories through, and leaves what does not parse to the service', async () => {
    expect(await outcome('get_symbol', { uid: 'acme:shop:src/a.ts#Order' }, shopOnly)).toBe('answered');
    expect(await outcome('get_file_span', { uri: 'code://shop/abc/../../etc/passwd' }, shopOnly)).toBe('answered');
    expect(await outcome('search_code', { query: 'x' }, shopOnly)).toBe('answered');
  });

  it("refuses a tool outside the credential's profile, whatever the door", async () => {
    const explorer: Principal = { ...shopOnly, toolProfile: 'read_only_explorer' };
    expect(await outcome('analyze_impact', { uid: 'acme:shop:a.ts#f' }, explorer)).toEqual({
      code: 'permission_denied',
      message: 'analyze_impact is not in the read_only_explorer tool profile of this credential.',
    });
    expect(await outcome('search_code', { query: 'x' }, explorer)).toBe('answered');
  });

  it('refuses a side effect without its permission, and a read without read', async () => {
    expect(await outcome('index_repository', { path: '/tmp/x' }, shopOnly, 'side_effect')).toEqual({
      code: 'permission_denied',
      message: 'index_repository needs the index permission, which this credential does not hold.',
    });
    expect(await outcome('index_repository', { path: '/tmp/x' }, localPrincipal('acme'), 'side_effect')).toBe('answered');
    expect(await outcome('search_code', { query: 'x' }, { ...shopOnly, permissions: [] })).toMatchObject({ code: 'permission_denied' });
  });

  it('lets a knowledge write through only with knowledge:write, naming that permission', async () => {
    const reader: Principal = { ...localPrincipal('acme', 'ana'), permissions: ['read', 'index'] };
    const writer: Principal = { ...localPrincipal('acme', 'ana'), permissions: ['read', 'knowledge:write'] };
    for (const operation of [
      'update_project_main',
      'create_knowledge_file',
      'update_chapter',
      'delete_knowledge_file',
      'restore_knowledge_file',
    ]) {
      expect(await outcome(operation, { project_id: 'demo' }, reader, 'side_effect')).toEqual({
        code: 'permission_denied',
        message: `${operation} needs the knowledge:write permission, which this credential does not hold.`,
      });
      expect(await outcome(operation, { project_id: 'demo' }, writer, 'side_effect')).toBe('answered');
    }
    expect(await outcome('index_repository', { path: '/x' }, writer, 'side_effect')).toMatchObject({ code: 'permission_denied' });
  });
});
