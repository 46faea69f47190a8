// `npm run bench`: everything it measures runs on 127.0.0.1, loaded from separate processes; each
// figure is the median of ≥3 rounds after a warm-up and is reported next to a baseline measured in
// the same run. PGlite by default, PostgreSQL when DATABASE_URL is set. See BENCHMARKS.md.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { freePort, removeDir, root, rssKb, startApp, startProcess, tempDir } from './lib/app-process.mjs';
import { startFakeLlm } from './lib/fake-llm.mjs';
import { firstDeltaMs } from './lib/first-byte.mjs';
import { login } from './lib/login.mjs';

const SMOKE = process.argv.includes('--smoke');
const ROUNDS = SMOKE ? 1 : 3;
const DURATION = SMOKE ? 2 : 10;
const CONNECTIONS = 50;
const STREAMS = SMOKE ? 500 : 10_000;
const COMPLETE = SMOKE ? 100 : 1_000;
const databaseUrl = process.env.DATABASE_URL;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const results = {
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  database: databaseUrl ? 'postgres' : 'pglite',
  smoke: SMOKE,
  at: new Date().toISOString(),
};
const log = (...a) => console.error('·', ...a);

function load(url, headers = {}, duration = DURATION) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'bench/lib/load.mjs'),
        JSON.stringify({ url, connections: CONNECTIONS, duration, headers }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load exited ${code}`)),
    );
  });
}

async function rounds(url, headers) {
  await load(url, headers, SMOKE ? 1 : 3); // warm-up
  const all = [];
  for (let i = 0; i < ROUNDS; i++) all.push(await load(url, headers));
  return {
    rps: median(all.map((r) => r.rps)),
    p50: median(all.map((r) => r.p50)),
    p99: median(all.map((r) => r.p99)),
    errors: all.reduce((n, r) => n + r.errors, 0),
  };
}

async function withApp(fn, env) {
  const dataDir = tempDir('bench-db-');
  const app = await startApp({ dataDir: join(dataDir, 'pglite'), databaseUrl, env });
  try {
    return await fn(app);
  } finally {
    await app.stop();
    removeDir(dataDir);
  }
}

// 4. Cold start: fresh data directory (migrations included) and existing one. Baseline: bare Fastify.
async function coldStart() {
  log('cold start');
  const bare = [];
  for (let i = 0; i < ROUNDS; i++) {
    const p = await startProcess({ port: await freePort(), args: ['bench/lib/bare-server.mjs'] });
    bare.push(p.startMs);
    await p.stop();
  }
  const fresh = [];
  const existing = [];
  for (let i = 0; i < ROUNDS; i++) {
    const dir = tempDir('bench-cold-');
    const dataDir = join(dir, 'pglite');
    let app = await startApp({ dataDir, databaseUrl });
    fresh.push(app.startMs);
    await app.stop();
    app = await startApp({ dataDir, databaseUrl });
    existing.push(app.startMs);
    await app.stop();
    removeDir(dir);
  }
  results.coldStart = { bareMs: median(bare), freshMs: median(fresh), existingMs: median(existing) };
}

// 1 + 5. API throughput against the bare server; memory idle and after load.
async function throughput() {
  log('API throughput');
  await withApp(async (app) => {
    const token = await login(app.url, 'bench');
    const headers = { authorization: `Bearer ${token}` };
    const info = await (await fetch(`${app.url}/api/v1/user/info`, { headers })).text();
    const hot = await (await fetch(`${app.url}/api/v1/topic/hot`, { headers })).text();
    const idleRss = await rssKb(app.pid);
    const userInfo = await rounds(`${app.url}/api/v1/user/info`, headers);
    const topicHot = await rounds(`${app.url}/api/v1/topic/hot`, headers);
    const loadedRss = await rssKb(app.pid);
    const bareFor = async (bytes) => {
      const p = await startProcess({
        port: await freePort(),
        args: ['bench/lib/bare-server.mjs'],
        env: { BODY_BYTES: String(bytes) },
      });
      try {
        return await rounds(`${p.url}/static`, {});
      } finally {
        await p.stop();
      }
    };
    results.throughput = {
      userInfo: { ...userInfo, bytes: info.length, bare: await bareFor(info.length) },
      topicHot: { ...topicHot, bytes: hot.length, bare: await bareFor(hot.length) },
    };
    results.memory = { idleRssMb: idleRss / 1024, afterLoadRssMb: loadedRss / 1024 };
  });
}

// 2. Login streams: N open on instance A, completions through instance B sharing the database.
async function loginStreams() {
  log(`login streams (${STREAMS})`);
  const dataDir = tempDir('bench-streams-');
  const a = await startApp({ dataDir: join(dataDir, 'pglite'), databaseUrl });
  // On PGlite one data directory belongs to one process: B is A itself (said in the report).
  const b = databaseUrl ? await startApp({ databaseUrl }) : a;
  try {
    const child = spawn(
      process.execPath,
      [
        '--max-old-space-size=4096',
        join(root, 'bench/lib/stream-clients.mjs'),
        JSON.stringify({ aUrl: a.url, bUrl: b.url, total: STREAMS, complete: COMPLETE }),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: child.stdout });
    const next = () => new Promise((r) => lines.once('line', (l) => r(JSON.parse(l))));
    await next(); // states created
    await new Promise((r) => setTimeout(r, 1000));
    const before = await rssKb(a.pid);
    child.stdin.write('open\n');
    const opened = await next();
    await new Promise((r) => setTimeout(r, 2000));
    const after = await rssKb(a.pid);
    child.stdin.write('complete\n');
    const done = await next();
    results.loginStreams = {
      streams: opened.count,
      openMs: opened.ms,
      rssPerStreamKb: (after - before) / opened.count,
      twoInstances: Boolean(databaseUrl),
      ...done,
    };
  } finally {
    if (b !== a) await b.stop();
    await a.stop();
    removeDir(dataDir);
  }
}

// 3. Generation first byte: builtin at zero pacing; openai against a fake upstream with a fixed delay.
async function firstByte() {
  log('generation first byte');
  const n = SMOKE ? 3 : 9;
  const measure = async (app) => {
    const token = await login(app.url, 'bench-gen');
    await firstDeltaMs(app.url, token); // warm-up
    const xs = [];
    for (let i = 0; i < n; i++) xs.push(await firstDeltaMs(app.url, token));
    return median(xs);
  };
  const builtinMs = await withApp(measure, { LLM_MODE: 'builtin', LLM_PACE_MS: '0' });
  const delayMs = 200;
  const llm = await startFakeLlm(delayMs);
  try {
    const openaiMs = await withApp(measure, {
      LLM_MODE: 'openai',
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'k',
    });
    results.firstByte = { builtinMs, upstreamDelayMs: delayMs, openaiMs, overheadMs: openaiMs - delayMs };
  } finally {
    llm.close();
  }
}

const f = (x, d = 1) => (x === null || x === undefined ? '—' : Number(x).toFixed(d));
function report() {
  const t = results.throughput;
  const rows = [];
  if (t) {
    for (const [name, r] of [
      ['GET /user/info', t.userInfo],
      ['GET /topic/hot', t.topicHot],
    ]) {
      rows.push([
        name,
        `${f(r.rps, 0)} req/s`,
        `bare ${f(r.bare.rps, 0)} req/s`,
        `${f((100 * r.rps) / r.bare.rps)}%`,
        `p50 ${r.p50} ms · p99 ${r.p99} ms · errors ${r.errors}`,
      ]);
    }
  }
  const s = results.loginStreams;
  if (s)
    rows.push([
      `${s.streams} QR streams`,
      `${f(s.rssPerStreamKb)} KB/stream`,
      s.twoInstances ? 'A+B on PostgreSQL' : 'one instance (PGlite)',
      `${s.completed}/${s.completed + s.lost} completed`,
      `scan→event p50 ${f(s.p50)} ms · p99 ${f(s.p99)} ms · lost ${s.lost} · still open ${s.stillOpen}/${s.untouched}`,
    ]);
  const g = results.firstByte;
  if (g)
    rows.push([
      'first delta',
      `builtin ${f(g.builtinMs)} ms`,
      `upstream delay ${g.upstreamDelayMs} ms`,
      `openai ${f(g.openaiMs)} ms`,
      `overhead ${f(g.overheadMs)} ms`,
    ]);
  const c = results.coldStart;
  if (c)
    rows.push([
      'cold start',
      `fresh ${f(c.freshMs, 0)} ms`,
      `existing ${f(c.existingMs, 0)} ms`,
      `bare Fastify ${f(c.bareMs, 0)} ms`,
      '',
    ]);
  const m = results.memory;
  if (m)
    rows.push(['server RSS', `idle ${f(m.idleRssMb)} MB`, `after load ${f(m.afterLoadRssMb)} MB`, '', '']);
  const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...rows.map((r) => String(r[i]).length)));
  console.log(
    `\nbench · ${results.database} · ${results.machine.cpus} cores · ${results.machine.cpu} · node ${results.machine.node}${SMOKE ? ' · SMOKE' : ''}`,
  );
  for (const r of rows) console.log(r.map((c, i) => String(c).padEnd(widths[i])).join('  │  '));
}

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const parts = { coldStart, throughput, loginStreams, firstByte };
ensureBuilt();
const started = Date.now();
for (const [name, fn] of Object.entries(parts)) {
  if (only && !only.includes(name)) continue;
  try {
    await fn();
  } catch (error) {
    results[name] = { error: String(error?.message ?? error) };
    log(`${name} failed: ${error?.message ?? error}`);
  }
}
results.totalSec = Math.round((Date.now() - started) / 1000);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
report();
console.log(`\n${results.totalSec} s · bench/results/latest.json`);
