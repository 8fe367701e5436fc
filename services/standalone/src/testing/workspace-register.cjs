// Lets a forked child process run the workspace's TypeScript sources, as jest does: .ts files are compiled on
// load by @swc/core (the kit's register) and @dv/* packages resolve to their src/index.ts, never to a stale dist.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

require('../../../kit/src/testing/swc-register.cjs');

const root = path.resolve(__dirname, '..', '..', '..', '..');

/** Every workspace package that has sources: '@dv/bugs' -> '<root>/services/bugs/src/index.ts'. */
function workspaceSources() {
  const folders = ['contracts', ...fs.readdirSync(path.join(root, 'services')).map((name) => path.join('services', name))];
  const sources = {};
  for (const folder of folders) {
    const manifest = path.join(root, folder, 'package.json');
    const entry = path.join(root, folder, 'src', 'index.ts');
    if (fs.existsSync(manifest) && fs.existsSync(entry)) sources[JSON.parse(fs.readFileSync(manifest, 'utf8')).name] = entry;
  }
  return sources;
}

const SOURCES = workspaceSources();

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWorkspaceSource(request, ...rest) {
  const source = SOURCES[request];
  return resolveFilename.call(this, source ?? request, ...rest);
};
