// Lists the packages installed under node_modules whose package.json declares "type": "module".
// Used by jest.config.js to decide which dependencies must be transformed to CommonJS.
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

function esmOnlyPackages(rootDir) {
  const modulesDir = path.join(rootDir, 'node_modules');
  return packagesIn(modulesDir).filter((name) => readType(path.join(modulesDir, name)) === 'module');
}

module.exports = { esmOnlyPackages };
