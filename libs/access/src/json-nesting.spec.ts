import { nestsDeeperThan } from './json-nesting';

describe('nestsDeeperThan: JSON too deep to walk, found without parsing it', () => {
  const nested = (levels: number, open: string, close: string, leaf = ''): string => `${open.repeat(levels)}${leaf}${close.repeat(levels)}`;

  it('counts objects and arrays inside one another, not side by side', () => {
    expect(nestsDeeperThan(nested(3, '[', ']'), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4, '[', ']'), 3)).toBe(true);
    expect(nestsDeeperThan(nested(3, '{"a":', '}', '1'), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4, '{"a":', '}', '1'), 3)).toBe(true);
    expect(nestsDeeperThan(`[${Array(1000).fill('[[]]').join(',')}]`, 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[{{{{{{' }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'say \\"[[[[[[\\" and "{{{{"' }), 2)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\\\","b":[[[]]]}`, 3)).toBe(true);
  });

  it('reads bytes as the body parser hands them over, and 100,000 levels without recursion', () => {
    expect(nestsDeeperThan(Buffer.from(nested(65, '[', ']')))).toBe(true);
    expect(nestsDeeperThan(Buffer.from(nested(64, '[', ']')))).toBe(false);
    expect(nestsDeeperThan(nested(100_000, '[', ']'))).toBe(true);
  });
});
