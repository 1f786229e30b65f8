import type { Provider } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import type { LanguageModel } from '@lore/domain';
import { EndpointLanguageModel } from './endpoint-language-model';

/** The configured LanguageModel (LORE_LLM_*), or null: none unless configured. */
export const CONFIGURED_LANGUAGE_MODEL = Symbol('CONFIGURED_LANGUAGE_MODEL');

export const LANGUAGE_MODEL_PROVIDERS: Provider[] = [
  {
    provide: CONFIGURED_LANGUAGE_MODEL,
    inject: [LORE_CONFIG],
    useFactory: (config: LoreConfig): LanguageModel | null =>
      config.LORE_LLM_URL && config.LORE_LLM_MODEL
        ? new EndpointLanguageModel({
            url: config.LORE_LLM_URL,
            model: config.LORE_LLM_MODEL,
            apiKey: config.LORE_LLM_API_KEY,
            timeoutMs: config.LORE_LLM_TIMEOUT_MS,
          })
        : null,
  },
];
