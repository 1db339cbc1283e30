import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { sandboxPlugin } from './src/sandbox/vitePlugin';

export default defineConfig({
  plugins: [react(), sandboxPlugin()],
  build: { target: 'es2022', sourcemap: true },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
