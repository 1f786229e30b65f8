import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddingError, type EmbeddingPurpose } from './embedder';

export interface SentenceTransformersSettings {
  /** How token vectors become one: their mean over the attention mask, or the first ([CLS]) token's. */
  pooling: 'mean' | 'cls';
  /** Put before each text by purpose: retrieval models (e5, bge) were trained with them. */
  prompts: Readonly<Record<EmbeddingPurpose, string>>;
}

/**
 * The pooling and prompts a sentence-transformers model directory declares: `1_Pooling/config.json`
 * (`pooling_mode_cls_token`) and `config_sentence_transformers.json` (`prompts.query`, and
 * `prompts.document` or `prompts.passage`). A directory without them is mean-pooled with no prompts, as
 * MiniLM is. A file that is there but unreadable is refused: silently pooling or prompting otherwise
 * than the model was trained would give worse vectors with no error.
 */
export function readSentenceTransformersSettings(modelDir: string): SentenceTransformersSettings {
  const read = (name: string): Record<string, unknown> | undefined => {
    const file = join(modelDir, name);
    if (!existsSync(file)) return undefined;
    try {
      const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // refused below, with the file's name
    }
    throw new EmbeddingError(`${file} is not a JSON object`);
  };
  const pooling = read(join('1_Pooling', 'config.json'));
  const prompts = read('config_sentence_transformers.json')?.prompts as Record<string, unknown> | undefined;
  const prompt = (...names: string[]): string => {
    const value = names.map((name) => prompts?.[name]).find((found) => found !== undefined);
    return typeof value === 'string' ? value : '';
  };
  return {
    pooling: pooling?.pooling_mode_cls_token === true ? 'cls' : 'mean',
    prompts: { query: prompt('query'), document: prompt('document', 'passage') },
  };
}
