import { analysisOf } from './documentation-assistant';

describe("the model's answer as a file analysis", () => {
  it('takes the JSON object, in a code fence or not, keeping only lists of strings', () => {
    const json = { summary: 'Prices.', documentation: '# discounts.ts', key_functions: ['applyDiscount', 3], keywords: ['pricing'] };
    const expected = {
      summary: 'Prices.',
      documentation: '# discounts.ts',
      key_functions: ['applyDiscount'],
      dependencies: undefined,
      keywords: ['pricing'],
    };
    expect(analysisOf(JSON.stringify(json))).toEqual(expected);
    expect(analysisOf('```json\n' + JSON.stringify(json) + '\n```')).toEqual(expected);
  });

  it('takes a text that is not the JSON asked for as the documentation, its first line as the summary', () => {
    expect(analysisOf('## Discounts\n\nApplies a code to an order.\n')).toEqual({
      summary: 'Discounts',
      documentation: '## Discounts\n\nApplies a code to an order.',
    });
    expect(analysisOf('{"summary": "no documentation"}')).toEqual({
      summary: '{"summary": "no documentation"}',
      documentation: '{"summary": "no documentation"}',
    });
  });
});
