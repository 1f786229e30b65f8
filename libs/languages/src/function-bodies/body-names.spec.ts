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
});
