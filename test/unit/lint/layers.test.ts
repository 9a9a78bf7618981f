// The lint's rules, each shown firing. Probe code is linted as if it were an existing file of a
// layer (lintText with that file's path): the import resolver and the TypeScript project service
// need a real file there, and lintText lints the given text instead of the file's content.
import { ESLint, type Linter } from 'eslint';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

// One existing file per layer, to lint probe code as.
const RENDERER_FILE = 'src-renderer/src/features/inbound/KeySection.tsx';
const CORE_FILE = 'src-main/core/dispatch.ts';
const DOMAIN_FILE = 'src-main/core/runner/run-end.ts';
const COMMON_FILE = 'src-main/core/common/file-param.ts';
const SANDBOX_FILE = 'src-main/sandbox/config.ts';
const PRELOAD_FILE = 'src-preload/index.ts';
const SHARED_FILE = 'src-shared/spec/index.ts';
const CLI_FILE = 'src-main/cli/help.ts';

// The import boundaries need no types: this instance skips the TypeScript program, which keeps
// these tests fast. The type-aware rules get their own instance below.
const untyped = new ESLint({
  cwd: root,
  ignore: false,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});
const typed = new ESLint({ cwd: root });

/** The import specifier `from` would write for `to` (both repository-relative, `to` extensionless). */
function specifier(from: string, to: string): string {
  const path = relative(dirname(join(root, from)), join(root, to)).replaceAll('\\', '/');
  return path.startsWith('.') ? path : `./${path}`;
}

async function lintAs(
  file: string,
  code: string,
  eslint: ESLint = untyped,
): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  if (!result) throw new Error(`no lint result for ${file}`);
  return result.messages;
}

// The first lint of an instance loads the plugins and resolves the config: seconds on a busy
// machine; the typed instance also builds the TypeScript program.
const SLOW = { timeout: 60_000 };

const rulesOf = (messages: Linter.LintMessage[]) => messages.map((m) => m.ruleId);

