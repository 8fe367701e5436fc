#!/usr/bin/env node
// Keeps package-lock.json installable with `npm ci` everywhere.
//
// Native packages (@swc/core, unrs-resolver, ...) list one optional dependency per platform. When the registry a
// machine uses holds only some of those platform builds, `npm install` leaves the others out of the lock file,
// and `npm ci` then refuses the lock ("Missing: @swc/core-darwin-arm64@ from lock file"). This script records
// every such optional platform package with the version its parent asks for and the os/cpu/libc its name states,
// so npm ci sees a complete lock and skips the builds that do not fit the machine. It changes nothing else and
// does nothing when the lock is already complete. It runs after every install (the root "postinstall").
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const OSES = new Set(['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony']);
const CPUS = new Set(['x64', 'arm64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32', 'mips64el']);
const LIBCS = { gnu: 'glibc', gnueabihf: 'glibc', musl: 'musl', musleabihf: 'musl' };

/** The platform a package's name states ('@swc/core-linux-arm-gnueabihf' -> linux, arm, glibc), or undefined. */
function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((token) => OSES.has(token));
  const cpu = tokens.find((token) => CPUS.has(token));
  if (!os && cpu !== 'wasm32') return undefined;
  const libc = tokens.map((token) => LIBCS[token]).find(Boolean);
  return { os, cpu, libc };
}

/** Where npm would look for `dep` required by the package at `from` (its own node_modules, then each ancestor's). */
function isRecorded(packages, from, dep) {
  let prefix = from;
  for (;;) {
    if (packages[`${prefix ? `${prefix}/` : ''}node_modules/${dep}`]) return true;
    if (!prefix) return false;
    const cut = prefix.lastIndexOf('/node_modules/');
    prefix = cut > 0 ? prefix.slice(0, cut) : '';
  }
}

function completeLockfile(lockPath) {
  if (!fs.existsSync(lockPath)) return [];
  const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
  const packages = lock.packages ?? {};
  const added = [];
  for (const [key, meta] of Object.entries(packages)) {
    // Workspace links and the root declare their own optional dependencies; only installed packages are completed.
    if (!key.includes('node_modules/')) continue;
    for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
      if (isRecorded(packages, key, dep)) continue;
      const platform = platformOf(dep);
      if (!platform) continue;
      packages[`node_modules/${dep}`] = {
        version,
        optional: true,
        ...(platform.cpu ? { cpu: [platform.cpu] } : {}),
        ...(platform.libc ? { libc: [platform.libc] } : {}),
        ...(platform.os ? { os: [platform.os] } : {}),
      };
      added.push(`${dep}@${version}`);
    }
  }
  if (added.length === 0) return added;
  const sorted = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
  );
  fs.writeFileSync(lockPath, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
  return added;
}

if (require.main === module) {
  const added = completeLockfile(path.join(__dirname, '..', 'package-lock.json'));
  if (added.length > 0) console.log(`package-lock.json: recorded ${added.length} optional platform packages`);
}

module.exports = { completeLockfile, platformOf };
