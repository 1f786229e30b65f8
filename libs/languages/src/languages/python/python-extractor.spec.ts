import type { Extraction } from '../../extractor';
import { countBy, fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { PythonExtractor } from './python-extractor';

const REPOSITORY = 'billing-service';
const PATHS = [
  'billing/__init__.py',
  'billing/invoice.py',
  'billing/notifications.py',
  'billing/service.py',
  'billing/tax.py',
  'tests/test_billing.py',
];

describe('PythonExtractor on test/fixtures/billing-service', () => {
  let result: Extraction;
  const seen: string[] = [];

  beforeAll(async () => {
    result = await new PythonExtractor().extract(await fixtureInput(REPOSITORY, PATHS, (path) => seen.push(path)));
  });

  it('reports each file once and skips none', () => {
    expect(seen).toEqual(PATHS);
    expect(result.skipped).toEqual([]);
  });

  it('declares classes, functions, methods, nested functions, constants and tests', () => {
    // [path, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(result.symbols.map((s) => [s.path, s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity])).toEqual([
      ['billing/invoice.py', 'variable', 'DEFAULT_CURRENCY', 10, 10, true, null],
      ['billing/invoice.py', 'class', 'LineItem', 13, 22, true, null],
      ['billing/invoice.py', 'method', 'LineItem.total', 21, 22, true, 1],
      ['billing/invoice.py', 'class', 'Invoice', 25, 42, true, null],
      ['billing/invoice.py', 'method', 'Invoice.add_item', 33, 36, true, 2],
      // The generator's `for` counts, as a comprehension's does.
      ['billing/invoice.py', 'method', 'Invoice.subtotal', 38, 39, true, 2],
      ['billing/invoice.py', 'method', 'Invoice.is_empty', 41, 42, true, 1],
      ['billing/notifications.py', 'class', 'Notifier', 8, 16, true, null],
      ['billing/notifications.py', 'method', 'Notifier.send', 11, 13, true, 1],
      ['billing/notifications.py', 'method', 'Notifier.notify_issued', 15, 16, true, 1],
      ['billing/notifications.py', 'class', 'EmailNotifier', 19, 27, true, null],
      ['billing/notifications.py', 'method', 'EmailNotifier.__init__', 22, 24, true, 1],
      ['billing/notifications.py', 'method', 'EmailNotifier.send', 26, 27, true, 1],
      ['billing/service.py', 'class', 'BillingError', 13, 14, true, null],
      ['billing/service.py', 'class', 'BillingService', 17, 45, true, null],
      ['billing/service.py', 'method', 'BillingService.__init__', 20, 23, true, 1],
      ['billing/service.py', 'method', 'BillingService.create_invoice', 25, 29, true, 2],
      ['billing/service.py', 'method', 'BillingService.total_with_tax', 31, 33, true, 1],
      ['billing/service.py', 'method', 'BillingService.issue', 35, 45, true, 3],
      ['billing/service.py', 'function', 'summarize', 48, 58, true, 3],
      ['billing/service.py', 'function', 'summarize.add', 52, 53, false, 1],
      ['billing/tax.py', 'variable', 'VAT_RATES', 5, 9, true, null],
      ['billing/tax.py', 'variable', 'CENT', 10, 10, true, null],
      ['billing/tax.py', 'class', 'UnknownCountryError', 13, 14, true, null],
      ['billing/tax.py', 'function', 'round_money', 17, 19, true, 1],
      ['billing/tax.py', 'function', 'rate_for', 22, 26, true, 2],
      ['billing/tax.py', 'function', 'tax_for', 29, 33, true, 3],
      ['tests/test_billing.py', 'function', 'make_invoice', 12, 17, true, 3],
      ['tests/test_billing.py', 'function', 'notifier', 20, 22, true, 1],
      ['tests/test_billing.py', 'function', 'service', 25, 27, true, 1],
      ['tests/test_billing.py', 'test', 'test_subtotal_adds_line_items', 30, 32, false, 2],
      ['tests/test_billing.py', 'test', 'test_tax_for_germany', 35, 36, false, 2],
      ['tests/test_billing.py', 'test', 'test_tax_for_unknown_country_raises', 39, 41, false, 1],
      ['tests/test_billing.py', 'test', 'test_create_invoice_adds_items', 44, 46, false, 2],
      ['tests/test_billing.py', 'test', 'test_email_notifier_keeps_messages', 49, 51, false, 2],
      ['tests/test_billing.py', 'class', 'TestBillingService', 54, 72, true, null],
      ['tests/test_billing.py', 'method', 'TestBillingService.setup_method', 55, 57, true, 1],
      ['tests/test_billing.py', 'test', 'TestBillingService.test_issue_returns_total_with_tax', 59, 62, false, 3],
      ['tests/test_billing.py', 'test', 'TestBillingService.test_issue_twice_fails', 64, 68, false, 1],
      ['tests/test_billing.py', 'test', 'TestBillingService.test_empty_invoice_is_rejected', 70, 72, false, 1],
    ]);
    expect(countBy(result.symbols, (s) => s.kind)).toEqual({ class: 8, function: 8, method: 13, test: 8, variable: 3 });
  });

  it('builds uids, parents, name tokens, signatures and docstrings', () => {
    const byName = new Map(result.symbols.map((s) => [s.qualifiedName, s]));
    const issue = byName.get('BillingService.issue')!;
    expect(issue).toMatchObject({
      uid: 't:billing-service:billing/service.py#BillingService.issue',
      fileUid: 't:billing-service:billing/service.py',
      parentUid: 't:billing-service:billing/service.py#BillingService',
      name: 'issue',
      nameTokens: 'issue billing service',
      language: 'python',
      signature: 'def issue(self, invoice: Invoice) -> Decimal',
      doc: 'Issues an invoice once and returns the amount due.',
    });
    expect(byName.get('summarize.add')).toMatchObject({
      parentUid: 't:billing-service:billing/service.py#summarize',
      signature: 'def add(currency: str, amount: Decimal) -> None',
      exported: false,
    });
    expect(byName.get('EmailNotifier')!.signature).toBe('class EmailNotifier(Notifier)');
    expect(byName.get('Notifier.send')).toMatchObject({ startLine: 11, doc: 'Delivers one message.' });
    expect(byName.get('VAT_RATES')).toMatchObject({ kind: 'variable', signature: 'VAT_RATES', doc: null, complexity: null });
    expect(byName.get('TestBillingService.test_issue_twice_fails')!.parentUid).toBe(
      't:billing-service:tests/test_billing.py#TestBillingService',
    );
  });

  it('resolves calls through imports, self, annotations and return types, and falls back to names', () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['billing/invoice.py#Invoice.subtotal', 'billing/invoice.py#LineItem.total', 39, 1, 'import'],
      ['billing/invoice.py#Invoice.subtotal', 'billing/tax.py#round_money', 39, 1, 'import'],
      ['billing/invoice.py#LineItem.total', 'billing/tax.py#round_money', 22, 1, 'import'],
      ['billing/notifications.py#Notifier.notify_issued', 'billing/invoice.py#Invoice.subtotal', 16, 1, 'import'],
      ['billing/notifications.py#Notifier.notify_issued', 'billing/notifications.py#Notifier.send', 16, 1, 'import'],
      ['billing/service.py#BillingService.create_invoice', 'billing/invoice.py#Invoice', 26, 1, 'import'],
      ['billing/service.py#BillingService.create_invoice', 'billing/invoice.py#Invoice.add_item', 28, 1, 'import'],
      ['billing/service.py#BillingService.issue', 'billing/invoice.py#Invoice.is_empty', 37, 1, 'import'],
      ['billing/service.py#BillingService.issue', 'billing/notifications.py#Notifier.notify_issued', 43, 1, 'import'],
      ['billing/service.py#BillingService.issue', 'billing/service.py#BillingError', 38, 2, 'import'],
      ['billing/service.py#BillingService.issue', 'billing/service.py#BillingService.total_with_tax', 41, 1, 'import'],
      ['billing/service.py#BillingService.total_with_tax', 'billing/invoice.py#Invoice.subtotal', 32, 1, 'import'],
      ['billing/service.py#BillingService.total_with_tax', 'billing/tax.py#tax_for', 33, 1, 'import'],
      ['billing/service.py#summarize', 'billing/invoice.py#Invoice.is_empty', 56, 1, 'import'],
      ['billing/service.py#summarize', 'billing/invoice.py#Invoice.subtotal', 57, 1, 'import'],
      ['billing/service.py#summarize', 'billing/service.py#summarize.add', 57, 1, 'import'],
      ['billing/tax.py#rate_for', 'billing/tax.py#UnknownCountryError', 26, 1, 'import'],
      ['billing/tax.py#tax_for', 'billing/tax.py#rate_for', 33, 1, 'import'],
      ['billing/tax.py#tax_for', 'billing/tax.py#round_money', 33, 1, 'import'],
      ['tests/test_billing.py#TestBillingService.setup_method', 'billing/notifications.py#EmailNotifier', 56, 1, 'import'],
      ['tests/test_billing.py#TestBillingService.setup_method', 'billing/service.py#BillingService', 57, 1, 'import'],
      ['tests/test_billing.py#TestBillingService.test_empty_invoice_is_rejected', 'billing/invoice.py#Invoice', 72, 1, 'import'],
      [
        'tests/test_billing.py#TestBillingService.test_empty_invoice_is_rejected',
        'billing/service.py#BillingService.issue',
        72,
        1,
        'import',
      ],
      [
        'tests/test_billing.py#TestBillingService.test_issue_returns_total_with_tax',
        'billing/service.py#BillingService.issue',
        60,
        1,
        'import',
      ],
      ['tests/test_billing.py#TestBillingService.test_issue_returns_total_with_tax', 'tests/test_billing.py#make_invoice', 60, 1, 'import'],
      ['tests/test_billing.py#TestBillingService.test_issue_twice_fails', 'billing/service.py#BillingService.issue', 66, 2, 'import'],
      ['tests/test_billing.py#TestBillingService.test_issue_twice_fails', 'tests/test_billing.py#make_invoice', 65, 1, 'import'],
      ['tests/test_billing.py#make_invoice', 'billing/invoice.py#Invoice', 14, 1, 'import'],
      ['tests/test_billing.py#make_invoice', 'billing/invoice.py#Invoice.add_item', 16, 1, 'import'],
      ['tests/test_billing.py#make_invoice', 'billing/invoice.py#LineItem', 16, 1, 'import'],
      ['tests/test_billing.py#notifier', 'billing/notifications.py#EmailNotifier', 22, 1, 'import'],
      ['tests/test_billing.py#service', 'billing/service.py#BillingService', 27, 1, 'import'],
      ['tests/test_billing.py#test_create_invoice_adds_items', 'billing/invoice.py#Invoice.subtotal', 46, 1, 'name'],
      ['tests/test_billing.py#test_create_invoice_adds_items', 'billing/invoice.py#LineItem', 45, 1, 'import'],
      ['tests/test_billing.py#test_create_invoice_adds_items', 'billing/service.py#BillingService.create_invoice', 45, 1, 'name'],
      ['tests/test_billing.py#test_email_notifier_keeps_messages', 'billing/notifications.py#EmailNotifier.send', 50, 1, 'ambiguous'],
      ['tests/test_billing.py#test_email_notifier_keeps_messages', 'billing/notifications.py#Notifier.send', 50, 1, 'ambiguous'],
      ['tests/test_billing.py#test_email_notifier_keeps_messages', 'tests/test_billing.py#make_invoice', 50, 1, 'import'],
      ['tests/test_billing.py#test_subtotal_adds_line_items', 'billing/invoice.py#Invoice.subtotal', 32, 1, 'import'],
      ['tests/test_billing.py#test_subtotal_adds_line_items', 'tests/test_billing.py#make_invoice', 31, 1, 'import'],
      ['tests/test_billing.py#test_tax_for_germany', 'billing/tax.py#tax_for', 36, 1, 'import'],
      ['tests/test_billing.py#test_tax_for_unknown_country_raises', 'billing/tax.py#rate_for', 41, 1, 'import'],
    ]);
    expect(countBy(result.calls, (c) => c.confidence)).toEqual({ import: 38, name: 2, ambiguous: 2 });
  });

  it('records imports file to file with the imported names', () => {
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['billing/__init__.py', 'billing/invoice.py', ['Invoice', 'LineItem']],
      ['billing/__init__.py', 'billing/service.py', ['BillingService']],
      ['billing/invoice.py', 'billing/tax.py', ['round_money']],
      ['billing/notifications.py', 'billing/invoice.py', ['Invoice']],
      ['billing/service.py', 'billing/invoice.py', ['Invoice', 'LineItem']],
      ['billing/service.py', 'billing/notifications.py', ['Notifier']],
      ['billing/service.py', 'billing/tax.py', ['*']],
      ['tests/test_billing.py', 'billing/__init__.py', ['BillingService', 'Invoice', 'LineItem']],
      ['tests/test_billing.py', 'billing/notifications.py', ['EmailNotifier']],
      ['tests/test_billing.py', 'billing/tax.py', ['*']],
    ]);
  });

  it('records base classes found in the repository', () => {
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([
      ['billing/notifications.py#EmailNotifier', 'EXTENDS', 'billing/notifications.py#Notifier'],
    ]);
  });
});

