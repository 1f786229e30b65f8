/* global document, window, Option */
'use strict';

// The code health page (/analysis): every figure comes from /graphql (window.loreGraphql, api-key.js),
// drawn with the browser's own SVG: no library, no CDN.

const RUNS = `query Runs { analysisRuns(input: {}) { items { run_id repository commit mode findings
  health { available score grade dimensions { name score } } } } }`;
const FINDINGS = `query Findings($run: String!) { analysisFindings(input: { run_id: $run, limit: 10 }) {
  items { id title severity family locations { path line end_line symbol } } } }`;
const SPAN = 'query Span($uri: String!) { fileSpan(uri: $uri) { uri text truncated } }';
const COMPARE = `query Compare($before: String!, $after: String!) { analysisComparison(input: { run_id_before: $before, run_id_after: $after }) {
  comparable reason verdict health_delta regressions { id title locations } improvements { id title locations } } }`;

const COLOURS = ['#2563eb', '#16a34a', '#d97706', '#7c3aed', '#db2777', '#0891b2', '#6b7280'];
const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

let runs = [];

async function graphql(query, variables = {}) {
  const body = await window.loreGraphql({ query, variables });
  if (body.errors) throw new Error(body.errors[0].message);
  return body.data;
}

function status(text, failed = false) {
  $('status').textContent = text;
  document.body.dataset.state = failed ? 'error' : 'ready';
}

function element(name, attributes = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Health and each dimension over the runs (oldest left), 0-100 on the vertical axis. */
function drawChart(items) {
  const width = 600;
  const height = 240;
  const left = 36;
  const bottom = 28;
  const x = (index) => left + 24 + (items.length === 1 ? (width - left - 48) / 2 : (index * (width - left - 48)) / (items.length - 1));
  const y = (score) => 8 + ((100 - score) * (height - bottom - 8)) / 100;
  const svg = element('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': 'Health over the stored runs' });
  for (const tick of [0, 25, 50, 75, 100]) {
    svg.append(element('line', { x1: left, x2: width, y1: y(tick), y2: y(tick), stroke: '#e5e7eb' }));
    svg.append(element('text', { x: 4, y: y(tick) + 4, 'font-size': 11, fill: '#6b7280' }, String(tick)));
  }
  items.forEach((run, index) =>
    svg.append(element('text', { x: x(index), y: height - 8, 'font-size': 11, 'text-anchor': 'middle', fill: '#6b7280' }, run.run_id)),
  );
  const series = [{ name: 'health', points: items.map((run) => run.health.score) }];
  const names = [...new Set(items.flatMap((run) => run.health.dimensions.map((dimension) => dimension.name)))];
  for (const name of names) {
    series.push({ name, points: items.map((run) => run.health.dimensions.find((dimension) => dimension.name === name)?.score ?? null) });
  }
  const legend = document.createElement('div');
  legend.className = 'legend';
  series.forEach((line, index) => {
    const colour = COLOURS[index % COLOURS.length];
    const points = line.points.map((score, at) => (score === null ? null : `${x(at)},${y(score)}`)).filter(Boolean);
    const width = index === 0 ? 3 : 1.5;
    svg.append(
      element('polyline', { points: points.join(' '), fill: 'none', stroke: colour, 'stroke-width': width, 'data-series': line.name }),
    );
    for (const point of points) {
      const [cx, cy] = point.split(',');
      svg.append(element('circle', { cx, cy, r: index === 0 ? 4 : 2.5, fill: colour }));
    }
    const item = document.createElement('span');
    item.innerHTML = `<i style="background:${colour}"></i>`;
    item.append(line.name);
    legend.append(item);
  });
  $('plot').replaceChildren(svg, legend);
}

const codeUri = (run, location) =>
  `code://${encodeURIComponent(run.repository)}/${run.commit}/${location.path.split('/').map(encodeURIComponent).join('/')}#L${location.line}-L${location.end_line}`;

async function showSpan(run, finding) {
  const location = finding.locations[0];
  $('span-title').textContent = `${finding.title} — ${location.path}:${location.line}`;
  const { fileSpan } = await graphql(SPAN, { uri: codeUri(run, location) });
  $('span-text').textContent = fileSpan.text;
}

async function drawHotspots(run) {
  const { analysisFindings } = await graphql(FINDINGS, { run: run.run_id });
  const list = $('hotspot-list');
  list.replaceChildren(
    ...analysisFindings.items.map((finding) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      const severity = document.createElement('span');
      severity.className = 'severity';
      severity.textContent = finding.severity;
      button.append(severity, `${finding.title} (${finding.locations[0].path}:${finding.locations[0].line})`);
      button.addEventListener('click', () => showSpan(run, finding).catch((error) => status(error.message, true)));
      item.append(button);
      return item;
    }),
  );
  if (analysisFindings.items.length === 0) list.textContent = 'No findings.';
}

async function compare() {
  const { analysisComparison: result } = await graphql(COMPARE, { before: $('before').value, after: $('after').value });
  $('verdict').textContent = result.comparable
    ? `${result.verdict}: health ${result.health_delta === null ? 'n/a' : (result.health_delta >= 0 ? '+' : '') + result.health_delta}`
    : `incomparable: ${result.reason}`;
  const line = (sign, finding) => {
    const item = document.createElement('li');
    item.textContent = `${sign} ${finding.title} (${finding.locations.join(', ')})`;
    return item;
  };
  $('changes').replaceChildren(
    ...result.regressions.map((finding) => line('+', finding)),
    ...result.improvements.map((finding) => line('−', finding)),
  );
}

function showRepository(repository) {
  const items = runs.filter((run) => run.repository === repository);
  drawChart(items);
  for (const [id, selected] of [
    ['before', items.length - 2],
    ['after', items.length - 1],
  ]) {
    $(id).replaceChildren(
      ...items.map(
        (run, index) => new Option(`${run.run_id} (${run.commit.slice(0, 8)})`, run.run_id, false, index === Math.max(0, selected)),
      ),
    );
  }
  return drawHotspots(items[items.length - 1]);
}

async function start() {
  ({
    analysisRuns: { items: runs },
  } = await graphql(RUNS));
  if (runs.length === 0) return status('No analysis run is stored yet: run lore analyze.');
  const repositories = [...new Set(runs.map((run) => run.repository))];
  $('repository').replaceChildren(...repositories.map((name) => new Option(name, name)));
  $('repository').value = runs[runs.length - 1].repository;
  $('repository').addEventListener('change', () => showRepository($('repository').value).catch((error) => status(error.message, true)));
  $('compare').addEventListener('click', () => compare().catch((error) => status(error.message, true)));
  await showRepository($('repository').value);
  status(`${runs.length} stored run(s)`);
}

start().catch((error) => status(error.message, true));
