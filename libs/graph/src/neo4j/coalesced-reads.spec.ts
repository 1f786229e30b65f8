import { CoalescedReads } from './coalesced-reads';

/** A read the test finishes by hand, recording when each started. */
function setUp() {
  const started: { key: string; finish: (value: string) => void; fail: (error: Error) => void }[] = [];
  const reads = new CoalescedReads<string>();
  const ask = (key: string) =>
    reads.read(
      key,
      () =>
        new Promise<string>((finish, fail) => {
          started.push({ key, finish, fail });
        }),
    );
  return { started, ask };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CoalescedReads', () => {
  it('gives callers who ask while a read is under way the next read, shared, never the one that began before them', async () => {
    const { started, ask } = setUp();
    const first = ask('acme');
    const second = ask('acme');
    const third = ask('acme');
    expect(started).toHaveLength(1);
    started[0]!.finish('before');
    expect(await first).toBe('before');
    await settle();
    expect(started).toHaveLength(2);
    started[1]!.finish('after');
    expect(await second).toBe('after');
    expect(await third).toBe('after');
  });

  it('reads each key on its own, and a lone caller once', async () => {
    const { started, ask } = setUp();
    const acme = ask('acme');
    const globex = ask('globex');
    expect(started.map((read) => read.key)).toEqual(['acme', 'globex']);
    started[0]!.finish('a');
    started[1]!.finish('g');
    expect([await acme, await globex]).toEqual(['a', 'g']);
    const again = ask('acme');
    expect(started).toHaveLength(3);
    started[2]!.finish('a2');
    expect(await again).toBe('a2');
  });

  it('shares a failure with the callers of that read only, and reads again for the next', async () => {
    const { started, ask } = setUp();
    const first = ask('acme');
    const second = ask('acme');
    started[0]!.fail(new Error('unreachable'));
    await expect(first).rejects.toThrow('unreachable');
    await settle();
    started[1]!.finish('back');
    expect(await second).toBe('back');
    const third = ask('acme');
    expect(started).toHaveLength(3);
    started[2]!.finish('still');
    expect(await third).toBe('still');
  });
});
