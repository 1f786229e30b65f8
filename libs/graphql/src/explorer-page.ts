import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { API_KEY_ASSET, exportedFile, ownAsset, sendAsset, type StaticAsset } from './static-assets';

export const EXPLORER_ASSETS_PATH = '/explorer/assets';

/** The graph page's files: cytoscape from our own node_modules, the page's scripts and the API key prompt (shared with GraphiQL). */
const ASSETS: Record<string, StaticAsset> = {
  'cytoscape.js': { path: exportedFile('cytoscape/dist/cytoscape.min.js'), type: 'text/javascript' },
  'api-key.js': API_KEY_ASSET,
  'explorer-groups.js': { path: ownAsset('explorer-groups.js'), type: 'text/javascript' },
  'explorer.js': { path: ownAsset('explorer.js'), type: 'text/javascript' },
};

/** The legend's swatches, in the colours and shapes explorer.js draws. */
const LEGEND = [
  ['function', 'Function or method', 'background:#2563eb;border-radius:50%'],
  ['type', 'Class, interface, type or enum', 'background:#7c3aed;border-radius:3px'],
  ['other', 'Other symbol (variable, constant…)', 'background:#6b7280;border-radius:50%'],
  ['test', 'Test', 'background:#16a34a;transform:rotate(45deg) scale(.8)'],
  ['section', 'Document section', 'background:#d97706;clip-path:polygon(0 0,70% 0,100% 50%,70% 100%,0 100%)'],
  ['directory', 'Directory · symbols in it', 'background:#e5e7eb;border:3px double #6b7280;border-radius:3px'],
  ['file', 'File · symbols in it', 'background:#dbeafe;border:3px double #2563eb'],
  ['calls', 'calls, extends, implements', 'height:0;border-top:2px solid #9ca3af;border-radius:0'],
  ['tests', 'tests', 'height:0;border-top:2px dotted #16a34a;border-radius:0'],
  ['mentions', 'mentions', 'height:0;border-top:2px dashed #d97706;border-radius:0'],
]
  .map(([item, text, swatch]) => `<li data-item="${item}"><i style="${swatch}"></i>${text}</li>`)
  .join('\n      ');

const EXPLORER_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Lore graph explorer</title>
  <style>
    body { margin: 0; font: 14px system-ui, sans-serif; color: #111827; display: grid; height: 100vh;
           grid-template: "bar bar bar" auto "side graph details" 1fr / 20rem 1fr auto; }
    header { grid-area: bar; display: flex; gap: .75rem; align-items: center; padding: .5rem 1rem; border-bottom: 1px solid #e5e7eb; }
    header h1 { font-size: 1rem; margin: 0; }
    #status { color: #6b7280; margin-left: auto; }
    body[data-state="error"] #status { color: #b91c1c; }
    #side { grid-area: side; overflow: auto; border-right: 1px solid #e5e7eb; padding: .75rem; }
    #search label { display: block; font-weight: 600; margin-bottom: .35rem; }
    #query { width: 100%; box-sizing: border-box; font: inherit; font-size: 1rem; padding: .5rem .6rem;
             border: 2px solid #2563eb; border-radius: .4rem; }
    #search .row { display: flex; gap: .5rem; margin-top: .5rem; }
    #search select { flex: 1; font: inherit; }
    #search button { font: inherit; padding: .3rem .9rem; }
    #side h2 { font-size: .85rem; text-transform: uppercase; letter-spacing: .03em; color: #6b7280; margin: 1rem 0 .35rem; }
    #side ul, #side ol { list-style: none; margin: 0; padding: 0; }
    #side li button { width: 100%; text-align: left; background: none; border: 0; padding: .25rem; cursor: pointer; font: inherit;
                      overflow-wrap: anywhere; }
    #side li button:hover { background: #f3f4f6; }
    #side li button small { display: block; color: #6b7280; font-size: 12px; }
    #more button { color: #1d4ed8; font-weight: 600; }
    #more { margin-top: .5rem; }
    #canvas { grid-area: graph; position: relative; min-height: 0; min-width: 0; display: flex; flex-direction: column; }
    #graph { flex: 1; min-height: 0; }
    #legend { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1rem; border-top: 1px solid #e5e7eb;
              padding: .4rem .75rem; font-size: 12px; }
    #legend h2 { font-size: 12px; margin: 0; }
    #legend ul { display: contents; }
    #legend li { display: flex; align-items: center; gap: .35rem; }
    #legend i { display: inline-block; width: 12px; height: 12px; }
    #legend p { margin: 0; color: #6b7280; }
    #tools { position: absolute; right: .5rem; top: .5rem; display: flex; gap: .35rem; }
    #tools button { font: inherit; }
    #list { max-height: 32%; overflow: auto; border-top: 1px solid #e5e7eb; font-size: 12px; }
    #list table { width: 100%; border-collapse: collapse; }
    #list caption { text-align: left; padding: .25rem .75rem; color: #6b7280; }
    #list th { position: sticky; top: 0; background: #f9fafb; text-align: left; padding: .2rem .5rem; cursor: pointer; user-select: none; }
    #list th[aria-sort="ascending"]::after { content: " ▲"; }
    #list th[aria-sort="descending"]::after { content: " ▼"; }
    #list td { padding: .1rem .5rem; border-top: 1px solid #f3f4f6; overflow-wrap: anywhere; }
    #list tr[data-role="test"] td { color: #15803d; }
    #list tr[data-role="section"] td { color: #b45309; }
    #list tbody tr { cursor: pointer; }
    #list tbody tr:hover { background: #f3f4f6; }
    #details { grid-area: details; width: 24rem; box-sizing: border-box; padding: .75rem; overflow: auto; border-left: 1px solid #e5e7eb; }
    #details h2 { font-size: 1rem; margin: 0 0 .25rem; word-break: break-all; }
    #detail-kind { color: #6b7280; }
    pre, code { font: 12px ui-monospace, monospace; white-space: pre-wrap; }
  </style>
