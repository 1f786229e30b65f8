import type { CodeGraphRepository } from '@lore/graph';
import type { Principal } from '@lore/domain';

/** The symbols of a file a prompt describes (the first, in line order), and the relations per symbol. */
const MAX_SYMBOLS = 25;
const MAX_RELATIONS = 8;

/**
 * What Lore asks the assistant about one file: not the file, but what the graph knows of it (its
 * symbols with their signatures and doc comments, who calls them from other files and what they call
 * there, the tests that exercise them, the document sections that mention them), so the assistant
 * reads only what it needs through get_file_span and documents what the code does, not what it guesses.
 */
export async function fileAnalysisPrompt(
  graph: CodeGraphRepository,
  principal: Principal,
  repositoryId: string,
  path: string,
  theme: string,
): Promise<string> {
  const [file] = await graph.findSymbolsInFiles(principal, repositoryId, [path]);
  const symbols = [...(file?.symbols ?? [])].sort((a, b) => a.startLine - b.startLine || a.uid.localeCompare(b.uid));
  const described = symbols.slice(0, MAX_SYMBOLS);
  const lines = [
    `Analyse ${path} (repository ${repositoryId}, theme "${theme}") and answer with analyze_file_callback:`,
    'analysis {summary, key_functions, dependencies, keywords, documentation (Markdown)}.',
    'Read the spans you need with get_file_span; name only symbols, files and behaviour the code shows.',
    '',
    `Symbols declared (${symbols.length}${symbols.length > described.length ? `, the first ${described.length} below` : ''}):`,
  ];
  for (const symbol of described) {
    const detail = await graph.getSymbolDetail(principal, symbol.uid, MAX_RELATIONS);
    const signature = detail?.symbol.signature ?? symbol.qualifiedName;
    lines.push(`- ${symbol.kind} ${symbol.qualifiedName} (lines ${symbol.startLine}-${symbol.endLine}): ${signature}`);
    const doc = detail?.symbol.doc?.split('\n')[0]?.trim();
    if (doc) lines.push(`  doc: ${doc}`);
    const callers = (detail?.calledBy ?? []).filter((call) => call.symbol.path !== path);
    const callees = (detail?.calls ?? []).filter((call) => call.symbol.path !== path);
    if (callers.length > 0)
      lines.push(`  called by: ${callers.map((call) => `${call.symbol.qualifiedName} (${call.symbol.path})`).join(', ')}`);
    if (callees.length > 0)
      lines.push(`  calls: ${callees.map((call) => `${call.symbol.qualifiedName} (${call.symbol.path})`).join(', ')}`);
  }
  const tests = await graph.findTestsFor(
    principal,
    symbols.map((symbol) => symbol.uid),
  );
  const testNames = [...new Set(tests.map((edge) => `${edge.test.qualifiedName} (${edge.test.path})`))].sort();
  lines.push('', testNames.length > 0 ? `Tests: ${testNames.join(', ')}` : 'Tests: none found in the graph.');
  const sections = await graph.findSectionsMentioning(principal, [...(file ? [file.fileUid] : []), ...symbols.map((symbol) => symbol.uid)]);
  const documents = [...new Set(sections.map((section) => `${section.documentPath} § ${section.title}`))].sort();
  lines.push(documents.length > 0 ? `Documents that mention it: ${documents.join(', ')}` : 'Documents that mention it: none.');
  return lines.join('\n');
}
