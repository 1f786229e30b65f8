// A language server in a child process, spoken to over stdio with vscode-jsonrpc: the requests the exact pass asks.
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  ErrorCodes,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';

/** A position as the language server protocol counts it: 0-based line, UTF-16 code units. */
export interface LspPosition {
  line: number;
  character: number;
}

export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}

/** A declaration as call hierarchy names it (`CallHierarchyItem`): what the server hands back is asked about again as it is. */
export interface CallHierarchyItem {
  name: string;
  kind: number;
  uri: string;
  range: LspRange;
  selectionRange: LspRange;
  detail?: string;
  data?: unknown;
}

/** One declaration a function calls, with the places it calls it from (`CallHierarchyOutgoingCall`). */
export interface OutgoingCall {
  to: CallHierarchyItem;
  fromRanges: LspRange[];
}

/** A place a definition request answered (`Location` or `LocationLink`, made one shape). */
export interface DefinitionPlace {
  uri: string;
  range: { start: LspPosition };
}

export interface LanguageServerCommand {
  /** The server's name in messages ('clangd'). */
  name: string;
  executable: string;
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
}

export interface LanguageServerSessionOptions {
  command: LanguageServerCommand;
  rootPath: string;
  /** Longest wait for one answer before the session is given up. */
  requestTimeoutMs: number;
  /** Longest wait for `initialize`. */
  startTimeoutMs: number;
  initializationOptions?: unknown;
  /** The answer to the server's `workspace/configuration` for a section. */
  settings?: (section: string | undefined) => unknown;
  /** Each message the server logs or shows (the session keeps none itself). */
  onLog?: (message: string) => void;
  /** `$/progress` reports, by token: `end` is when the server says the work of that token is done. */
  onProgress?: (token: string | number, kind: 'begin' | 'report' | 'end') => void;
}

/** The codes vscode-jsonrpc gives a request it could not send or whose answer can no longer come. */
const TRANSPORT_ERRORS = new Set<number>([
  ErrorCodes.MessageWriteError,
  ErrorCodes.MessageReadError,
  ErrorCodes.PendingResponseRejected,
  ErrorCodes.ConnectionInactive,
]);

/**
 * One language server over a repository: started with `start`, asked with its methods, stopped with
 * `close`. A server that exits or stops answering fails every pending and later request with the reason.
 */
export class LanguageServerSession {
  private constructor(
    private readonly child: ChildProcess,
    private readonly connection: MessageConnection,
    private readonly options: LanguageServerSessionOptions,
    private readonly exited: Promise<string>,
  ) {}

  static async start(options: LanguageServerSessionOptions): Promise<LanguageServerSession> {
    const { command } = options;
    const child = spawn(command.executable, command.args, {
      cwd: options.rootPath,
      env: command.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Its stderr is read and dropped: an unread pipe would block the child once full.
    child.stderr!.resume();
    // Messages go through a stream that cannot fail: a write to a server that is gone (EPIPE) would be
    // an unhandled rejection inside vscode-jsonrpc, which ends the process. The request waits, and
    // fails with the reason the exit gives.
    const toServer = new PassThrough();
    child.stdin!.on('error', () => toServer.unpipe(child.stdin!));
    toServer.pipe(child.stdin!);
    const exited = new Promise<string>((resolve) => {
      child.once('exit', (code, signal) => resolve(`${command.name} stopped (${signal ?? `exit code ${code}`})`));
      child.once('error', (error) => resolve(`${command.name} could not start: ${error.message}`));
    });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(toServer));
    // A server that is gone leaves writes failing: they are answered by `exited`, not thrown here.
    connection.onError(() => undefined);
    const session = new LanguageServerSession(child, connection, options, exited);
    connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => options.settings?.(item.section) ?? null),
    );
    connection.onRequest(() => null);
    const log = (params: { message: string }): void => options.onLog?.(params.message);
    connection.onNotification('window/logMessage', log);
    connection.onNotification('window/showMessage', log);
    connection.onNotification('$/progress', (params: { token: string | number; value?: { kind?: string } }) => {
      const kind = params.value?.kind;
      if (kind === 'begin' || kind === 'report' || kind === 'end') options.onProgress?.(params.token, kind);
    });
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
          capabilities: {
            workspace: { configuration: true, workspaceFolders: true },
            textDocument: { callHierarchy: { dynamicRegistration: false }, definition: { linkSupport: true } },
            window: { workDoneProgress: true },
          },
          initializationOptions: options.initializationOptions ?? {},
        },
        options.startTimeoutMs,
      );
      await connection.sendNotification('initialized', {});
    } catch (error) {
      session.close();
      throw error;
    }
    return session;
  }

  /** The declarations at a position that call hierarchy knows (a function's name): empty when none. */
  async prepareCallHierarchy(path: string, position: LspPosition): Promise<CallHierarchyItem[]> {
    const items = await this.ask<CallHierarchyItem[] | null>('textDocument/prepareCallHierarchy', {
      textDocument: { uri: pathToFileURL(path).href },
      position,
    });
    return items ?? [];
  }

  /** The declarations the function of `item` calls, with where; null when the server lists none. */
  outgoingCalls(item: CallHierarchyItem): Promise<OutgoingCall[] | null> {
    return this.ask('callHierarchy/outgoingCalls', { item });
  }

  /** Go-to-definition at a position. */
  async definition(path: string, position: LspPosition): Promise<DefinitionPlace[]> {
    type Found = DefinitionPlace | { targetUri: string; targetSelectionRange: { start: LspPosition } };
    const found = await this.ask<Found | Found[] | null>('textDocument/definition', {
      textDocument: { uri: pathToFileURL(path).href },
      position,
    });
    return (Array.isArray(found) ? found : found ? [found] : []).map((each) =>
      'targetUri' in each ? { uri: each.targetUri, range: each.targetSelectionRange } : each,
    );
  }

  /** Hands the server a file's text as the indexer read it: an open file is in its program at once. */
  async open(path: string, languageId: string, text: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: pathToFileURL(path).href, languageId, version: 1, text },
    });
  }

  async release(path: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri: pathToFileURL(path).href } });
  }

  /** A request of the session's own timeout, failed when the server stops first. */
  async ask<T>(method: string, params: unknown, timeoutMs = this.options.requestTimeoutMs): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${this.options.command.name} did not answer ${method} within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    const stopped = this.exited.then((reason) => Promise.reject(new Error(reason)));
    try {
      // Sent inside a promise: a connection already closed throws at once, and the race must still hold `stopped`.
      const request = Promise.resolve().then(() => this.connection.sendRequest<T>(method, params));
      return await Promise.race([request, timedOut, stopped]);
    } catch (error) {
      // The server's own refusal is a ResponseError; one the client made up for a broken pipe or a closed
      // connection is the server gone, which its exit's reason says best.
      if (error instanceof ResponseError && !TRANSPORT_ERRORS.has(error.code)) throw error;
      const exit = await Promise.race([this.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000).unref())]);
      if (exit !== null) throw new Error(exit, { cause: error });
      throw error instanceof ResponseError ? new Error(error.message, { cause: error }) : error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends the server: no graceful shutdown is waited for (its answers are in), the process is killed. */
  close(): void {
    this.connection.dispose();
    this.child.kill('SIGKILL');
  }
}
