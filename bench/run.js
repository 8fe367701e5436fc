#!/usr/bin/env node
// `npm run bench -- <name> [options]`: runs bench/<name>.js. Benchmarks use the built workspaces (npm run build).
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

require(path.join(__dirname, `${name}.js`))
  .run(args)
  .then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
