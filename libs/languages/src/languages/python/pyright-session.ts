// pyright's language server over stdio (the general LanguageServerSession): the outgoing calls of a function, as pyright resolves them.
import { pathToFileURL } from 'node:url';
import {
  LanguageServerSession,
  type DefinitionPlace,
  type LspPosition,
  type OutgoingCall,
} from '../../language-servers/language-server-session';

export type { DefinitionPlace, LspPosition } from '../../language-servers/language-server-session';

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
  private constructor(
    private readonly session: LanguageServerSession,
    /** What the server logged that the run should tell (an unreadable configuration file). */
    readonly messages: string[],
  ) {}

  static async start(options: PyrightSessionOptions): Promise<PyrightSession> {
    const messages: string[] = [];
    const session = await LanguageServerSession.start({
      command: {
        name: 'pyright',
        executable: process.execPath,
        args: [`--max-old-space-size=${options.maxHeapMb}`, require.resolve('pyright/langserver.index.js'), '--stdio'],
      },
      rootPath: options.rootPath,
      requestTimeoutMs: options.requestTimeoutMs,
      startTimeoutMs: START_TIMEOUT_MS,
      settings: (section) => settings(section, options.pythonPath),
      // A configuration file pyright cannot read is the repository's to fix: the run names it.
      onLog: (message) => {
        if (/could not be parsed|Config file .* is not valid|invalid/i.test(message)) messages.push(message.trim());
      },
    });
    return new PyrightSession(session, messages);
  }

  /**
   * The declarations the function named at `position` calls, with where (pyright walks its whole body,
   * nested functions and lambdas included); null when pyright resolves none of its calls or knows no
   * function there. pyright takes the position alone, so no prepareCallHierarchy round trip is made.
   */
  outgoingCalls(path: string, position: LspPosition): Promise<OutgoingCall[] | null> {
    const range = { start: position, end: position };
    return this.session.outgoingCalls({ name: '', kind: 12, uri: pathToFileURL(path).href, range, selectionRange: range });
  }

  /** Go-to-definition at a position (bench/python-call-precision.ts takes it as pyright's own answer for a call site). */
  definition(path: string, position: LspPosition): Promise<DefinitionPlace[]> {
    return this.session.definition(path, position);
  }

  /**
   * Hands pyright a file's text as the indexer read it: a file it holds open is in its program at
   * once, whatever its configuration includes and however far its own listing of the workspace got.
   */
  open(path: string, text: string): Promise<void> {
    return this.session.open(path, 'python', text);
  }

  release(path: string): Promise<void> {
    return this.session.release(path);
  }

  close(): void {
    this.session.close();
  }
}

/** What the server is told when it asks for its settings: check nothing, resolve imports in the interpreter found. */
function settings(section: string | undefined, pythonPath: string | null): unknown {
  if (section === 'python') return pythonPath ? { pythonPath } : {};
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
