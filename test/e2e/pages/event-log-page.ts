// The Event log pane as the tests see it: the record list, its filters and search, the detail
// with its replay actions, and the sessions controls, all found by role and accessible name.
import type { Download, Locator, Page } from 'playwright-core';
import { textShownWhole } from '../support/fit';

export class EventLogPage {
  readonly region: Locator;
  readonly records: Locator;
  readonly detail: Locator;
  readonly count: Locator;
  /** Shown while the engine builds the journal's index ("Indexing the journal: 42%. ..."). */
  readonly indexing: Locator;
  readonly search: Locator;
  readonly pause: Locator;
  readonly clearView: Locator;
  readonly clearFilters: Locator;
  readonly newRecords: Locator;
  readonly session: Locator;
  readonly newSession: Locator;
  readonly exportButton: Locator;
  /** "Sessions…": the sessions' sizes, archive, unarchive and delete. */
  readonly manageSessions: Locator;
  readonly sessionsPanel: Locator;
  /** Beside the Session list while an archived session is open. */
  readonly readOnly: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Event log', exact: true });
    this.records = this.region.getByRole('listbox', { name: 'Records' });
    this.detail = this.region.getByRole('region', { name: 'Record detail' });
    this.count = this.region.getByRole('status', { name: 'Record count' });
    this.indexing = this.region.getByRole('status', { name: 'Indexing' });
    this.search = this.region.getByRole('searchbox', { name: 'Search records' });
    this.pause = this.region.getByRole('button', { name: /^(Pause|Resume)$/ });
    this.clearView = this.region.getByRole('button', { name: 'Clear view' });
    this.clearFilters = this.region.getByRole('button', { name: 'Clear filters' });
    this.newRecords = this.region.getByRole('button', { name: /new records? — jump to latest/ });
    this.session = this.region.getByRole('combobox', { name: 'Session' });
    this.newSession = this.region.getByRole('button', { name: 'New session…' });
    this.exportButton = this.region.getByRole('button', { name: 'Export…' });
    this.manageSessions = this.region.getByRole('button', { name: 'Sessions…' });
    this.sessionsPanel = this.region.getByRole('group', { name: 'Sessions', exact: true });
    this.readOnly = this.region.getByRole('status').filter({ hasText: 'archived, read-only' });
  }

  /** The number the pane says it shows ("1234 records"). */
  async shown(): Promise<number> {
    const text = await this.count.innerText();
    const m = /^(\d+) records?/.exec(text);
    return m ? Number(m[1]) : -1;
  }

  /**
   * The seqs of the rows in the DOM now, in the list's order (each row's text starts with it). The
   * list's order is aria-posinset's: the rows' elements are a pool, in no order of their own.
   */
  async drawnSeqs(): Promise<number[]> {
    const rows = await this.domRows().evaluateAll((els) =>
      els.map((el) => ({
        at: Number(el.getAttribute('aria-posinset')),
        seq: Number((el as unknown as { innerText: string }).innerText.split(/\s/)[0]),
      })),
    );
    return rows.sort((a, b) => a.at - b.at).map((r) => r.seq);
  }

  /** The positions (aria-posinset) of the rows in the DOM now, lowest first. */
  async drawnPositions(): Promise<number[]> {
    const at = await this.domRows().evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute('aria-posinset'))),
    );
    return at.sort((a, b) => a - b);
  }

  /**
   * Counts from now on the row elements the list adds, removes or moves (a move is a removal and
   * an insertion): `rowElementChanges()` reads the count.
   */
  async watchRowElements(): Promise<void> {
    // A string expression: the test tsconfig has no DOM types, the browser evaluates it.
    await this.page.evaluate(`(() => {
      const list = document.querySelector('[role="listbox"][aria-label="Records"]');
      const rows = (nodes) => [...nodes].filter((n) => n.nodeType === 1 && n.getAttribute('role') === 'option').length;
      window.__rowElementChanges = 0;
      new MutationObserver((changes) => {
        for (const c of changes) window.__rowElementChanges += rows(c.addedNodes) + rows(c.removedNodes);
      }).observe(list, { childList: true, subtree: true });
    })()`);
  }

  async rowElementChanges(): Promise<number> {
    return Number(await this.page.evaluate('window.__rowElementChanges'));
  }

  /** Rows in the DOM now (only those in view are: the list is virtual). */
  domRows(): Locator {
    return this.records.getByRole('option');
  }

  /** Rows whose text matches every piece. */
  rows(...parts: Array<string | RegExp>): Locator {
    let rows = this.domRows();
    for (const part of parts) rows = rows.filter({ hasText: part });
    return rows;
  }

  /** Rows whose one-line summary matches (an HTTP row shows it as its path's tooltip). */
  rowsSummarised(summary: string | RegExp): Locator {
    return this.domRows().filter({ has: this.page.getByTitle(summary) });
  }

  kind(kind: string): Locator {
    return this.region.getByRole('group', { name: 'Kinds' }).getByRole('button', {
      name: kind,
      exact: true,
    });
  }

  /** One of the filter's choices: Signature, Profile, or behind More filters Status, Event type,
   * msg_type, User, Room, Contact (open it first: `choose` does). */
  choice(name: string): Locator {
    return this.region.getByRole('combobox', { name, exact: true });
  }

  /** The button that shows the rarer filters. */
  moreFilters(): Locator {
    return this.region.getByRole('button', { name: /^More filters/ });
  }

  /** Sets one of the filter's choices ('' for any), opening More filters when it is there. */
  async choose(name: string, value: string): Promise<void> {
    if ((await this.choice(name).count()) === 0) await this.moreFilters().click();
    await this.choice(name).selectOption(value);
  }

  /** The id of the row the keyboard is on (aria-activedescendant). */
  async activeRowId(): Promise<string | null> {
    return this.records.getAttribute('aria-activedescendant');
  }

  /** The value for a label in one of the detail's label/value lists. */
  detailValue(list: string, label: string): Locator {
    return this.detail
      .getByRole('group', { name: list, exact: true })
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** A delivery's data in the detail (pretty JSON, or raw when it is not JSON). */
  deliveryData(): Locator {
    return this.detail.getByRole('textbox', { name: /delivery data/i });
  }

  detailTitle(): Locator {
    return this.detail.getByRole('heading', { level: 3 });
  }

  replayGroup(): Locator {
    return this.detail.getByRole('group', { name: 'Replay', exact: true });
  }

  replayButton(name: string): Locator {
    return this.replayGroup().getByRole('button', { name, exact: true });
  }

  /**
   * Opens a row's record in the detail and answers its seq, once the detail's title names it.
   * The row must be the only one its locator matches.
   */
  async openRecord(row: Locator): Promise<number> {
    const id = (await row.getAttribute('id')) ?? '';
    const seq = /^log-row-(\d+)$/.exec(id)?.[1];
    if (!seq) throw new Error(`The row to open is not loaded yet (its id is "${id}")`);
    await row.click();
    const title = this.detailTitle().filter({ hasText: new RegExp(`^#${seq} `) });
    try {
      await title.waitFor({ timeout: 15_000 });
    } catch {
      throw new Error(`Waited 15 s for record #${seq} to open in the Record detail`);
    }
    return Number(seq);
  }

  /**
   * Exports the open session from the pane's heading ("Export…") and answers the download; with
   * `onlyMatching`, ticks "Only the N records the list shows" first.
   */
  async exportSession(
    format: 'NDJSON' | 'HAR' | 'HTML report',
    { onlyMatching = false } = {},
  ): Promise<Download> {
    await this.exportButton.click();
    const panel = this.region.getByRole('group', { name: 'Export session' });
    if (onlyMatching) await this.onlyMatching().check();
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      panel.getByRole('button', { name: format, exact: true }).click(),
    ]);
    return download;
  }

  /** In the Export session panel of a filtered or paused list: "Only the N records the list shows". */
  onlyMatching(): Locator {
    return this.region
      .getByRole('group', { name: 'Export session' })
      .getByRole('checkbox', { name: /^Only the [\d,]+ records? the list shows$/ });
  }

  /** Starts a session by name from "New session…". */
  async startSession(name: string): Promise<void> {
    await this.newSession.click();
    await this.region.getByRole('textbox', { name: 'Session name' }).fill(name);
    await this.region.getByRole('button', { name: 'Start session' }).click();
  }

  /** Opens a session from the Session list by its name. */
  async openSession(name: string): Promise<void> {
    const option = this.session.getByRole('option').filter({ hasText: name });
    const value = await option.getAttribute('value');
    if (value === null) throw new Error(`The Session list has no session named "${name}"`);
    await this.session.selectOption(value);
  }

  /** A session's row in the Sessions… panel (open it first with manageSessions). */
  sessionRow(name: string): Locator {
    return this.sessionsPanel.getByRole('listitem', { name: `Session ${name}`, exact: true });
  }

  /** Whether a row draws `marker` ("(repeat)") whole, inside its cell and the window. */
  markerSeen(row: Locator, marker: string): Promise<{ found: boolean; clipped: false | string }> {
    return textShownWhole(row, marker);
  }

  /** What the last replay said ("Replayed: #12 …" or the error). */
  replayOutcome(): Locator {
    return this.replayGroup().getByRole('status').or(this.replayGroup().getByRole('alert'));
  }

  /** In the detail's heading: "Mark for compare" (a toggle) and "Compare with #N". */
  markForCompare(): Locator {
    return this.detail
      .getByRole('group', { name: 'Compare', exact: true })
      .getByRole('button', { name: 'Mark for compare' });
  }

  compareWith(seq: number): Locator {
    return this.detail.getByRole('button', { name: `Compare with #${seq}`, exact: true });
  }

  /** Two records compared, in the detail. */
  comparison(): Locator {
    return this.detail.getByRole('region', { name: 'Compare records' });
  }

  /** The row of the comparison's table for one field (its path, `data.message.text`). */
  differenceRow(path: string): Locator {
    return this.comparison()
      .getByRole('table', { name: 'Differences' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: path, exact: true }) });
  }

  /** The fields the comparison lists, by their paths, in order. */
  async differencePaths(): Promise<string[]> {
    return this.comparison().getByRole('rowheader').allInnerTexts();
  }

  /** "2 fields differ · 3 volatile fields hidden · 18 the same". */
  differencesFound(): Locator {
    return this.comparison().getByRole('status', { name: 'Differences found' });
  }

  volatileFields(): Locator {
    return this.comparison().getByRole('button', { name: 'Volatile fields', exact: true });
  }

  /** In Sessions…: compares a session with the open one, by counts. */
  compareSession(name: string): Locator {
    return this.sessionRow(name).getByRole('button', {
      name: `Compare ${name} with the open one`,
      exact: true,
    });
  }

  /** Two sessions compared, in Sessions…: its counts table and the records that differ. */
  sessionsCompared(): Locator {
    return this.sessionsPanel.getByRole('region', { name: 'Sessions compared' });
  }

  /** A row of the compared sessions' counts ("delivery", "signature valid") as its cells' texts. */
  async sessionCount(label: string): Promise<string[]> {
    return this.sessionsCompared()
      .getByRole('table', { name: 'Session counts' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) })
      .getByRole('cell')
      .allInnerTexts();
  }
}