describe('layer boundaries (import-x/no-restricted-paths on resolved paths)', SLOW, () => {
  it('stops the renderer importing the engine, and names who may import what', async () => {
    const to = specifier(RENDERER_FILE, 'src-main/core/log/journal');
    const messages = await lintAs(RENDERER_FILE, `export { Journal } from '${to}';\n`);
    expect(rulesOf(messages)).toContain('import-x/no-restricted-paths');
    expect(messages.map((m) => m.message).join('\n')).toMatch(
      /renderer imports only itself, src-shared/,
    );
  });

  it('lets the renderer import src-shared', async () => {
    const to = specifier(RENDERER_FILE, 'src-shared/contract');
    const messages = await lintAs(RENDERER_FILE, `export { CommandError } from '${to}';\n`);
    expect(messages).toEqual([]);
  });

  it('stops the engine importing the headless host', async () => {
    const to = specifier(CORE_FILE, 'src-main/headless/listen');
    const messages = await lintAs(CORE_FILE, `export * from '${to}';\n`);
    expect(rulesOf(messages)).toContain('import-x/no-restricted-paths');
  });

  it('stops the command line importing the Electron shell, and lets it import the headless host', async () => {
    const shell = specifier(CLI_FILE, 'src-main/electron/settings');
    const refused = await lintAs(CLI_FILE, `export * from '${shell}';\n`);
    expect(refused.map((m) => m.message).join('\n')).toMatch(/the command line \(tp\) imports/);
    const headless = specifier(CLI_FILE, 'src-main/headless/listen');
    expect(await lintAs(CLI_FILE, `export * from '${headless}';\n`)).toEqual([]);
  });

  it('stops the headless host importing the command line', async () => {
    const to = specifier('src-main/headless/listen.ts', 'src-main/cli/help');
    const messages = await lintAs('src-main/headless/listen.ts', `export * from '${to}';\n`);
    expect(rulesOf(messages)).toContain('import-x/no-restricted-paths');
  });

  it('stops the shared start-up importing a host, and the engine importing the start-up', async () => {
    const start = 'src-main/host-start/start-steps.ts';
    const host = specifier(start, 'src-main/headless/listen');
    const refused = await lintAs(start, `export * from '${host}';\n`);
    expect(refused.map((m) => m.message).join('\n')).toMatch(/start-up every host shares/);
    const sandbox = specifier(start, 'src-main/sandbox/embedded');
    expect(await lintAs(start, `export * from '${sandbox}';\n`)).toEqual([]);
    const fromCore = specifier(CORE_FILE, 'src-main/host-start/start-steps');
    const messages = await lintAs(CORE_FILE, `export * from '${fromCore}';\n`);
    expect(rulesOf(messages)).toContain('import-x/no-restricted-paths');
  });

  // One file of each host (the CLI's subcommand folders too), each its own test: the entry imports
  // the whole engine, which import-x/no-cycle follows, so each host's lints take seconds.
  it.each([
    'src-main/headless/listen.ts',
    CLI_FILE,
    'src-main/cli/mcp/tool-context.ts',
    'src-main/electron/settings.ts',
    'src-main/index.ts',
    'src-main/host-start/start-steps.ts',
  ])('lets %s import the engine only through its entry (src-main/core/index.ts)', async (host) => {
    const inside = specifier(host, 'src-main/core/runner/run-to-end');
    const refused = await lintAs(host, `export { runToEnd } from '${inside}';\n`);
    expect(refused.map((m) => m.message).join('\n')).toMatch(
      /imports the engine only through its entry/,
    );
    // A type import reaches past the entry as surely as a value import.
    const typeOnly = `export type { Core } from '${specifier(host, 'src-main/core/core')}';\n`;
    expect(rulesOf(await lintAs(host, typeOnly))).toContain('import-x/no-restricted-paths');
    const entry = specifier(host, 'src-main/core/index');
    expect(await lintAs(host, `export { runToEnd } from '${entry}';\n`)).toEqual([]);
  });

  it('stops the Electron shell importing the headless host, and lets it import host-start/', async () => {
    for (const shell of ['src-main/electron/ipc.ts', 'src-main/index.ts']) {
      const headless = specifier(shell, 'src-main/headless/settings');
      const refused = await lintAs(shell, `export * from '${headless}';\n`);
      expect(refused.map((m) => m.message).join('\n'), shell).toMatch(
        /Electron shell never imports the headless host/,
      );
      const shared = specifier(shell, 'src-main/host-start/log-batcher');
      expect(await lintAs(shell, `export * from '${shared}';\n`), shell).toEqual([]);
    }
  });

  it("stops a domain importing another domain's own files, and lets it import that domain's face", async () => {
    const inside = specifier(DOMAIN_FILE, 'src-main/core/log/journal');
    const refused = await lintAs(DOMAIN_FILE, `export type { Journal } from '${inside}';\n`);
    expect(rulesOf(refused)).toContain('import-x/no-restricted-paths');
    expect(refused.map((m) => m.message).join('\n')).toMatch(
      /only through its face, log\/index\.ts/,
    );

    const face = specifier(DOMAIN_FILE, 'src-main/core/log');
    expect(await lintAs(DOMAIN_FILE, `export type { Journal } from '${face}';\n`)).toEqual([]);
    // A domain's own files, and common/, the library under every domain, stay open to it.
    const own = specifier(DOMAIN_FILE, 'src-main/core/runner/run-view');
    const library = specifier(DOMAIN_FILE, 'src-main/core/common/file-param');
    const open = await lintAs(
      DOMAIN_FILE,
      `export * from '${own}';\nexport { parseFileParam } from '${library}';\n`,
    );
    expect(rulesOf(open)).not.toContain('import-x/no-restricted-paths');
  });

  it('stops common/ importing any domain, even its face', async () => {
    const face = specifier(COMMON_FILE, 'src-main/core/log');
    const messages = await lintAs(COMMON_FILE, `export type { Journal } from '${face}';\n`);
    expect(rulesOf(messages)).toContain('import-x/no-restricted-paths');
    expect(messages.map((m) => m.message).join('\n')).toMatch(/common\/ is the library/);
  });

  it('stops the sandbox importing the engine', async () => {
    const to = specifier(SANDBOX_FILE, 'src-main/core/dispatch');
    const messages = await lintAs(SANDBOX_FILE, `export * from '${to}';\n`);
    expect(rulesOf(messages)).toContain('import-x/no-restricted-paths');
  });

  it('stops src-shared importing src-main', async () => {
    const to = specifier(SHARED_FILE, 'src-main/core/dispatch');
    const messages = await lintAs(SHARED_FILE, `export * from '${to}';\n`);
    expect(rulesOf(messages)).toContain('import-x/no-restricted-paths');
  });

  it('stops src-shared importing a Node built-in', async () => {
    const messages = await lintAs(SHARED_FILE, `export { join } from 'node:path';\n`);
    expect(rulesOf(messages)).toContain('no-restricted-imports');
  });
});

