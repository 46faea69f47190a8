// Prints the gzip size of the JavaScript the home route loads first: the entry chunk and what
// index.html preloads. Dashboard screens and heavy components must stay out of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const file of new Set(scripts)) {
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  console.info(`  ${file}  ${(size / 1024).toFixed(1)} KB gzip`);
}
console.info(`首页首屏 JavaScript（gzip）：${(total / 1024).toFixed(1)} KB（目标 ≤ 150 KB）`);
