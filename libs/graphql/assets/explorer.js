/* global cytoscape, document, window */
'use strict';

// Lore's graph page. It opens on the most depended-on symbols of each repository (where to start
// reading it) and a search box; a symbol draws its neighbourhood (callers and callees, members, then
// its tests) or its impact set, in rings by distance from it. A large set is folded so that a person
// can read it (explorer-groups.js): code by directory and file, tests and document sections in one
// node each, every group with its count, opened on click; and listed beside the picture, sortable by
// symbol, distance, confidence and file. A list longer than a page says how many more there are and
// loads them on request. Labels are short names (the full name on hover and in the details), and each
// ring is wide enough that no two labels overlap. Everything through /graphql, as any client would,
// with the API key asked for in the page when the server requires one (window.loreGraphql, api-key.js).

const PAGE = 25;
const STARTING_POINTS = 12;
/** The impact set drawn: as deep and as many as analyze_impact gives (MAX_IMPACT_DEPTH 5 is more than a person reads; 3 is its default). */
const IMPACT_DEPTH = 3;
const IMPACT_LIMIT = 1000;
const NODE = 'fragment Node on Symbol { uid kind name qualifiedName repositoryId path startLine endLine signature doc resourceUri }';
const START = `query Start {
  repositories(first: 10) {
    nodes { id mostDependedOn(first: ${STARTING_POINTS}) { totalCount edges { dependents node { ...Node } } } }
  }
} ${NODE}`;
/** A symbol's lists, in the order a person reads them: how it is used and what it uses before its tests. */
const LISTS = ['callers', 'callees', 'members', 'tests'];
/** What each list's edges say besides the node. */
const EDGE_FIELDS = { callers: 'confidence', callees: 'confidence', members: '', tests: 'via' };
const listSelection = (list) =>
  `${list}(first: ${PAGE}, after: $after) { totalCount pageInfo { endCursor } edges { ${EDGE_FIELDS[list]} node { ...Node } } }`;
