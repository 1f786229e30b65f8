import { isDeepStrictEqual } from 'node:util';
import { patch as patchToml, parse as parseToml, stringify as stringifyToml } from '@decimalturn/toml-patch';
import { type FormattingOptions, type ParseError, applyEdits, modify, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import { isMap, isSeq, parseDocument } from 'yaml';
import { InternalError, InvalidInputError } from '@lore/domain';
import type { ConfigFormat } from './clients';

/** One server entry to put into (entry) or take out of (null) a client's configuration text. */
export interface EntryChange {
  format: ConfigFormat;
  /** The key holding the servers (a name-keyed object; for YAML a list of entries carrying `name`). */
  serversKey: string;
  name: string;
  entry: Record<string, unknown> | null;
}

/**
 * The configuration text after the change, every other server, setting and comment kept as written;
 * the same text when the entry is already as asked (or absent, for a removal). `text` is null for a
 * file that does not exist yet. A text that does not parse in its format is refused, unchanged.
 */
export function changeEntry(text: string | null, file: string, change: EntryChange): string {
  const changed = editText(text ?? '', file, change);
  assertOnlyEntryChanged(text ?? '', changed, file, change);
  return changed;
}

function editText(text: string, file: string, change: EntryChange): string {
  switch (change.format) {
    case 'json':
    case 'jsonc':
      return changeJson(text, file, change);
    case 'yaml':
      return changeYaml(text, file, change);
    case 'toml':
      return changeToml(text, file, change);
  }
}

/**
 * The edited text, read back, must be the old document with only Lore's entry set or gone: the
 * editors keep comments and layout, and this guards against one of them changing anything else.
 */
function assertOnlyEntryChanged(before: string, after: string, file: string, change: EntryChange): void {
  const read = (text: string): { document: unknown; entry: unknown } => ({
    document: withoutEntry(parsed(text, file, change.format), change),
    entry: readEntry(text, file, change),
  });
  const expected = read(before);
  let actual: ReturnType<typeof read> | null = null;
  try {
    actual = read(after);
  } catch {
    // Left null: the edit broke the file, refused below.
  }
  const entry = change.entry === null ? undefined : change.format === 'yaml' ? { name: change.name, ...change.entry } : change.entry;
  if (actual === null || !isDeepStrictEqual(actual.document, expected.document) || !isDeepStrictEqual(actual.entry, entry))
    throw new InternalError(`Lore could not change ${file} without touching its other settings. Nothing was changed.`, {
      hint: 'add the entry by hand: lore setup <client> --print --json shows it',
      details: { file },
    });
}

function parsed(text: string, file: string, format: ConfigFormat): unknown {
  if (format === 'yaml') return parseDocument(text).toJSON() as unknown;
  if (format === 'toml') return plain(parseTomlText(text, file));
  return parseJsonText(text, file, format);
}

/** The document less Lore's entry (and less an emptied or new servers container), to compare the rest. */
function withoutEntry(document: unknown, change: EntryChange): unknown {
  if (!isPlainObject(document)) return document ?? {};
  const { [change.serversKey]: servers, ...rest } = document;
  const others = Array.isArray(servers)
    ? servers.filter((entry) => !(isPlainObject(entry) && entry.name === change.name))
    : isPlainObject(servers)
      ? Object.fromEntries(Object.entries(servers).filter(([name]) => name !== change.name))
      : servers;
  const empty = others === undefined || others === null || (Array.isArray(others) ? others.length === 0 : Object.keys(others).length === 0);
  const kept = change.format === 'yaml' ? withoutNewConfigFields(rest) : rest;
  return empty ? kept : { ...kept, [change.serversKey]: others };
}

const NEW_CONTINUE_CONFIG = { name: 'Local config', version: '1.0.0', schema: 'v1' };

function withoutNewConfigFields(document: Record<string, unknown>): Record<string, unknown> {
  const matches = Object.entries(NEW_CONTINUE_CONFIG).every(([key, value]) => document[key] === value);
  return matches && Object.keys(document).length === 3 ? {} : document;
}

/** The entry the text holds under the name, or undefined. */
export function readEntry(text: string, file: string, change: Omit<EntryChange, 'entry'>): unknown {
  switch (change.format) {
    case 'json':
    case 'jsonc':
      return objectAt(parseJsonText(text, file, change.format), file, change.serversKey)[change.name];
    case 'yaml':
      return yamlEntries(text, file, change.serversKey).entries.find((entry) => entry.name === change.name)?.value;
    case 'toml':
      return plain(objectAt(parseTomlText(text, file), file, change.serversKey)[change.name]);
  }
}

/** The TOML parser's tables are not plain objects (nor its dates strings): compared as JSON values. */
function plain(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function invalid(file: string, format: string, problem: string): InvalidInputError {
  return new InvalidInputError(`${file} is not valid ${format}: ${problem}. Nothing was changed.`, {
    hint: 'fix the file (or move it aside) and run lore setup again',
    details: { file, format },
  });
}

/** The object under `key` of a parsed document, {} when absent; anything else there is refused. */
function objectAt(document: unknown, file: string, key: string): Record<string, unknown> {
  if (document === undefined) return {};
  if (!isPlainObject(document)) throw invalid(file, 'configuration', 'its top level is not an object');
  const value = document[key];
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw invalid(file, 'configuration', `"${key}" is not an object`);
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonText(text: string, file: string, format: 'json' | 'jsonc'): unknown {
  if (text.trim() === '') return undefined;
  const errors: ParseError[] = [];
  // Plain JSON clients read their file with JSON.parse: a comment or a trailing comma there is an error.
  const value: unknown = parseJsonc(text, errors, { disallowComments: format === 'json', allowTrailingComma: format === 'jsonc' });
  if (errors.length > 0) {
    const first = errors[0]!;
    const line = text.slice(0, first.offset).split('\n').length;
    throw invalid(file, format === 'json' ? 'JSON' : 'JSON with comments', `${printParseErrorCode(first.error)} at line ${line}`);
  }
  return value;
}

function changeJson(text: string, file: string, change: EntryChange): string {
  const format = change.format as 'json' | 'jsonc';
  const current = objectAt(parseJsonText(text, file, format), file, change.serversKey)[change.name];
  if (isDeepStrictEqual(current, change.entry ?? undefined)) return text;
  const base = text.trim() === '' ? '{}\n' : text;
  const edits = modify(base, [change.serversKey, change.name], change.entry ?? undefined, { formattingOptions: formatting(base) });
  return applyEdits(base, edits);
}

/** The file's own indentation (its first indented line), else two spaces; its own line ends. */
function formatting(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

function yamlEntries(text: string, file: string, key: string) {
  const document = parseDocument(text);
  if (document.errors.length > 0) throw invalid(file, 'YAML', document.errors[0]!.message.split('\n')[0]!);
  const root = document.contents;
  if (root !== null && !isMap(root)) throw invalid(file, 'configuration', 'its top level is not a mapping');
  const list = document.get(key, true);
  if (list !== undefined && !isSeq(list)) throw invalid(file, 'configuration', `"${key}" is not a list`);
  const entries = (list?.items ?? []).map((item) => {
    const value: unknown = isMap(item) ? item.toJSON() : undefined;
    return { name: isPlainObject(value) ? value.name : undefined, value };
  });
  return { document, entries };
}

/** Continue's config.yaml: `mcpServers` is a list of entries, each with its `name`. */
function changeYaml(text: string, file: string, change: EntryChange): string {
  const { document, entries } = yamlEntries(text, file, change.serversKey);
  const index = entries.findIndex((entry) => entry.name === change.name);
  const wanted = change.entry === null ? undefined : { name: change.name, ...change.entry };
  if (isDeepStrictEqual(index === -1 ? undefined : entries[index]!.value, wanted)) return text;
  if (document.contents === null) {
    // A new config.yaml: Continue requires its name, version and schema.
    for (const [key, value] of Object.entries(NEW_CONTINUE_CONFIG)) document.set(key, value);
  }
  if (wanted === undefined) document.deleteIn([change.serversKey, index]);
  else if (!document.has(change.serversKey)) document.set(change.serversKey, document.createNode([wanted]));
  else if (index === -1) document.addIn([change.serversKey], document.createNode(wanted));
  else document.setIn([change.serversKey, index], document.createNode(wanted));
  return document.toString();
}

function parseTomlText(text: string, file: string): Record<string, unknown> {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (error) {
    throw invalid(file, 'TOML', (error instanceof Error ? error.message : String(error)).split('\n')[0]!);
  }
}

function changeToml(text: string, file: string, change: EntryChange): string {
  const document = parseTomlText(text, file);
  const servers = objectAt(document, file, change.serversKey);
  if (isDeepStrictEqual(plain(servers[change.name]), change.entry ?? undefined)) return text;
  if (change.entry !== null && servers[change.name] === undefined) {
    // A new server goes at the end as its own [mcp_servers.NAME] table, the form Codex's docs write
    // (patching would put a dotted inline table among the top-level keys).
    const body = stringifyToml(change.entry, { ...TOML_FORMAT, inlineTableStart: 0 }).trimEnd();
    const separator = text === '' ? '' : text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
    return `${text}${separator}[${change.serversKey}.${change.name}]\n${body}\n`;
  }
  const others = Object.fromEntries(Object.entries(servers).filter(([name]) => name !== change.name));
  const updated = { ...document, [change.serversKey]: change.entry === null ? others : { ...others, [change.name]: change.entry } };
  return patchToml(text, updated, { ...TOML_FORMAT, inlineTableStart: 0 });
}

const TOML_FORMAT = { bracketSpacing: false, trailingComma: false };
