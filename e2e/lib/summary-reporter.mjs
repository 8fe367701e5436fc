/**
 * The run's last line, `N passed, N failed` (', N skipped' when some did not run), after the list reporter's
 * own lines: the line the README, CI and the people reading its log look for. A test that passed only on a
 * retry counts as passed and is named above it; an error outside any test (the stack did not start) counts as
 * one failure, so such a run never reads as green.
 */
export default class SummaryReporter {
  suite;
  outsideErrors = 0;

  printsToStdio() {
    return true;
  }

  onBegin(_config, suite) {
    this.suite = suite;
  }

  onError() {
    this.outsideErrors += 1;
  }

  onEnd() {
    const tests = this.suite?.allTests() ?? [];
    // `--list` runs nothing and has nothing to sum up.
    if (this.outsideErrors === 0 && tests.length > 0 && tests.every((test) => test.results.length === 0)) return;
    const count = (outcome) => tests.filter((test) => test.outcome() === outcome).length;
    const flaky = tests.filter((test) => test.outcome() === 'flaky').map((test) => test.title);
    if (flaky.length > 0) console.log(`passed only on a retry: ${flaky.join(', ')}`);
    const passed = count('expected') + flaky.length;
    const failed = count('unexpected') + (this.outsideErrors > 0 ? 1 : 0);
    const skipped = count('skipped');
    console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
  }
}
