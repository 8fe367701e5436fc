/**
 * A benchmark file's entry point: run as a script, it measures (`run` with the arguments), or, started with a
 * role's flag by the benchmark itself (fork(__filename, [flag])), serves that role as a child process. A failure
 * is printed and ends the process with code 1.
 */
function runAsMain(mainModule, run, roles = {}) {
  if (require.main !== mainModule) return;
  const [flag] = process.argv.slice(2);
  const serve = Object.hasOwn(roles, flag) ? roles[flag] : undefined;
  (serve ? serve() : run(process.argv.slice(2))).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { runAsMain };
