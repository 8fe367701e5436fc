// Lets a forked child process run the workspace's TypeScript sources, as jest does: .ts files are compiled on
// load by @swc/core (the kit's register) and @dv/* packages resolve to their src/index.ts, never to a stale dist.
const path = require('node:path');
const Module = require('node:module');

require('../../../kit/src/testing/swc-register.cjs');

const root = path.resolve(__dirname, '..', '..', '..', '..');
const SOURCES = {
  '@dv/contracts': 'contracts/src/index.ts',
  '@dv/kit': 'services/kit/src/index.ts',
  '@dv/dev-idp': 'services/dev-idp/src/index.ts',
  '@dv/offices': 'services/offices/src/index.ts',
  '@dv/gateway': 'services/gateway/src/index.ts',
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWorkspaceSource(request, ...rest) {
  const source = SOURCES[request];
  return resolveFilename.call(this, source === undefined ? request : path.join(root, source), ...rest);
};
