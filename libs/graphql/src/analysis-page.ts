import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { API_KEY_ASSET, ownAsset, sendAsset, type StaticAsset } from './static-assets';

const ASSETS: Record<string, StaticAsset> = {
  'api-key.js': API_KEY_ASSET,
  'analysis.js': { path: ownAsset('analysis.js'), type: 'text/javascript' },
};

const ANALYSIS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Lore code health</title>
  <style>
    body { margin: 0; font: 14px system-ui, sans-serif; color: #111827; }
    header { display: flex; gap: .75rem; align-items: center; padding: .5rem 1rem; border-bottom: 1px solid #e5e7eb; }
    header h1 { font-size: 1rem; margin: 0; }
    #status { color: #6b7280; margin-left: auto; }
    main { display: grid; grid-template-columns: minmax(24rem, 1fr) minmax(24rem, 1fr); gap: 1rem; padding: 1rem; }
    section { border: 1px solid #e5e7eb; border-radius: .5rem; padding: .75rem 1rem; min-width: 0; }
    h2 { font-size: .85rem; text-transform: uppercase; letter-spacing: .03em; color: #6b7280; margin: 0 0 .5rem; }
    #chart svg { width: 100%; height: 16rem; }
    #chart .legend { display: flex; flex-wrap: wrap; gap: .25rem 1rem; font-size: 12px; }
    #chart .legend i { display: inline-block; width: 12px; height: 3px; vertical-align: middle; margin-right: .3rem; }
    ol { margin: 0; padding-left: 1.25rem; }
    li button { background: none; border: 0; padding: .2rem 0; cursor: pointer; font: inherit; text-align: left; color: #1d4ed8; }
    .severity { font-size: 11px; text-transform: uppercase; color: #b45309; margin-right: .4rem; }
    pre { background: #f9fafb; border: 1px solid #e5e7eb; padding: .5rem; overflow: auto; max-height: 20rem; font-size: 12px; }
    #diff .row { display: flex; gap: .5rem; align-items: center; margin-bottom: .5rem; }
    #verdict { font-weight: 600; }
  </style>
</head>
<body>
  <header>
    <h1>Lore code health</h1>
    <label>Repository <select id="repository"></select></label>
    <span id="status" role="status">Loading…</span>
  </header>
  <main>
    <section id="chart" aria-label="Health over the stored runs"><h2>Health over the stored runs</h2><div id="plot"></div></section>
    <section id="hotspots"><h2>Hotspots of the latest run</h2><ol id="hotspot-list"></ol></section>
    <section id="span"><h2>Code span</h2><p id="span-title">Pick a hotspot.</p><pre id="span-text"></pre></section>
    <section id="diff">
      <h2>Diff of two runs</h2>
      <div class="row"><select id="before"></select> → <select id="after"></select><button id="compare" type="button">Compare</button></div>
      <p id="verdict"></p>
      <ol id="changes"></ol>
    </section>
  </main>
  <script src="/analysis/assets/api-key.js"></script>
  <script src="/analysis/assets/analysis.js"></script>
</body>
</html>`;

/** /analysis: code health for people, drawn from /graphql: health over the stored runs, hotspots, a finding's code, the diff of two runs. */
@ApiExcludeController()
@Controller('analysis')
export class AnalysisPageController {
  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return ANALYSIS_HTML;
  }

  @Get('assets/:name')
  asset(@Param('name') name: string, @Res() res: Response): void {
    sendAsset(ASSETS, name, res);
  }
}
