import type { Extraction } from '../../extractor';
import { fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { BashExtractor } from './bash-extractor';
import { bashParsedText, bashTestName } from './bash-parsed-text';

const REPOSITORY = 'bash-sample';
const PATHS = [
  'bin/shop',
  'lib/cart.sh',
  'lib/format.sh',
  'lib/pricing.sh',
  'test/cart.bats',
  'test/format_test.sh',
  'test/test_helper.bash',
];

describe('BashExtractor on test/fixtures/bash-sample', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new BashExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('declares functions in each form, a nested function, bats tests by their titles and shunit2 test functions', () => {
    expect(result.skipped).toEqual([]);
    // [uid, kind, startLine, endLine, exported, complexity, cognitive]
    expect(
      result.symbols.map((s) => [short(s.uid), s.kind, s.startLine, s.endLine, s.exported, s.complexity, s.cognitiveComplexity]),
    ).toEqual([
      ['bin/shop#usage', 'function', 9, 12, true, 1, 0],
      // Two case items and the catch-all `*)`, which does not count.
      ['bin/shop#main', 'function', 15, 21, true, 3, 1],
      // if, ||, elif, &&.
      ['lib/cart.sh#cart_add', 'function', 11, 20, true, 5, 4],
      ['lib/cart.sh#cart_count', 'function', 22, 24, true, 1, 0],
      ['lib/cart.sh#cart_total', 'function', 27, 36, true, 2, 1],
      ['lib/cart.sh#cart_total.sum_line', 'function', 29, 31, false, 1, 0],
      ['lib/format.sh#format_cents', 'function', 4, 6, true, 1, 0],
      ['lib/pricing.sh#is_price', 'function', 5, 7, true, 1, 0],
      ['lib/pricing.sh#price_of', 'function', 10, 16, true, 3, 1],
      ['test/cart.bats#adds items', 'test', 5, 9, false, 1, 0],
      ['test/cart.bats#prints the total', 'test', 11, 15, false, 1, 0],
      ['test/format_test.sh#testFormatsCents', 'test', 6, 8, false, 1, 0],
      ['test/format_test.sh#testFormatsZero', 'test', 10, 12, false, 1, 0],
      ['test/test_helper.bash#setup', 'function', 4, 7, true, 1, 0],
    ]);
  });

  it('reads headers as written and the # lines right above a function as its doc', () => {
    const byUid = new Map(result.symbols.map((s) => [short(s.uid), s]));
    expect(byUid.get('lib/cart.sh#cart_add')).toMatchObject({
      signature: 'cart_add()',
      doc: 'Adds an item to the cart; a free item past the limit is refused.\nArguments: NAME PRICE',
    });
    expect(byUid.get('lib/pricing.sh#price_of')).toMatchObject({
      signature: 'function price_of',
      doc: 'The price of an item after its discount.',
    });
    expect(byUid.get('lib/format.sh#format_cents')).toMatchObject({
      signature: 'function format_cents()',
      doc: 'Formats cents as dollars: 1999 is $19.99.',
    });
    expect(byUid.get('bin/shop#main')!.doc).toBe('Runs one subcommand.');
    expect(byUid.get('bin/shop#usage')!.doc).toBeNull();
    expect(byUid.get('test/cart.bats#adds items')!.signature).toBe('@test "adds items"');
  });

  it("follows commands to the functions of the file and of the files it sources, through bats' load and run", () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['bin/shop#main', 'bin/shop#usage', 19, 1, 'import'],
      ['bin/shop#main', 'lib/cart.sh#cart_add', 17, 1, 'import'],
      ['bin/shop#main', 'lib/cart.sh#cart_total', 18, 1, 'import'],
      ['lib/cart.sh#cart_add', 'lib/cart.sh#cart_count', 16, 1, 'import'],
      ['lib/cart.sh#cart_add', 'lib/pricing.sh#is_price', 13, 1, 'import'],
      ['lib/cart.sh#cart_add', 'lib/pricing.sh#price_of', 19, 1, 'import'],
      ['lib/cart.sh#cart_total', 'lib/cart.sh#cart_total.sum_line', 33, 1, 'import'],
      ['lib/cart.sh#cart_total', 'lib/format.sh#format_cents', 35, 1, 'import'],
      ['test/cart.bats#adds items', 'lib/cart.sh#cart_add', 6, 1, 'import'],
      ['test/cart.bats#adds items', 'lib/cart.sh#cart_count', 8, 1, 'import'],
      ['test/cart.bats#prints the total', 'lib/cart.sh#cart_add', 12, 1, 'import'],
      ['test/cart.bats#prints the total', 'lib/cart.sh#cart_total', 13, 1, 'import'],
      ['test/format_test.sh#testFormatsCents', 'lib/format.sh#format_cents', 7, 1, 'import'],
      ['test/format_test.sh#testFormatsZero', 'lib/format.sh#format_cents', 11, 1, 'import'],
    ]);
  });

  it("imports what `source`, `.` and `load` name: from $BASH_SOURCE's, $0's and bats' directory, through a variable; shunit2 is no repository file", () => {
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['bin/shop', 'lib/cart.sh', ['cart.sh']],
      ['lib/cart.sh', 'lib/format.sh', ['format.sh']],
      ['lib/cart.sh', 'lib/pricing.sh', ['pricing.sh']],
      ['test/cart.bats', 'test/test_helper.bash', ['test_helper.bash']],
      ['test/format_test.sh', 'lib/format.sh', ['format.sh']],
      ['test/test_helper.bash', 'lib/cart.sh', ['cart.sh']],
    ]);
    expect(result.inheritance).toEqual([]);
  });
});

