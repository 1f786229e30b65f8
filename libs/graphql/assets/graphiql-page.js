/* global GraphiQL, React, ReactDOM, document, fetch */
'use strict';

// Lore's GraphiQL: opens with example queries about a symbol of the indexed graph (the one most
// called among the first files), so each tab runs as it is.

const fetcher = GraphiQL.createFetcher({ url: '/graphql' });

const SAMPLE_QUERY = `{
  repositories(first: 1) { nodes { files(first: 50) { nodes { symbols(first: 20) {
    nodes { uid qualifiedName callers(first: 1) { totalCount } }
  } } } } }
}`;

const explore = (uid) => `# A symbol and what it is linked to. Every list is a page: first, after: pageInfo.endCursor.
query ExploreSymbol {
  symbolNode(uid: ${JSON.stringify(uid)}) {
    qualifiedName
    kind
    signature
    file { path language }
    repository { id commitSha }
    callers(first: 10) { totalCount edges { line confidence node { qualifiedName path } } }
    callees(first: 10) { totalCount edges { line confidence node { qualifiedName path } } }
    members(first: 10) { nodes { name kind } }
    tests(first: 10) { edges { via node { name path } } }
    documents(first: 5) { nodes { title resourceUri document { path } } }
  }
}
`;

const impact = (uid) => `# What else a change of the symbol affects: dependents with evidence, tests, documents.
query Impact {
  impact(input: { uid: ${JSON.stringify(uid)}, depth: 3 }) {
    affected { distance confidence symbol { qualifiedName path } evidence { from to type } }
    tests { via distance test { name path } }
    documents { documentPath title }
    summary { affectedSymbols tests documentSections weakestConfidence }
  }
}
`;

const BROWSE = `# The repositories, their files and symbols, their documents and what the sections name.
{
  repositories(first: 3) {
    totalCount
    nodes {
      id
      commitSha
      files(first: 10) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes { path language symbols(first: 5) { nodes { qualifiedName kind } } }
      }
      documents(first: 5) {
        nodes { path title sections(first: 5) { nodes { title symbols(first: 5) { nodes { qualifiedName } } } } }
      }
    }
  }
}
`;

const SEARCH = `# Hybrid search over symbols (full-text, semantic and exact names).
{
  searchCode(input: { query: "service", maxResults: 5 }) {
    results { uid kind qualifiedName path startLine score }
  }
}
`;

/** The uid of the most called symbol among the first files, or a placeholder when none can be read. */
async function sampleUid() {
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: SAMPLE_QUERY }),
    });
    const { data } = await response.json();
    const symbols = data.repositories.nodes.flatMap((repository) => repository.files.nodes.flatMap((file) => file.symbols.nodes));
    symbols.sort((a, b) => b.callers.totalCount - a.callers.totalCount);
    return symbols.length > 0 ? symbols[0].uid : 'a symbol uid from searchCode';
  } catch {
    return 'a symbol uid from searchCode';
  }
}

sampleUid().then((uid) => {
  const defaultTabs = [{ query: explore(uid) }, { query: impact(uid) }, { query: BROWSE }, { query: SEARCH }];
  ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher, defaultTabs }));
});
