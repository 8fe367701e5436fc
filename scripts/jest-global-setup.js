// Jest's global setup: prints which Node the suite runs on (CI logs show it).
'use strict';
const { nodeBanner } = require('./node-banner');

module.exports = async function globalSetup() {
  console.log(`\n${nodeBanner('npm test')}`);
};
