import { mentionedName, plainSentence, readSentence } from './sentence-reading';

/** A reading as `[kind, subject, object or value, negated, reading, anyOwner]` per claim, with its shape. */
function read(sentence: string): [string, [string, string, string | null, boolean, string, boolean][]] | null {
  const reading = readSentence(sentence);
  if (reading === null) return null;
  return [
    reading.shape,
    reading.claims.map(({ claim, reading: how, anyOwner }) => [
      claim.kind,
      claim.subject,
      claim.object ?? claim.value,
      claim.negated,
      how,
      anyOwner,
    ]),
  ];
}

describe('plainSentence', () => {
  it('reduces Sphinx, MyST and JSDoc markup to backticked names and drops the final stop', () => {
    expect(plainSentence('The {class}`Context` object has a {attr}`~Context.params` attribute.')).toBe(
      'The `Context` object has a `Context.params` attribute',
    );
    expect(plainSentence('This defaults to :class:`Option`.')).toBe('This defaults to `Option`');
    expect(plainSentence('construct the initial {class}`Context object <click.Context>`.')).toBe('construct the initial `click.Context`');
    expect(plainSentence('`.req` is the instance of {@link HonoRequest}.')).toBe('`.req` is the instance of `HonoRequest`');
    expect(plainSentence('Defaults to ``stdout``.')).toBe('Defaults to `stdout`');
  });
});

describe('mentionedName', () => {
  it('reads a call or a signature as its name, and refuses paths, flags and literals', () => {
    expect(mentionedName('cmd.SetErrPrefix(s string)')).toBe('cmd.SetErrPrefix');
    expect(mentionedName('getCookie()')).toBe('getCookie');
    expect(mentionedName('Command#invoke')).toBe('Command.invoke');
    expect(mentionedName('.req')).toBe('this.req');
    expect(mentionedName('hono/dev')).toBeNull();
    expect(mentionedName('--help')).toBeNull();
    expect(mentionedName('Error:')).toBeNull();
  });
});

describe('readSentence', () => {
  it('reads a retirement under a list label as the labelled class lacking the member, only ever supported', () => {
    expect(read('Context - `c.jsonT()` is obsolete.')).toEqual(['retired', [['exists', 'Context.jsonT', null, true, 'supports', false]]]);
    expect(read('AWS Lambda Adapter - `LambdaFunctionUrlRequestContext` is obsolete.')).toEqual([
      'retired',
      [['exists', 'LambdaFunctionUrlRequestContext', null, true, 'supports', false]],
    ]);
    expect(read("You can't use `StaticRouter`.")).toEqual(['retired', [['exists', 'StaticRouter', null, true, 'supports', false]]]);
    expect(read('`headers()`, `body()` and `signal()` are obsolete.')).toEqual([
      'retired',
      [
        ['exists', 'headers', null, true, 'supports', false],
        ['exists', 'body', null, true, 'supports', false],
        ['exists', 'signal', null, true, 'supports', false],
      ],
    ]);
  });

  it('reads recommended code as existing, a variable no label names as any member of that name', () => {
    expect(read('Use `getRuntimeKey()` in `hono/adapter` instead.')).toEqual([
      'recommended',
      [['exists', 'getRuntimeKey', null, false, 'names', false]],
    ]);
    expect(read('Use `c.json()` instead.')).toEqual(['recommended', [['exists', 'json', null, false, 'names', true]]]);
    expect(read('If you wish to return an error to the caller of a command, `RunE` can be used.')).toEqual([
      'recommended',
      [['exists', 'RunE', null, false, 'names', false]],
    ]);
    expect(read('Validation of positional arguments can be specified using the `Args` field of `Command`.')).toEqual([
      'recommended',
      [['exists', 'Command.Args', null, false, 'names', false]],
    ]);
    expect(read('For this, you can use the {func}`Context.invoke` or {func}`Context.forward` methods.')).toEqual([
      'recommended',
      [
        ['exists', 'Context.invoke', null, false, 'names', false],
        ['exists', 'Context.forward', null, false, 'names', false],
      ],
    ]);
    expect(read('Click supports launching applications through {func}`launch`.')).toEqual([
      'recommended',
      [['exists', 'launch', null, false, 'names', false]],
    ]);
    expect(read('Click provides a {func}`get_app_dir` function which returns the most appropriate location.')).toEqual([
      'recommended',
      [['exists', 'get_app_dir', null, false, 'names', false]],
    ]);
    expect(read('Set `EnableTraverseRunHooks` global variable to `true` if you want to execute all hooks.')).toEqual([
      'recommended',
      [['exists', 'EnableTraverseRunHooks', null, false, 'names', false]],
    ]);
  });

  it('never reads a sentence that denies or forbids as recommending what it names', () => {
    expect(read('**DO NOT** use `c.req.parseBody` for parsing **JSON**.')).toBeNull();
    expect(read('You do not have to use Body parse middleware, use `c.req.parseBody()` instead.')).toBeNull();
  });

  it('reads relations as docs word them: returned from, the same as, a combination, an instance of', () => {
    expect(read('{class}`Result` - returned from {meth}`CliRunner.invoke`.')).toEqual([
      'returned',
      [['returns', 'CliRunner.invoke', 'Result', false, 'settles', false]],
    ]);
    expect(read('ExecuteContext is the same as Execute(), but sets the ctx on the command.')).toEqual([
      'likeness',
      [['calls', 'ExecuteContext', 'Execute', false, 'supports', false]],
    ]);
    expect(read('The combination of {func}`echo` and {func}`style` is also available in a single function called {func}`secho`:')).toEqual([
      'combination',
      [
        ['calls', 'secho', 'echo', false, 'supports', false],
        ['calls', 'secho', 'style', false, 'supports', false],
      ],
    ]);
    expect(read('`.req` is the instance of {@link HonoRequest}.')).toEqual([
      'typed',
      [['returns', 'req', 'HonoRequest', false, 'supports', true]],
    ]);
  });

  it('leaves behaviour, performance and advice unread', () => {
    expect(read('The router `RegExpRouter` is really fast.')).toBeNull();
    expect(read('`MinimumNArgs(int)` - report an error if less than N positional args are provided.')).toBeNull();
    expect(read('To implement a custom type, you need to subclass the {class}`ParamType` class.')).toBeNull();
    expect(read('`toSSG` is an experimental feature.')).toBeNull();
  });
});
