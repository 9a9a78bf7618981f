import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// Three builds: the Node side (Electron main, headless host, standalone sandbox and the `tp`
// command line share one bundle graph), the preload, and the renderer that both the Electron
// window and the headless host serve.
export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        input: {
          index: resolve('src-main/index.ts'),
          serve: resolve('src-main/headless/serve.ts'),
          sandbox: resolve('src-main/sandbox/cli.ts'),
          tp: resolve('src-main/cli/tp.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rolldownOptions: {
        input: { index: resolve('src-preload/index.ts') },
        // A sandboxed preload cannot load ES modules: it must be one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src-renderer'),
    build: {
      rolldownOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
    plugins: [react()],
  },
});
