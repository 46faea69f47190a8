// The one-way import rule of the web app (bulletproof-react): shared → features → app.
//   - shared folders (components, lib, config, stores, hooks, utils, …) import neither features nor app;
//   - a feature imports neither app nor another feature (route files in app/ compose features);
//   - app imports anything.
// Biome's noRestrictedImports sees only the written specifier, so it cannot tell where `../../x`
// lands; this check resolves every '@/…' and relative specifier (static, dynamic and re-exports)
// of every file under src/ and fails with the offending file, line and rule.
// A deliberate exception is allowed by a comment on the line above the import:
//   // check-imports-allow: <why this one is fine>
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const ALLOW = /\/\/\s*check-imports-allow:\s*\S/;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** Where a path under src/ belongs: the app, one feature, or shared code. */
function layerOf(srcDir, path) {
  const parts = relative(srcDir, path).split(sep);
  if (parts[0] === '..' || parts.length === 0) return null; // outside src/: not ours to judge
  if (parts[0] === 'app') return { kind: 'app', name: 'app' };
  if (parts[0] === 'features') return { kind: 'feature', name: parts[1] ?? '' };
  if (parts.length === 1) return { kind: 'app', name: 'app' }; // main.tsx and other entry files
  // components, lib, config, stores, hooks, utils, styles… and any folder added later.
  return { kind: 'shared', name: parts[0] };
}

function describe(layer) {
  return layer.kind === 'feature' ? `features/${layer.name}` : layer.kind === 'app' ? 'app' : layer.name;
}

function ruleBroken(from, to) {
  if (from.kind === 'app') return null;
  if (from.kind === 'shared') {
    if (to.kind === 'app') return 'shared code must not import app/';
    if (to.kind === 'feature') return 'shared code must not import a feature';
    return null;
  }
  if (to.kind === 'app') return 'a feature must not import app/';
  if (to.kind === 'feature' && to.name !== from.name)
    return 'features must not import each other: compose them in a route file under app/';
  return null;
}

/** Every import of src/ that breaks the rule: { file, line, specifier, message } (paths relative to src). */
export function findViolations(srcDir) {
  const root = resolve(srcDir);
  const violations = [];
  for (const file of sourceFiles(root)) {
    const from = layerOf(root, file);
    if (!from || from.kind === 'app') continue;
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const { fileName: specifier, pos } of importedFiles) {
      let target;
      if (specifier.startsWith('@/')) target = join(root, specifier.slice(2));
      else if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
      else continue; // a package
      const to = layerOf(root, target);
      if (!to) continue;
      const message = ruleBroken(from, to);
      if (!message) continue;
      const line = text.slice(0, pos).split('\n').length;
      if (ALLOW.test(lines[line - 2] ?? '')) continue;
      violations.push({
        file: relative(root, file).split(sep).join('/'),
        line,
        specifier,
        message: `${describe(from)} → ${describe(to)}: ${message}`,
      });
    }
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const srcDir = process.argv[2] ?? fileURLToPath(new URL('../src', import.meta.url));
  const violations = findViolations(srcDir);
  for (const v of violations) console.error(`${v.file}:${v.line}  import '${v.specifier}'  — ${v.message}`);
  if (violations.length > 0) {
    console.error(
      `\n${violations.length} import(s) break the web import rule (shared → features → app).` +
        '\nMove the shared part down (components, lib, config…) or compose the features in app/.' +
        '\nA deliberate exception needs `// check-imports-allow: <why>` on the line above.',
    );
    process.exit(1);
  }
  console.info(`check-imports: ${relative(process.cwd(), srcDir) || '.'} follows shared → features → app.`);
}
