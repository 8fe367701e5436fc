// An open-loop load generator: requests leave at a constant rate whatever the server does, and each one's latency
// is counted from the moment it was due to leave, not from when it left. A closed loop (autocannon's connections,
// each waiting for its answer before the next request) slows down with the server and so hides the very delays
// it should measure; autocannon's rate options still send each second's budget as a burst.
//
// Every tick sends the requests that have fallen due (timers fire a millisecond or so apart), over keep-alive
// connections opened as needed; a request that waits for a free connection waits on the clock too.
const http = require('node:http');

/** Latency percentiles of a sorted list of milliseconds. */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * GETs `url` with `headers` `rate` times a second for `seconds`: resolves with {sent, failed, p50, p99, max} (ms,
 * failed = not 2xx or no answer) once every request has its answer.
 */
function openLoop({ url, headers, rate, seconds, maxConnections = 256 }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxConnections });
  const total = Math.round(rate * seconds);
  const intervalNs = 1e9 / rate;
  const latencies = [];
  let sent = 0;
  let answered = 0;
  let failed = 0;

  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const finish = () => {
      answered += 1;
      if (answered < total) return;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      resolve({ sent, failed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? NaN });
    };
    const send = (dueNs) => {
      const request = http.request(
        { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: 'GET', headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(Number(process.hrtime.bigint() - start - dueNs) / 1e6);
            if (response.statusCode < 200 || response.statusCode > 299) failed += 1;
            finish();
          });
        },
      );
      request.on('error', () => {
        failed += 1;
        finish();
      });
      request.end();
    };
    const tick = () => {
      const now = process.hrtime.bigint() - start;
      while (sent < total) {
        const due = BigInt(Math.round(sent * intervalNs));
        if (due > now) break;
        sent += 1;
        send(due);
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
}

module.exports = { openLoop, percentile };
