import type { CodeGraphRepository } from '@lore/graph';
import type { CallConfidence, SymbolRef } from '@lore/domain';
import type { EvidenceSpan } from '@lore/domain/schemas/documentation-trust';
import { entryPointChoice, isEntryFile } from './entry-points';
import type { RepositoryCode } from './repository-code';

/** What settling a claim found: a verdict for the claim as stated (before a denial flips it), evidence and reasons. */
export interface Finding {
  holds: boolean | null;
  evidence: EvidenceSpan[];
  reasons: string[];
}

/** The call and inheritance confidences that settle a claim; weaker edges leave it unknown. */
export const STRONG: readonly CallConfidence[] = ['exact', 'import'];
/** How many neighbours of one symbol a claim reads. */
export const NEIGHBOUR_LIMIT = 1000;

export const unknown = (reasons: string[], evidence: EvidenceSpan[] = []): Finding => ({ holds: null, evidence, reasons });
export const settled = (holds: boolean, reasons: string[], evidence: EvidenceSpan[]): Finding => ({ holds, evidence, reasons });

export function isSymbol(value: SymbolRef | Finding): value is SymbolRef {
  return 'uid' in value;
}

/** What every claim family reads from, and the list of what settling one claim checked. */
export class ClaimContext {
  readonly checked: string[] = [];
  /** Names several symbols share that no context chose among, with their candidates. */
  readonly ambiguous = new Map<string, SymbolRef[]>();

  constructor(
    readonly graph: CodeGraphRepository,
    readonly code: RepositoryCode,
    /** Names already resolved to one symbol (a candidate being tried). */
    private readonly pinned: ReadonlyMap<string, SymbolRef> = new Map(),
  ) {}

  /** A fresh context in which `name` denotes `symbol`. */
  pinning(name: string, symbol: SymbolRef): ClaimContext {
    return new ClaimContext(this.graph, this.code, new Map([...this.pinned, [name, symbol]]));
  }

  async symbols(name: string): Promise<SymbolRef[]> {
    this.checked.push(`symbols named ${name} in ${this.code.repositoryId}`);
    return this.code.symbolsNamed(name);
  }

  /** The one symbol a name denotes, or the finding that says why there is none. */
  async one(name: string, kinds?: readonly SymbolRef['kind'][]): Promise<SymbolRef | Finding> {
    const pin = this.pinned.get(name);
    if (pin) return pin;
    const named = await this.symbols(name);
    const fitting = kinds ? named.filter((symbol) => kinds.includes(symbol.kind)) : named;
    const pool = fitting.length > 0 ? fitting : named;
    if (pool.length === 1) return pool[0]!;
    if (pool.length === 0) return unknown([`No symbol named ${name} in ${this.code.repositoryId}.`]);
    const chosen = entryPointChoice(pool, await this.entryTexts());
    if (chosen) {
      this.checked.push(`of ${pool.length} symbols named ${name}, the one the entry points export: ${chosen.path}:${chosen.startLine}`);
      return chosen;
    }
    this.ambiguous.set(name, pool);
    return unknown(
      [`${pool.length} symbols are named ${name}: name one by its qualified name.`],
      pool.map((symbol) => this.code.symbolEvidence(symbol)),
    );
  }

  /** The text of the repository's entry files (index, mod, a package's `__init__.py`). */
  private async entryTexts(): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    for (const file of await this.code.files()) {
      if (!isEntryFile(file.path)) continue;
      const text = await this.code.text(file.path);
      if (text !== null) texts.set(file.path, text);
    }
    return texts;
  }
}
