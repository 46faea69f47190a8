// Runs autocannon in this separate process (so the load generator never shares the server's
// event loop) and prints its summary as one JSON line.
import autocannon from 'autocannon';

const { url, connections, duration, headers } = JSON.parse(process.argv[2]);
const result = await autocannon({ url, connections, duration, headers, pipelining: 1 });
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  }),
);
