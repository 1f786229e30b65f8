import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallRow } from '@lore/domain';
import { readRepository } from '@lore/indexer';
import type { TypeScriptChecker } from '../../extractor';
import { short } from '../../../test/extraction-inputs';
import { FIXTURES } from '../../../../../test/support/fixtures';
import { NativeCheckerSession, type NativeProgram } from './native-checker';
import { checkingOrder } from './script-extraction';

const exactCallsAt = async (root: string, typescriptChecker: TypeScriptChecker) => {
  const reading = await readRepository(root, { tenantId: 't', maxFileBytes: 1_000_000, typescriptChecker });
  const snapshot = await reading.resolveExactly!();
  const rows = (calls: CallRow[]) =>
    calls.map((call) => [short(call.callerUid), short(call.calleeUid), call.line, call.count, call.confidence]);
  return { calls: rows(snapshot.calls), skipped: snapshot.skipped.filter((row) => row.reason.includes('TypeScript 7')) };
};
const exactCalls = (repository: string, typescriptChecker: TypeScriptChecker) =>
  exactCallsAt(join(FIXTURES, repository), typescriptChecker);

/** A fixture copied where it can be edited, under its own name (the repository's id, in its uids). */
const copyOf = (repository: string): string => {
  const root = join(mkdtempSync(join(tmpdir(), 'lore-native-')), repository);
  cpSync(join(FIXTURES, repository), root, { recursive: true });
  return root;
};

/** A copy of an edited repository under the same name, for a new process to read it cold. */
const coldCopyOf = (root: string, repository: string): string => {
  const coldRoot = join(mkdtempSync(join(tmpdir(), 'lore-cold-')), repository);
  cpSync(root, coldRoot, { recursive: true });
  return coldRoot;
};

/** A workspace of `count` packages (more projects than a session keeps open), each a function calling a helper of its own. */
const generatedWorkspace = (count: number): string => {
  const root = join(mkdtempSync(join(tmpdir(), 'lore-native-')), 'many-projects');
  for (let index = 0; index < count; index++) {
    const dir = join(root, 'packages', `p${index}`, 'src');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(root, 'packages', `p${index}`, 'package.json'), JSON.stringify({ name: `@many/p${index}`, private: true }));
    writeFileSync(join(root, 'packages', `p${index}`, 'tsconfig.json'), JSON.stringify({ include: ['src'] }));
    writeFileSync(
      join(dir, 'index.ts'),
      `export function run${index}(): number {\n  return helper();\n}\nfunction helper(): number {\n  return ${index};\n}\n`,
    );
  }
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'many-projects', private: true, workspaces: ['packages/*'] }));
  return root;
};

/** order-service's repository made a type alias of its in-memory class: the service's unchanged calls now reach the class's methods. */
const aliasRepository = (root: string): void => {
  const path = join(root, 'src/repository/order-repository.ts');
  const text = readFileSync(path, 'utf8');
  const interfaceEnd = text.indexOf('}\n') + 2;
  const withoutInterface = text.slice(0, text.indexOf('/** Where orders are kept. */')) + text.slice(interfaceEnd).trimStart();
  writeFileSync(
    path,
    `${withoutInterface.replace(' implements OrderRepository', '')}\n/** Where orders are kept. */\nexport type OrderRepository = InMemoryOrderRepository;\n`,
  );
};

