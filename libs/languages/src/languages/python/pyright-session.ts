// pyright's language server in a child process, spoken to over stdio: the outgoing calls of a function, as pyright resolves them.
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';

/** A position as the language server protocol counts it: 0-based line, UTF-16 code units. */
export interface LspPosition {
  line: number;
  character: number;
}

/** One declaration a function calls, with the places it calls it from (pyright's `CallHierarchyOutgoingCall`). */
export interface OutgoingCall {
  to: { name: string; uri: string; range: { start: LspPosition } };
  fromRanges: { start: LspPosition }[];
}

export interface PyrightSessionOptions {
  rootPath: string;
  /** The interpreter whose packages pyright resolves imports in; null when none was found. */
  pythonPath: string | null;
  /** The child's V8 heap limit: past about 90% of it pyright empties its caches, so this bounds its memory. */
  maxHeapMb: number;
  /** Longest wait for one answer before the session is given up. */
  requestTimeoutMs: number;
}

/** How long the server may take to start and read its configuration. */
const START_TIMEOUT_MS = 60_000;

/**
 * One pyright language server over a repository. Started with `start`, asked with `outgoingCalls`,
 * stopped with `close`; a server that exits or stops answering fails every pending and later request.
 */
export class PyrightSession {
  /** What the server logged that the run should tell (an unreadable configuration file). */
  readonly messages: string[] = [];
  private constructor(
    private readonly child: ChildProcess,
    private readonly connection: MessageConnection,
    private readonly options: PyrightSessionOptions,
    private readonly exited: Promise<string>,
  ) {}

  static async start(options: PyrightSessionOptions): Promise<PyrightSession> {
    const server = require.resolve('pyright/langserver.index.js');
    const child = spawn(process.execPath, [`--max-old-space-size=${options.maxHeapMb}`, server, '--stdio'], {
      cwd: options.rootPath,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Its stderr is read and dropped: an unread pipe would block the child once full.
    child.stderr!.resume();
    const exited = new Promise<string>((resolve) => {
      child.once('exit', (code, signal) => resolve(`pyright stopped (${signal ?? `exit code ${code}`})`));
      child.once('error', (error) => resolve(`pyright could not start: ${error.message}`));
    });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const session = new PyrightSession(child, connection, options, exited);
    connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => session.settings(item.section)),
    );
    connection.onRequest(() => null);
    connection.onNotification('window/logMessage', (params: { type: number; message: string }) => session.logged(params.message));
    connection.onNotification('window/showMessage', (params: { type: number; message: string }) => session.logged(params.message));
    connection.onNotification(() => undefined);
    connection.listen();
    const rootUri = pathToFileURL(options.rootPath).href;
    try {
      await session.ask(
        'initialize',
        {
          processId: process.pid,
          rootUri,
          workspaceFolders: [{ uri: rootUri, name: 'repository' }],
          capabilities: { workspace: { configuration: true, workspaceFolders: true } },
          initializationOptions: {},
        },
        START_TIMEOUT_MS,
      );
      await connection.sendNotification('initialized', {});
    } catch (error) {
      session.close();
      throw error;
    }
    return session;
  }

  /**
   * The declarations the function named at `position` calls, with where (pyright walks its whole body,
   * nested functions and lambdas included); null when pyright resolves none of its calls or knows no
   * function there.
   */
  outgoingCalls(path: string, position: LspPosition): Promise<OutgoingCall[] | null> {
    const range = { start: position, end: position };
    const uri = pathToFileURL(path).href;
    return this.ask(
      'callHierarchy/outgoingCalls',
      { item: { name: '', kind: 12, uri, range, selectionRange: range } },
      this.options.requestTimeoutMs,
    );
  }

  /** Go-to-definition at a position (bench/python-call-precision.ts takes it as pyright's own answer for a call site). */
  async definition(path: string, position: LspPosition): Promise<{ uri: string; range: { start: LspPosition } }[]> {
    type Found = { uri: string; range: { start: LspPosition } } | { targetUri: string; targetSelectionRange: { start: LspPosition } };
    const found = await this.ask<Found | Found[] | null>(
      'textDocument/definition',
      { textDocument: { uri: pathToFileURL(path).href }, position },
      this.options.requestTimeoutMs,
    );
    return (Array.isArray(found) ? found : found ? [found] : []).map((each) =>
      'targetUri' in each ? { uri: each.targetUri, range: each.targetSelectionRange } : each,
    );
  }

  /**
   * Hands pyright a file's text as the indexer read it: a file it holds open is in its program at
   * once, whatever its configuration includes and however far its own listing of the workspace got.
   */
  async open(path: string, text: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: pathToFileURL(path).href, languageId: 'python', version: 1, text },
    });
  }

  async release(path: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri: pathToFileURL(path).href } });
  }

  close(): void {
    this.connection.dispose();
    this.child.kill();
  }

  private async ask<T>(method: string, params: unknown, timeoutMs: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`pyright did not answer ${method} within ${timeoutMs} ms`)), timeoutMs);
    });
    const stopped = this.exited.then((reason) => Promise.reject(new Error(reason)));
    try {
      return await Promise.race([this.connection.sendRequest<T>(method, params), timedOut, stopped]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** What the server is told when it asks for its settings: check nothing, resolve imports in the interpreter found. */
  private settings(section: string | undefined): unknown {
    if (section === 'python') return this.options.pythonPath ? { pythonPath: this.options.pythonPath } : {};
    if (section === 'python.analysis')
      return {
        diagnosticMode: 'openFilesOnly',
        typeCheckingMode: 'off',
        autoSearchPaths: true,
        useLibraryCodeForTypes: true,
        logLevel: 'Error',
      };
    return {};
  }

  private logged(message: string): void {
    // A configuration file pyright cannot read is the repository's to fix: the run names it.
    if (/could not be parsed|Config file .* is not valid|invalid/i.test(message)) this.messages.push(message.trim());
  }
}
