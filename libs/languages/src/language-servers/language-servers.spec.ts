import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ResponseError } from 'vscode-jsonrpc';
import type { SymbolRow } from '@lore/domain';
import type { Extraction, LanguageServerSettings } from '../extractor';
import { fixtureInput, short } from '../../test/extraction-inputs';
import { CExtractor } from '../languages/c/c-extractor';
import { GoExtractor } from '../languages/go/go-extractor';
import { namePosition } from './call-hierarchy-pass';
import { compileCommands } from './clangd';
import { LanguageServerSession } from './language-server-session';

const C_FILES = ['include/shapes.h', 'src/shapes.c', 'src/main.c', 'src/broken.c'];
const edges = (calls: Extraction['calls']) => calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.confidence]);

/** A language server written for the spec: it answers as a script says, over the same stdio a real one uses. */
function fakeServer(body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'lore-fake-lsp-'));
  const path = join(dir, 'server.js');
  writeFileSync(
    path,
    `const rpc = require(${JSON.stringify(require.resolve('vscode-jsonrpc/node'))});
const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(process.stdin), new rpc.StreamMessageWriter(process.stdout));
connection.onRequest('initialize', () => ({ capabilities: { callHierarchyProvider: true } }));
${body}
connection.listen();`,
  );
  return path;
}

const start = (script: string, requestTimeoutMs = 5_000) =>
  LanguageServerSession.start({
    command: { name: 'fake', executable: process.execPath, args: [script] },
    rootPath: tmpdir(),
    requestTimeoutMs,
    startTimeoutMs: 5_000,
  });

describe('LanguageServerSession over stdio', () => {
  const item = { name: 'total', kind: 12, uri: 'file:///r/a.c', range: range(3, 0), selectionRange: range(3, 4) };

  it('asks call hierarchy and definitions, and makes a LocationLink a Location', async () => {
    const session = await start(
      fakeServer(`
connection.onRequest('textDocument/prepareCallHierarchy', (params) => [{ ...${JSON.stringify(item)}, detail: params.textDocument.uri }]);
connection.onRequest('callHierarchy/outgoingCalls', (params) => [{ to: { ...params.item, name: 'area' }, fromRanges: [${JSON.stringify(range(5, 2))}] }]);
connection.onRequest('textDocument/definition', () => [{ targetUri: 'file:///r/b.c', targetRange: ${JSON.stringify(range(1, 0))}, targetSelectionRange: ${JSON.stringify(range(1, 4))} }]);`),
    );
    try {
      const items = await session.prepareCallHierarchy('/r/a.c', { line: 3, character: 4 });
      expect(items).toEqual([{ ...item, detail: pathToFileURL('/r/a.c').href }]);
      expect(await session.outgoingCalls(item)).toEqual([{ to: { ...item, name: 'area' }, fromRanges: [range(5, 2)] }]);
      expect(await session.definition('/r/a.c', { line: 5, character: 2 })).toEqual([{ uri: 'file:///r/b.c', range: range(1, 4) }]);
    } finally {
      session.close();
    }
  });

  it("hands on the server's refusal as a ResponseError, and fails every request once it has stopped", async () => {
    const session = await start(
      fakeServer(`
connection.onRequest('textDocument/prepareCallHierarchy', () => new rpc.ResponseError(0, 'identifier not found'));
connection.onRequest('callHierarchy/outgoingCalls', () => process.exit(3));`),
    );
    try {
      await expect(session.prepareCallHierarchy('/r/a.c', { line: 0, character: 0 })).rejects.toBeInstanceOf(ResponseError);
      await expect(session.outgoingCalls(item)).rejects.toThrow('fake stopped (exit code 3)');
      await expect(session.prepareCallHierarchy('/r/a.c', { line: 0, character: 0 })).rejects.toThrow('fake stopped (exit code 3)');
    } finally {
      session.close();
    }
  });

  it('gives up a request the server does not answer in time', async () => {
    const session = await start(
      fakeServer(`connection.onRequest('callHierarchy/outgoingCalls', () => new Promise(() => undefined));`),
      1_000,
    );
    try {
      await expect(session.outgoingCalls(item)).rejects.toThrow('fake did not answer callHierarchy/outgoingCalls within 1000 ms');
    } finally {
      session.close();
    }
  });
});