const EXPAND = `query Expand($uid: String!, $after: String) {
  symbolNode(uid: $uid) { ...Node ${LISTS.map(listSelection).join(' ')} }
} ${NODE}`;
/** The next page of one list of a symbol. */
const moreQuery = (list) => `query More($uid: String!, $after: String) { symbolNode(uid: $uid) { uid ${listSelection(list)} } } ${NODE}`;
const IMPACT = `query Impact($uid: String!) {
  impact(input: { uid: $uid, depth: ${IMPACT_DEPTH}, limit: ${IMPACT_LIMIT} }) {
    targets { node { ...Node } }
    affected { distance confidence symbol { node { ...Node } } evidence { from to type } }
    tests { distance via exercises test { uid node { ...Node } } }
    documents { repositoryId documentPath title startLine endLine mentions }
    summary { affectedSymbols tests documentSections }
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
    // Groups: a directory or a file of code, the tests, the sections; sized by how many they hold.
    {
      selector: 'node[count]',
      style: {
        width: 'mapData(count, 1, 200, 24, 56)',
        height: 'mapData(count, 1, 200, 24, 56)',
        'font-weight': 'bold',
        'border-width': 2,
        'border-style': 'double',
      },
    },
    {
      selector: 'node[kind = "directory"]',
      style: { shape: 'round-rectangle', 'background-color': '#e5e7eb', 'border-color': COLOURS.other },
    },
    { selector: 'node[kind = "file"]', style: { shape: 'rectangle', 'background-color': '#dbeafe', 'border-color': COLOURS.callable } },
    { selector: 'node[kind = "tests"]', style: { shape: 'diamond', 'background-color': COLOURS.test, 'border-color': '#14532d' } },
    { selector: 'node[kind = "sections"]', style: { shape: 'tag', 'background-color': COLOURS.section, 'border-color': '#78350f' } },
    { selector: 'edge[count > 1]', style: { width: 'mapData(count, 2, 50, 2.5, 8)' } },
  ],
});
window.loreGraph = graph;

/** What the graph shows: the starting points (`start`), a neighbourhood (a click expands a node) or an impact set. */
let view = 'start';

/**
 * What was fetched, whatever is drawn of it: the symbols, tests and sections by id (each with its
 * role: centre, code, test or section, its distance and confidence), the links between them, the groups
 * opened, and the pages of lists not fetched yet (`more`).
 */
const model = { items: new Map(), links: [], open: new Set(), tree: null, more: new Map() };
/** How the list beside the picture is sorted. */
const listOrder = { column: 'distance', descending: false };

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

/**
 * Rings by `ring` (0 in the centre), as a radial tree: each node as close as it can be to the angle of
 * what links it to the ring inside (so that a symbol's dependents fan out beside it and edges seldom
 * cross), then zoom to fit. Rings are ellipses of the canvas' shape, so the picture fills it: laid out
 * on circles with y divided by the canvas' height/width ratio, then stretched back. No two labels
 * overlap: on those circles nodes are kept apart, within a ring and between rings, by the diagonal of
 * the largest node with its label (its height divided the same way): two nodes closer in x than a
 * label's width and in y than its height would be nearer than that diagonal.
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
  const squash = graph.height() > 0 && graph.width() > 0 ? graph.height() / graph.width() : 1;
  const apart = Math.hypot(largest.w, largest.h / squash) + 8;
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
      position.set(node.id(), { x: radius * Math.cos(at), y: squash * radius * Math.sin(at) });
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

/** The paths of test files: where the tests fetched are declared (a symbol there is test code, however it is called). */
function testPaths() {
  return new Set([...model.items.values()].filter((item) => item.kind === 'test').map((item) => `${item.repositoryId}:${item.path}`));
}

/** Symbols that are test code (test cases, and the callbacks and helpers of test files) are tests. */
function settleTestRoles() {
  const paths = testPaths();
  for (const item of model.items.values()) {
    if (item.role === 'code' && (item.kind === 'test' || paths.has(`${item.repositoryId}:${item.path}`))) item.role = 'test';
  }
}

/** Adds a symbol to the model at `distance`, or moves it nearer; a test case is a test, anything else code until settled. */
function addSymbol(symbol, distance, extra = {}) {
  const known = model.items.get(symbol.uid);
  if (known) {
    if (distance < known.distance) Object.assign(known, { distance, ...extra });
    return known;
  }
  const role = symbol.kind === 'test' ? 'test' : 'code';
  const item = { ...symbol, id: symbol.uid, role, fullName: fullName(symbol), distance, confidence: '', ...extra };
  model.items.set(item.id, item);
  return item;
}

function addLink(from, to, type) {
  model.links.push({ from, to, type });
}

function clearModel() {
  model.items.clear();
  model.links = [];
  model.open.clear();
  model.more.clear();
  model.tree = null;
}

/** The cytoscape node of a closed group: its name with the number of symbols it holds, at the distance of its nearest. */
function groupNode(group) {
  const held = group.items.map((id) => model.items.get(id));
  const count = held.length;
  const what = group.kind === 'sections' ? 'section' : group.kind === 'tests' ? 'test' : 'symbol';
  return {
    id: group.key,
    kind: group.kind,
    label: `${group.label} · ${count}`,
    fullName: `${group.title} · ${count} ${what}${count === 1 ? '' : 's'} (click to open)`,
    path: group.title,
    count,
    distance: Math.min(...held.map((item) => item.distance)),
  };
}

/**
 * Draws the model: each item, or the closed group it is in, and the links between them; in rings by
 * distance, then the list beside the picture.
 */
function redraw() {
  const items = [...model.items.values()];
  const selected = graph.nodes(':selected').id();
  graph.batch(() => {
    graph.elements().remove();
    for (const id of window.loreGroups.shownNodes(model.tree, model.open, items)) {
      const group = model.tree.groups.get(id);
      const data = group ? groupNode(group) : { ...model.items.get(id), label: model.items.get(id).name };
      graph.add({ group: 'nodes', data, classes: data.role === 'centre' ? 'focus' : '' });
    }
    for (const link of window.loreGroups.shownLinks(model.tree, model.open, model.links)) {
      graph.add({ group: 'edges', data: { ...link, type: link.type.toLowerCase() } });
    }
  });
  if (selected) graph.getElementById(selected).select();
  // The list first: it takes its height from the canvas, which the layout then fits into.
  $('list').hidden = false;
  $('fold').hidden = false;
  renderList();
  graph.resize();
  layoutInRings((node) => node.data('distance'));
}

/** Groups the model afresh and opens what fits in the first picture. */
function regroup() {
  settleTestRoles();
  model.tree = window.loreGroups.groupTree([...model.items.values()]);
  model.open = window.loreGroups.firstOpen(model.tree, [...model.items.values()]);
}

/** Opens every group an item is in, so that it is drawn as itself. */
function reveal(id) {
  for (const key of model.tree.chains.get(id) ?? []) model.open.add(key);
}

/** What the status line says of the picture: how many symbols, in how many nodes, and what a click does. */
function pictureStatus() {
  const counts = { code: 0, test: 0, section: 0 };
  for (const item of model.items.values()) if (item.role in counts) counts[item.role] += 1;
  const held = `${model.items.size} fetched (${counts.code} in code, ${counts.test} tests, ${counts.section} sections), drawn as ${graph.nodes().length} nodes.`;
  const next =
    view === 'impact' ? 'Click a group to open it, a symbol for its details.' : 'Click a group to open it, a symbol to expand it.';
  return `${held} ${next}`;
}

/** The rows of the list: every symbol, test and section fetched, the centre too. */
function renderList() {
  const rows = window.loreGroups.sortRows([...model.items.values()], listOrder.column, listOrder.descending);
  for (const header of document.querySelectorAll('#list th[data-column]')) {
    const sorted = header.dataset.column === listOrder.column;
    header.setAttribute('aria-sort', sorted ? (listOrder.descending ? 'descending' : 'ascending') : 'none');
  }
  $('list-body').replaceChildren(
    ...rows.map((item) => {
      const row = document.createElement('tr');
      row.dataset.id = item.id;
      row.dataset.role = item.role;
      for (const text of [item.fullName, String(item.distance), item.confidence || '—', `${item.path}:${item.startLine}`]) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      row.addEventListener('click', () => {
        reveal(item.id);
        graph.nodes(':selected').unselect();
        redraw();
        graph.getElementById(item.id).select();
        describe(item);
        setState('ready', pictureStatus());
      });
      return row;
    }),
  );
  $('list-caption').textContent = `${rows.length} in all`;
}

for (const header of document.querySelectorAll('#list th[data-column]')) {
  header.addEventListener('click', () => {
    const column = header.dataset.column;
    listOrder.descending = listOrder.column === column ? !listOrder.descending : false;
    listOrder.column = column;
    renderList();
  });
}

/** Adds the items of one page of `list` of the symbol `uid` (at `distance`), and remembers what is left of it. */
function addListPage(uid, name, list, connection, distance) {
  for (const edge of connection.edges) {
    const neighbour = edge.node;
    addSymbol(neighbour, distance + 1, { confidence: edge.confidence ?? edge.via ?? '' });
    if (list === 'callers') addLink(neighbour.uid, uid, 'calls');
    if (list === 'callees') addLink(uid, neighbour.uid, 'calls');
    if (list === 'members') addLink(uid, neighbour.uid, 'member');
    if (list === 'tests') addLink(neighbour.uid, uid, 'tests');
  }
  const key = `${uid} ${list}`;
  const fetched = (model.more.get(key)?.fetched ?? 0) + connection.edges.length;
  model.more.set(key, { uid, name, list, fetched, totalCount: connection.totalCount, after: connection.pageInfo.endCursor });
  renderMore();
}

/** "N more callers of X": a button for each list not fetched whole. */
function renderMore() {
  const left = [...model.more.values()].filter((page) => page.fetched < page.totalCount);
  $('more').replaceChildren(
    ...left.map((page) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      const rest = page.totalCount - page.fetched;
      button.textContent = `${rest} more ${page.list} of ${page.name} (${page.fetched} of ${page.totalCount} drawn): load ${Math.min(rest, PAGE)}`;
      button.dataset.list = page.list;
      button.dataset.uid = page.uid;
      button.addEventListener('click', () => loadMore(page));
      item.append(button);
      return item;
    }),
  );
}

async function loadMore(page) {
  setState('loading', `Loading more ${page.list} of ${page.name}…`);
  try {
    const { symbolNode } = await graphql(moreQuery(page.list), { uid: page.uid, after: page.after });
    const distance = model.items.get(page.uid)?.distance ?? 0;
    addListPage(page.uid, page.name, page.list, symbolNode[page.list], distance);
    const open = model.open;
    regroup();
    for (const key of open) model.open.add(key);
    redraw();
    setState('ready', pictureStatus());
  } catch (error) {
    setState('error', error.message);
  }
}

/** Adds a symbol and its callers, callees, members and tests (a page of each) to the model. */
async function expand(uid) {
  const { symbolNode: symbol } = await graphql(EXPAND, { uid });
  const distance = model.items.get(uid)?.distance ?? 0;
  addSymbol(symbol, distance, distance === 0 ? { role: 'centre' } : {});
  for (const list of LISTS) addListPage(uid, symbol.qualifiedName, list, symbol[list], distance);
  return symbol;
}

/**
 * Adds what a change of the symbol affects, each at its distance: the dependents along their evidence,
 * the tests, and the document sections that name any of them (a ring past what they name).
 */
async function drawImpact(uid) {
  const { impact } = await graphql(IMPACT, { uid });
  for (const target of impact.targets) if (target.node) addSymbol(target.node, 0, { role: 'centre' });
  for (const affected of impact.affected) {
    if (affected.symbol.node) addSymbol(affected.symbol.node, affected.distance, { confidence: affected.confidence });
  }
  for (const test of impact.tests) if (test.test.node) addSymbol(test.test.node, test.distance, { confidence: test.via, role: 'test' });
  for (const affected of impact.affected) for (const edge of affected.evidence) addLink(edge.from, edge.to, edge.type);
  for (const test of impact.tests) addLink(test.test.uid, test.exercises, 'tests');
  const outermost = Math.max(0, ...[...model.items.values()].map((item) => item.distance));
  for (const section of impact.documents) {
    const id = `section:${section.repositoryId}:${section.documentPath}#L${section.startLine}`;
    const named = model.items.get(section.mentions);
    const distance = named ? named.distance + 1 : outermost + 1;
    const known = model.items.get(id);
    if (!known) {
      model.items.set(id, {
        id,
        role: 'section',
        kind: 'section',
        name: section.title,
        fullName: `${section.documentPath}: ${section.title}`,
        qualifiedName: section.title,
        repositoryId: section.repositoryId,
        path: section.documentPath,
        startLine: section.startLine,
        endLine: section.endLine,
        confidence: 'mentions',
        distance,
      });
    } else if (distance < known.distance) {
      known.distance = distance;
    }
    addLink(id, section.mentions, 'mentions');
  }
  const { summary } = impact;
  const drawn = impact.affected.length + impact.tests.length + impact.documents.length;
  const total = summary.affectedSymbols + summary.tests + summary.documentSections;
  return total > drawn ? ` ${total - drawn} more affected than the ${IMPACT_LIMIT} analyze_impact answers at most: not drawn.` : '';
}

