import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const READINESS = '/api/v1/health/ready';
const LIVENESS = '/api/v1/health';

export interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

/**
 * One server process (`node --import tsx apps/server/src/server.ts`, as the brief's production
 * command), restartable on the same port. Its pino JSON lines are read as they come: which request
 * ids it saw (so a test knows which instance nginx picked), and its warnings and errors.
 */
export class AppInstance {
  readonly url: string;
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);
  /** Request id → the request as this instance logged it (pino's req serializer). */
  private readonly seen = new Map<string, { method?: string; url?: string; remoteAddress?: string }>();
  /** Warnings and errors (pino level ≥ 40) of every run of this instance, and what it printed that was not JSON. */
  readonly problems: string[] = [];
  starts = 0;
  /** What start() waits for; falls back to liveness when the server has no readiness route. */
  readyPath = READINESS;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    /** Told each started process's id (the run directory keeps them, see run-dir.ts). */
    private readonly onSpawn: (pid: number | undefined) => void = () => {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * Starts the process and waits until it is ready: GET /api/v1/health/ready answers 200 (or, on
   * a server without that route, GET /api/v1/health).
   */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    this.starts++;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...this.env,
        PORT: String(this.port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.onSpawn(child.pid);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    createInterface({ input: child.stdout! }).on('line', (line) => this.read(line));
    createInterface({ input: child.stderr! }).on('line', (line) => this.problems.push(`[stderr] ${line}`));

    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`${this.name} exited at start:\n${this.problems.join('\n')}`);
      try {
        const res = await fetch(`${this.url}${this.readyPath}`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return;
        if (res.status === 404 && this.readyPath !== LIVENESS) this.readyPath = LIVENESS;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Sends the signal and waits for the exit; resolves with the exit code (null after SIGKILL). */
  async stop(signal: NodeJS.Signals): Promise<number | null> {
    if (!this.running) return this.exited;
    this.child!.kill(signal);
    return this.exited;
  }

  /** Whether this instance logged a request with this id; waits briefly for the log line. */
  async handled(reqId: string, waitMs = 2000): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    while (!this.seen.has(reqId)) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  }

  /** The request with this id as this instance logged it, if it did. */
  requestLog(reqId: string) {
    return this.seen.get(reqId);
  }

  private read(line: string) {
    let entry: LogLine;
    try {
      entry = JSON.parse(line);
    } catch {
      this.problems.push(`[stdout] ${line}`);
      return;
    }
    if (entry.msg === 'incoming request' && entry.reqId)
      this.seen.set(entry.reqId, (entry.req as object) ?? {});
    if (entry.level >= 40) this.problems.push(line);
  }
}

/** Which of the instances logged this request id (the instance nginx chose). */
export async function whoHandled(instances: AppInstance[], reqId: string): Promise<AppInstance> {
  const deadline = Date.now() + 3000;
  for (;;) {
    for (const instance of instances) if (await instance.handled(reqId, 0)) return instance;
    if (Date.now() > deadline) throw new Error(`no instance logged request ${reqId}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
