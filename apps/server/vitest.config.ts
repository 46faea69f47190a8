import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/setup/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores here: more workers only queue PGlite instances behind each other.
    maxWorkers: 2,
  },
});