</head>
<body>
  <header>
    <h1>Lore graph explorer</h1>
    <span id="status"></span>
  </header>
  <aside id="side">
    <form id="search">
      <label for="query">Find a symbol</label>
      <input id="query" type="search" placeholder="A name or some words: placeOrder, validation…" required autofocus />
      <div class="row">
        <select id="mode" aria-label="Draw">
          <option value="neighborhood">its neighbourhood</option>
          <option value="impact">its impact set</option>
        </select>
        <button type="submit">Draw</button>
      </div>
    </form>
    <ul id="more" aria-label="Not fetched yet"></ul>
    <ul id="results"></ul>
    <div id="start"></div>
  </aside>
  <div id="canvas">
    <div id="graph"></div>
    <div id="tools">
      <button id="fold" type="button" hidden>Fold again</button>
      <button id="fit" type="button">Zoom to fit</button>
    </div>
    <section id="list" aria-label="Symbols drawn" hidden>
      <table>
        <caption id="list-caption"></caption>
        <thead><tr>
          <th data-column="symbol" aria-sort="none">Symbol</th>
          <th data-column="distance" aria-sort="ascending">Distance</th>
          <th data-column="confidence" aria-sort="none">Confidence</th>
          <th data-column="file" aria-sort="none">File</th>
        </tr></thead>
        <tbody id="list-body"></tbody>
      </table>
    </section>
    <section id="legend" aria-label="Legend">
      <h2>Legend</h2>
      <ul>
      ${LEGEND}
      </ul>
      <p>Rings: distance from the centre. A group holds the number it shows: click it to open it. Hover a node for its full name.</p>
    </section>
  </div>
  <aside id="details">
    <p id="detail-hint">Click a node: its signature, documentation and source show here.</p>
    <h2 id="detail-name"></h2>
    <div id="detail-kind"></div>
    <p><code id="detail-signature"></code></p>
    <p id="detail-doc"></p>
    <p id="detail-health"></p>
    <ul id="detail-clones"></ul>
    <button id="open-span" type="button" hidden>Open its span</button>
    <pre id="span"></pre>
  </aside>
  <script src="${EXPLORER_ASSETS_PATH}/cytoscape.js"></script>
  <script src="${EXPLORER_ASSETS_PATH}/api-key.js"></script>
  <script src="${EXPLORER_ASSETS_PATH}/explorer-groups.js"></script>
  <script src="${EXPLORER_ASSETS_PATH}/explorer.js"></script>
</body>
</html>`;

/** /explorer: the graph for people, drawn from /graphql: the most depended-on symbols, a symbol's neighbourhood or impact set. */
@ApiExcludeController()
@Controller('explorer')
export class ExplorerPageController {
  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return EXPLORER_HTML;
  }

  @Get('assets/:name')
  asset(@Param('name') name: string, @Res() res: Response): void {
    sendAsset(ASSETS, name, res);
  }
}
