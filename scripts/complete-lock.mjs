// Puts back into package-lock.json the platform binaries of Biome that npm 11 leaves out when it
// updates the lock on one machine (only this platform's are written), so that `npm ci` accepts the
// lock everywhere. Each entry names the platform it is for; npm installs none on other platforms,
// so no integrity is needed (the registry mirror here does not even carry them).
// Run after any `npm install <pkg>`: node scripts/complete-lock.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const biome = lock.packages['node_modules/@biomejs/biome'];
let added = 0;
for (const name of Object.keys(biome.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  // @biomejs/cli-<os>-<cpu>[-<libc>]
  const [os, cpu, libc] = name.slice('@biomejs/cli-'.length).split('-');
  lock.packages[key] = {
    version: biome.version,
    cpu: [cpu],
    dev: true,
    ...(libc ? { libc: [libc] } : {}),
    license: biome.license,
    optional: true,
    os: [os],
    engines: biome.engines,
  };
  added++;
}
const [root, ...rest] = Object.entries(lock.packages);
lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `added ${added} platform entries` : 'lock already complete');
