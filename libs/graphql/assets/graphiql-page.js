/* global GraphiQL, React, ReactDOM, document, window */
'use strict';

// Lore's GraphiQL: opens with example queries about a symbol of the indexed graph (the most depended-on
// of the first repository), so each tab runs as it is. Its calls go through window.loreGraphql
// (api-key.js), which asks for an API key in the page when the server requires one, as /explorer does.

const fetcher = (request, options) => window.loreGraphql(request, options?.headers ?? {});

const SAMPLE_QUERY = '{ repositories(first: 1) { nodes { mostDependedOn(first: 1) { nodes { uid } } } } }';

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

/** The uid of the most depended-on symbol of the first repository, or a placeholder when there is none. */
async function sampleUid() {
  try {
    const { data } = await window.loreGraphql({ query: SAMPLE_QUERY });
    const symbols = data.repositories.nodes.flatMap((repository) => repository.mostDependedOn.nodes);
    return symbols.length > 0 ? symbols[0].uid : 'a symbol uid from searchCode';
  } catch {
    return 'a symbol uid from searchCode';
  }
}

sampleUid().then((uid) => {
  const defaultTabs = [{ query: explore(uid) }, { query: impact(uid) }, { query: BROWSE }, { query: SEARCH }];
  ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher, defaultTabs }));
});
