// Lets a forked child process (crash and shutdown tests) require the kit's TypeScript sources directly,
// compiled on load by @swc/core the same way jest compiles them, so children run the code under test.
const fs = require('node:fs');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

function compile(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
}

Module._extensions['.ts'] = compile;

// The workspace packages from their sources too, as jest's moduleNameMapper maps them: `npm test` runs before
// anything is built, so a package's dist/ may not exist yet.
const path = require('node:path');
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
function workspaceSource(request) {
  if (request === '@dv/contracts') return path.join(ROOT, 'contracts', 'src', 'index.ts');
  if (request === '@dv/kit/testing') return path.join(ROOT, 'services', 'kit', 'src', 'testing', 'index.ts');
  const match = /^@dv\/([a-z-]+)(?:\/testing)?$/.exec(request);
  if (!match) return undefined;
  const entry = request.endsWith('/testing') ? path.join('testing', 'index.ts') : 'index.ts';
  const file = path.join(ROOT, 'services', match[1], 'src', entry);
  return fs.existsSync(file) ? file : undefined;
}
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWorkspaceSources(request, ...rest) {
  return workspaceSource(request) ?? resolveFilename.call(this, request, ...rest);
};
