import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** bin/compile-cache.js, the code cache `lore` keeps on a Node without module.enableCompileCache, in a Node of its own. */
const COMPILE_CACHE = join(__dirname, '..', '..', '..', 'bin', 'compile-cache.js');

let scratch: string;
let cache: string;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'lore-compile-cache-spec-'));
  cache = join(scratch, 'cache');
});

afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `main.js` of the scratch directory with the cache on: its stdout, stderr and exit status. */
function run(): { stdout: string; stderr: string; status: number | null } {
  const script = `require(${JSON.stringify(COMPILE_CACHE)}).enableCompileCache(${JSON.stringify(cache)}); require(${JSON.stringify(join(scratch, 'main.js'))});`;
  const { stdout, stderr, status } = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  return { stdout, stderr, status };
}

describe('the compile cache of bin/compile-cache.js', () => {
  it('runs a module from its cache as Node would run it: its require, __filename and __dirname', () => {
    writeFileSync(
      join(scratch, 'main.js'),
      "console.log(require('./answer'), require.resolve('./answer') === __dirname + '/answer.js', __filename);\n",
    );
    writeFileSync(join(scratch, 'answer.js'), 'module.exports = 42;\n');
    const expected = `42 true ${join(scratch, 'main.js')}\n`;

    expect(run().stdout).toBe(expected);
    expect(readdirSync(cache)).toHaveLength(2);
    expect(run().stdout).toBe(expected);
  });

  it('runs the new code of a module changed to a source of the same length, which V8 would take the old cache for', () => {
    writeFileSync(join(scratch, 'main.js'), "console.log('before');\n");
    expect(run().stdout).toBe('before\n');
    writeFileSync(join(scratch, 'main.js'), "console.log('after!');\n");
    expect(run().stdout).toBe('after!\n');
  });

  it("gives a module V8 will not compile as a script to Node's compiler, with Node's error", () => {
    writeFileSync(join(scratch, 'main.js'), 'const = 1;\n');
    const { stderr, status } = run();
    expect(status).toBe(1);
    expect(stderr).toContain(`${join(scratch, 'main.js')}:1`);
    expect(stderr).toContain("SyntaxError: Unexpected token '='");
  });
});
