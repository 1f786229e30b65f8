/* global cytoscape, document, window */
'use strict';

// Lore's graph page. It opens on the most depended-on symbols of each repository (where to start
// reading it) and a search box; a symbol draws its neighbourhood (callers, callees, members, tests) or
// its impact set, in rings by distance from it, and a click expands a node and shows its signature and
// span. Labels are short names (the full name on hover and in the details), and each ring is wide enough
// that no two labels overlap. Everything through /graphql, as any client would, with the API key asked
// for in the page when the server requires one (window.loreGraphql, api-key.js).

const PAGE = 25;
const STARTING_POINTS = 12;
const NODE = 'fragment Node on Symbol { uid kind name qualifiedName path startLine endLine signature doc resourceUri }';
const START = `query Start {
  repositories(first: 10) {
    nodes { id mostDependedOn(first: ${STARTING_POINTS}) { totalCount edges { dependents node { ...Node } } } }
  }
} ${NODE}`;
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
    affected { distance symbol { node { ...Node } } evidence { from to type } }
    tests { distance exercises test { uid node { ...Node } } }
    documents { repositoryId documentPath title startLine endLine mentions }
  }
} ${NODE}`;
const SEARCH = `query Search($query: String!) {
  searchCode(input: { query: $query, maxResults: 10 }) { results { uid kind qualifiedName path startLine } }
}`;
const SPAN = 'query Span($uri: String!) { fileSpan(uri: $uri) { uri text truncated } }';
const HEALTH = `query Health($uid: String!) {
  symbolNode(uid: $uid) { complexity cognitiveComplexity clones { clone_type similarity path line symbol } deadCode { status confidence } }
}`;

const $ = (id) => document.getElementById(id);

/** The colours of the graph, the legend's too (explorer-page.ts). */
const COLOURS = { callable: '#2563eb', type: '#7c3aed', other: '#6b7280', test: '#16a34a', section: '#d97706', focus: '#f59e0b' };

const graph = cytoscape({
  container: $('graph'),
  minZoom: 0.1,
  maxZoom: 3,
  style: [
    {
      selector: 'node',
      style: {
        label: 'data(label)',
        'font-size': 12,
        color: '#111827',
        'text-valign': 'bottom',
        'text-margin-y': 3,
        'text-wrap': 'ellipsis',
        'text-max-width': 100,
        'text-background-color': '#ffffff',
        'text-background-opacity': 0.85,
        'text-background-padding': 1,
        width: 18,
        height: 18,
        'background-color': COLOURS.other,
      },
    },
    {
      selector: 'node[kind = "class"], node[kind = "interface"], node[kind = "type"], node[kind = "enum"]',
      style: { 'background-color': COLOURS.type, shape: 'round-rectangle' },
    },
    { selector: 'node[kind = "function"], node[kind = "method"]', style: { 'background-color': COLOURS.callable } },
    { selector: 'node[kind = "test"]', style: { 'background-color': COLOURS.test, shape: 'diamond' } },
    { selector: 'node[kind = "section"]', style: { 'background-color': COLOURS.section, shape: 'tag', width: 16, height: 16 } },
    { selector: 'node[weight]', style: { width: 'mapData(weight, 1, 10, 18, 36)', height: 'mapData(weight, 1, 10, 18, 36)' } },
    { selector: 'node.focus', style: { 'border-width': 3, 'border-color': COLOURS.focus } },
    // Hovered or selected: the full name, over the others.
    {
      selector: 'node.hover, node:selected',
      style: { label: 'data(fullName)', 'text-max-width': 600, 'z-index': 10, 'font-weight': 'bold' },
    },
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
    {
      selector: 'edge[type = "tests"]',
      style: { 'line-color': COLOURS.test, 'target-arrow-color': COLOURS.test, 'line-style': 'dotted' },
    },
    {
      selector: 'edge[type = "mentions"]',
      style: { 'line-color': COLOURS.section, 'target-arrow-color': COLOURS.section, 'line-style': 'dashed' },
    },
  ],
});
window.loreGraph = graph;

/** What the graph shows: the starting points (`start`), a neighbourhood (a click expands a node) or an impact set. */
let view = 'start';

/** The page's state for a person (and for tests): loading, ready or error, with a message. */
function setState(state, message) {
  document.body.dataset.state = state;
  $('status').textContent = message;
}

async function graphql(query, variables) {
  const body = await window.loreGraphql({ query, variables });
  if (body.errors) throw new Error(body.errors.map((error) => error.message).join('; '));
  return body.data;
}

/** A test by its name, any other symbol by its qualified name. */
function fullName(symbol) {
  return symbol.kind === 'test' ? symbol.name : symbol.qualifiedName;
}

function addSymbol(symbol, extra = {}) {
  const node = graph.getElementById(symbol.uid);
  if (node.nonempty()) return node;
  return graph.add({ group: 'nodes', data: { id: symbol.uid, label: symbol.name, fullName: fullName(symbol), ...symbol, ...extra } });
}

function addEdge(source, target, type) {
  const id = `${type}:${source}->${target}`;
  const ends = graph.getElementById(source).nonempty() && graph.getElementById(target).nonempty();
  if (ends && graph.getElementById(id).empty()) graph.add({ group: 'edges', data: { id, source, target, type } });
}

/**
 * Rings by `ring` (0 in the centre), as a radial tree: each node as close as it can be to the angle of
 * what links it to the ring inside (so that a symbol's dependents fan out beside it and edges seldom
 * cross), then zoom to fit. No two labels overlap: nodes are kept apart, within a ring and between
 * rings, by the diagonal of the largest node with its label.
 */
function layoutInRings(ring) {
  const nodes = graph.nodes();
  // A hovered or selected node shows its full name on top of the others: its short label is the one to fit.
  const largest = nodes.not('.hover, :selected').reduce(
    (size, node) => {
      const box = node.boundingBox({ includeLabels: true, includeOverlays: false });
      return { w: Math.max(size.w, box.w), h: Math.max(size.h, box.h) };
    },
    { w: 0, h: 0 },
  );
  const apart = Math.hypot(largest.w, largest.h) + 8;
  const rings = [...new Set(nodes.map(ring))].sort((a, b) => a - b).map((level) => nodes.filter((node) => ring(node) === level));
  const angle = new Map();
  const position = new Map();
  let radius = 0;
  rings.forEach((members, index) => {
    const fits = members.length > 1 ? apart / (2 * Math.sin(Math.PI / members.length)) : 0;
    radius = index === 0 ? fits : Math.max(radius + apart, fits);
    const wanted = members.map((node, order) => ({ node, angle: wantedAngle(node, angle, order, members.length) }));
    const placed = spreadAround(wanted, radius > 0 ? 2 * Math.asin(Math.min(1, apart / (2 * radius))) : 2 * Math.PI);
    for (const { node, angle: at } of placed) {
      // A node in the very centre has no direction to give the ring outside it.
      if (radius > 0) angle.set(node.id(), at);
      position.set(node.id(), { x: radius * Math.cos(at), y: radius * Math.sin(at) });
    }
  });
  graph.batch(() => nodes.forEach((node) => node.position(position.get(node.id()))));
  zoomToFit();
}

/**
 * The angle a node would like: the mean direction of its neighbours already placed (the rings inside),
 * or, with none, its share of an even spread from the top.
 */
function wantedAngle(node, placed, order, count) {
  let x = 0;
  let y = 0;
  for (const neighbour of node.neighborhood('node')) {
    const at = placed.get(neighbour.id());
    if (at === undefined) continue;
    x += Math.cos(at);
    y += Math.sin(at);
  }
  return x === 0 && y === 0 ? -Math.PI / 2 + (2 * Math.PI * order) / count : Math.atan2(y, x);
}

/**
 * Angles for nodes that want `angle`, in the order they want them, at least `gap` apart around the
 * circle: each pushed past the one before where they crowd, starting after the widest empty arc, and
 * the whole turned back by the mean push. Evenly spread when they cannot keep their order within a turn.
 */
function spreadAround(wanted, gap) {
  const turn = 2 * Math.PI;
  const normal = (at) => ((at % turn) + turn) % turn;
  const sorted = wanted.map((item) => ({ ...item, angle: normal(item.angle) })).sort((a, b) => a.angle - b.angle);
  if (sorted.length < 2) return sorted;
  let widest = 0;
  let widestArc = -1;
  sorted.forEach((item, index) => {
    const next = index + 1 < sorted.length ? sorted[index + 1].angle : sorted[0].angle + turn;
    if (next - item.angle > widestArc) {
      widestArc = next - item.angle;
      widest = index;
    }
  });
  const ordered = [...sorted.slice(widest + 1), ...sorted.slice(0, widest + 1).map((item) => ({ ...item, angle: item.angle + turn }))];
  const pushed = [];
  for (const item of ordered) {
    const floor = pushed.length > 0 ? pushed[pushed.length - 1].angle + gap : -Infinity;
    pushed.push({ ...item, angle: Math.max(item.angle, floor) });
  }
  if (pushed[pushed.length - 1].angle - pushed[0].angle > turn - gap) {
    return ordered.map((item, index) => ({ ...item, angle: ordered[0].angle + (turn * index) / ordered.length }));
  }
  const meanPush = pushed.reduce((sum, item, index) => sum + item.angle - ordered[index].angle, 0) / pushed.length;
  return pushed.map((item) => ({ ...item, angle: item.angle - meanPush }));
}

/** Everything in view, never magnified past 1.5 (a few nodes would otherwise fill the screen). */
function zoomToFit() {
  graph.fit(undefined, 30);
  if (graph.zoom() > 1.5) {
    graph.zoom(1.5);
    graph.center();
  }
}

/** The neighbourhood in rings by steps from the focus (the symbol drawn first). */
function layoutFromFocus(focus) {
  const steps = new Map();
  graph.elements().bfs({
    roots: graph.getElementById(focus),
    directed: false,
    visit: (node, edge, previous, index, depth) => {
      steps.set(node.id(), depth);
    },
  });
  layoutInRings((node) => steps.get(node.id()) ?? 1 + Math.max(0, ...steps.values()));
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

/**
 * Draws what a change of the symbol affects, each at its distance: the dependents along their evidence,
 * the tests, and the document sections that name any of them (a ring past what they name).
 */
async function drawImpact(uid) {
  const { impact } = await graphql(IMPACT, { uid });
  for (const target of impact.targets) if (target.node) addSymbol(target.node, { distance: 0 });
  for (const affected of impact.affected) if (affected.symbol.node) addSymbol(affected.symbol.node, { distance: affected.distance });
  for (const test of impact.tests) if (test.test.node) addSymbol(test.test.node, { distance: test.distance });
  for (const affected of impact.affected) for (const edge of affected.evidence) addEdge(edge.from, edge.to, edge.type.toLowerCase());
  for (const test of impact.tests) addEdge(test.test.uid, test.exercises, 'tests');
  const outermost = Math.max(0, ...graph.nodes().map((node) => node.data('distance')));
  for (const section of impact.documents) {
    const id = `section:${section.repositoryId}:${section.documentPath}#L${section.startLine}`;
    const named = graph.getElementById(section.mentions);
    const distance = named.nonempty() ? named.data('distance') + 1 : outermost + 1;
    const existing = graph.getElementById(id);
    if (existing.empty()) {
      graph.add({
        group: 'nodes',
        data: {
          id,
          kind: 'section',
          label: section.title,
          fullName: `${section.documentPath}: ${section.title}`,
          qualifiedName: section.title,
          path: section.documentPath,
          startLine: section.startLine,
          endLine: section.endLine,
          distance,
        },
      });
    } else if (distance < existing.data('distance')) {
      existing.data('distance', distance);
    }
    addEdge(id, section.mentions, 'mentions');
  }
}