describe('PythonExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new PythonExtractor().extract(
      memoryInput({
        'app/broken.py': 'def fine():\n    return helper()\n\n\ndef helper():\n    return 1\n\n\ndef broken(:\n    pass\n',
        'app/other.py': 'from app.broken import fine\n\n\ndef caller():\n    return fine()\n',
      }),
    );
    expect(result.skipped).toEqual([{ path: 'app/broken.py', reason: 'partly extracted: syntax error at line 9' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(expect.arrayContaining(['fine', 'helper', 'caller']));
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['app/broken.py#fine', 'app/broken.py#helper', 'import'],
      ['app/other.py#caller', 'app/broken.py#fine', 'import'],
    ]);
  });

  it('counts cyclomatic complexity as radon does: assert, a loop or try else, cases other than the default, decisions in f-strings', async () => {
    const source = [
      'def settle(x, y):',
      '    assert x',
      '    for a in x:',
      '        pass',
      '    else:',
      '        pass',
      '    while y:',
      '        break',
      '    try:',
      '        pass',
      '    except ValueError:',
      '        pass',
      '    else:',
      '        pass',
      '    if x:',
      '        pass',
      '    else:',
      '        pass',
      '    match x:',
      '        case 1 if y:',
      '            pass',
      '        case [a, _]:',
      '            pass',
      '        case _:',
      '            pass',
      '',
      '',
      'def capture(x):',
      '    print(f"{x if x else 0:>4}")',
      '    match x:',
      '        case a.b:',
      '            pass',
      '        case other:',
      '            pass',
      '',
    ].join('\n');
    const result = await new PythonExtractor().extract(memoryInput({ 'settle.py': source }));
    // settle: 1 + assert + for + its else + while + except + try's else + if + two cases (the guard and `case _` not);
    // capture: 1 + the conditional inside the f-string + `case a.b` (`case other` captures: the default).
    expect(result.symbols.map((s) => [s.qualifiedName, s.complexity])).toEqual([
      ['settle', 10],
      ['capture', 3],
    ]);
  });

  it('survives very deep nesting', async () => {
    const depth = 2000;
    const nested = `${'('.repeat(depth)}1${')'.repeat(depth)}`;
    const ifs = Array.from({ length: 90 }, (_, i) => `${'    '.repeat(i + 1)}if x${i}:\n`).join('') + `${'    '.repeat(91)}pass\n`;
    const result = await new PythonExtractor().extract(memoryInput({ 'deep.py': `VALUE = ${nested}\n\n\ndef f(x0):\n${ifs}` }));
    expect(result.symbols.map((s) => [s.qualifiedName, s.complexity])).toEqual([
      ['VALUE', null],
      ['f', 91],
    ]);
  });

  it('gives redefinitions their own uid with a ~n suffix and resolves relative imports', async () => {
    const result = await new PythonExtractor().extract(
      memoryInput({
        'pkg/__init__.py': '',
        'pkg/a.py': 'def f():\n    return 1\n\n\ndef f():\n    return 2\n',
        'pkg/sub/__init__.py': '',
        'pkg/sub/b.py': 'from .. import a\nfrom ..a import f as g\n\n\ndef use():\n    return a.f() + g()\n',
      }),
    );
    expect(result.symbols.map((s) => short(s.uid))).toEqual(['pkg/a.py#f', 'pkg/a.py#f~2', 'pkg/sub/b.py#use']);
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([['pkg/sub/b.py', 'pkg/a.py', ['*', 'f']]]);
    expect(result.calls.map((c) => [short(c.calleeUid), c.count, c.confidence])).toEqual([['pkg/a.py#f', 2, 'import']]);
  });

  it("calls from the code that runs when a module is imported (statements, class bodies, decorators) have the file as caller; a method's are its own", async () => {
    const result = await new PythonExtractor().extract(
      memoryInput({
        'app/setup.py':
          'def register(cls):\n    return cls\n\n\ndef route(path):\n    return register\n\n\ndef defaults():\n    return 1\n',
        'app/page.py': [
          'import requests',
          'from app.setup import defaults, register, route as at',
          '',
          '',
          '@at("/")',
          'class Page:',
          '    size = defaults()',
          '',
          '    def area(self):',
          '        return defaults()',
          '',
          '',
          'register(Page)',
          'register(Page)',
          'requests.get("x")',
          '',
          '',
          'def load():',
          '    requests.get("y")',
          '',
        ].join('\n'),
      }),
    );
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['app/page.py', 'app/setup.py#defaults', 7, 1, 'import'],
      ['app/page.py', 'app/setup.py#register', 13, 2, 'import'],
      ['app/page.py', 'app/setup.py#route', 5, 1, 'import'],
      ['app/page.py#Page.area', 'app/setup.py#defaults', 10, 1, 'import'],
    ]);
    // Calls into other repositories' packages join symbols: the top-level `requests.get` is not kept, load's is.
    expect(result.externalReferences.calls.map((call) => [short(call.callerUid), call.target.path, call.line])).toEqual([
      ['app/page.py#load', ['get'], 19],
    ]);
  });

  it('does not match builtins or library calls by name', async () => {
    const result = await new PythonExtractor().extract(
      memoryInput({
        'lib.py': 'def len(x):\n    return 0\n\n\nclass Store:\n    def get(self, key):\n        return key\n',
        'use.py': 'import requests\n\n\ndef run(items: list[str]):\n    requests.get("x")\n    items.append("y")\n    return len(items)\n',
      }),
    );
    expect(result.calls).toEqual([]);
  });
});
