const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { esmOnlyPackages, ignoreUnlessEsm } = require('./esm-packages');

function writePackage(dir, manifest) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
}

describe('ESM-only packages for jest', () => {
  let root;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dv-esm-packages-'));
    const modules = path.join(root, 'node_modules');
    writePackage(path.join(modules, 'plain'), { name: 'plain' });
    writePackage(path.join(modules, 'modern'), { name: 'modern', type: 'module' });
    writePackage(path.join(modules, '@scope', 'esm'), { name: '@scope/esm', type: 'module' });
    // A CommonJS package holding its own, ESM-only copy of a dependency.
    writePackage(path.join(modules, 'holder'), { name: 'holder' });
    writePackage(path.join(modules, 'holder', 'node_modules', 'nested-esm'), { name: 'nested-esm', type: 'module' });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('finds them at the top, in scopes and nested in other packages', () => {
    expect(esmOnlyPackages(root)).toEqual(['@scope/esm', 'modern', 'nested-esm']);
  });

  it('leaves a file alone only when the innermost package holding it is not ESM-only', () => {
    const ignored = new RegExp(ignoreUnlessEsm(esmOnlyPackages(root)));
    expect(ignored.test('/r/node_modules/plain/index.js')).toBe(true);
    expect(ignored.test('/r/node_modules/holder/index.js')).toBe(true);
    expect(ignored.test('/r/node_modules/modern/dist/index.js')).toBe(false);
    expect(ignored.test('/r/node_modules/@scope/esm/index.js')).toBe(false);
    expect(ignored.test('/r/node_modules/holder/node_modules/nested-esm/index.js')).toBe(false);
    expect(ignored.test('/r/node_modules/modern/node_modules/plain/index.js')).toBe(true);
  });

  it('ignores every dependency when none is ESM-only', () => {
    expect(new RegExp(ignoreUnlessEsm([])).test('/r/node_modules/plain/index.js')).toBe(true);
  });
});
