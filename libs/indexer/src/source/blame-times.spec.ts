import { blameTimes } from './source.repository';

describe('blameTimes', () => {
  it("gives each line its commit's committer time, a commit's header read once", () => {
    const a = 'a'.repeat(40);
    const b = 'b'.repeat(40);
    const porcelain = [
      `${a} 1 1 1`,
      'committer-time 100',
      'filename README.md',
      '\tfirst',
      `${b} 2 2 1`,
      'committer-time 200',
      'filename README.md',
      '\tsecond',
      `${a} 3 3 1`,
      '\tthird',
      '',
    ].join('\n');
    expect(blameTimes(porcelain)).toEqual([100, 200, 100]);
  });
});
