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

// @dv/contracts from its sources too, as jest's moduleNameMapper maps it: `npm test` runs before anything is
// built, so the package's dist/ may not exist yet.
const CONTRACTS_SOURCE = require('node:path').resolve(__dirname, '..', '..', '..', '..', 'contracts', 'src', 'index.ts');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWithContracts(request, ...rest) {
  return request === '@dv/contracts' ? CONTRACTS_SOURCE : resolveFilename.call(this, request, ...rest);
};
