import { z } from 'zod';
import { schemaNames } from '@lore/domain';
import { graphqlSdl } from './zod-graphql';

describe('graphqlSdl: GraphQL types from zod schemas', () => {
  const Colour = z.enum(['red', 'green']).register(schemaNames, { name: 'Colour' });
  const Paint = z
    .object({ colour: Colour, litres: z.number().int(), gloss: z.number().nullable(), note: z.string().optional().describe('Free text.') })
    .register(schemaNames, { name: 'Paint' });
  const Order = z
    .object({
      paints: z.array(Paint),
      shipping: z.object({ express: z.boolean() }),
      status: z.literal('open'),
    })
    .register(schemaNames, { name: 'PaintOrder' });
  const Input = z
    .object({ colours: z.array(Colour).optional(), max: z.number().int().min(1).default(10), query: z.string().trim() })
    .strict()
    .register(schemaNames, { name: 'PaintQuery' });

  it('names registered schemas, names the others by where they stand, and makes optional, nullable and defaulted fields nullable', () => {
    const sdl = graphqlSdl([
      { name: 'paints', description: 'Find paints.', args: { input: Input, uri: z.string() }, result: Order },
      { name: 'paint', description: 'One paint.', args: { input: Input }, result: Paint },
    ]);
    expect(sdl).toBe(
      [
        'type Query {',
        '  """Find paints."""',
        '  paints(input: PaintQuery!, uri: String!): PaintOrder!',
        '',
        '  """One paint."""',
        '  paint(input: PaintQuery!): Paint!',
        '}',
        '',
        'type PaintOrder {',
        '  paints: [Paint!]!',
        '  shipping: PaintOrderShipping!',
        '  status: String!',
        '}',
        '',
        'type Paint {',
        '  colour: Colour!',
        '  litres: Int!',
        '  gloss: Float',
        '',
        '  """Free text."""',
        '  note: String',
        '}',
        '',
        'enum Colour {',
        '  red',
        '  green',
        '}',
        '',
        'type PaintOrderShipping {',
        '  express: Boolean!',
        '}',
        '',
        'input PaintQuery {',
        '  colours: [Colour!]',
        '  max: Int',
        '  query: String!',
        '}',
      ].join('\n'),
    );
  });

  it('adds the fields of @LoreField to the named object types, with their arguments and their own result types', () => {
    const Shelf = z.object({ label: z.string() }).register(schemaNames, { name: 'Shelf' });
    const sdl = graphqlSdl(
      [{ name: 'shelf', description: 'A shelf.', args: {}, result: Shelf }],
      [
        {
          type: 'Shelf',
          name: 'paints',
          description: 'Its paints.',
          args: { first: z.number().int().optional().describe('At most this many.') },
          result: z.object({ nodes: z.array(Paint) }),
        },
      ],
    );
    expect(sdl).toContain(
      [
        'type Shelf {',
        '  label: String!',
        '',
        '  """Its paints."""',
        '  paints(',
        '    """At most this many."""',
        '    first: Int',
        '  ): ShelfPaintsResult!',
        '}',
        '',
        'type ShelfPaintsResult {',
        '  nodes: [Paint!]!',
        '}',
      ].join('\n'),
    );
  });

  it('refuses a field for a type no query reaches, and one its zod schema has already', () => {
    const paint = { name: 'paint', description: 'One paint.', args: {}, result: Paint };
    const field = { name: 'paints', description: 'Its paints.', args: {}, result: z.array(Paint) };
    expect(() => graphqlSdl([paint], [{ ...field, type: 'Shelf' }])).toThrow(
      "Shelf.paints extends Shelf, which no query field's result reaches as an object type",
    );
    expect(() => graphqlSdl([paint], [{ ...field, type: 'Paint', name: 'colour' }])).toThrow(
      'Paint.colour is a field of its zod schema already',
    );
  });

  it('refuses a schema used both as an input and as an output type', () => {
    expect(() => graphqlSdl([{ name: 'echo', description: 'Echo.', args: { input: Paint }, result: Paint }])).toThrow(
      'The zod schema named Paint is used both as a GraphQL input and output type',
    );
  });

  it('refuses two different schemas registered under one name, and shares the type of one schema and what is derived from it', () => {
    const Finish = z.enum(['matte', 'gloss']).register(schemaNames, { name: 'Finish' });
    const OtherFinish = z.enum(['error', 'warning']).register(schemaNames, { name: 'Finish' });
    const Can = z.object({ finish: Finish.describe('How it dries.'), lid: Finish.optional() });
    expect(graphqlSdl([{ name: 'can', description: 'A can.', args: {}, result: Can }])).toContain('enum Finish');
    const Mixed = z.object({ finish: Finish, severity: OtherFinish });
    expect(() => graphqlSdl([{ name: 'mixed', description: 'Both.', args: {}, result: Mixed }])).toThrow(
      'Two different zod schemas are registered as Finish: give each its own name',
    );
  });
});
