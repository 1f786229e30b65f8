import type { LanguageModel, ModelRequest } from '@lore/domain';
import type { ClaimVerdict } from '@lore/domain/schemas/documentation-trust';
import { judgeUnsettled, type SpanText } from './claim-judge';

const span = (path: string, startLine: number, endLine: number) => ({
  path,
  startLine,
  endLine,
  uri: `code://shop/c0ffee/${path}#L${startLine}-L${endLine}`,
});
const UNSETTLED: ClaimVerdict = {
  claim: 'orderTotal returns string',
  kind: 'returns',
  verdict: 'unknown',
  judgedBy: 'graph',
  model: null,
  evidence: [span('src/order.ts', 26, 28), span('src/order.ts', 2, 2)],
  reasons: ['orderTotal returns Money, a type alias.'],
  checked: ['symbols named orderTotal in shop'],
};
const SPANS: SpanText[] = [
  { span: UNSETTLED.evidence[0]!, text: 'export function orderTotal(order: Order): Money {\n  return sum(order.lines);\n}' },
  { span: UNSETTLED.evidence[1]!, text: 'type Money = number;' },
];

/** A model that answers every request with `text`, and keeps what it was asked. */
function modelAnswering(text: string): LanguageModel & { asked: ModelRequest[] } {
  const asked: ModelRequest[] = [];
  return { asked, complete: async (request) => (asked.push(request), { text, model: 'judge-7b' }) };
}

describe('judgeUnsettled', () => {
  it('takes the verdict of a model that cites excerpts it was given, with those spans as the evidence', async () => {
    const model = modelAnswering('```json\n{"verdict":"contradicted","evidence":[2],"reason":"Money is number."}\n```');
    const { verdict, warnings } = await judgeUnsettled(UNSETTLED, SPANS, model);
    expect(verdict).toEqual({
      ...UNSETTLED,
      verdict: 'contradicted',
      judgedBy: 'model',
      model: 'judge-7b',
      evidence: [UNSETTLED.evidence[1]],
      reasons: ['orderTotal returns Money, a type alias.', 'Judged by the model judge-7b over the cited spans: Money is number.'],
    });
    expect(warnings).toEqual([]);
    expect(model.asked[0]!.user).toBe(
      [
        'Claim: "orderTotal returns string"',
        'Excerpt 1: src/order.ts, lines 26-28\n26: export function orderTotal(order: Order): Money {\n27:   return sum(order.lines);\n28: }',
        'Excerpt 2: src/order.ts, lines 2-2\n2: type Money = number;',
      ].join('\n\n'),
    );
  });

  it.each([
    [
      'a verdict citing no excerpt',
      '{"verdict":"supported","evidence":[],"reason":"looks right"}',
      'The model judge-7b left it unknown: it cited no excerpt it was given (looks right)',
    ],
    [
      'a verdict citing only excerpts it was not given',
      '{"verdict":"supported","evidence":[3,0],"reason":"x"}',
      'The model judge-7b left it unknown: it cited no excerpt it was given (x)',
    ],
    [
      'unknown',
      '{"verdict":"unknown","evidence":[1],"reason":"Money is not shown."}',
      'The model judge-7b left it unknown: Money is not shown.',
    ],
    [
      'prose',
      'It returns a number, so the claim is false.',
      'The model judge-7b did not answer with a judgement; the verdict stays unknown.',
    ],
    [
      'another verdict word',
      '{"verdict":"true","evidence":[1],"reason":"x"}',
      'The model judge-7b did not answer with a judgement; the verdict stays unknown.',
    ],
  ])('keeps the graph verdict for %s, saying why', async (_case, answer, reason) => {
    const { verdict, warnings } = await judgeUnsettled(UNSETTLED, SPANS, modelAnswering(answer));
    expect(verdict).toEqual({ ...UNSETTLED, reasons: [...UNSETTLED.reasons, reason] });
    expect(warnings).toEqual([]);
  });

  it('keeps the graph verdict with a warning when the model cannot be reached', async () => {
    const unreachable: LanguageModel = {
      complete: async () => {
        throw new Error('Connection error.');
      },
    };
    expect(await judgeUnsettled(UNSETTLED, SPANS, unreachable)).toEqual({
      verdict: UNSETTLED,
      warnings: [{ code: 'model_unavailable', message: "The model could not be asked (Connection error.); the verdict is the graph's." }],
    });
  });

  it('asks nothing when there is no excerpt to cite', async () => {
    const model = modelAnswering('{"verdict":"supported","evidence":[1],"reason":"x"}');
    expect(await judgeUnsettled(UNSETTLED, [], model)).toEqual({ verdict: UNSETTLED, warnings: [] });
    expect(model.asked).toEqual([]);
  });
});
