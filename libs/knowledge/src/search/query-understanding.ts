import { type CodeLanguage, InvalidInputError, SYMBOL_KINDS, type SymbolKind } from '@lore/domain';
import { codeLanguages } from '@lore/indexer';

/** Filters written in the query itself: `in:src/router`, `lang:python`, `kind:method` (or `kind:method,function`). */
export interface QueryFilters {
  pathPrefix?: string;
  language?: CodeLanguage;
  kinds?: SymbolKind[];
}

export interface UnderstoodQuery {
  /** The query without its filters: what the embedder reads, question words and all. */
  text: string;
  /** Names typed in the query (`parseBody`, `HonoRequest`, `get_symbol`, `Router.add`): each gets the exact-name ranking. */
  identifiers: string[];
  /** What drives full-text, in query order: identifiers and content words, without stop and question words. */
  terms: string[];
  filters: QueryFilters;
}

/**
 * The words of a question that name nothing in code: question words, articles, pronouns and
 * auxiliaries ("where do we …", "how does the … work"). They match every comment and doc string, so
 * they would rank by noise. Short words that identifiers are made of stay, measured on the main query
 * set: in (InMemoryOrderRepository), by (findById), to, of, for, on, with (withQuantity), from, and, or,
 * not, and the predicate prefixes is, has, can, should (isSameCountry).
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about am an are be been being could did do does doing done had have having here how i it its me my our ' +
    'please than that the their them there these they this those us was we were what when where whether which ' +
    'while who whom whose why will would you your ' +
    // what a question calls the code it asks about
    'code codebase function functions method methods implementation implemented implement defined logic happens thing things'
  ).split(' '),
);

const FILTER_KEYS = { in: 'pathPrefix', path: 'pathPrefix', lang: 'language', language: 'language', kind: 'kinds' } as const;
const LANGUAGE_ALIASES: Readonly<Record<string, CodeLanguage>> = { ts: 'typescript', js: 'javascript', py: 'python', golang: 'go' };
/** An identifier, possibly qualified: `Router.add`, `$state`, `get_symbol`. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * Reads what a person or agent typed into search: the filters it names, the identifiers it contains
 * and the words worth a full-text match. A query of one token is an identifier whatever its shape
 * (`Invoice`); inside a sentence a token is one when its shape says so (camelCase, snake_case, a
 * qualified name, a `$`, or a capital letter past the first word), so "where is parseBody called"
 * ranks `parseBody` as if it had been typed alone.
 */
export function understandQuery(query: string): UnderstoodQuery {
  const filters: QueryFilters = {};
  const kept: string[] = [];
  for (const token of query.trim().split(/\s+/)) {
    const filter = /^([a-z]+):(.+)$/.exec(token);
    const key = filter ? FILTER_KEYS[filter[1] as keyof typeof FILTER_KEYS] : undefined;
    if (key) applyFilter(filters, key, filter![1]!, filter![2]!);
    else kept.push(token);
  }

  const tokens = kept.map((token) => token.replace(/^[^\w$]+|[^\w$]+$/g, '')).filter(Boolean);
  const identifiers =
    tokens.length === 1 && IDENTIFIER.test(tokens[0]!)
      ? [tokens[0]!]
      : tokens.filter((token, index) => IDENTIFIER.test(token) && looksLikeIdentifier(token, index));
  const content = tokens.filter((token) => identifiers.includes(token) || !STOP_WORDS.has(token.toLowerCase()));
  return {
    text: kept.join(' '),
    identifiers: [...new Set(identifiers)],
    // A question of stop words alone ("what is this") still searches for what it says.
    terms: content.length > 0 ? content : tokens,
    filters,
  };
}

function looksLikeIdentifier(token: string, index: number): boolean {
  return (
    /[a-z0-9][A-Z]/.test(token) || // camelCase, PascalCase with two humps
    /[A-Za-z0-9]_[A-Za-z0-9]/.test(token) || // snake_case, SCREAMING_CASE
    token.includes('.') ||
    token.includes('$') ||
    (index > 0 && /^[A-Z][a-z0-9]{2,}$/.test(token)) // a capitalised name, not the sentence's first word
  );
}

function applyFilter(filters: QueryFilters, key: (typeof FILTER_KEYS)[keyof typeof FILTER_KEYS], name: string, value: string): void {
  if (key === 'pathPrefix') {
    const path = value.replace(/^\.\//, '');
    if (path.startsWith('/') || path.split('/').includes('..')) {
      throw new InvalidInputError(`The filter ${name}:${value} must be a path relative to the repository root.`, {
        hint: 'Write it like in:src/router.',
      });
    }
    if (filters.pathPrefix !== undefined && filters.pathPrefix !== path) {
      throw new InvalidInputError(`The query names two paths: in:${filters.pathPrefix} and ${name}:${value}.`, {
        hint: 'Keep one in: filter.',
      });
    }
    filters.pathPrefix = path;
  } else if (key === 'language') {
    const lower = value.toLowerCase();
    const language = LANGUAGE_ALIASES[lower] ?? codeLanguages().find((known) => known === lower);
    if (!language) {
      throw new InvalidInputError(`Unknown language in ${name}:${value}.`, { hint: `Use one of ${codeLanguages().join(', ')}.` });
    }
    if (filters.language !== undefined && filters.language !== language) {
      throw new InvalidInputError(`The query names two languages: lang:${filters.language} and ${name}:${value}.`, {
        hint: 'Keep one lang: filter.',
      });
    }
    filters.language = language;
  } else {
    const kinds = value.split(',').map((kind) => {
      const known = SYMBOL_KINDS.find((symbolKind) => symbolKind === kind.toLowerCase());
      if (!known)
        throw new InvalidInputError(`Unknown kind in ${name}:${value}.`, { hint: `Use one or more of ${SYMBOL_KINDS.join(', ')}.` });
      return known;
    });
    filters.kinds = [...new Set([...(filters.kinds ?? []), ...kinds])];
  }
}
