import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * Tokens of a text under o200k_base (the encoding of current OpenAI models; other model families
 * count within a few percent of it on code and JSON). gpt-tokenizer: pure JS, the same counts as
 * tiktoken, about three times faster than js-tiktoken here (2 ms for 4 KB of JSON on a loaded core).
 */
export function countTokens(text: string): number {
  return countO200k(text);
}
