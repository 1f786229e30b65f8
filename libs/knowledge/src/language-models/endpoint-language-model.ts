import type OpenAI from 'openai';
import type { LanguageModel, ModelAnswer, ModelRequest } from '@lore/domain';

export interface EndpointSettings {
  /** An OpenAI-compatible API's base URL, e.g. http://127.0.0.1:8080/v1. */
  url: string;
  model: string;
  /** Sent as a bearer token; never logged nor put in an error. */
  apiKey?: string;
  timeoutMs: number;
}

/** A model served by an OpenAI-compatible chat completions endpoint (LORE_LLM_URL): a local server or a provider's. */
export class EndpointLanguageModel implements LanguageModel {
  private readonly client: OpenAI;

  constructor(private readonly settings: EndpointSettings) {
    // Loaded with the first model configured: the client cost every process ~50 ms of CPU at start.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { default: OpenAIClient } = require('openai') as typeof import('openai');
    // One retry: a judgement is an optional extra, never worth a long wait.
    this.client = new OpenAIClient({
      baseURL: settings.url,
      apiKey: settings.apiKey ?? 'none',
      timeout: settings.timeoutMs,
      maxRetries: 1,
    });
  }

  async complete({ system, user, maxTokens }: ModelRequest): Promise<ModelAnswer> {
    const completion = await this.client.chat.completions.create({
      model: this.settings.model,
      temperature: 0,
      max_tokens: maxTokens,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    });
    return { text: completion.choices[0]?.message.content ?? '', model: completion.model || this.settings.model };
  }
}
