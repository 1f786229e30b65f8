import { parseKnowledgeDocument, renderKnowledgeDocument, replaceChapter, slugify } from './knowledge-document';
import { projectIdOf, remotePath } from './project-identity';
import { importedKnowledge } from './knowledge-import';
import { knowledgeFilename } from './knowledge-input';

const SEED_DOCUMENT = `---
title: Auth
keywords: [JWT, oauth]
updated: 2024-01-01T12:00:00Z
---

How login works.

## Tokens
Token lifetimes.

Access tokens last 15 minutes.

## Sessions
Where sessions live.

Sessions are kept in Redis.
\`\`\`md
## not a chapter
\`\`\`
`;

describe('knowledge documents in the seed format', () => {
  it('renders front matter, introduction and chapters as the seed lays them out', () => {
    const text = renderKnowledgeDocument(
      { title: 'Auth', keywords: ['JWT', 'oauth'], updated: '2024-01-01T12:00:00Z', extra: {} },
      'How login works.',
      [{ title: 'Tokens', summary: 'Token lifetimes.', content: 'Access tokens last 15 minutes.' }],
    );
    expect(text).toBe(
      '---\ntitle: Auth\nkeywords: [JWT, oauth]\nupdated: 2024-01-01T12:00:00Z\n---\n\nHow login works.\n\n## Tokens\nToken lifetimes.\n\nAccess tokens last 15 minutes.\n',
    );
  });

  it('reads chapters, their summaries and content, and ignores headings in fenced code', () => {
    const document = parseKnowledgeDocument('auth.md', SEED_DOCUMENT);
    expect(document.metadata).toEqual({ title: 'Auth', keywords: ['JWT', 'oauth'], updated: '2024-01-01T12:00:00Z', extra: {} });
    expect(document.introduction).toBe('How login works.');
    expect(document.chapters.map(({ title, summary, content }) => ({ title, summary, content }))).toEqual([
      { title: 'Tokens', summary: 'Token lifetimes.', content: 'Access tokens last 15 minutes.' },
      { title: 'Sessions', summary: 'Where sessions live.', content: 'Sessions are kept in Redis.\n```md\n## not a chapter\n```' },
    ]);
  });

  it('replaces one chapter and keeps every other byte of the body', () => {
    const document = parseKnowledgeDocument('auth.md', SEED_DOCUMENT);
    const updated = replaceChapter(document, 0, { summary: 'New summary.', content: 'Tokens last 5 minutes.' }, '2025-02-02T00:00:00Z');
    const expected = SEED_DOCUMENT.replace('updated: 2024-01-01T12:00:00Z', 'updated: 2025-02-02T00:00:00Z')
      .replace('Token lifetimes.', 'New summary.')
      .replace('Access tokens last 15 minutes.', 'Tokens last 5 minutes.');
    expect(updated).toBe(expected);
    const last = replaceChapter(document, 1, { summary: 'S.', content: 'C.' }, '2025-02-02T00:00:00Z');
    expect(last.endsWith('## Sessions\nS.\n\nC.\n')).toBe(true);
    expect(last).toContain('## Tokens\nToken lifetimes.\n\nAccess tokens last 15 minutes.\n\n## Sessions');
  });

  it.each([
    ['title: x\nkeywords: [a]\nrun: !!js/function "function () { return 1 }"', 'Unresolved tag'],
    ['title: x\nkeywords: [a]\nrun: !!python/object:os.system [ls]', 'Unresolved tag'],
    ['title: x\nkeywords: not-a-list', 'keywords must be a list of strings'],
    ['keywords: [a]', 'title must be a non-empty string'],
    ['- a\n- b', 'the front matter is not a mapping'],
    ['a: &x [1]\nb: *x\ntitle: t\nkeywords: []', 'alias'],
  ])('refuses front matter %j as -32007, never evaluating it', (frontMatter, reason) => {
    let thrown: unknown;
    try {
      parseKnowledgeDocument('bad.md', `---\n${frontMatter}\n---\n\nIntro.\n`);
    } catch (error) {
      thrown = error;
    }
    const details = (thrown as { details: { jsonRpcCode: number; data: { filename: string; reason: string } } }).details;
    expect(details.jsonRpcCode).toBe(-32007);
    expect(details.data.filename).toBe('bad.md');
    expect(details.data.reason.toLowerCase()).toContain(reason.toLowerCase());
  });
});

describe('names', () => {
  it.each([
    ['my-app (v2)', 'my-app-v2'],
    ['Café Überblick (v2)', 'cafe-uberblick-v2'],
    ['Straße ÆØÅ łódź', 'strasse-aeoa-lodz'],
    ['  --Hello__World--  ', 'hello-world'],
  ])('slugifies %j as %j, transliterating to ASCII', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it.each([
    ['Authentication Flow', 'authentication-flow.md'],
    ['Café Überblick (v2)', 'cafe-uberblick-v2.md'],
    ['patterns.md', 'patterns.md'],
  ])('makes the knowledge file name of %j %j', (requested, filename) => {
    expect(knowledgeFilename(requested)).toBe(filename);
  });

  it.each(['../x.md', 'a/b.md', '/etc/passwd', '..', 'a\\b.md', 'x\0.md', '!!!', 'main.md', 'MAIN'])(
    'refuses the file name %j with -32004',
    (name) => {
      expect(() => knowledgeFilename(name)).toThrow(expect.objectContaining({ details: expect.objectContaining({ jsonRpcCode: -32004 }) }));
    },
  );

  it.each([
    ['https://github.com/acme/my-app.git', 'github-com-acme-my-app'],
    ['https://user:token@github.com/acme/my-app.git', 'github-com-acme-my-app'],
    ['ssh://git@github.com:22/acme/my-app.git', 'github-com-acme-my-app'],
    ['git@github.com:acme/my-app.git', 'github-com-acme-my-app'],
  ])('names the project of origin %j %j, whatever the URL form', (remoteUrl, projectId) => {
    expect(projectIdOf({ remoteUrl, directory: '/work/anything' })).toBe(projectId);
  });

  it('names a project without a remote by its directory', () => {
    expect(projectIdOf({ remoteUrl: null, directory: '/home/me/my-app (v2)' })).toBe('my-app-v2');
    expect(remotePath('git@gitlab.example.com:group/sub/repo.git')).toBe('gitlab.example.com/group/sub/repo');
  });
});

describe('importing a CLAUDE.md', () => {
  it('makes main.md of the preamble and a knowledge document of each ## section', () => {
    const imported = importedKnowledge(
      '# Project rules\n\nUse npm.\n\n## Testing Guide\nHow we test.\n\n### Unit tests\nFast ones.\n\nRun jest.\n\n## Style\nPrettier everywhere.\n\nNo semicolons.\n',
      '2025-01-01T00:00:00Z',
    );
    expect(imported.main).toBe(
      '# Project rules\n\nUse npm.\n\n## Knowledge documents\n\n- Testing Guide: testing-guide.md\n- Style: style.md\n',
    );
    expect(imported.documents).toEqual([
      {
        filename: 'testing-guide.md',
        text: '---\ntitle: Testing Guide\nkeywords: [testing, guide]\nupdated: 2025-01-01T00:00:00Z\n---\n\nHow we test.\n\n## Unit tests\nFast ones.\n\nRun jest.\n',
      },
      {
        filename: 'style.md',
        text: '---\ntitle: Style\nkeywords: [style]\nupdated: 2025-01-01T00:00:00Z\n---\n\nPrettier everywhere.\n\n## Style\nNo semicolons.\n',
      },
    ]);
  });
});