async function show(uid) {
  setState('loading', 'Loading…');
  try {
    clearModel();
    renderMore();
    view = $('mode').value;
    const left = view === 'impact' ? await drawImpact(uid) : (await expand(uid), '');
    regroup();
    graph.nodes(':selected').unselect();
    redraw();
    const centre = model.items.get(uid);
    if (centre) describe(centre);
    setState('ready', pictureStatus() + left);
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

/** Groups the model afresh after more was fetched, keeping open what was open. */
function regroupKeepingOpen() {
  const open = model.open;
  regroup();
  for (const key of open) if (model.tree.groups.has(key)) model.open.add(key);
}

graph.on('tap', 'node', async (event) => {
  const data = event.target.data();
  if (view === 'start') {
    describe(data);
    return show(data.uid);
  }
  if (model.tree.groups.has(data.id)) {
    model.open = window.loreGroups.openWithin(model.tree, model.open, [...model.items.values()], data.id);
    redraw();
    return setState('ready', pictureStatus());
  }
  describe(data);
  if (view === 'impact' || data.role === 'section') return;
  setState('loading', `Expanding ${data.qualifiedName}…`);
  try {
    await expand(data.uid);
    regroupKeepingOpen();
    reveal(data.id);
    redraw();
    setState('ready', pictureStatus());
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
$('fold').addEventListener('click', () => {
  model.open = window.loreGroups.firstOpen(model.tree, [...model.items.values()]);
  redraw();
  setState('ready', pictureStatus());
});

/** A list item that draws the symbol `uid` when clicked, its kind and place under its name. */
function symbolButton(uid, text, place) {
  const item = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text;
  const where = document.createElement('small');
  where.textContent = place;
  button.append(where);
  button.title = place;
  button.dataset.uid = uid;
  button.addEventListener('click', () => show(uid));
  item.append(button);
  return item;
}

/** Each symbol once, at its best rank. */
function oncePerSymbol(results) {
  const seen = new Set();
  return results.filter((hit) => !seen.has(hit.uid) && seen.add(hit.uid));
}

$('search').addEventListener('submit', async (event) => {
  event.preventDefault();
  setState('loading', 'Searching…');
  try {
    const { searchCode } = await graphql(SEARCH, { query: $('query').value });
    const results = oncePerSymbol(searchCode.results);
    $('results').replaceChildren(
      ...results.map((hit) => symbolButton(hit.uid, hit.qualifiedName, `${hit.kind} · ${hit.path}:${hit.startLine}`)),
    );
    setState('ready', results.length > 0 ? 'Pick a symbol.' : 'Nothing found.');
    if (results.length > 0) await show(results[0].uid);
  } catch (error) {
    setState('error', error.message);
  }
});

/**
 * The start: each repository's most depended-on symbols, listed with their count of dependents and
 * drawn around the most depended-on of all, sized by it, each labelled with its count.
 */
async function start() {
  setState('loading', 'Loading the most depended-on symbols…');
  try {
    const { repositories } = await graphql(START, {});
    const drawn = [];
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
        drawn.push({
          ...node,
          id: node.uid,
          label: `${node.name} · ${dependents}`,
          fullName: `${fullName(node)} · ${count}`,
          dependents,
          weight: 1 + (9 * dependents) / top,
        });
      }
      section.append(heading, list);
      return section;
    });
    $('start').replaceChildren(...sections);
    drawn.sort((a, b) => b.dependents - a.dependents || a.fullName.localeCompare(b.fullName));
    graph.add(drawn.map((data) => ({ group: 'nodes', data })));
    // One ring around the most depended-on: a ring per count of dependents drew a column when every count differs.
    const centre = drawn[0]?.id;
    layoutInRings((node) => (node.id() === centre ? 0 : 1));
    const none = drawn.length === 0;
    setState('ready', none ? 'Nothing indexed yet: run lore index <path>.' : 'The most depended-on symbols. Search, or click one.');
  } catch (error) {
    setState('error', error.message);
  }
}

start();
