// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findViolations } from './check-imports.mjs';

let dir;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A src/ tree of the given files (path → source). */
function tree(files) {
  dir = mkdtempSync(join(tmpdir(), 'check-imports-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('check-imports', () => {
  it('accepts shared → features → app, and a feature importing itself', () => {
    const src = tree({
      'main.tsx': "import { router } from './app/router';",
      'app/router.tsx': "import { A } from '@/features/a/components/a';\nimport { x } from '../lib/x';",
      'app/routes/page.tsx': "import { B } from '../../features/b/components/b';",
      'features/a/components/a.tsx':
        "import { x } from '@/lib/x';\nimport { get } from '../api/get';\nimport { paths } from '../../../config/paths';",
      'features/a/api/get.ts': "import type { T } from '@app/contract';\nimport './a.css';",
      'features/b/components/b.tsx': "import { C } from '@/components/c';",
      'components/c.tsx': "import { x } from '../lib/x';\nimport { paths } from '@/config/paths';",
      'lib/x.ts': 'export const x = 1;',
      'config/paths.ts': 'export const paths = {};',
    });
    expect(findViolations(src)).toEqual([]);
  });

  it('rejects shared code importing a feature or app, by alias or relative path', () => {
    const src = tree({
      'components/c.tsx': "import { A } from '@/features/a/components/a';",
      'lib/x.ts': "import { router } from '../app/router';",
      'stores/s.ts': "export { A } from '../features/a/components/a';",
    });
    expect(findViolations(src)).toEqual([
      {
        file: 'components/c.tsx',
        line: 1,
        specifier: '@/features/a/components/a',
        message: 'components → features/a: shared code must not import a feature',
      },
      {
        file: 'lib/x.ts',
        line: 1,
        specifier: '../app/router',
        message: 'lib → app: shared code must not import app/',
      },
      {
        file: 'stores/s.ts',
        line: 1,
        specifier: '../features/a/components/a',
        message: 'stores → features/a: shared code must not import a feature',
      },
    ]);
  });

  it('rejects a feature importing app or another feature, statically or on demand', () => {
    const src = tree({
      'features/a/components/a.tsx': [
        "import { screens } from '@/app/routes/screens';",
        "import type { B } from '../../b/components/b';",
        "const C = () => import('@/features/c/components/c');",
      ].join('\n'),
    });
    expect(findViolations(src).map((v) => `${v.line} ${v.message}`)).toEqual([
      '1 features/a → app: a feature must not import app/',
      '2 features/a → features/b: features must not import each other: compose them in a route file under app/',
      '3 features/a → features/c: features must not import each other: compose them in a route file under app/',
    ]);
  });

  it('lets a commented exception through, and only that one', () => {
    const src = tree({
      'features/a/components/a.tsx': [
        '// check-imports-allow: the shared price table, until it moves to lib',
        "import { price } from '@/features/b/lib/price';",
        "import { other } from '@/features/b/lib/other';",
      ].join('\n'),
    });
    expect(findViolations(src).map((v) => v.specifier)).toEqual(['@/features/b/lib/other']);
  });
});
