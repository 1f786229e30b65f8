import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import type { Response } from 'express';
import { dirname, join } from 'node:path';

/** GraphiQL's files, served from our own node_modules: no CDN. */
const ASSETS: Record<string, { pkg: string; file: string; type: string }> = {
  'react.js': { pkg: 'react', file: 'umd/react.production.min.js', type: 'text/javascript' },
  'react-dom.js': { pkg: 'react-dom', file: 'umd/react-dom.production.min.js', type: 'text/javascript' },
  'graphiql.js': { pkg: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript' },
  'graphiql.css': { pkg: 'graphiql', file: 'graphiql.min.css', type: 'text/css' },
};

/** From the package folder: the UMD builds are not in the packages' export maps. */
function assetPath(asset: { pkg: string; file: string }): string {
  return join(dirname(require.resolve(`${asset.pkg}/package.json`)), asset.file);
}

export const GRAPHIQL_ASSETS_PATH = '/graphql/assets';

const GRAPHIQL_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Lore GraphQL explorer</title>
  <link rel="stylesheet" href="${GRAPHIQL_ASSETS_PATH}/graphiql.css" />
  <style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
  <div id="graphiql">Loading GraphiQL…</div>
  <script src="${GRAPHIQL_ASSETS_PATH}/react.js"></script>
  <script src="${GRAPHIQL_ASSETS_PATH}/react-dom.js"></script>
  <script src="${GRAPHIQL_ASSETS_PATH}/graphiql.js"></script>
  <script>
    const fetcher = GraphiQL.createFetcher({ url: '/graphql' });
    const query = '# Lore: search symbols, then open one.\\nquery {\\n  searchCode(input: { query: "service", maxResults: 5 }) {\\n    results { uid kind qualifiedName path startLine score }\\n  }\\n}\\n';
    ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher, defaultQuery: query }));
  </script>
</body>
</html>`;

/** Apollo shows this page instead of its CDN-loaded landing page when a browser opens /graphql. */
export function graphiqlLandingPage(): NonNullable<ApolloDriverConfig['plugins']>[number] {
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html: GRAPHIQL_HTML };
        },
      };
    },
  };
}

@ApiExcludeController()
@Controller('graphql/assets')
export class GraphiqlAssetsController {
  @Get(':name')
  asset(@Param('name') name: string, @Res() res: Response): void {
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) throw new NotFoundException(`No asset ${name}`);
    res.type(asset.type).setHeader('Cache-Control', 'public, max-age=86400').sendFile(assetPath(asset));
  }
}
