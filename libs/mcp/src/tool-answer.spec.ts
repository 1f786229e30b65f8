import { InvalidInputError, NotFoundError } from '@lore/domain';
import { offsetOf } from './continuation';
import { type AnsweredCall, DETAIL_LEVELS, shapeAnswer } from './tool-answer';

const call = (overrides: Partial<AnsweredCall> = {}): AnsweredCall => ({
  tool: 'analyze_impact',
  version: '1',
  requestId: 'request-1',
  startedAt: performance.now(),
  maxTokens: 25_000,
  args: { name: 'applyDiscount' },
  holder: 'holder-of-ana',
  offset: 0,
  pagedLists: ['tests', 'affected'],
  maxItems: DETAIL_LEVELS.full,
  ...overrides,
});

/** An answer with two paged lists of numbered items and a field that is not paged. */
const answer = (tests: number, affected: number) => ({
  tests: Array.from({ length: tests }, (_, index) => ({ test: `test number ${index} of the suite, reaching the change directly` })),
  affected: Array.from({ length: affected }, (_, index) => ({ symbol: `symbol number ${index}`, distance: 1 + (index % 3) })),
  summary: { tests, affected },
});

describe('shapeAnswer', () => {
  it('returns an answer under the budget whole, status ok, with its metadata', () => {
    const { answer: shaped, text } = shapeAnswer(call(), answer(2, 3), [], []);
    expect(shaped).toMatchObject({ data: answer(2, 3), status: 'ok', warnings: [], continuation: null, next: { recommended: [] } });
    expect(shaped.metadata).toMatchObject({
      tool: 'analyze_impact',
      version: '1',
      requestId: 'request-1',
      snapshot: [],
      maxTokens: 25_000,
    });
    expect(JSON.parse(text)).toEqual(shaped);
  });

  it('cuts the paged lists, in their order, as one sequence, and the continuations return the rest exactly once', () => {
    const whole = answer(30, 40);
    const pages = [];
    let offset = 0;
    for (;;) {
      const { answer: page, text } = shapeAnswer(call({ maxTokens: 600, offset }), whole, [], []);
      expect(page.metadata.tokens).toBeLessThanOrEqual(600);
      expect(text.length).toBeGreaterThan(0);
      pages.push(page);
      if (page.continuation === null) break;
      offset = offsetOf(page.continuation, 'analyze_impact', { name: 'applyDiscount' }, 'holder-of-ana');
    }
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.flatMap((page) => page.data.tests as unknown[])).toEqual(whole.tests);
    expect(pages.flatMap((page) => page.data.affected as unknown[])).toEqual(whole.affected);
    for (const page of pages) expect(page.data.summary).toEqual(whole.summary);
    expect(pages[0]!.status).toBe('truncated');
    expect(pages[0]!.warnings[0]!.code).toBe('output_truncated');
    expect(pages[0]!.next.recommended[0]).toEqual({
      tool: 'analyze_impact',
      arguments: { name: 'applyDiscount', continuation: pages[0]!.continuation },
      why: 'The items left out of this answer.',
    });
    expect(pages.at(-1)!.status).toBe('ok');
  });

  it("recomputes a page's views of its paged lists from the items it keeps, within the budget", () => {
    const whole = { ...answer(0, 40), symbols: answer(0, 40).affected.map((item) => item.symbol) };
    const viewsOfPage = (page: Record<string, unknown>) => ({
      ...page,
      symbols: (page.affected as { symbol: string }[]).map((item) => item.symbol),
    });
    const { answer: page } = shapeAnswer(call({ maxTokens: 600, viewsOfPage }), whole, [], []);
    expect(page.metadata.tokens).toBeLessThanOrEqual(600);
    expect(page.status).toBe('truncated');
    const kept = page.data.affected as { symbol: string }[];
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(40);
    expect(page.data.symbols).toEqual(kept.map((item) => item.symbol));
  });

  it('holds at most detail_level’s items a page, however small they are', () => {
    const { answer: page } = shapeAnswer(call({ maxItems: DETAIL_LEVELS.summary }), answer(3, 4), [], []);
    expect(page.data).toMatchObject({ tests: answer(3, 4).tests, affected: answer(3, 4).affected.slice(0, 2) });
    expect(page.status).toBe('truncated');
    expect(page.warnings[0]!.message).toContain("detail_level's 5 items");
    const rest = shapeAnswer(
      call({
        maxItems: DETAIL_LEVELS.summary,
        offset: offsetOf(page.continuation, 'analyze_impact', { name: 'applyDiscount' }, 'holder-of-ana'),
      }),
      answer(3, 4),
      [],
      [],
    ).answer;
    expect(rest).toMatchObject({ status: 'ok', data: { tests: [], affected: answer(3, 4).affected.slice(2) } });
  });
});

describe('offsetOf', () => {
  const continuation = shapeAnswer(call({ maxTokens: 600 }), answer(30, 40), [], []).answer.continuation!;

  it('reads the offset of its own query, whatever the order of the arguments', () => {
    expect(offsetOf(undefined, 'analyze_impact', {}, 'holder-of-ana')).toBe(0);
    expect(offsetOf(continuation, 'analyze_impact', { name: 'applyDiscount' }, 'holder-of-ana')).toBeGreaterThan(0);
  });

  it.each([
    ['another tool', 'get_callers', { name: 'applyDiscount' }, continuation],
    ['other arguments', 'analyze_impact', { name: 'placeOrder' }, continuation],
    ['not a continuation', 'analyze_impact', { name: 'applyDiscount' }, 'bm90IG91cnM'],
    ['not a string', 'analyze_impact', { name: 'applyDiscount' }, 42],
  ])('refuses one from %s as invalid_input', (_case, tool, args, given) => {
    expect(() => offsetOf(given, tool, args, 'holder-of-ana')).toThrow(InvalidInputError);
  });

  it('answers one made for another principal as not found', () => {
    expect(() => offsetOf(continuation, 'analyze_impact', { name: 'applyDiscount' }, 'holder-of-bo')).toThrow(NotFoundError);
  });
});
