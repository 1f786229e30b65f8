import { FakeModelEndpoint } from '../../../../test/support/fake-model-endpoint';
import { EndpointLanguageModel } from './endpoint-language-model';

describe('EndpointLanguageModel', () => {
  const endpoint = new FakeModelEndpoint('judge-7b', '{"verdict":"unknown","evidence":[],"reason":"r"}');
  let url: string;

  beforeAll(async () => {
    url = await endpoint.start();
  });
  afterAll(() => endpoint.stop());

  it('asks an OpenAI-compatible endpoint at temperature 0, with the key as a bearer token, and names the model that answered', async () => {
    const model = new EndpointLanguageModel({ url, model: 'judge', apiKey: 'sk-test-key', timeoutMs: 5_000 });
    const answer = await model.complete({ system: 'rules', user: 'data', maxTokens: 50 });
    expect(answer).toEqual({ text: '{"verdict":"unknown","evidence":[],"reason":"r"}', model: 'judge-7b' });
    expect(endpoint.received.at(-1)).toEqual({
      authorization: 'Bearer sk-test-key',
      body: {
        model: 'judge',
        temperature: 0,
        max_tokens: 50,
        messages: [
          { role: 'system', content: 'rules' },
          { role: 'user', content: 'data' },
        ],
      },
    });
  });

  it('fails with an error that does not carry the key when the endpoint is not there', async () => {
    const model = new EndpointLanguageModel({ url: 'http://127.0.0.1:9/v1', model: 'judge', apiKey: 'sk-test-key', timeoutMs: 2_000 });
    const failure = await model.complete({ system: 's', user: 'u', maxTokens: 5 }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).not.toContain('sk-test-key');
  });
});
