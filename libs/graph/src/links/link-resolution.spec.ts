import type { ExternalName, ExternalReferences, PackageRow } from '@lore/domain';
import { resolveLinks, type LinkableSymbol, type LinkableSymbols, type LinkRecords } from './link-resolution';
import { packageEcosystems } from '@lore/indexer';

/** The language folders' ecosystems, as the indexing service hands them to the links. */
const ECOSYSTEMS = packageEcosystems();

/** A provider's symbols in memory: `members` maps an owner's uid to its members. */
function symbolsOf(topLevel: LinkableSymbol[], members: Record<string, LinkableSymbol[]> = {}): LinkableSymbols {
  return {
    topLevel: async (repoIds, names) => topLevel.filter((symbol) => repoIds.includes(symbol.repoId) && names.includes(symbol.name)),
    members: async (owners) =>
      owners.flatMap((owner) =>
        (members[owner.uid] ?? [])
          .filter((member) => owner.names.includes(member.name))
          .map((member) => ({ ...member, ownerUid: owner.uid })),
      ),
  };
}

const symbol = (repoId: string, path: string, name: string, kind: string, language: string): LinkableSymbol => ({
  uid: `t:${repoId}:${path}#${name}`,
  repoId,
  name,
  kind,
  path,
  language,
});

const provider = (repoId: string, packages: PackageRow[]): LinkRecords => ({
  repoId,
  packages,
  references: { imports: [], calls: [], inheritance: [] },
});

const consumer = (references: Partial<ExternalReferences>): LinkRecords => ({
  repoId: 'app',
  packages: [],
  references: { imports: [], calls: [], inheritance: [], ...references },
});

const call = (target: ExternalName, line = 3, count = 1) => ({ callerUid: 't:app:src/a.ts#run', target, line, count });

