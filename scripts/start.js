#!/usr/bin/env node
// `npm start`: runs the standalone product (every service in one process, embedded adapters, demo data).
// The build step before it is in package.json's "start" script.
const path = require('node:path');
const fs = require('node:fs');

const entry = path.join(__dirname, '..', 'services', 'standalone', 'dist', 'main.js');
if (!fs.existsSync(entry)) {
  console.error(`The standalone runner is not built (${entry} is missing). Run "npm run build" first.`);
  process.exit(1);
}
console.log(require('./node-banner').nodeBanner('Verific (standalone)'));
require(entry);
