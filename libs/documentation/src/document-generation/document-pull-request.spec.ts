import { forgeRepository, scrub } from './document-pull-request';

describe('forgeRepository', () => {
  it.each([
    ['https://github.com/acme/order-service.git', { owner: 'acme', repo: 'order-service', https: true }],
    ['https://x-access-token:abc@github.com/acme/order-service', { owner: 'acme', repo: 'order-service', https: true }],
    ['http://forge.internal/acme/order-service.git/', { owner: 'acme', repo: 'order-service', https: true }],
    ['git@github.com:acme/order-service.git', { owner: 'acme', repo: 'order-service', https: false }],
    ['ssh://git@forge.internal/acme/order-service.git', { owner: 'acme', repo: 'order-service', https: false }],
  ])('reads the owner and repository of %s', (url, expected) => {
    expect(forgeRepository(url)).toEqual(expected);
  });

  it.each(['/srv/git/order-service.git', 'file:///srv/git/order-service.git', 'https://github.com/order-service.git', ''])(
    'names none for %j',
    (url) => {
      expect(forgeRepository(url)).toBeNull();
    },
  );
});

describe('scrub', () => {
  const token = 'ghp_secretTokenOfTheTest';

  it('takes the token, its basic-auth form and any URL user info out of a message', () => {
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
    expect(
      scrub(
        `fatal: could not read from https://x-access-token:${token}@github.com/acme/r.git (Authorization: Basic ${basic}); ${token}`,
        token,
      ),
    ).toBe('fatal: could not read from https://***@github.com/acme/r.git (Authorization: Basic ***); ***');
  });

  it('leaves a message without them as it was', () => {
    expect(scrub('Validation Failed: A pull request already exists for acme:lore/docs/abc.', token)).toBe(
      'Validation Failed: A pull request already exists for acme:lore/docs/abc.',
    );
  });
});
