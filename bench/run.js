#!/usr/bin/env node
// `npm run bench -- <name> [options]`: runs bench/<name>.js against the built workspaces. It first brings the
// services' build up to date (`tsc -b`, quick when nothing changed), so a fresh clone can run a benchmark at once.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const available = fs
  .readdirSync(__dirname)
  .filter((file) => file.endsWith('.js') && file !== 'run.js')
  .map((file) => file.slice(0, -'.js'.length));

const [name, ...args] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- <name> [options]\nBenchmarks: ${available.join(', ')}`);
  process.exit(name ? 1 : 0);
}

const root = path.join(__dirname, '..');
console.error('bringing the services build up to date (tsc -b) ...');
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b'], { cwd: root, stdio: 'inherit' });

require(path.join(__dirname, `${name}.js`))
  .run(args)
  .then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
