import { z } from 'zod';
import { inputFromQuery } from './rest-input';

describe('inputFromQuery: a query string as a service input', () => {
  const schema = z
    .object({
      query: z.string(),
      scope: z.object({ repositoryId: z.string().optional(), commitSha: z.string().optional() }).strict().optional(),
      kinds: z.array(z.enum(['class', 'method'])).optional(),
      limits: z.array(z.number()).optional(),
      maxResults: z.number().int().default(10),
      exact: z.boolean().optional(),
    })
    .strict();

  it('reads numbers, booleans and comma-separated lists, and gathers a nested object from its own parameters', () => {
    expect(
      inputFromQuery(schema, {
        query: 'order',
        repositoryId: 'shop',
        kinds: 'class,method',
        limits: ['1', '2,3'],
        maxResults: '5',
        exact: 'true',
      }),
    ).toEqual({
      query: 'order',
      scope: { repositoryId: 'shop' },
      kinds: ['class', 'method'],
      limits: [1, 2, 3],
      maxResults: 5,
      exact: true,
    });
  });

  it('leaves what is not a number or boolean as text, and unknown parameters in place, for the schema to refuse', () => {
    const input = inputFromQuery(schema, { query: 'order', maxResults: 'ten', exact: 'yes', colour: 'red' });
    expect(input).toEqual({ query: 'order', maxResults: 'ten', exact: 'yes', colour: 'red' });
    expect(schema.safeParse(input).error?.issues.map((issue) => issue.code)).toEqual(['invalid_type', 'invalid_type', 'unrecognized_keys']);
  });

  it('keeps a repeated single-valued parameter as a list, which the schema refuses', () => {
    expect(inputFromQuery(schema, { query: ['a', 'b'] })).toEqual({ query: ['a', 'b'] });
  });
});
