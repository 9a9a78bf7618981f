import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default tseslint.config(
  { ignores: ['out/', '.tsbuild/', 'node_modules/', 'test-results/', 'resources/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The engine runs in plain Node, in Electron and in tests: it must never reach for Electron.
    files: ['src-main/core/**/*.ts', 'src-main/sandbox/**/*.ts', 'src-main/headless/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'core, host and sandbox stay Electron-free' }] },
      ],
    },
  },
  {
    // The renderer runs in a sandboxed page: no Node built-ins, no Electron.
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'the renderer talks to the engine through Bridge only' },
            ...nodeBuiltins.map((name) => ({ name, message: 'no Node built-ins in the renderer' })),
          ],
        },
      ],
    },
  },
);
