import { allowedHostNames, hostNameOf, networkExposureProblems, unauthenticatedExposureProblems } from './network-exposure';

const base = { LORE_ALLOW_REMOTE: false, LORE_AUTH: undefined };

describe('networkExposureProblems', () => {
  it('lets any loopback server start, with or without authentication', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
      expect(networkExposureProblems({ ...base, LORE_HOST: host })).toEqual([]);
  });

  it('refuses to serve beyond loopback unless asked', () => {
    expect(networkExposureProblems({ ...base, LORE_HOST: '0.0.0.0' })).toEqual([
      'LORE_HOST=0.0.0.0 serves your code beyond this machine: start with --allow-remote (LORE_ALLOW_REMOTE=true) if that is meant, or bind 127.0.0.1.',
    ]);
    expect(networkExposureProblems({ ...base, LORE_HOST: '0.0.0.0', LORE_ALLOW_REMOTE: true })).toEqual([]);
  });
});

describe('unauthenticatedExposureProblems', () => {
  it('refuses a server beyond loopback that no credential could reach, unless LORE_AUTH=off is stated', () => {
    expect(unauthenticatedExposureProblems({ ...base, LORE_HOST: '0.0.0.0' }, false)).toEqual([
      'LORE_HOST=0.0.0.0 needs its callers authenticated: create an API key (lore keys create --tenant <id>) or configure JWT bearer tokens (LORE_JWT_ISSUER), or state LORE_AUTH=off to serve without authentication.',
    ]);
    expect(unauthenticatedExposureProblems({ ...base, LORE_HOST: '0.0.0.0' }, true)).toEqual([]);
    expect(unauthenticatedExposureProblems({ ...base, LORE_HOST: '10.0.0.5', LORE_AUTH: 'off' }, false)).toEqual([]);
    expect(unauthenticatedExposureProblems({ ...base, LORE_HOST: '127.0.0.1' }, false)).toEqual([]);
  });
});

describe('allowed host names', () => {
  it('are loopback, LORE_HOST unless a wildcard, and LORE_ALLOWED_HOSTS', () => {
    expect([...allowedHostNames({ LORE_HOST: '0.0.0.0', LORE_ALLOWED_HOSTS: ['Lore.Example.com'] })]).toEqual([
      'localhost',
      '127.0.0.1',
      '::1',
      'lore.example.com',
    ]);
    expect(allowedHostNames({ LORE_HOST: '10.0.0.5', LORE_ALLOWED_HOSTS: [] }).has('10.0.0.5')).toBe(true);
  });

  it('are read from Host headers with ports and brackets', () => {
    expect(hostNameOf('127.0.0.1:7300')).toBe('127.0.0.1');
    expect(hostNameOf('[::1]:7300')).toBe('::1');
    expect(hostNameOf('Evil.Example')).toBe('evil.example');
    expect(hostNameOf('bad host/')).toBeNull();
    expect(hostNameOf(undefined)).toBeNull();
  });
});
