import { initialTransition, transition } from 'xstate';
import { type DocumentationSessionEvent, type NewFileRequest, documentationSessionMachine } from './documentation-session-machine';

const AT = '2026-11-28T00:00:00.000Z';
const request = (path: string, theme = 'orders'): NewFileRequest => ({
  path,
  theme,
  requestId: `req_${path}`,
  requestedAt: AT,
  prompt: `Analyse ${path}`,
});
const ANALYSIS = { summary: 'Creates orders.', documentation: '# Orders' };
const start = (kind: 'full' | 'files', requests: NewFileRequest[] = []) =>
  initialTransition(documentationSessionMachine, {
    sessionId: 'ds_1',
    kind,
    repositoryId: 'order-service',
    moduleName: 'orders',
    docType: 'module',
    knowledgeStore: false,
    requests,
  })[0];
const run = (snapshot: ReturnType<typeof start>, ...events: DocumentationSessionEvent[]) =>
  events.reduce((current, event) => transition(documentationSessionMachine, current, event)[0], snapshot);

const GROUPINGS: DocumentationSessionEvent = {
  type: 'GROUPINGS_PROVIDED',
  groupings: [{ theme: 'orders', description: 'Order handling' }],
  requests: [request('src/a.ts'), request('src/b.ts')],
};
const analyzed = (path: string): DocumentationSessionEvent => ({ type: 'FILE_ANALYZED', path, analysis: ANALYSIS });
const WRITTEN: DocumentationSessionEvent = {
  type: 'DOCUMENTATION_WRITTEN',
  documentationPath: '/out/ds_1',
  claims: { supported: 2, contradicted: 0, unknown: 1 },
  knowledge: null,
};
const DEPENDENCY: DocumentationSessionEvent = { type: 'DEPENDENCIES_PROVIDED', requests: [request('src/c.ts')], relationships: 1 };
const EXPIRED: DocumentationSessionEvent = { type: 'REQUESTS_EXPIRED', paths: ['src/b.ts'] };
const ALL_EVENTS = [GROUPINGS, analyzed('src/a.ts'), WRITTEN, DEPENDENCY, EXPIRED];

describe('documentationSessionMachine', () => {
  it('full_documentation awaits groupings; create_documentation is started with its files', () => {
    expect(start('full').value).toBe('awaiting_groupings');
    const files = start('files', [request('src/a.ts')]);
    expect(files.value).toBe('started');
    expect(files.context.groupings).toEqual([{ theme: 'orders', description: '' }]);
    expect(files.context.files).toEqual([{ ...request('src/a.ts'), status: 'pending', analysis: null }]);
  });

  it('awaiting_groupings accepts only the groupings', () => {
    const session = start('full');
    expect(ALL_EVENTS.filter((event) => session.can(event)).map((event) => event.type)).toEqual(['GROUPINGS_PROVIDED']);
  });

  it('awaiting_groupings → processing → completed when every file is analysed, then the documentation is recorded', () => {
    let session = run(start('full'), GROUPINGS);
    expect(session.value).toBe('processing');
    expect(session.can(GROUPINGS)).toBe(false);
    session = run(session, analyzed('src/a.ts'));
    expect(session.value).toBe('processing');
    session = run(session, analyzed('src/b.ts'));
    expect(session.value).toBe('completed');
    expect(ALL_EVENTS.filter((event) => session.can(event)).map((event) => event.type)).toEqual(['DOCUMENTATION_WRITTEN']);
    session = run(session, WRITTEN);
    expect(session.context).toMatchObject({ documentationPath: '/out/ds_1', claims: { supported: 2, contradicted: 0, unknown: 1 } });
    expect(session.context.files.map((file) => [file.path, file.status])).toEqual([
      ['src/a.ts', 'analyzed'],
      ['src/b.ts', 'analyzed'],
    ]);
  });

  it('a request unanswered in time fails its file, and the session completes without it', () => {
    const session = run(start('full'), GROUPINGS, analyzed('src/a.ts'), EXPIRED);
    expect(session.value).toBe('completed');
    expect(session.context.files.map((file) => [file.path, file.status])).toEqual([
      ['src/a.ts', 'analyzed'],
      ['src/b.ts', 'failed'],
    ]);
  });

  it('started accepts analyses, dependencies and expiries (each to processing), not groupings or the documentation', () => {
    const session = start('files', [request('src/a.ts'), request('src/b.ts')]);
    expect(ALL_EVENTS.filter((event) => session.can(event)).map((event) => event.type)).toEqual([
      'FILE_ANALYZED',
      'DEPENDENCIES_PROVIDED',
      'REQUESTS_EXPIRED',
    ]);
    expect(run(session, analyzed('src/a.ts')).value).toBe('processing');
    expect(run(session, EXPIRED).value).toBe('processing');
    const withDependency = run(session, DEPENDENCY);
    expect(withDependency.value).toBe('processing');
    expect(withDependency.context.relationships).toBe(1);
    expect(withDependency.context.files.map((file) => file.path)).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts']);
  });

  it('counts the dependencies each analysis names as relationships', () => {
    const session = run(start('files', [request('src/a.ts')]), {
      type: 'FILE_ANALYZED',
      path: 'src/a.ts',
      analysis: { ...ANALYSIS, dependencies: ['src/b.ts', 'src/c.ts'] },
    });
    expect(session.value).toBe('completed');
    expect(session.context.relationships).toBe(2);
  });
});
