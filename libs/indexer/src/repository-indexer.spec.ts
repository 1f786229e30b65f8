import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidInputError } from '@lore/domain';
import { indexRepository } from './repository-indexer';
import { scratchRepository } from '../../languages/test/extraction-inputs';

/** A scratch repository (no git: the walker and its .gitignore handling are under test). */
const scratch = (files: Record<string, string | Buffer>): string => scratchRepository(files);

const options = { tenantId: 't', maxFileBytes: 2048 };

describe('indexRepository', () => {
  it('respects .gitignore, skips binary, oversized, non-UTF-8 and unparsable files with reasons, and blocks secrets', async () => {
    const root = scratch({
      '.gitignore': 'build/\n*.log\n',
      'build/out.js': 'export function built() {}\n',
      'debug.log': 'noise',
      'src/.gitignore': 'generated.ts\n',
      'src/generated.ts': 'export const x = 1;\n',
      'src/ok.ts': 'export function ok(): number { return helper(); }\nfunction helper(): number { return 1; }\n',
      'src/broken.ts': 'export function broken( {\n',
      'src/huge.ts': `export const big = '${'x'.repeat(4096)}';\n`,
      'image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]),
      'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9]),
      '.env': 'API_TOKEN=abc123\n',
      'certs/server.pem': '-----BEGIN PRIVATE KEY-----\n',
    });
    symlinkSync('/etc/hostname', join(root, 'outside'));
    const snapshot = await indexRepository(root, options);

    expect(snapshot.files.map((f) => [f.path, f.blocked])).toEqual([
      ['.env', true],
      ['.gitignore', false],
      ['certs/server.pem', true],
      ['src/.gitignore', false],
      ['src/broken.ts', false],
      ['src/ok.ts', false],
    ]);
    expect(snapshot.files.find((f) => f.path === '.env')).toMatchObject({ contentHash: '', lines: 0 });
    expect(snapshot.skipped).toEqual([
      { path: 'image.png', reason: 'binary' },
      { path: 'latin1.txt', reason: 'not valid UTF-8' },
      { path: 'outside', reason: 'symlink out of the repository' },
      { path: 'src/broken.ts', reason: "parse error: line 2: '}' expected." },
      { path: 'src/huge.ts', reason: 'larger than 2048 bytes' },
    ]);
    expect(snapshot.symbols.map((s) => s.qualifiedName)).toEqual(['ok', 'helper']);
    // No tsconfig: the checker still resolves the call, but only by following the code, not as the project builds it.
    expect(snapshot.calls).toEqual([
      { callerUid: 't:scratch:src/ok.ts#ok', calleeUid: 't:scratch:src/ok.ts#helper', line: 1, count: 1, confidence: 'import' },
    ]);
    expect(snapshot.commitSha).toMatch(/^[0-9a-f]{40}$/);
    expect(snapshot.gitPrefix).toBeNull();
  });

  it('falls back to name matching for calls the checker cannot see through', async () => {
    const root = scratch({
      'a.js': 'function run(service) { service.process(); service.flush(); }\nmodule.exports = { run };\n',
      'b.js': 'class Queue { process() {} flush() {} }\nclass Buffer2 { flush() {} }\nmodule.exports = { Queue, Buffer2 };\n',
    });
    const snapshot = await indexRepository(root, options);
    const calls = snapshot.calls.map((c) => [c.calleeUid.split('#')[1], c.confidence]);
    // The checker found no declaration: a lone candidate is no surer than two.
    expect(calls).toEqual([
      ['Buffer2.flush', 'ambiguous'],
      ['Queue.flush', 'ambiguous'],
      ['Queue.process', 'ambiguous'],
    ]);
  });

  it('extracts nesting, overloads, exports, doc comments and complexity', async () => {
    const root = scratch({
      'tsconfig.json': '{ "compilerOptions": { "strict": true } }',
      'shapes.ts': [
        '/** A shape. */',
        'export interface Shape { area(): number }',
        'export class Circle implements Shape {',
        '  constructor(private r: number) {}',
        '  area(): number { return this.r > 0 ? Math.PI * this.r ** 2 : 0; }',
        '}',
        'export function scale(x: number): number;',
        'export function scale(x: string): string;',
        'export function scale(x: number | string): number | string {',
        '  if (typeof x === "number" && x > 0) return x * 2;',
        '  return x;',
        '}',
        'const local = () => scale(1);',
        'export { local };',
        '',
      ].join('\n'),
    });
    const snapshot = await indexRepository(root, options);
    expect(snapshot.symbols.map((s) => [s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity, s.doc])).toEqual([
      ['interface', 'Shape', 2, 2, true, null, 'A shape.'],
      ['method', 'Shape.area', 2, 2, true, null, null],
      ['class', 'Circle', 3, 6, true, null, null],
      ['method', 'Circle.constructor', 4, 4, true, 1, null],
      ['method', 'Circle.area', 5, 5, true, 2, null],
      ['function', 'scale', 7, 12, true, 3, null],
      ['function', 'local', 13, 13, true, 1, null],
    ]);
    expect(snapshot.symbols.find((s) => s.name === 'scale')!.signature).toBe('export function scale(x: number | string): number | string');
    expect(snapshot.calls.map((c) => [c.callerUid.split('#')[1], c.calleeUid.split('#')[1], c.confidence])).toEqual([
      ['local', 'scale', 'exact'],
    ]);
  });

  it('refuses a path that does not exist or is not a directory', async () => {
    const root = scratch({ 'a.ts': '' });
    await expect(indexRepository(join(root, 'missing'), options)).rejects.toThrow(InvalidInputError);
    await expect(indexRepository(join(root, 'a.ts'), options)).rejects.toThrow('Not a directory');
  });

  it('refuses a path that leaves its git repository through a symlink', async () => {
    const outside = scratch({ 'x.ts': '' });
    const repo = scratch({ '.git/HEAD': 'ref: refs/heads/main\n' });
    symlinkSync(outside, join(repo, 'linked'));
    await expect(indexRepository(join(repo, 'linked'), options)).rejects.toThrow('leaves its repository through a symlink');
  });
});
