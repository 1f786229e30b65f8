import { join } from 'node:path';
import { discoverClasses, discoverExports } from './discovery';

const FOLDER = join(__dirname, '..', 'test', 'discovery');

describe('discovery: registration by file name', () => {
  it('finds the classes of every file with the suffix, below the folder, in path order', () => {
    expect(discoverClasses(FOLDER, '.tool').map((type) => type.name)).toEqual(['AlphaTool', 'BetaTool']);
    expect(discoverClasses(FOLDER, '.resolver').map((type) => type.name)).toEqual(['GammaResolver']);
  });

  it('gives each module whole, functions included', () => {
    expect(discoverExports(FOLDER, '.tool').map((exports) => Object.keys(exports).sort())).toEqual([['AlphaTool', 'helper'], ['BetaTool']]);
  });
});
