import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { exportedFile, ownAsset, sendAsset, type StaticAsset } from './static-assets';

export const EXPLORER_ASSETS_PATH = '/explorer/assets';

/** The graph page's files: cytoscape from our own node_modules and the page's script. */
const ASSETS: Record<string, StaticAsset> = {
  'cytoscape.js': { path: exportedFile('cytoscape/dist/cytoscape.min.js'), type: 'text/javascript' },
  'explorer.js': { path: ownAsset('explorer.js'), type: 'text/javascript' },
};

const EXPLORER_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Lore graph explorer</title>
  <style>
    body { margin: 0; font: 14px system-ui, sans-serif; color: #111827; display: grid; height: 100vh;
           grid-template: "bar bar bar" auto "results graph details" 1fr / 16rem 1fr 24rem; }
    header { grid-area: bar; display: flex; gap: .75rem; align-items: center; padding: .5rem 1rem; border-bottom: 1px solid #e5e7eb; }
    header h1 { font-size: 1rem; margin: 0; }
    header form { display: flex; gap: .5rem; }
    #status { color: #6b7280; margin-left: auto; }
    body[data-state="error"] #status { color: #b91c1c; }
    #results { grid-area: results; list-style: none; margin: 0; padding: .5rem; overflow: auto; border-right: 1px solid #e5e7eb; }
    #results button { width: 100%; text-align: left; background: none; border: 0; padding: .25rem; cursor: pointer; font: inherit; }
    #results button:hover { background: #f3f4f6; }
    #graph { grid-area: graph; min-height: 0; }
    #details { grid-area: details; padding: .75rem; overflow: auto; border-left: 1px solid #e5e7eb; }
    #details h2 { font-size: 1rem; margin: 0 0 .25rem; word-break: break-all; }
    #detail-kind { color: #6b7280; }
    pre, code { font: 12px ui-monospace, monospace; white-space: pre-wrap; }
  </style>
</head>
<body>
  <header>
    <h1>Lore graph explorer</h1>
    <form id="search">
      <input id="query" type="search" placeholder="Symbol name or words" required />
      <select id="mode" aria-label="Draw">
        <option value="neighborhood">its neighbourhood</option>
        <option value="impact">its impact set</option>
      </select>
      <button type="submit">Draw</button>
    </form>
    <input id="api-key" type="password" placeholder="API key, if asked" aria-label="API key" />
    <span id="status"></span>
  </header>
  <ul id="results"></ul>
  <div id="graph"></div>
  <aside id="details" hidden>
    <h2 id="detail-name"></h2>
    <div id="detail-kind"></div>
    <p><code id="detail-signature"></code></p>
    <p id="detail-doc"></p>
    <button id="open-span" type="button">Open its span</button>
    <pre id="span"></pre>
  </aside>
  <script src="${EXPLORER_ASSETS_PATH}/cytoscape.js"></script>
  <script src="${EXPLORER_ASSETS_PATH}/explorer.js"></script>
</body>
</html>`;

/** /explorer: a graph of a symbol's neighbourhood or impact set, drawn from /graphql, for people. */
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
