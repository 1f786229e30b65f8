import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat completions request as the fake endpoint received it. */
export interface ReceivedCompletion {
  authorization: string | undefined;
  body: { model: string; temperature?: number; max_tokens?: number; messages: { role: string; content: string }[] };
}

/**
 * An OpenAI-compatible chat completions endpoint on loopback that answers every request with the
 * text it is given, as the model it is given: what LORE_LLM_URL points at in tests, so that no test
 * needs a real model.
 */
export class FakeModelEndpoint {
  readonly received: ReceivedCompletion[] = [];
  private server: Server | null = null;

  constructor(
    private readonly model: string,
    private answer: string,
  ) {}

  /** The base URL to configure (…/v1). */
  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
          response.writeHead(404).end();
          return;
        }
        this.received.push({ authorization: request.headers.authorization, body: JSON.parse(body) as ReceivedCompletion['body'] });
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-${this.received.length}`,
            object: 'chat.completion',
            created: 0,
            model: this.model,
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: this.answer } }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  answerWith(answer: string): void {
    this.answer = answer;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
