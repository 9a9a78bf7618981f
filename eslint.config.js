import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const root = import.meta.dirname;

/** The TypeScript sources of the app, every layer (tests excluded). */
const appSources = [
  'src-main/**/*.ts',
  'src-shared/**/*.ts',
  'src-preload/**/*.ts',
  'src-renderer/**/*.{ts,tsx}',
];

/**
 * One layer's import boundary: `import-x/no-restricted-paths` works on the resolved file, so a
 * relative import (`../../src-main/...`) is caught as surely as any other spelling.
 */
function boundary(files, zones) {
  return {
    files,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  };
}

/**
 * A host reaches the engine only through its public entry, src-main/core/index.ts (createCore, and
 * what core/public.ts re-exports): the rest of the engine may change shape without a host noticing.
 * Type imports too, since the rule sees every import.
 */
const engineEntryOnly = {
  target: [
    './src-main/headless',
    './src-main/cli',
    './src-main/electron',
    './src-main/index.ts',
    './src-main/host-start',
  ],
  from: './src-main/core',
  except: ['./index.ts'],
  message:
    'a host imports the engine only through its entry, src-main/core/index.ts: add what the host needs to src-main/core/public.ts.',
};

/** The engine's domains: the folders of src-main/core, but common/, the library under them all. */
const domains = readdirSync(join(root, 'src-main', 'core'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'common')
  .map((entry) => entry.name);

/**
 * Each domain has a face, its index.ts: another domain imports it only through that, so a domain's
 * other files can change without a reader of another domain noticing, and what a domain offers the
 * others is in one short file. The engine's root files (createCore and what it wires, public.ts)
 * are the composition root: they build each domain from its own files.
 */
const domainFaces = [
  ...domains.map((domain) => ({
    target: `./src-main/core/!(${domain})/**`,
    from: `./src-main/core/${domain}`,
    except: ['./index.ts'],
    message: `another domain imports ${domain}/ only through its face, ${domain}/index.ts: export what you need there.`,
  })),
  {
    target: './src-main/core/common',
    from: domains.map((domain) => `./src-main/core/${domain}`),
    message: 'common/ is the library under every domain: it imports none of them.',
  },
];

export default tseslint.config(
  {
    // test/fixtures/lint/ holds deliberate violations, linted only by test/unit/lint/ (ignore: false).
    ignores: [
      'out/',
      'out-bench/',
      'dist/',
      '.tsbuild/',
      'node_modules/',
      'test-results/',
      'resources/',
      'test/fixtures/lint/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only the files these cover when it follows imports (no-cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Imports are extensionless (bundler resolution): resolve them to the .ts/.tsx file on disk.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          // `e instanceof Error ? e.message : String(e)`, written out 25 times before.
          selector:
            "ConditionalExpression[test.operator='instanceof'][test.right.name='Error'][consequent.property.name='message'][alternate.callee.name='String']",
          message: 'Use errorText(err) from src-shared/contract/errors.ts.',
        },
      ],
    },
  },

  // Type-aware rules on every .ts/.tsx/.mjs file: each is in a project of the solution-style
  // tsconfig.json (node, web, shared, scripts), where the project service finds it. This file
  // (.js, in no project) is linted without types.
  {
    files: ['**/*.{ts,tsx,mjs}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // React's event props are typed `() => void`; an async handler there is fine as long as it
      // handles its own errors, which no-floating-promises checks inside it.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },

  // Layers. src-shared is imported by everyone and imports no other layer.
  boundary(
    ['src-shared/**'],
    [
      {
        target: './src-shared',
        from: ['./src-main', './src-renderer', './src-preload'],
        message: 'src-shared (contract, spec, rules) imports no other layer: everyone imports it.',
      },
    ],
  ),
  boundary(
    ['src-main/core/**'],
    [
      {
        target: './src-main/core',
        from: [
          './src-main/headless',
          './src-main/cli',
          './src-main/electron',
          './src-main/host-start',
          './src-main/sandbox',
          './src-main/index.ts',
          './src-renderer',
          './src-preload',
        ],
        message:
          'the engine (src-main/core) imports only itself and src-shared: hosts plug in through core/host-interface.ts.',
      },
      ...domainFaces,
    ],
  ),
  boundary(
    ['src-main/host-start/**'],
    [
      {
        target: './src-main/host-start',
        from: [
          './src-main/headless',
          './src-main/cli',
          './src-main/electron',
          './src-main/index.ts',
          './src-renderer',
          './src-preload',
        ],
        message:
          'the start-up every host shares imports the engine, the sandbox and src-shared, never a host or the UI: the hosts import it.',
      },
      engineEntryOnly,
    ],
  ),
  boundary(
    ['src-main/headless/**'],
    [
      {
        target: './src-main/headless',
        from: [
          './src-main/cli',
          './src-main/electron',
          './src-main/index.ts',
          './src-renderer',
          './src-preload',
        ],
        message:
          'the headless host imports the engine, the sandbox and src-shared, never the command line, the Electron shell or the UI.',
      },
      engineEntryOnly,
    ],
  ),
  boundary(
    ['src-main/cli/**'],
    [
      {
        target: './src-main/cli',
        from: ['./src-main/electron', './src-main/index.ts', './src-renderer', './src-preload'],
        message:
          'the command line (tp) imports the engine, the headless host, the sandbox and src-shared, never the Electron shell or the UI.',
      },
      engineEntryOnly,
    ],
  ),
  boundary(
    ['src-main/electron/**', 'src-main/index.ts'],
    [
      {
        target: ['./src-main/electron', './src-main/index.ts'],
        from: ['./src-renderer', './src-preload'],
        message:
          'the Electron shell reaches the renderer and the preload through their bundles, never an import.',
      },
      {
        target: ['./src-main/electron', './src-main/index.ts'],
        from: './src-main/headless',
        message:
          'the Electron shell never imports the headless host, another host: what both need lives in src-main/host-start/.',
      },
      engineEntryOnly,
    ],
  ),
  boundary(
    ['src-main/sandbox/**'],
    [
      {
        target: './src-main/sandbox',
        from: [
          './src-main/core',
          './src-main/headless',
          './src-main/cli',
          './src-main/electron',
          './src-main/index.ts',
          './src-renderer',
          './src-preload',
        ],
        message:
          'the sandbox is a separate platform server: it imports only itself and src-shared.',
      },
    ],
  ),
  boundary(
    ['src-renderer/**'],
    [
      {
        target: './src-renderer',
        from: '.',
        except: ['./src-renderer', './src-shared', './node_modules'],
        message:
          'the renderer imports only itself, src-shared and packages: it reaches the engine through the Bridge.',
      },
    ],
  ),
  {
    // The preload runs sandboxed: `electron` and the zod-free channel names are all it may load.
    // Type imports vanish at build time, so they may come from anywhere.
    files: ['src-preload/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!electron$|(\\.\\./)+src-shared/contract/channels$)',
              allowTypeImports: true,
              message:
                'the sandboxed preload loads only `electron` and src-shared/contract/channels (zod-free); anything else must be `import type`.',
            },
          ],
        },
      ],
    },
  },

  {
    // The engine runs in plain Node, in Electron and in tests: it must never reach for Electron.
    files: [
      'src-main/core/**/*.ts',
      'src-main/sandbox/**/*.ts',
      'src-main/host-start/**/*.ts',
      'src-main/headless/**/*.ts',
      'src-main/cli/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'core, host-start, headless, cli and sandbox stay Electron-free',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared layer runs in Node and in the page: no Node built-ins, no Electron.
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'src-shared runs in the page too: no Electron' },
            ...nodeBuiltins.map((name) => ({
              name,
              message: 'src-shared runs in the page too: no Node built-ins',
            })),
          ],
        },
      ],
    },
  },
  {
    // The renderer runs in a sandboxed page: no Node built-ins, no Electron.
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
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
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  {
    // Every exchange the engine sends is sent and journaled by api/send-exchange.ts: sendHttp
    // called anywhere else would skip the journal, its redaction, the size limit it is given and
    // the HTTPS rule of a call that carries a credential.
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/core/api/send-exchange.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)http-client$',
              importNames: ['sendHttp'],
              message:
                'send through src-main/core/api/send-exchange.ts (sendExchange, sendExchangeAs), which journals the exchange redacted; a call to the platform goes through the API client above it.',
            },
          ],
        },
      ],
    },
  },
  {
    // A cycle makes load order matter and keeps two modules from being understood apart.
    // Type-only imports are not followed: they vanish at build time.
    files: [
      'src-main/**/*.ts',
      'src-shared/**/*.ts',
      'src-renderer/**/*.{ts,tsx}',
      'test/fixtures/lint/**/*.ts',
    ],
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: appSources,
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
);