describe('resolveLinks', () => {
  const contracts = provider('contracts', [
    { key: 'npm:@acme/contracts', path: '', entries: { '': 'src/index.ts' } },
    { key: 'python:acme_contracts', path: 'python/acme_contracts', entries: { '': 'python/acme_contracts/__init__.py' } },
  ]);
  const placed = symbol('contracts', 'src/events.ts', 'placed', 'function', 'typescript');
  const pythonPlaced = symbol('contracts', 'python/acme_contracts/__init__.py', 'placed', 'function', 'python');

  it("follows a call to the provider's exported symbol of the language and package named: import, with the call's line and count", async () => {
    const links = await resolveLinks(
      't',
      [
        {
          consumer: consumer({ calls: [call({ package: 'npm:@acme/contracts', module: '', path: ['placed'] }, 7, 2)] }),
          providers: [contracts],
        },
      ],
      symbolsOf([placed, pythonPlaced]),
      ECOSYSTEMS,
    );
    expect(links).toEqual([
      {
        type: 'CALLS',
        fromUid: 't:app:src/a.ts#run',
        toUid: placed.uid,
        props: { line: 7, count: 2, confidence: 'import', crossRepository: true },
      },
    ]);
  });

  it('links to each of a few same-named candidates as ambiguous, to none past five, and to a member through its owner', async () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => symbol('contracts', `src/m${i}.ts`, 'make', 'function', 'typescript'));
    const target = { package: 'npm:@acme/contracts', module: '', path: ['make'] };
    const few = await resolveLinks(
      't',
      [{ consumer: consumer({ calls: [call(target)] }), providers: [contracts] }],
      symbolsOf(many(2)),
      ECOSYSTEMS,
    );
    expect(few.map((link) => [link.toUid, link.props.confidence])).toEqual([
      ['t:contracts:src/m0.ts#make', 'ambiguous'],
      ['t:contracts:src/m1.ts#make', 'ambiguous'],
    ]);
    expect(
      await resolveLinks('t', [{ consumer: consumer({ calls: [call(target)] }), providers: [contracts] }], symbolsOf(many(6)), ECOSYSTEMS),
    ).toEqual([]);
    const events = symbol('contracts', 'src/events.ts', 'Events', 'class', 'typescript');
    const create = {
      ...symbol('contracts', 'src/events.ts', 'create', 'method', 'typescript'),
      uid: 't:contracts:src/events.ts#Events.create',
    };
    const member = await resolveLinks(
      't',
      [
        {
          consumer: consumer({ calls: [call({ package: 'npm:@acme/contracts', module: '', path: ['Events', 'create'] })] }),
          providers: [contracts],
        },
      ],
      symbolsOf([events], { [events.uid]: [create] }),
      ECOSYSTEMS,
    );
    expect(member.map((link) => link.toUid)).toEqual([create.uid]);
  });

  it("finds a Go package in the module whose path begins the import path, in that package's directory only", async () => {
    const shipping = provider('shipping', [{ key: 'go:github.com/acme/shipping', path: '', entries: {} }]);
    const newFlat = symbol('shipping', 'rates/flat.go', 'NewFlat', 'function', 'go');
    const elsewhere = symbol('shipping', 'parcel/flat.go', 'NewFlat', 'function', 'go');
    const links = await resolveLinks(
      't',
      [
        {
          consumer: consumer({ calls: [call({ package: 'go:github.com/acme/shipping/rates', module: '', path: ['NewFlat'] })] }),
          providers: [shipping],
        },
      ],
      symbolsOf([newFlat, elsewhere]),
      ECOSYSTEMS,
    );
    expect(links.map((link) => [link.toUid, link.props.confidence])).toEqual([[newFlat.uid, 'import']]);
  });

  it('links an import to the entry point the provider records, else to the files declaring the names it takes', async () => {
    const inventory = provider('inventory', [{ key: 'java:com.acme.model', path: 'src/main/java/com/acme/model', entries: {} }]);
    const item = symbol('inventory', 'src/main/java/com/acme/model/Item.java', 'Item', 'class', 'java');
    const links = await resolveLinks(
      't',
      [
        {
          consumer: consumer({
            imports: [
              { fileUid: 't:app:src/a.ts', package: 'npm:@acme/contracts', module: '', names: ['placed'] },
              { fileUid: 't:app:src/a.ts', package: 'npm:@acme/contracts', module: 'internal', names: ['placed'] },
            ],
          }),
          providers: [contracts],
        },
        {
          consumer: consumer({ imports: [{ fileUid: 't:app:App.java', package: 'java:com.acme.model', module: '', names: ['Item'] }] }),
          providers: [inventory],
        },
      ],
      symbolsOf([placed, item]),
      ECOSYSTEMS,
    );
    expect(links).toEqual([
      {
        type: 'IMPORTS',
        fromUid: 't:app:App.java',
        toUid: 't:inventory:src/main/java/com/acme/model/Item.java',
        props: { names: ['Item'], confidence: 'import', crossRepository: true },
      },
      {
        type: 'IMPORTS',
        fromUid: 't:app:src/a.ts',
        toUid: 't:contracts:src/events.ts',
        props: { names: ['placed'], confidence: 'import', crossRepository: true },
      },
      {
        type: 'IMPORTS',
        fromUid: 't:app:src/a.ts',
        toUid: 't:contracts:src/index.ts',
        props: { names: ['placed'], confidence: 'import', crossRepository: true },
      },
    ]);
  });

  it('gives heritage a type of the package, and nothing for a package no provider declares', async () => {
    const base = symbol('contracts', 'src/base.ts', 'Base', 'class', 'typescript');
    const baseFunction = symbol('contracts', 'src/other.ts', 'Base', 'function', 'typescript');
    const links = await resolveLinks(
      't',
      [
        {
          consumer: consumer({
            inheritance: [
              { fromUid: 't:app:src/a.ts#Mine', kind: 'EXTENDS', target: { package: 'npm:@acme/contracts', module: '', path: ['Base'] } },
              { fromUid: 't:app:src/a.ts#Mine', kind: 'IMPLEMENTS', target: { package: 'npm:other', module: '', path: ['Base'] } },
            ],
          }),
          providers: [contracts],
        },
      ],
      symbolsOf([base, baseFunction]),
      ECOSYSTEMS,
    );
    expect(links).toEqual([
      { type: 'EXTENDS', fromUid: 't:app:src/a.ts#Mine', toUid: base.uid, props: { confidence: 'import', crossRepository: true } },
    ]);
  });
});