describe("the exact pass on TypeScript 7's native checker (typescript-native)", () => {
  it('gives the calls TypeScript 6 gives across workspace packages, imported by name and mapped to their sources', async () => {
    const expected = [
      ['packages/app/src/checkout.ts#checkout', 'packages/core/src/index.ts#orderTotal', 6, 1, 'exact'],
      ['packages/app/src/checkout.ts#checkout', 'packages/core/src/money.ts#formatMoney', 6, 1, 'exact'],
      ['packages/app/src/total-badge.tsx#TotalBadge', 'packages/core/src/index.ts#orderTotal', 6, 1, 'exact'],
      ['packages/app/src/total-badge.tsx#TotalBadge', 'packages/core/src/money.ts#formatMoney', 6, 1, 'exact'],
      ['packages/cli/src/main.ts#main', 'packages/app/src/checkout.ts#checkout', 6, 1, 'exact'],
      ['packages/cli/src/main.ts#main', 'packages/cli/src/build/bundle.ts#bundleName', 6, 1, 'exact'],
      ['packages/cli/src/main.ts#main', 'packages/cli/src/commands/print.ts#printLine', 6, 1, 'exact'],
    ];
    const native = await exactCalls('acme-monorepo', 'typescript-7');
    expect(native).toEqual({ calls: expected, skipped: [] });
    expect((await exactCalls('acme-monorepo', 'typescript-6')).calls).toEqual(expected);
  });

  it('resolves methods, constructors and classes of one project as TypeScript 6 does', async () => {
    const native = await exactCalls('order-service', 'typescript-7');
    const compiled = await exactCalls('order-service', 'typescript-6');
    expect(native.skipped).toEqual([]);
    expect(native.calls).toEqual(compiled.calls);
    expect(native.calls).toHaveLength(25);
    expect(native.calls.slice(0, 4)).toEqual([
      ['src/domain/order.ts#orderTotal.reduce(0)', 'src/domain/order.ts#lineTotal', 27, 1, 'exact'],
      ['src/services/order-service.ts#OrderService.cancelOrder', 'src/domain/errors.ts#ValidationError', 33, 1, 'exact'],
      [
        'src/services/order-service.ts#OrderService.cancelOrder',
        'src/repository/order-repository.ts#OrderRepository.findById',
        31,
        1,
        'exact',
      ],
      ['src/services/order-service.ts#OrderService.cancelOrder', 'src/repository/order-repository.ts#OrderRepository.save', 35, 1, 'exact'],
    ]);
  });

  it("answers a call on a union's method with the member whose uid sorts first, whatever order either checker numbers the types in", async () => {
    const expected = [
      ['src/pets.ts#call', 'src/pets.ts#Ant.speak', 16, 1, 'exact'],
      ['src/pets.ts#callReversed', 'src/pets.ts#Ant.speak', 20, 1, 'exact'],
    ];
    expect(await exactCalls('union-receivers', 'typescript-7')).toEqual({ calls: expected, skipped: [] });
    expect((await exactCalls('union-receivers', 'typescript-6')).calls).toEqual(expected);
  });

  it('answers after an edit in a running lore (the process kept, told the changed file) as a new process does', async () => {
    const root = copyOf('order-service');
    const before = await exactCallsAt(root, 'typescript-7');
    const repositoryCalls = (calls: (string | number)[][]) =>
      calls.filter(([caller, callee]) => String(caller).startsWith('src/services/') && String(callee).startsWith('src/repository/'));
    expect(repositoryCalls(before.calls)).toEqual([
      [
        'src/services/order-service.ts#OrderService.cancelOrder',
        'src/repository/order-repository.ts#OrderRepository.findById',
        31,
        1,
        'exact',
      ],
      ['src/services/order-service.ts#OrderService.cancelOrder', 'src/repository/order-repository.ts#OrderRepository.save', 35, 1, 'exact'],
      ['src/services/order-service.ts#OrderService.placeOrder', 'src/repository/order-repository.ts#OrderRepository.save', 25, 1, 'exact'],
    ]);
    aliasRepository(root);
    const warm = await exactCallsAt(root, 'typescript-7');
    // Another path: no session is kept for it.
    const coldRoot = coldCopyOf(root, 'order-service');
    const cold = await exactCallsAt(coldRoot, 'typescript-7');
    expect(repositoryCalls(warm.calls)).toEqual([
      [
        'src/services/order-service.ts#OrderService.cancelOrder',
        'src/repository/order-repository.ts#InMemoryOrderRepository.findById',
        31,
        1,
        'exact',
      ],
      [
        'src/services/order-service.ts#OrderService.cancelOrder',
        'src/repository/order-repository.ts#InMemoryOrderRepository.save',
        35,
        1,
        'exact',
      ],
      [
        'src/services/order-service.ts#OrderService.placeOrder',
        'src/repository/order-repository.ts#InMemoryOrderRepository.save',
        25,
        1,
        'exact',
      ],
    ]);
    expect(warm).toEqual(cold);
  });

  it('answers after an edit in a running lore as a new process does in a repository of several projects, checked one after another', async () => {
    const root = copyOf('acme-monorepo');
    const orderTotalCalls = (calls: (string | number)[][]) =>
      calls.filter(([, callee]) => String(callee).startsWith('packages/core/src/index.ts'));
    expect(orderTotalCalls((await exactCallsAt(root, 'typescript-7')).calls)).toEqual([
      ['packages/app/src/checkout.ts#checkout', 'packages/core/src/index.ts#orderTotal', 6, 1, 'exact'],
      ['packages/app/src/total-badge.tsx#TotalBadge', 'packages/core/src/index.ts#orderTotal', 6, 1, 'exact'],
    ]);
    // The app's files, unchanged, now call orderTotal under another name.
    const index = join(root, 'packages/core/src/index.ts');
    writeFileSync(
      index,
      `${readFileSync(index, 'utf8').replace('export function orderTotal(', 'function linesTotal(')}export { linesTotal as orderTotal };\n`,
    );
    const warm = await exactCallsAt(root, 'typescript-7');
    const coldRoot = coldCopyOf(root, 'acme-monorepo');
    expect(orderTotalCalls(warm.calls)).toEqual([
      ['packages/app/src/checkout.ts#checkout', 'packages/core/src/index.ts#linesTotal', 6, 1, 'exact'],
      ['packages/app/src/total-badge.tsx#TotalBadge', 'packages/core/src/index.ts#linesTotal', 6, 1, 'exact'],
    ]);
    expect(warm).toEqual(await exactCallsAt(coldRoot, 'typescript-7'));
  });

  it('answers after an edit to a file two projects hold as a new process does, both projects kept open and updated', async () => {
    const root = copyOf('acme-monorepo');
    const checkoutCalls = (calls: (string | number)[][]) =>
      calls.filter(([caller, callee]) => [caller, callee].some((uid) => String(uid).startsWith('packages/app/src/checkout.ts')));
    expect(checkoutCalls((await exactCallsAt(root, 'typescript-7')).calls)).toEqual([
      ['packages/app/src/checkout.ts#checkout', 'packages/core/src/index.ts#orderTotal', 6, 1, 'exact'],
      ['packages/app/src/checkout.ts#checkout', 'packages/core/src/money.ts#formatMoney', 6, 1, 'exact'],
      ['packages/cli/src/main.ts#main', 'packages/app/src/checkout.ts#checkout', 6, 1, 'exact'],
    ]);
    // Held by the app's program (its own) and the cli's (through `@acme/app`): both answers change, the cli's main unchanged.
    const checkout = join(root, 'packages/app/src/checkout.ts');
    writeFileSync(
      checkout,
      `${readFileSync(checkout, 'utf8').replace('export function checkout(', 'function placeOrder(')}export { placeOrder as checkout };\n`,
    );
    const warm = await exactCallsAt(root, 'typescript-7');
    const coldRoot = coldCopyOf(root, 'acme-monorepo');
    expect(checkoutCalls(warm.calls)).toEqual([
      ['packages/app/src/checkout.ts#placeOrder', 'packages/core/src/index.ts#orderTotal', 6, 1, 'exact'],
      ['packages/app/src/checkout.ts#placeOrder', 'packages/core/src/money.ts#formatMoney', 6, 1, 'exact'],
      ['packages/cli/src/main.ts#main', 'packages/app/src/checkout.ts#placeOrder', 6, 1, 'exact'],
    ]);
    expect(warm).toEqual(await exactCallsAt(coldRoot, 'typescript-7'));
    // Back as it was: the kept programs updated a second time answer as the fixture's first run did.
    writeFileSync(checkout, readFileSync(join(FIXTURES, 'acme-monorepo/packages/app/src/checkout.ts'), 'utf8'));
    expect(checkoutCalls((await exactCallsAt(root, 'typescript-7')).calls)).toEqual(
      checkoutCalls((await exactCalls('acme-monorepo', 'typescript-7')).calls),
    );
  });
  it('answers after an edit to a project it closed (more projects than it keeps open) as a new process does, the project reopened', async () => {
    // Ten projects, eight kept open: checked in order, p0's and p1's programs are closed by the first run's end.
    const root = generatedWorkspace(10);
    const firstCalls = (calls: (string | number)[][]) => calls.filter(([caller]) => String(caller).startsWith('packages/p0/'));
    expect(firstCalls((await exactCallsAt(root, 'typescript-7')).calls)).toEqual([
      ['packages/p0/src/index.ts#run0', 'packages/p0/src/index.ts#helper', 2, 1, 'exact'],
    ]);
    const index = join(root, 'packages/p0/src/index.ts');
    writeFileSync(index, readFileSync(index, 'utf8').replaceAll('helper', 'zero'));
    const warm = await exactCallsAt(root, 'typescript-7');
    const coldRoot = coldCopyOf(root, 'many-projects');
    expect(firstCalls(warm.calls)).toEqual([['packages/p0/src/index.ts#run0', 'packages/p0/src/index.ts#zero', 2, 1, 'exact']]);
    expect(warm.calls).toHaveLength(10);
    expect(warm).toEqual(await exactCallsAt(coldRoot, 'typescript-7'));
  });

  it('checks the programs it holds open first, so that a pass reaching more than it keeps open closes only as many as it opens', () => {
    const root = generatedWorkspace(10);
    const program = (index: number): NativeProgram => {
      const dir = join(root, 'packages', `p${index}`);
      return {
        dir,
        configPath: join(dir, 'tsconfig.json'),
        options: {},
        files: [join(dir, 'src/index.ts')],
        workspaceImports: new Map(),
        part: 0,
      };
    };
    const programs = Array.from({ length: 10 }, (_, index) => program(index));
    const session = new NativeCheckerSession(root);
    const uidAt = { owns: () => false, uidAt: () => undefined };
    const openOnes = () => programs.map((each) => session.isOpen(each));
    try {
      for (const each of programs) session.check(each, new Map(), uidAt);
      // Eight kept open: the first two checked are closed.
      expect(openOnes()).toEqual([false, false, true, true, true, true, true, true, true, true]);
      const order = checkingOrder(
        programs,
        () => 1,
        (each) => session.isOpen(each),
      );
      expect(order.map((each) => programs.indexOf(each))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 0, 1]);
      for (const each of order) session.check(each, new Map(), uidAt);
      // Opening p0 and p1 closed the two checked longest ago; the other six stayed open through the pass.
      expect(openOnes()).toEqual([true, true, false, false, true, true, true, true, true, true]);
    } finally {
      session.close();
    }
  });
});