async function show(uid) {
  setState('loading', 'Loading…');
  try {
    graph.elements().remove();
    view = $('mode').value;
    if (view === 'impact') await drawImpact(uid);
    else await expand(uid);
    graph.getElementById(uid).addClass('focus');
    if (view === 'impact') layoutInRings((node) => node.data('distance'));
    else layoutFromFocus(uid);
    const node = graph.getElementById(uid);
    if (node.nonempty()) describe(node.data());
    const next = view === 'impact' ? 'In rings by distance from it; click one for its details.' : 'Click one to expand it.';
    setState('ready', `${graph.nodes().length} nodes. ${next}`);
  } catch (error) {
    setState('error', error.message);
  }
}

function describe(symbol) {
  $('detail-hint').hidden = true;
  $('detail-name').textContent = symbol.fullName || symbol.qualifiedName;
  $('detail-kind').textContent = `${symbol.kind} · ${symbol.path}:${symbol.startLine}-${symbol.endLine}`;
  $('detail-signature').textContent = symbol.signature || '(no signature)';
  $('detail-doc').textContent = symbol.doc || '';
  $('span').textContent = '';
  $('open-span').hidden = !symbol.resourceUri;
  $('open-span').dataset.uri = symbol.resourceUri || '';
  $('open-span').dataset.uid = symbol.uid || '';
  $('detail-health').textContent = '';
  $('detail-clones').replaceChildren();
  if (symbol.uid) describeHealth(symbol.uid);
}

