#!/usr/bin/env node
// The `lore` command: runs the compiled CLI (build first with `npm run build`).
require('../dist/apps/cli/src/main.js');
