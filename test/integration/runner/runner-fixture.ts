// A core on a real sandbox, and scenario files written into a temporary collection folder.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CommandInput, RunView } from '../../../src-shared/contract';
import { runToEnd } from '../../../src-main/core/runner/run-to-end';
import { startCoreWithSandbox, tempDir, type CoreFixture } from '../../helpers/core-fixture';

export interface RunnerFixture extends CoreFixture {
  /** Writes files (path → YAML text) into a new collection folder and answers it. */
  collection(files: Record<string, string>): string;
  /** Runs the collection to its end; `answer` answers its questions (none: they stay open). */
  run(
    folder: string,
    extra?: Partial<CommandInput<'runner.start'>>,
    answer?: (view: RunView) => boolean,
  ): Promise<RunView>;
}

export async function startRunnerFixture(): Promise<RunnerFixture> {
  const fx = await startCoreWithSandbox();
  const folders: string[] = [];
  return {
    ...fx,
    collection(files) {
      const folder = tempDir('tp-collection-');
      folders.push(folder);
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(folder, path)), { recursive: true });
        writeFileSync(join(folder, path), text);
      }
      return folder;
    },
    run: (folder, extra = {}, answer) =>
      runToEnd(fx.core.invoke, fx.core.events, { folder, ...extra }, answer ? { answer } : {}),
    async close() {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
      await fx.close();
    },
  };
}

/** The steps of a run as `name: state` lines, for an assertion that reads like the run. */
export const stepStates = (run: RunView) =>
  run.scenarios.flatMap((s) => s.steps.map((step) => `${s.path} ${step.name}: ${step.state}`));
