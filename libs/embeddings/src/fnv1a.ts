/**
 * 32-bit FNV-1a over the UTF-8 bytes of a string. Chosen for the hashing embedder because it is
 * tiny, fast on short keys and fully specified: the same feature lands in the same slot on every
 * machine and Node version, which is what makes stored vectors stay comparable.
 */
const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (let i = 0; i < text.length; i++) {
    let codePoint = text.charCodeAt(i);
    if (codePoint < 0x80) {
      hash = Math.imul(hash ^ codePoint, FNV_PRIME);
      continue;
    }
    // Encode the code point as UTF-8 inline (no Buffer allocation per feature).
    if (codePoint >= 0xd800 && codePoint <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (codePoint < 0x800) {
      hash = Math.imul(hash ^ (0xc0 | (codePoint >> 6)), FNV_PRIME);
    } else if (codePoint < 0x10000) {
      hash = Math.imul(hash ^ (0xe0 | (codePoint >> 12)), FNV_PRIME);
      hash = Math.imul(hash ^ (0x80 | ((codePoint >> 6) & 0x3f)), FNV_PRIME);
    } else {
      hash = Math.imul(hash ^ (0xf0 | (codePoint >> 18)), FNV_PRIME);
      hash = Math.imul(hash ^ (0x80 | ((codePoint >> 12) & 0x3f)), FNV_PRIME);
      hash = Math.imul(hash ^ (0x80 | ((codePoint >> 6) & 0x3f)), FNV_PRIME);
    }
    hash = Math.imul(hash ^ (0x80 | (codePoint & 0x3f)), FNV_PRIME);
  }
  return hash >>> 0;
}

/**
 * MurmurHash3's 32-bit finaliser. Used to derive a feature's sign from its FNV hash: the slot comes
 * from `hash % dimension`, and the finaliser's avalanche makes the sign independent of the slot.
 */
export function fmix32(hash: number): number {
  let h = hash >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