/** Its complexity, and from the latest analysis run its clone siblings and dead-code status (asked apart: the graph's queries stay light). */
async function describeHealth(uid) {
  try {
    const { symbolNode } = await graphql(HEALTH, { uid });
    // Another node may have been clicked meanwhile.
    if (!symbolNode || $('open-span').dataset.uid !== uid) return;
    const parts = [];
    if (symbolNode.complexity !== null) parts.push(`complexity ${symbolNode.complexity}, cognitive ${symbolNode.cognitiveComplexity}`);
    if (symbolNode.deadCode)
      parts.push(
        `${symbolNode.deadCode.status === 'dead' ? 'unreachable' : 'reachability unknown'} (${symbolNode.deadCode.confidence} confidence)`,
      );
    if (symbolNode.clones.length > 0) parts.push(`${symbolNode.clones.length} clone sibling${symbolNode.clones.length === 1 ? '' : 's'}:`);
    $('detail-health').textContent = parts.join(' · ');
    for (const clone of symbolNode.clones) {
      const item = document.createElement('li');
      const kind = clone.clone_type.replace('_', ' ');
      item.textContent = `${clone.symbol || 'block'} · ${clone.path}:${clone.line} · ${kind}${clone.clone_type === 'near_miss' ? ` ${Math.round(clone.similarity * 100)}%` : ''}`;
      $('detail-clones').append(item);
    }
  } catch (error) {
    setState('error', error.message);
  }
}

