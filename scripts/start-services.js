#!/usr/bin/env node
// `npm run start:services`: the product as separate processes on loopback (services/standalone/src/processes):
// each service its own process, two realtime processes behind the gateway, the Redis Streams bus and the real
// Redis at REDIS_URL (default redis://127.0.0.1:6379). The build step before it is in package.json's script.
const path = require('node:path');
const fs = require('node:fs');

const entry = path.join(__dirname, '..', 'services', 'standalone', 'dist', 'processes', 'main.js');
if (!fs.existsSync(entry)) {
  console.error(`The separate-processes runner is not built (${entry} is missing). Run "npm run build" first.`);
  process.exit(1);
}
console.log(require('./node-banner').nodeBanner('Verific (separate processes)'));
require(entry);
