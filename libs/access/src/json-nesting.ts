/**
 * How deep a request body's JSON may nest. No request of any door needs more than a few levels
 * (a tool's arguments, a GraphQL query's variables); JSON.parse reads far deeper bodies without
 * trouble, but what walks the parsed value recursively (schema validation, the MCP SDK's request
 * parsing) runs out of stack on them, a 500. Such a body is refused before it is parsed.
 */
export const MAX_JSON_NESTING = 64;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text opens more than `max` objects and arrays inside one another. A scan of its
 * bytes outside strings, not a parse: linear, no recursion, and right for any text JSON.parse takes
 * (malformed text is left for the parser to refuse).
 */
export function nestsDeeperThan(json: string | Uint8Array, max: number = MAX_JSON_NESTING): boolean {
  const bytes = typeof json === 'string' ? Buffer.from(json) : json;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth--;
  }
  return false;
}

/** The refusal of a body nested too deep, as the body parser's own errors are (http-errors' fields): 400, shown to the caller. */
export class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.too.deep';

  constructor() {
    super(`The request body is nested deeper than ${MAX_JSON_NESTING} levels.`);
  }
}
