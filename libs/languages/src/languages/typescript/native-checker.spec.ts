import { join } from 'node:path';
import type { CallRow } from '@lore/domain';
import { readRepository } from '@lore/indexer';
import type { TypeScriptChecker } from '../../extractor';
import { short } from '../../../test/extraction-inputs';
import { FIXTURES } from '../../../../../test/support/fixtures';

const exactCalls = async (repository: string, typescriptChecker: TypeScriptChecker) => {
  const reading = await readRepository(join(FIXTURES, repository), { tenantId: 't', maxFileBytes: 1_000_000, typescriptChecker });
  const snapshot = await reading.resolveExactly!();
  const rows = (calls: CallRow[]) =>
    calls.map((call) => [short(call.callerUid), short(call.calleeUid), call.line, call.count, call.confidence]);
  return { calls: rows(snapshot.calls), skipped: snapshot.skipped.filter((row) => row.reason.includes('TypeScript 7')) };
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
});
