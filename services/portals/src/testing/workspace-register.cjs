// Lets a forked child process (the rewrap command tests) run this workspace's TypeScript sources as jest does:
// the kit's register compiles .ts files on load and resolves @dv/* packages to their sources.
require('../../../kit/src/testing/swc-register.cjs');