graph.on('mouseover', 'node', (event) => {
  event.target.addClass('hover');
  $('graph').title = event.target.data('fullName');
});
graph.on('mouseout', 'node', (event) => {
  event.target.removeClass('hover');
  $('graph').title = '';
});
// Leaving the canvas straight from a node is no mouseout for cytoscape.
$('graph').addEventListener('mouseleave', () => {
  graph.nodes('.hover').removeClass('hover');
  $('graph').title = '';
});

graph.on('tap', 'node', async (event) => {
  const symbol = event.target.data();
  describe(symbol);
  if (view === 'start') return show(symbol.uid);
  if (view === 'impact' || symbol.kind === 'section') return;
  setState('loading', `Expanding ${symbol.qualifiedName}…`);
  try {
    await expand(symbol.uid);
    layoutFromFocus(graph.nodes('.focus').id());
    setState('ready', `${graph.nodes().length} nodes. Click one to expand it.`);
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

$('fit').addEventListener('click', zoomToFit);

/** A list item that draws the symbol `uid` when clicked. */
function symbolButton(uid, text, title) {
  const item = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text;
  button.title = title;
  button.dataset.uid = uid;
  button.addEventListener('click', () => show(uid));
  item.append(button);
  return item;
}

$('search').addEventListener('submit', async (event) => {
  event.preventDefault();
  setState('loading', 'Searching…');
  try {
    const { searchCode } = await graphql(SEARCH, { query: $('query').value });
    $('results').replaceChildren(
      ...searchCode.results.map((hit) => symbolButton(hit.uid, hit.qualifiedName, `${hit.kind} · ${hit.path}:${hit.startLine}`)),
    );
    setState('ready', searchCode.results.length > 0 ? 'Pick a symbol.' : 'Nothing found.');
    if (searchCode.results.length > 0) await show(searchCode.results[0].uid);
  } catch (error) {
    setState('error', error.message);
  }
});

/**
 * The start: each repository's most depended-on symbols, listed with their count of dependents and
 * drawn in rings, the most depended-on in the centre, sized by it.
 */
async function start() {
  setState('loading', 'Loading the most depended-on symbols…');
  try {
    const { repositories } = await graphql(START, {});
    const sections = repositories.nodes.map((repository) => {
      const section = document.createElement('section');
      const heading = document.createElement('h2');
      heading.textContent = `Most depended-on in ${repository.id}`;
      const list = document.createElement('ol');
      list.className = 'depended-on';
      const top = repository.mostDependedOn.edges[0]?.dependents ?? 1;
      for (const { dependents, node } of repository.mostDependedOn.edges) {
        const count = `${dependents} dependent${dependents === 1 ? '' : 's'}`;
        list.append(symbolButton(node.uid, `${node.qualifiedName} · ${count}`, `${node.kind} · ${node.path}:${node.startLine}`));
        addSymbol(node, { dependents, weight: 1 + (9 * dependents) / top });
      }
      section.append(heading, list);
      return section;
    });
    $('start').replaceChildren(...sections);
    const levels = [...new Set(graph.nodes().map((node) => node.data('dependents')))].sort((a, b) => b - a);
    layoutInRings((node) => levels.indexOf(node.data('dependents')));
    const none = graph.nodes().length === 0;
    setState('ready', none ? 'Nothing indexed yet: run lore index <path>.' : 'The most depended-on symbols. Search, or click one.');
  } catch (error) {
    setState('error', error.message);
  }
}

start();
