import type { RepositorySnapshot } from '@lore/domain';
import { indexRepository } from '@lore/indexer';
import { scratchRepository, short } from '../test/extraction-inputs';

/** One repository in four languages that provides packages of each kind and takes names from other packages. */
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({
    name: '@acme/app',
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './events': './dist/events.js', './*': './dist/*.js' },
  }),
  'tsconfig.json': '{}',
  'src/index.ts': [
    "import { orderPlaced, Events } from '@acme/order-contracts';",
    "import * as contracts from '@acme/order-contracts/events';",
    "import { readFileSync } from 'node:fs';",
    "import helper from 'some-helper';",
    "import { local } from './events';",
    'export class Handler extends Events.Base {}',
    'export function handle(): void {',
    "  orderPlaced('o-1');",
    '  contracts.isOrderPlaced(null);',
    '  Events.create();',
    '  Events.create();',
    "  readFileSync('x');",
    '  helper();',
    '  local();',
    '}',
    '',
  ].join('\n'),
  'src/events.ts': 'export function local(): void {}\n',
  'pyproject.toml': '[project]\nname = "Acme_App.Tools"\nversion = "1"\n\n[tool.x]\nname = "not this"\n',
  'app/__init__.py': '',
  'app/jobs/__init__.py': '',
  'app/jobs/orders.py': [
    'import acme_order_contracts.events as events',
    'from acme_order_contracts import invoice_request, Base',
    'from . import local',
    '',
    '',
    'class Handler(Base):',
    '    def handle(self, event):',
    '        invoice_request(event)',
    '        events.build(event)',
    '        local.run()',
    '',
  ].join('\n'),
  'app/jobs/local.py': 'def run():\n    pass\n',
  'go.mod': 'module github.com/acme/app\n\nrequire github.com/acme/shipping v1.0.0\n',
  'cmd/main.go': [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"github.com/acme/shipping/rates"',
    ')',
    '',
    'type Quoter interface {',
    '\trates.Carrier',
    '}',
    '',
    'func main() {',
    '\tfmt.Println(rates.NewFlat(3))',
    '}',
    '',
  ].join('\n'),
  'pom.xml': [
    '<project>',
    '  <parent><groupId>com.acme</groupId><artifactId>parent</artifactId></parent>',
    '  <artifactId>app</artifactId>',
    '  <dependencies><dependency><groupId>com.acme</groupId><artifactId>inventory</artifactId></dependency></dependencies>',
    '</project>',
    '',
  ].join('\n'),
  'src/main/java/com/acme/app/App.java': [
    'package com.acme.app;',
    '',
    'import com.acme.inventory.model.Item;',
    'import java.util.List;',
    '',
    'public class App extends com.acme.inventory.service.Base {',
    '    public void run() {',
    '        Item item = new Item("sku");',
    '        Item.validate(item);',
    '        List.of(item);',
    '    }',
    '}',
    '',
  ].join('\n'),
};

describe('what a repository provides and takes from other packages', () => {
  let snapshot: RepositorySnapshot;

  beforeAll(async () => {
    snapshot = await indexRepository(scratchRepository(FILES, 'app'), { tenantId: 't', maxFileBytes: 1_000_000 });
  });

  it('reads the packages it provides from its manifests and layout, with the files entry points are built from', () => {
    expect(snapshot.packages).toEqual([
      { key: 'go:github.com/acme/app', path: '', entries: {} },
      { key: 'java:com.acme.app', path: 'src/main/java/com/acme/app', entries: {} },
      { key: 'maven:com.acme:app', path: '', entries: {} },
      { key: 'npm:@acme/app', path: '', entries: { '': 'src/index.ts', events: 'src/events.ts' } },
      { key: 'pypi:acme-app-tools', path: '', entries: {} },
      {
        key: 'python:app',
        path: 'app',
        entries: {
          '': 'app/__init__.py',
          jobs: 'app/jobs/__init__.py',
          'jobs/local': 'app/jobs/local.py',
          'jobs/orders': 'app/jobs/orders.py',
        },
      },
    ]);
  });

  it('records the imports of other packages, the calls and heritage that reach their names, and nothing of its own or the standard libraries', () => {
    const { imports, calls, inheritance } = snapshot.externalReferences;
    expect(imports.map((row) => [short(row.fileUid), row.package, row.module, row.names])).toEqual([
      ['app/jobs/orders.py', 'python:acme_order_contracts', '', ['Base', 'invoice_request']],
      ['app/jobs/orders.py', 'python:acme_order_contracts', 'events', ['*']],
      ['cmd/main.go', 'go:github.com/acme/shipping/rates', '', ['rates']],
      ['src/index.ts', 'npm:@acme/order-contracts', '', ['Events', 'orderPlaced']],
      ['src/index.ts', 'npm:@acme/order-contracts', 'events', ['*']],
      ['src/index.ts', 'npm:some-helper', '', ['default']],
      ['src/main/java/com/acme/app/App.java', 'java:com.acme.inventory.model', '', ['Item']],
    ]);
    expect(calls.map((row) => [short(row.callerUid), row.target.package, row.target.module, row.target.path, row.line, row.count])).toEqual(
      [
        ['app/jobs/orders.py#Handler.handle', 'python:acme_order_contracts', '', ['invoice_request'], 8, 1],
        ['app/jobs/orders.py#Handler.handle', 'python:acme_order_contracts', 'events', ['build'], 9, 1],
        ['cmd/main.go#main', 'go:github.com/acme/shipping/rates', '', ['NewFlat'], 13, 1],
        ['src/index.ts#handle', 'npm:@acme/order-contracts', '', ['Events', 'create'], 10, 2],
        ['src/index.ts#handle', 'npm:@acme/order-contracts', '', ['orderPlaced'], 8, 1],
        ['src/index.ts#handle', 'npm:@acme/order-contracts', 'events', ['isOrderPlaced'], 9, 1],
        ['src/main/java/com/acme/app/App.java#App.run', 'java:com.acme.inventory.model', '', ['Item'], 8, 1],
        ['src/main/java/com/acme/app/App.java#App.run', 'java:com.acme.inventory.model', '', ['Item', 'validate'], 9, 1],
      ],
    );
    expect(inheritance.map((row) => [short(row.fromUid), row.kind, row.target.package, row.target.path])).toEqual([
      ['app/jobs/orders.py#Handler', 'EXTENDS', 'python:acme_order_contracts', ['Base']],
      ['cmd/main.go#Quoter', 'EXTENDS', 'go:github.com/acme/shipping/rates', ['Carrier']],
      ['src/index.ts#Handler', 'EXTENDS', 'npm:@acme/order-contracts', ['Events', 'Base']],
      ['src/main/java/com/acme/app/App.java#App', 'EXTENDS', 'java:com.acme.inventory.service', ['Base']],
    ]);
  });
});
