import { fmix32, fnv1a32 } from './fnv1a';

describe('fnv1a32', () => {
  it('matches the published FNV-1a 32-bit test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('hashes the UTF-8 bytes, surrogate pairs included', () => {
    expect(fnv1a32('é')).toBe(0x1e9de8c1); // C3 A9
    expect(fnv1a32('日本')).toBe(0x9f26ee51); // E6 97 A5 E6 9C AC
    expect(fnv1a32('😀')).toBe(0x33a29608); // F0 9F 98 80
  });
});

describe('fmix32', () => {
  it('is the MurmurHash3 finaliser', () => {
    expect(fmix32(0)).toBe(0);
    expect(fmix32(1)).toBe(0x514e28b7);
  });
});
