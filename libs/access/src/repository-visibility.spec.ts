import { type Principal, localPrincipal } from '@lore/domain';
import { canReadRepository } from './repository-visibility';

const principal = (repositories: Principal['repositories']): Principal => ({ ...localPrincipal('t', 's'), repositories });

describe('canReadRepository', () => {
  it('lets a principal read every repository of its tenant with *, and only its own list otherwise', () => {
    expect(canReadRepository(principal('*'), 'shop')).toBe(true);
    expect(canReadRepository(principal(['shop', 'billing']), 'billing')).toBe(true);
    expect(canReadRepository(principal(['shop']), 'billing')).toBe(false);
    expect(canReadRepository(principal([]), 'shop')).toBe(false);
  });
});
