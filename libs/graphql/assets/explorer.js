/* global cytoscape, document, window, fetch, sessionStorage */
'use strict';

// Lore's graph page: search a symbol, draw its neighbourhood (callers, callees, members, tests) or its
// impact set, click a node to expand it and read its signature, open its span. Everything through
// /graphql, as any client would.

const PAGE = 25;
const NODE = 'fragment Node on Symbol { uid kind name qualifiedName path startLine endLine signature doc resourceUri }';
const EXPAND = `query Expand($uid: String!) {
  symbolNode(uid: $uid) {
    ...Node
    callers(first: ${PAGE}) { nodes { ...Node } }
    callees(first: ${PAGE}) { nodes { ...Node } }
    members(first: ${PAGE}) { nodes { ...Node } }
    tests(first: ${PAGE}) { nodes { ...Node } }
  }
} ${NODE}`;
const IMPACT = `query Impact($uid: String!) {
  impact(input: { uid: $uid, depth: 3, limit: 100 }) {
    targets { node { ...Node } }
    affected { symbol { node { ...Node } } evidence { from to type } }
    tests { exercises test { uid node { ...Node } } }
  }
} ${NODE}`;
const SEARCH = `query Search($query: String!) {
  searchCode(input: { query: $query, maxResults: 10 }) { results { uid kind qualifiedName path startLine } }
}`;
const SPAN = 'query Span($uri: String!) { fileSpan(uri: $uri) { uri text truncated } }';

const $ = (id) => document.getElementById(id);

