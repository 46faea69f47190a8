// Holds many QR status streams open against instance A, then completes some of them through the
// dev scan call on instance B and measures scan → event latency at the client. Runs in its own
// process; talks to the parent with JSON lines (stdout) and commands (stdin).
import http from 'node:http';
import { createInterface } from 'node:readline';
import { createParser } from 'eventsource-parser';
import { confirmScan, createState } from './login.mjs';

const { aUrl, bUrl, total, complete, concurrency = 50 } = JSON.parse(process.argv[2]);
const say = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

async function pool(n, limit, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, n) }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

const streams = [];
/** Opens one stream; resolves when its first event (status waiting) arrived. */
function open(state) {
  return new Promise((resolve, reject) => {
    const s = { state, status: 'connecting', onComplete: null, closed: false };
    streams.push(s);
    const req = http.get(
      `${aUrl}/api/v1/user/qrcode?state=${state}&code=`,
      { agent, headers: { accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
        const parser = createParser({
          onEvent(e) {
            const data = JSON.parse(e.data);
            const first = s.status === 'connecting';
            s.status = data.status;
            if (first) resolve();
            if (data.status === 'complete') s.onComplete?.(data);
          },
        });
        res.setEncoding('utf8');
        res.on('data', (chunk) => parser.feed(chunk));
        res.on('close', () => {
          s.closed = true;
        });
      },
    );
    req.on('error', reject);
  });
}

const states = [];
await pool(total, concurrency, async () => {
  states.push(await createState(aUrl));
});
say({ phase: 'states', count: states.length });
await new Promise((r) => createInterface({ input: process.stdin }).once('line', r));

const openedAt = performance.now();
await pool(states.length, 500, async (i) => open(states[i]));
say({ phase: 'opened', count: streams.length, ms: Math.round(performance.now() - openedAt) });

const rl = createInterface({ input: process.stdin });
await new Promise((r) => rl.once('line', r));

const latencies = [];
let lost = 0;
await pool(complete, 20, async (i) => {
  const s = streams[i];
  const done = new Promise((resolve) => {
    s.onComplete = resolve;
  });
  const t0 = performance.now();
  await confirmScan(bUrl, s.state);
  const timeout = new Promise((r) => setTimeout(() => r('timeout'), 5000));
  if ((await Promise.race([done, timeout])) === 'timeout') lost++;
  else latencies.push(performance.now() - t0);
});
const stillOpen = streams.slice(complete).filter((s) => !s.closed && s.status === 'waiting').length;
latencies.sort((a, b) => a - b);
const pct = (p) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? null;
say({
  phase: 'completed',
  completed: latencies.length,
  lost,
  p50: pct(50),
  p99: pct(99),
  stillOpen,
  untouched: streams.length - complete,
});
process.exit(0);
