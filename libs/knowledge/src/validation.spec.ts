import { InvalidInputError } from '@lore/domain';
import { GetCallersInputSchema } from '@lore/domain/schemas/callers';
import { SearchCodeInputSchema } from '@lore/domain/schemas/search';
import { GetProjectStructureInputSchema } from '@lore/domain/schemas/structure';
import { parseInput } from './validation';

function invalid(run: () => unknown): { message: string; details: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidInputError) return { message: error.message, details: error.details };
    throw error;
  }
  throw new Error('expected invalid_input');
}

describe('parseInput: one vocabulary for every door', () => {
  it("takes the CLI's and the other capabilities' names for search_code's fields", () => {
    expect(parseInput(SearchCodeInputSchema, { query: 'order', limit: 5, repo: 'shop', kind: 'class', path: 'src/', lang: 'go' })).toEqual({
      query: 'order',
      maxResults: 5,
      scope: { repositoryId: 'shop' },
      kinds: ['class'],
      pathPrefix: 'src/',
      language: 'go',
      mode: 'hybrid',
    });
    expect(parseInput(SearchCodeInputSchema, { query: 'order', repositoryId: 'shop', commitSha: 'abcd' })).toMatchObject({
      scope: { repositoryId: 'shop', commitSha: 'abcd' },
    });
  });

  it('takes maxResults and repo where the capability says limit and repositoryId', () => {
    expect(parseInput(GetProjectStructureInputSchema, { repo: 'shop', maxResults: 3, path: 'src' })).toMatchObject({
      repositoryId: 'shop',
      limit: 3,
      pathPrefix: 'src',
    });
    expect(parseInput(GetCallersInputSchema, { name: 'placeOrder', repo: 'shop' })).toMatchObject({ repositoryId: 'shop' });
  });

  it('names a field as the caller did when its value is refused', () => {
    expect(invalid(() => parseInput(SearchCodeInputSchema, { query: 'order', limit: 500 })).message).toBe(
      'Invalid input: limit: Too big: expected number to be <=50',
    );
    expect(invalid(() => parseInput(SearchCodeInputSchema, { query: 'order', maxResults: 500 })).message).toBe(
      'Invalid input: maxResults: Too big: expected number to be <=50',
    );
  });

  it('answers an unknown field with the closest known one, or the list of them', () => {
    expect(invalid(() => parseInput(SearchCodeInputSchema, { query: 'order', maxResult: 5 }))).toEqual({
      message: 'Invalid input: maxResult: Unrecognized key "maxResult": did you mean maxResults?',
      details: {
        issues: [{ path: 'maxResult', message: 'Unrecognized key "maxResult": did you mean maxResults?', didYouMean: 'maxResults' }],
      },
    });
    expect(invalid(() => parseInput(SearchCodeInputSchema, { query: 'order', scope: { repositoryID: 'shop' } })).message).toBe(
      'Invalid input: scope.repositoryID: Unrecognized key "repositoryID": did you mean repositoryId?',
    );
    expect(invalid(() => parseInput(GetProjectStructureInputSchema, { colour: 'red' })).message).toBe(
      'Invalid input: colour: Unrecognized key "colour"; the known keys are repositoryId, pathPrefix, workspace_path, depth, max_depth, include, exclude, include_patterns, exclude_patterns, cursor, limit.',
    );
  });

  it('leaves an alias whose field is also given for the schema to refuse', () => {
    expect(invalid(() => parseInput(SearchCodeInputSchema, { query: 'order', limit: 5, maxResults: 6 })).message).toBe(
      'Invalid input: limit: Another name of maxResults, which is given too: give one of them.',
    );
  });
});