const graph = cytoscape({
  container: $('graph'),
  minZoom: 0.2,
  maxZoom: 3,
  style: [
    {
      selector: 'node',
      style: {
        label: 'data(label)',
        'font-size': 11,
        'text-valign': 'bottom',
        'text-margin-y': 4,
        width: 18,
        height: 18,
        'background-color': '#6b7280',
      },
    },
    {
      selector: 'node[kind = "class"], node[kind = "interface"], node[kind = "type"], node[kind = "enum"]',
      style: { 'background-color': '#7c3aed', shape: 'round-rectangle' },
    },
    { selector: 'node[kind = "function"], node[kind = "method"]', style: { 'background-color': '#2563eb' } },
    { selector: 'node[kind = "test"]', style: { 'background-color': '#16a34a', shape: 'diamond' } },
    { selector: 'node.focus', style: { 'border-width': 3, 'border-color': '#f59e0b' } },
    { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#111827' } },
    {
      selector: 'edge',
      style: {
        width: 1.5,
        'curve-style': 'bezier',
        'target-arrow-shape': 'triangle',
        'line-color': '#9ca3af',
        'target-arrow-color': '#9ca3af',
      },
    },
    { selector: 'edge[type = "member"]', style: { 'line-style': 'dashed', 'target-arrow-shape': 'none' } },
    { selector: 'edge[type = "tests"]', style: { 'line-color': '#16a34a', 'target-arrow-color': '#16a34a', 'line-style': 'dotted' } },
  ],
});
window.loreGraph = graph;

/** The page's state for a person (and for tests): loading, ready or error, with a message. */
function setState(state, message) {
  document.body.dataset.state = state;
  $('status').textContent = message;
}

async function graphql(query, variables) {
  const headers = { 'content-type': 'application/json' };
  const key = sessionStorage.getItem('lore-api-key');
  if (key) headers.authorization = `Bearer ${key}`;
  const response = await fetch('/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  if (response.status === 401) throw new Error('The server asks for an API key: enter it above.');
  const body = await response.json();
  if (body.errors) throw new Error(body.errors.map((error) => error.message).join('; '));
  return body.data;
}

function label(symbol) {
  return symbol.kind === 'test' ? symbol.name : symbol.qualifiedName;
}

function addSymbol(symbol) {
  if (graph.getElementById(symbol.uid).empty()) graph.add({ group: 'nodes', data: { id: symbol.uid, label: label(symbol), ...symbol } });
}

function addEdge(source, target, type) {
  const id = `${type}:${source}->${target}`;
  const ends = graph.getElementById(source).nonempty() && graph.getElementById(target).nonempty();
  if (ends && graph.getElementById(id).empty()) graph.add({ group: 'edges', data: { id, source, target, type } });
}

function layout() {
  graph.layout({ name: 'cose', animate: false, nodeDimensionsIncludeLabels: true, randomize: false }).run();
  graph.fit(undefined, 30);
}

/** Adds a symbol and its callers, callees, members and tests to the graph. */
async function expand(uid) {
  const { symbolNode: symbol } = await graphql(EXPAND, { uid });
  addSymbol(symbol);
  const neighbours = [
    [symbol.callers, (caller) => addEdge(caller.uid, uid, 'calls')],
    [symbol.callees, (callee) => addEdge(uid, callee.uid, 'calls')],
    [symbol.members, (member) => addEdge(uid, member.uid, 'member')],
    [symbol.tests, (test) => addEdge(test.uid, uid, 'tests')],
  ];
  for (const [list, link] of neighbours) {
    for (const neighbour of list.nodes) {
      addSymbol(neighbour);
      link(neighbour);
    }
  }
  return symbol;
}

/** Draws what a change of the symbol affects: the dependents along their evidence, and the tests. */
async function drawImpact(uid) {
  const { impact } = await graphql(IMPACT, { uid });
  for (const target of impact.targets) if (target.node) addSymbol(target.node);
  for (const affected of impact.affected) if (affected.symbol.node) addSymbol(affected.symbol.node);
  for (const test of impact.tests) if (test.test.node) addSymbol(test.test.node);
  for (const affected of impact.affected) for (const edge of affected.evidence) addEdge(edge.from, edge.to, 'calls');
  for (const test of impact.tests) addEdge(test.test.uid, test.exercises, 'tests');
}

async function show(uid) {
  setState('loading', 'Loading…');
  try {
    graph.elements().remove();
    if ($('mode').value === 'impact') await drawImpact(uid);
    else await expand(uid);
    graph.getElementById(uid).addClass('focus');
    layout();
    const node = graph.getElementById(uid);
    if (node.nonempty()) describe(node.data());
    setState('ready', `${graph.nodes().length} symbols. Click one to expand it.`);
  } catch (error) {
    setState('error', error.message);
  }
}

function describe(symbol) {
  $('details').hidden = false;
  $('detail-name').textContent = symbol.qualifiedName;
  $('detail-kind').textContent = `${symbol.kind} · ${symbol.path}:${symbol.startLine}-${symbol.endLine}`;
  $('detail-signature').textContent = symbol.signature || '(no signature)';
  $('detail-doc').textContent = symbol.doc || '';
  $('span').textContent = '';
  $('open-span').dataset.uri = symbol.resourceUri;
}

graph.on('tap', 'node', async (event) => {
  const symbol = event.target.data();
  describe(symbol);
  setState('loading', `Expanding ${symbol.qualifiedName}…`);
  try {
    await expand(symbol.uid);
    layout();
    setState('ready', `${graph.nodes().length} symbols. Click one to expand it.`);
  } catch (error) {
    setState('error', error.message);
  }
});

$('open-span').addEventListener('click', async () => {
  try {
    const { fileSpan } = await graphql(SPAN, { uri: $('open-span').dataset.uri });
    $('span').textContent = fileSpan.text + (fileSpan.truncated ? '\n…' : '');
  } catch (error) {
    setState('error', error.message);
  }
});

$('search').addEventListener('submit', async (event) => {
  event.preventDefault();
  setState('loading', 'Searching…');
  try {
    const { searchCode } = await graphql(SEARCH, { query: $('query').value });
    const list = $('results');
    list.replaceChildren(
      ...searchCode.results.map((hit) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = hit.qualifiedName;
        button.title = `${hit.kind} · ${hit.path}:${hit.startLine}`;
        button.addEventListener('click', () => show(hit.uid));
        item.append(button);
        return item;
      }),
    );
    setState('ready', searchCode.results.length > 0 ? 'Pick a symbol.' : 'Nothing found.');
    if (searchCode.results.length > 0) await show(searchCode.results[0].uid);
  } catch (error) {
    setState('error', error.message);
  }
});

$('api-key').value = sessionStorage.getItem('lore-api-key') || '';
$('api-key').addEventListener('change', () => sessionStorage.setItem('lore-api-key', $('api-key').value));
setState('ready', 'Search a symbol to draw its graph.');
