import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'deploy-run-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How to end a process this test started (nginx's master by TERM, so its workers go too); none for a reused id. */
function signalFor(pid: number): NodeJS.Signals | undefined {
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
  if (cmdline.startsWith('nginx: master')) return 'SIGTERM';
  if (cmdline.includes('apps/server/src/server.ts')) return 'SIGKILL';
  return undefined;
}

/**
 * One run's directory in /tmp (deploy-run-<test pid>-…): nginx's prefix, and the ids of the
 * processes the run started. A run killed before its cleanup (a CI timeout) leaves both behind;
 * the next run ends those processes and removes the directory.
 */
export function openRunDir() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const owner = Number(name.slice(PREFIX.length).split('-')[0]);
    if (!Number.isInteger(owner) || owner <= 0 || alive(owner)) continue;
    const dir = join(tmpdir(), name);
    const pidsFile = join(dir, 'pids');
    const pids = existsSync(pidsFile) ? readFileSync(pidsFile, 'utf8').split('\n').map(Number) : [];
    for (const pid of pids) {
      const signal = pid > 0 && alive(pid) ? signalFor(pid) : undefined;
      if (signal) process.kill(pid, signal);
    }
    rmSync(dir, { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
  return {
    dir,
    /** Records a started process, for the next run to end if this one dies before its cleanup. */
    track(pid: number | undefined) {
      if (pid) appendFileSync(join(dir, 'pids'), `${pid}\n`);
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type RunDir = ReturnType<typeof openRunDir>;
