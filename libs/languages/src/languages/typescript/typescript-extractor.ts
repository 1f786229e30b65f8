import type { Extraction, ExtractionInput, LanguageExtractor } from '../../extractor';

/**
 * TypeScript and JavaScript, read with the TypeScript compiler (script-extraction.ts). The compiler
 * is loaded by the first extraction, not with the indexer: its 9 MB of JavaScript took about 0.15 s
 * of every start of a process that only serves or searches.
 */
export class TypeScriptExtractor implements LanguageExtractor {
  readonly languages = ['typescript', 'javascript'] as const;

  async extract(input: ExtractionInput): Promise<Extraction> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed (see above)
    const { extractScripts } = require('./script-extraction') as typeof import('./script-extraction');
    return extractScripts(input);
  }
}

let scriptWalk: typeof import('./script-walk') | undefined;

/** The first pass's own walk (bench/parse-floor.ts measures it alone), loaded with the compiler when first called. */
export const walkPreorder: typeof import('./script-walk').walkPreorder = (root, rootState, visit) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed (see above)
  (scriptWalk ??= require('./script-walk') as typeof import('./script-walk')).walkPreorder(root, rootState, visit);