describe("the language-server pass when the server cannot say (the first pass's calls stay, the index result says why)", () => {
  const settingsIn = (directory: string, requestTimeoutMs = 5_000): LanguageServerSettings => ({
    directory,
    requestTimeoutMs,
    indexTimeoutMs: 5_000,
  });
  const firstPassCalls = [
    ['src/broken.c#broken', 'src/broken.c#half', 6, 'import'],
    ['src/main.c#main', 'src/shapes.c#point_add', 6, 'import'],
    ['src/main.c#main', 'src/shapes.c#rect_area', 7, 'import'],
    ['src/shapes.c#point_add', 'src/shapes.c#clamp', 15, 'import'],
  ];

  /** An install directory whose clangd is the script given. */
  function installedClangd(script: string): string {
    const directory = mkdtempSync(join(tmpdir(), 'lore-servers-'));
    mkdirSync(join(directory, 'clangd-22.1.1', 'bin'), { recursive: true });
    writeFileSync(join(directory, 'clangd-22.1.1', 'bin', 'clangd'), `#!/bin/sh\n${script}\n`);
    chmodSync(join(directory, 'clangd-22.1.1', 'bin', 'clangd'), 0o755);
    return directory;
  }

  it('none installed: no exact pass, and a report per language of why', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'lore-servers-'));
    const c = await new CExtractor().extract({ ...(await fixtureInput('shapes-c', C_FILES)), languageServers: settingsIn(empty) });
    expect(c.resolveExactly).toBeUndefined();
    expect(edges(c.calls)).toEqual(firstPassCalls);
    expect(c.languageServers).toEqual([
      {
        language: 'c',
        server: 'clangd',
        version: null,
        status: 'unavailable',
        detail: `no clangd 22.1.1 in ${empty} (scripts/install-language-servers.sh installs it): calls stay at first-pass confidence`,
      },
    ]);
    const go = await new GoExtractor().extract({
      ...(await fixtureInput('shipping-go', ['parcel/parcel.go'])),
      languageServers: settingsIn(empty),
    });
    expect(go.languageServers!.map((run) => [run.language, run.server, run.status, run.detail])).toEqual([
      [
        'go',
        'gopls',
        'unavailable',
        `no gopls v0.23.0 in ${empty} (scripts/install-language-servers.sh installs it): calls stay at first-pass confidence`,
      ],
    ]);
  });

  it('a server that crashes at start: the first pass calls, and the reason', async () => {
    const input = { ...(await fixtureInput('shapes-c', C_FILES)), languageServers: settingsIn(installedClangd('exit 3')) };
    const exact = await (await new CExtractor().extract(input)).resolveExactly!();
    expect(edges(exact.calls)).toEqual(firstPassCalls);
    const reason = 'clangd could not start: clangd stopped (exit code 3); calls stay at first-pass confidence';
    expect(exact.languageServers).toEqual([{ language: 'c', server: 'clangd', version: '22.1.1', status: 'failed', detail: reason }]);
    expect(exact.skipped).toEqual([{ path: '.', reason }]);
  });

  it('a server that hangs: the run completes with the first pass calls, and the reason', async () => {
    const input = { ...(await fixtureInput('shapes-c', C_FILES)), languageServers: settingsIn(installedClangd('exec sleep 60'), 1_000) };
    const exact = await (await new CExtractor().extract(input)).resolveExactly!();
    expect(edges(exact.calls)).toEqual(firstPassCalls);
    expect(exact.languageServers!.map((run) => [run.status, run.detail])).toEqual([
      ['failed', 'clangd could not start: clangd did not answer initialize within 1000 ms; calls stay at first-pass confidence'],
    ]);
  });
});

describe('what the pass asks at', () => {
  const symbol = (name: string, startLine: number, endLine: number): SymbolRow => ({ name, startLine, endLine }) as SymbolRow;

  it("finds a function's name where C, C++ and Go write it, and nothing for a test macro", () => {
    const lines = [
      'struct point point_add(struct point a, struct point b) {',
      'double Square::area() const {',
      'Shape::~Shape() {}',
      'func (w *WeightBased) Quote(p parcel.Parcel) (Cents, error) {',
      'template <typename T>',
      'T largest(T a, T b) {',
      'TEST(SquareTest, Area) {',
    ];
    expect(
      [
        symbol('point_add', 1, 3),
        symbol('area', 2, 2),
        symbol('~Shape', 3, 3),
        symbol('Quote', 4, 4),
        symbol('largest', 5, 6),
        symbol('SquareTest.Area', 7, 7),
      ].map((fn) => namePosition(lines, fn)),
    ).toEqual([
      { line: 0, character: 13 },
      { line: 1, character: 15 },
      { line: 2, character: 7 },
      { line: 3, character: 22 },
      { line: 5, character: 2 },
      null,
    ]);
  });

  it("gives clangd the repository's compile commands with absolute directories, and default flags for the sources they leave out", () => {
    const root = join(__dirname, '../../../../test/fixtures/shapes-cpp');
    const { commands, detail } = compileCommands({
      rootPath: root,
      paths: ['include/geo/shape.hpp', 'src/shape.cpp', 'tests/shape_test.cc', 'tests/total_test.cpp'],
      languages: ['cpp'],
      includeDirs: ['include'],
    });
    expect(commands).toEqual([
      { directory: root, file: join(root, 'src/shape.cpp'), arguments: ['c++', '-std=c++17', '-Iinclude', '-c', 'src/shape.cpp'] },
      { directory: root, file: join(root, 'tests/shape_test.cc'), command: 'c++ -std=c++17 -I include -c tests/shape_test.cc' },
      {
        directory: root,
        file: join(root, 'tests/total_test.cpp'),
        arguments: ['clang++', '-std=c++17', `-I${join(root, 'include')}`, `-I${root}`, '-c', 'tests/total_test.cpp'],
      },
    ]);
    expect(detail).toBe('compile_commands.json, and default flags for the 1 source(s) it does not list');
  });
});

function range(line: number, character: number) {
  return { start: { line, character }, end: { line, character: character + 1 } };
}
