import { readRepository } from '@lore/indexer';
import { scratchRepository } from '../../test/extraction-inputs';
import { nameFromSource } from '../identifiers';

describe('nameFromSource', () => {
  it.each([
    ['handler', 'handler'],
    ['this.onClose', 'this.onClose'],
    ['(\n  stackInstance.adapter.profile as unknown as { readMarker: () => void }\n).readMarker', 'readMarker'],
    ['load(\n  a,\n).then(0)', 'then(0)'],
    [`${'segment.'.repeat(12)}last`, 'last'],
    ['(\n)', 'lambda'],
  ])('%j gives %j', (text, name) => {
    expect(nameFromSource(text, 'lambda')).toBe(name);
  });
});

describe('nested bodies named after source text over several lines', () => {
  it('are named on one line, in TypeScript, Python, Go and Java', async () => {
    const root = scratchRepository({
      'marker.ts': [
        'export function setup(stack: { adapter: { profile: unknown } }): void {',
        '  (',
        '    stack.adapter.profile as unknown as { readMarker: () => void }',
        '  ).readMarker = () => undefined;',
        '  it(`waits for the',
        '    marker`, () => undefined);',
        '}',
        '',
      ].join('\n'),
      'marker.py': ['def setup(stack):', '    stack.adapter(', '        1', '    ).read_marker = lambda: None', ''].join('\n'),
      'marker.go': [
        'package marker',
        '',
        'func Setup(handlers map[string]func()) {',
        '\thandlers[',
        '\t\t"read",',
        '\t] = func() {}',
        '}',
        '',
      ].join('\n'),
      'Marker.java': [
        'class Marker {',
        '  Runnable[] handlers = new Runnable[1];',
        '  void setup() {',
        '    handlers[',
        '      0',
        '    ] = () -> {};',
        '  }',
        '}',
        '',
      ].join('\n'),
    });
    const reading = await readRepository(root, { tenantId: 't', maxFileBytes: 1 << 20 });
    const nested = reading.snapshot.symbols.filter((symbol) => symbol.nested).map((symbol) => [symbol.path, symbol.qualifiedName]);
    // The last identifier of the text: Go's is the key's.
    expect(nested).toEqual([
      ['marker.ts', 'setup.readMarker'],
      ['marker.py', 'setup.read_marker'],
      ['Marker.java', 'Marker.setup.handlers'],
      ['marker.go', 'Setup.read'],
    ]);
    expect(reading.snapshot.symbols.find((symbol) => symbol.kind === 'test')?.name).toBe('waits for the marker');
    expect(reading.snapshot.symbols.filter((symbol) => /[\r\n]/.test(symbol.name + symbol.qualifiedName))).toEqual([]);
  });

  it('are named on one line, and tests titled on one line, in C#, PHP, C++, Rust and Ruby', async () => {
    const root = scratchRepository({
      'Marker.cs': [
        'class Marker {',
        '  System.Action[] handlers = new System.Action[1];',
        '  void Setup() {',
        '    handlers[',
        '      0',
        '    ] = () => { };',
        '  }',
        '}',
        '',
      ].join('\n'),
      'marker.php': ['<?php', 'function setup($stack) {', '  (', '    $stack->factory', '  )(function () { return 1; });', '}', ''].join(
        '\n',
      ),
      'marker.cpp': ['void setup(void (**handlers)()) {', '  handlers[', '    0', '  ] = []() {};', '}', ''].join('\n'),
      'src/lib.rs': ['pub fn setup(stack: &Stack) {', '    (', '        stack.factory', '    )(|x: u32| x);', '}', ''].join('\n'),
      'spec/marker_spec.rb': ['RSpec.describe Marker::', '  Reader do', '  it "waits for the', '      marker" do', '  end', 'end', ''].join(
        '\n',
      ),
    });
    const reading = await readRepository(root, { tenantId: 't', maxFileBytes: 1 << 20 });
    const nested = reading.snapshot.symbols.filter((symbol) => symbol.nested).map((symbol) => [symbol.path, symbol.qualifiedName]);
    // The last identifier of the text, with the argument position after a callee: Ruby's group is named by its constant.
    expect(nested).toEqual([
      ['src/lib.rs', 'setup.factory(0)'],
      ['spec/marker_spec.rb', 'Reader'],
      ['marker.php', 'setup.factory(0)'],
      ['Marker.cs', 'Marker.Setup.handlers'],
      ['marker.cpp', 'setup.handlers'],
    ]);
    const tests = reading.snapshot.symbols.filter((symbol) => symbol.kind === 'test').map((symbol) => [symbol.path, symbol.qualifiedName]);
    expect(tests).toEqual([['spec/marker_spec.rb', 'Reader.waits for the marker']]);
    expect(reading.snapshot.symbols.filter((symbol) => /[\r\n]/.test(symbol.name + symbol.qualifiedName))).toEqual([]);
  });
});
