import { defineConfig } from 'vitest/config';

// npm run test:deploy: nginx + three server processes + PostgreSQL, one file, in order.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    fileParallelism: false,
    reporters: ['verbose'],
  },
});
