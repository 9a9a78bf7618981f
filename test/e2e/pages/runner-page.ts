// The Runner view as the tests see it, by role and name: the middle column's Runner tab, the run's
// status, its scenarios and their steps (each a list item named "N. step name"), a step's Record
// links, "Run this step" and "Check this", the confirmation alert and the view's failures in words.
import type { Locator, Page } from 'playwright-core';
import { openTab } from './tabs';

export class RunnerPage {
  readonly tab: Locator;
  readonly pane: Locator;
  readonly status: Locator;
  readonly stopButton: Locator;
  readonly runAgainButton: Locator;
  /** Run with data…, and the form it opens: a data file of the collection, and its Run. */
  readonly runWithDataButton: Locator;
  readonly dataForm: Locator;
  readonly dataFileSelect: Locator;
  readonly runWithFileButton: Locator;
  /** Runs the last request again, each snapshot check storing what it sees. */
  readonly updateSnapshotsButton: Locator;
  /** The question a run against a profile that is not the sandbox asks. */
  readonly confirmation: Locator;
  readonly cancelButton: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Runner', exact: true });
    this.pane = page.getByRole('region', { name: 'Runner', exact: true });
    this.status = this.pane.getByRole('status', { name: 'Run status' });
    this.stopButton = this.pane.getByRole('button', { name: 'Stop', exact: true });
    this.runAgainButton = this.pane.getByRole('button', { name: 'Run again', exact: true });
    this.runWithDataButton = this.pane.getByRole('button', { name: 'Run with data…', exact: true });
    this.dataForm = this.pane.getByRole('form', { name: 'Run with data' });
    this.dataFileSelect = this.dataForm.getByRole('combobox', { name: 'Data file' });
    this.runWithFileButton = this.dataForm.getByRole('button', { name: 'Run with this file' });
    this.updateSnapshotsButton = this.pane.getByRole('button', {
      name: 'Update snapshots',
      exact: true,
    });
    this.confirmation = this.pane.getByRole('alert').filter({
      has: page.getByRole('button', { name: 'Cancel', exact: true }),
    });
    this.cancelButton = this.confirmation.getByRole('button', { name: 'Cancel', exact: true });
  }

  async open(): Promise<void> {
    await openTab(this.tab, this.pane, 'Runner');
  }

  /** The status as it reads: "passed", "failed", "awaiting confirmation"... */
  async statusWords(): Promise<string> {
    return (await this.status.innerText()).replace(/^\S+\s+/, '').trim();
  }

  scenario(name: string): Locator {
    return this.pane.getByRole('region', { name, exact: true });
  }

  /** A step by its number (from 1) and name, within a scenario. */
  step(scenario: string, number: number, name: string): Locator {
    return this.scenario(scenario).getByRole('listitem', {
      name: `${number}. ${name}`,
      exact: true,
    });
  }

  /** The button at the head of a step: its text is the state word, the name and the time. */
  stepHead(step: Locator): Locator {
    return step.getByRole('button').first();
  }

  /** The step's state word (waiting, running, passed, failed, skipped). */
  async stepState(step: Locator): Promise<string> {
    const text = await this.stepHead(step).innerText();
    return /\b(waiting|running|passed|failed|skipped)\b/.exec(text)?.[1] ?? text;
  }

  recordLink(step: Locator, seq: number): Locator {
    return step.getByRole('button', { name: `Record #${seq}`, exact: true });
  }

  /** The seqs of the step's Record links. */
  async recordSeqs(step: Locator): Promise<number[]> {
    const names = await step.getByRole('button', { name: /^Record #\d+$/ }).allInnerTexts();
    return names.map((n) => Number(n.replace('Record #', '')));
  }

  runStepButton(step: Locator): Locator {
    return step.getByRole('button', { name: 'Run this step', exact: true });
  }

  checks(step: Locator): Locator {
    return step.getByRole('list', { name: 'Checks' });
  }

  /** Check this on a field of the step's answer or delivery data (`user.name`, `list[0].id`). */
  checkThisButton(step: Locator, path: string): Locator {
    return step.getByRole('button', {
      name: new RegExp(`^Check this: ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} = `),
    });
  }

  /** A failure of the view itself (a refused start, stop or answer), in words. */
  error(): Locator {
    return this.pane.getByRole('alert').filter({ hasNot: this.page.getByRole('button') });
  }
}
