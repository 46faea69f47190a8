import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A built SPA in miniature: index.html with the nonce placeholder, one hashed asset. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="" /><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  return dir;
}

function policy(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebBuild();
    t = await createTestApp({}, { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('every answer: strict policy, nosniff, referrer, permissions, no frames; no HSTS over http', async () => {
    for (const url of ['/api/v1/health', '/assets/index-abc.js', '/dashboard/script', '/api/v1/nowhere']) {
      const res = await t.app.inject({ url });
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.get('default-src'), url).toBe("'self'");
      expect(csp.get('script-src'), url).toMatch(/^'self'( 'nonce-[\w+/=]+')?$/);
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      expect(csp.get('object-src'), url).toBe("'none'");
      expect(csp.get('base-uri'), url).toBe("'self'");
      expect(csp.get('connect-src'), url).toBe("'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('index.html allows exactly the styles carrying its own fresh nonce, and no inline script', async () => {
    const nonces = [];
    for (const url of ['/', '/dashboard/script', '/index.html']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const nonce = /<meta name="csp-nonce" content="([\w+/=]{20,})" \/>/.exec(res.body)?.[1];
      expect(nonce, url).toBeDefined();
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.get('style-src')).toBe(`'self' 'nonce-${nonce}'`);
      expect(csp.get('script-src')).not.toContain('unsafe-inline');
      expect(csp.get('style-src')).not.toContain('unsafe-inline');
      // Style attributes (antd's growing text areas) are allowed; script attributes never.
      expect(csp.get('style-src-attr')).toBe("'unsafe-inline'");
      expect(csp.get('script-src-attr')).toBe("'none'");
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('API answers are never stored; hashed assets are cached for good', async () => {
    const user = await t.signIn();
    for (const url of [
      '/api/v1/user/info',
      '/api/v1/order/list',
      '/api/v1/persona/list',
      '/api/v1/topic/hot',
    ]) {
      const res = await t.app.inject({ url, headers: { authorization: `Bearer ${user.token}` } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const qr = await t.app.inject({ url: '/api/v1/user/qrcode?type=qr' });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['cache-control']).toBe('no-store');
    const asset = await t.app.inject({ url: '/assets/index-abc.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('HSTS when the site is served over https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://jiaoben.example.com' });
    try {
      const res = await https.app.inject({ url: '/api/v1/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });

  it('API docs: on outside production under their own policy; in production only with API_DOCS=1', async () => {
    const docs = await t.app.inject({ url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    // swagger-ui's own policy (no inline script either), in place of the site's.
    const docsPolicy = policy(docs.headers['content-security-policy']);
    expect(docsPolicy.get('img-src')).toContain('validator.swagger.io');
    expect(docsPolicy.get('script-src')).not.toContain('unsafe-inline');
    expect((await t.app.inject({ url: '/api/v1/openapi.json' })).statusCode).toBe(200);

    const prod = { NODE_ENV: 'production', ALLOW_DEV_PROVIDERS: '1' };
    const closed = await createTestApp(prod);
    const open = await createTestApp({ ...prod, API_DOCS: '1' });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/v1/openapi.json']) {
        const res = await closed.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ success: false });
      }
      expect((await open.app.inject({ url: '/api/v1/openapi.json' })).statusCode).toBe(200);
    } finally {
      await closed.close();
      await open.close();
    }
  });
});