describe('the preload (@typescript-eslint/no-restricted-imports)', SLOW, () => {
  it('refuses a value import from the contract', async () => {
    const to = specifier(PRELOAD_FILE, 'src-shared/contract');
    const messages = await lintAs(PRELOAD_FILE, `export { CommandError } from '${to}';\n`);
    expect(rulesOf(messages)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('accepts type imports, the channel names and electron', async () => {
    const contract = specifier(PRELOAD_FILE, 'src-shared/contract');
    const channels = specifier(PRELOAD_FILE, 'src-shared/contract/channels');
    const code = [
      `import { contextBridge } from 'electron';`,
      `import type { Bridge } from '${contract}';`,
      `import * as channels from '${channels}';`,
      `export const probe: [typeof contextBridge, Bridge | null, typeof channels] = [contextBridge, null, channels];`,
      '',
    ].join('\n');
    const messages = await lintAs(PRELOAD_FILE, code);
    expect(rulesOf(messages)).not.toContain('@typescript-eslint/no-restricted-imports');
  });
});

describe('other structure rules', SLOW, () => {
  it('reports an import cycle (import-x/no-cycle)', async () => {
    const [result] = await untyped.lintFiles([join(root, 'test/fixtures/lint/cycle-a.ts')]);
    expect(rulesOf(result?.messages ?? [])).toContain('import-x/no-cycle');
  });

  it('reports a source file over 400 lines (max-lines)', async () => {
    const code = Array.from({ length: 401 }, (_, i) => `export const line${i} = ${i};`).join('\n');
    expect(rulesOf(await lintAs(CORE_FILE, `${code}\n`))).toContain('max-lines');
  });

  it('does not count blank lines and comments toward max-lines', async () => {
    const code = Array.from(
      { length: 300 },
      (_, i) => `// note ${i}\n\nexport const line${i} = ${i};`,
    );
    expect(rulesOf(await lintAs(CORE_FILE, `${code.join('\n')}\n`))).not.toContain('max-lines');
  });

  it('reports a hook called conditionally (react-hooks/rules-of-hooks)', async () => {
    const code = [
      `import { useState } from 'react';`,
      `export function Probe({ on }: { on: boolean }) {`,
      `  if (on) useState(0);`,
      `  return null;`,
      `}`,
      '',
    ].join('\n');
    expect(rulesOf(await lintAs(RENDERER_FILE, code))).toContain('react-hooks/rules-of-hooks');
  });

  it('reports sendHttp imported outside api/send-exchange.ts, which journals every exchange (@typescript-eslint/no-restricted-imports)', async () => {
    const code = `import { sendHttp } from './api/http-client';\nexport const send = sendHttp;\n`;
    const messages = await lintAs(CORE_FILE, code);
    expect(rulesOf(messages)).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      messages.find((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')?.message,
    ).toMatch(/send-exchange\.ts/);
    // The one piece that sends may, and a type from the HTTP client is no call.
    const sender = 'src-main/core/api/send-exchange.ts';
    expect(
      rulesOf(
        await lintAs(
          sender,
          `import { sendHttp } from './http-client';\nexport const send = sendHttp;\n`,
        ),
      ),
    ).not.toContain('@typescript-eslint/no-restricted-imports');
    const typeOnly = `import type { OutgoingRequest } from './api/http-client';\nexport type R = OutgoingRequest;\n`;
    expect(rulesOf(await lintAs(CORE_FILE, typeOnly))).not.toContain(
      '@typescript-eslint/no-restricted-imports',
    );
  });

  it("reports an error's words written out instead of errorText(err) (no-restricted-syntax)", async () => {
    const code = `export const words = (err: unknown) => (err instanceof Error ? err.message : String(err));\n`;
    const messages = await lintAs(CORE_FILE, code);
    expect(rulesOf(messages)).toContain('no-restricted-syntax');
    expect(messages.find((m) => m.ruleId === 'no-restricted-syntax')?.message).toMatch(/errorText/);
  });
});

describe('type-aware rules', () => {
  it('reports a floating promise (@typescript-eslint/no-floating-promises)', async () => {
    const code = `async function work(): Promise<void> {}\nwork();\n`;
    const messages = await lintAs(CORE_FILE, code, typed);
    expect(rulesOf(messages)).toContain('@typescript-eslint/no-floating-promises');
    // Marked fire-and-forget, it passes.
    const marked = await lintAs(
      CORE_FILE,
      `async function work(): Promise<void> {}\nvoid work();\n`,
      typed,
    );
    expect(rulesOf(marked)).not.toContain('@typescript-eslint/no-floating-promises');
  }, 180_000);
});
