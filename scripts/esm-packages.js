// Lists the packages installed under node_modules, nested node_modules folders included, whose package.json
// declares "type": "module". Used by jest.config.js to decide which dependencies must be transformed to CommonJS.
const fs = require('node:fs');
const path = require('node:path');

function readType(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).type;
  } catch {
    return undefined;
  }
}

function packagesIn(modulesDir) {
  let entries;
  try {
    entries = fs.readdirSync(modulesDir, { withFileTypes: true });
  } catch {
    return [];
  }
  const names = [];
  for (const entry of entries) {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
    if (entry.name.startsWith('.')) continue;
    if (entry.name.startsWith('@')) {
      for (const scoped of packagesIn(path.join(modulesDir, entry.name))) {
        names.push(`${entry.name}/${scoped}`);
      }
    } else {
      names.push(entry.name);
    }
  }
  return names;
}

/** ESM package names in `modulesDir` and in every package's own node_modules below it. */
function collectEsm(modulesDir, found) {
  for (const name of packagesIn(modulesDir)) {
    const dir = path.join(modulesDir, name);
    if (readType(dir) === 'module') found.add(name);
    collectEsm(path.join(dir, 'node_modules'), found);
  }
  return found;
}

function esmOnlyPackages(rootDir) {
  return [...collectEsm(path.join(rootDir, 'node_modules'), new Set())].sort();
}

/**
 * jest's transformIgnorePatterns entry: a file is left alone when the innermost package holding it (the name
 * after its last node_modules/) is not one of `esm`.
 */
function ignoreUnlessEsm(esm) {
  if (esm.length === 0) return '/node_modules/';
  const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `/node_modules/(?!(?:${esm.map(escape).join('|')})/)(?:(?!/node_modules/).)*$`;
}

module.exports = { esmOnlyPackages, ignoreUnlessEsm };