describe('BashExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new BashExtractor().extract(
      memoryInput({ 'a.sh': 'fine() {\n  helper\n}\n\nhelper() { :; }\n\nbroken() {\n  if then\n' }),
    );
    expect(result.skipped).toEqual([{ path: 'a.sh', reason: 'partly extracted: syntax error at line 7' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(expect.arrayContaining(['fine', 'helper']));
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['a.sh#fine', 'a.sh#helper', 'import'],
    ]);
  });

  it('gives bats tests to the grammar as functions of the same length, on the same lines', () => {
    const text = '@test "says \\"hi\\"" {\n  run hi\n}\n  @test \'two\'   {\n}\n';
    const parsed = bashParsedText(text);
    expect(parsed).toBe('@test_____________(){\n  run hi\n}\n  @test_______(){\n}\n');
    expect(parsed.length).toBe(text.length);
  });

  it('gives the grammar the parameter expansions it misreads as defaults of the same length, and an unquoted bats title', () => {
    const text = 'a=${o//</\\&lt;} b=${x:$i:1} c=${x//a/b} d=${BASH_SOURCE%/*}\n@test  unquoted words  {:;}\n';
    const parsed = bashParsedText(text);
    expect(parsed).toBe('a=${o:-_______} b=${x:-___} c=${x//a/b} d=${BASH_SOURCE%/*}\n@test________________(){:;}\n');
    expect(bashTestName('@test  unquoted words  ')).toBe('unquoted words');
    expect(parsed.length).toBe(text.length);
  });

  it('names bats tests with quotes in their titles, nested functions twice defined, and subshell bodies', async () => {
    const result = await new BashExtractor().extract(
      memoryInput({
        'test/hi.bats': '@test "says \\"hi\\"" {\n  run hi\n}\n',
        'lib/hi.sh': 'hi() (\n  echo hi\n)\n\nouter() {\n  if x; then inner() { a; }; else inner() { b; }; fi\n  inner\n}\n',
      }),
    );
    expect(result.symbols.map((s) => [short(s.uid), s.kind, s.startLine])).toEqual([
      ['test/hi.bats#says "hi"', 'test', 1],
      ['lib/hi.sh#hi', 'function', 1],
      ['lib/hi.sh#outer', 'function', 5],
      ['lib/hi.sh#outer.inner', 'function', 6],
      ['lib/hi.sh#outer.inner#2', 'function', 6],
    ]);
    // `inner` is defined twice in the file: one edge to each, ambiguous. The bats file sources nothing: `hi` goes by its name.
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['lib/hi.sh#outer', 'lib/hi.sh#outer.inner', 'ambiguous'],
      ['lib/hi.sh#outer', 'lib/hi.sh#outer.inner#2', 'ambiguous'],
      ['test/hi.bats#says "hi"', 'lib/hi.sh#hi', 'name'],
    ]);
  });

  it('follows a path starting with a variable set elsewhere by the one file ending with the rest; a name several files define is ambiguous', async () => {
    const result = await new BashExtractor().extract(
      memoryInput({
        'libexec/tool': '#!/usr/bin/env bash\nsource "$TOOL_ROOT/lib/tool/common.bash"\nrun_it() {\n  log hi\n  warn x\n}\n',
        'lib/tool/common.bash': 'log() { echo "$@"; }\n',
        'lib/a.sh': 'warn() { echo a; }\n',
        'lib/b.sh': 'warn() { echo b; }\n',
        'test/x_test.sh': 'testSomething() { log; }\n',
      }),
    );
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid)])).toEqual([['libexec/tool', 'lib/tool/common.bash']]);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['libexec/tool#run_it', 'lib/a.sh#warn', 'ambiguous'],
      ['libexec/tool#run_it', 'lib/b.sh#warn', 'ambiguous'],
      ['libexec/tool#run_it', 'lib/tool/common.bash#log', 'import'],
      // No shunit2 is sourced: `testSomething` is a function, whose `log` is the repository's only one.
      ['test/x_test.sh#testSomething', 'lib/tool/common.bash#log', 'name'],
    ]);
    expect(result.symbols.find((s) => s.name === 'testSomething')!.kind).toBe('function');
  });
});
