// The Collections tab, the Scenario view and the "Save to collection" dialog as the tests see them,
// by role and accessible name: open a folder, walk the tree, act on an item, read the problems,
// edit and save a scenario, add a step from the Add step form, and answer the disk-change bar.
import type { Locator, Page } from 'playwright-core';
import { openTab } from './tabs';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class CollectionsPage {
  readonly tab: Locator;
  readonly pane: Locator;
  readonly folderField: Locator;
  readonly openButton: Locator;
  readonly createButton: Locator;
  readonly tree: Locator;
  readonly search: Locator;
  readonly itemActions: Locator;
  readonly collectionActions: Locator;
  readonly problems: Locator;
  readonly alert: Locator;
  readonly scenarioTab: Locator;
  readonly scenario: Locator;
  readonly yaml: Locator;
  readonly steps: Locator;
  readonly saveButton: Locator;
  readonly diskChangeBar: Locator;
  readonly saveDialog: Locator;
  readonly addStepButton: Locator;
  readonly addStepForm: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Collections' });
    this.pane = page.getByRole('region', { name: 'Collections', exact: true });
    this.folderField = this.pane.getByRole('textbox', { name: 'Collection folder' });
    this.openButton = this.pane.getByRole('button', { name: 'Open', exact: true });
    this.createButton = this.pane.getByRole('button', { name: 'Create new' });
    this.tree = this.pane.getByRole('tree');
    this.search = this.pane.getByRole('searchbox', { name: 'Search the collection' });
    this.itemActions = this.pane.getByRole('toolbar', { name: /^(Actions for|Item actions)/ });
    this.collectionActions = this.pane.getByRole('toolbar', { name: 'Collection actions' });
    this.problems = this.pane.getByRole('list', { name: "Problems of the collection's files" });
    this.alert = this.pane.getByRole('alert');
    this.scenarioTab = page.getByRole('tab', { name: 'Scenario' });
    this.scenario = page.getByRole('region', { name: 'Scenario', exact: true });
    this.yaml = this.scenario.getByRole('textbox', { name: 'YAML' });
    this.steps = this.scenario.getByRole('list', { name: 'Steps' });
    this.saveButton = this.scenario.getByRole('button', { name: 'Save', exact: true });
    this.diskChangeBar = this.scenario.getByRole('alert', { name: 'The file changed on disk' });
    this.saveDialog = page.getByRole('dialog', { name: 'Save to collection' });
    this.addStepButton = this.scenario.getByRole('button', { name: 'Add step', exact: true });
    this.addStepForm = this.scenario.getByRole('form', { name: 'Add a step' });
  }

  async show(): Promise<void> {
    await openTab(this.tab, this.pane, 'Collections');
  }

  /** Opens (or creates) a collection folder from the folder field, and waits for its tree. */
  async openFolder(folder: string, create = false): Promise<void> {
    await this.show();
    await this.folderField.fill(folder);
    await (create ? this.createButton : this.openButton).click();
    await this.collectionActions.waitFor();
  }

  /** A tree item by the start of its name (its accessible name goes on with steps and problems). */
  item(name: string): Locator {
    return this.tree.getByRole('treeitem', { name: new RegExp(`^${escape(name)},`) });
  }

  /** A tree item by its path in the collection (`sends/text.yaml`). */
  itemByPath(path: string): Locator {
    return this.tree.locator(`[role="treeitem"][title="${path.replace(/"/g, '\\"')}"]`);
  }

  /**
   * Selects an item and opens it in the Scenario view with the keyboard, and waits until its file
   * is read: the view names the file at once and shows its steps once read (none while reading).
   */
  async openScenario(name: string): Promise<void> {
    const path = await this.item(name).getAttribute('title');
    await this.item(name).click();
    await this.item(name).press('Enter');
    if (path) await this.scenario.getByText(path, { exact: true }).waitFor({ timeout: 15_000 });
    await this.scenario.getByText(/^Reading .*…$/).waitFor({ state: 'hidden', timeout: 15_000 });
    await this.scenario.getByRole('list', { name: 'Steps' }).waitFor();
  }

  /** Runs one of the selected item's actions (Open, Run, Rename, Duplicate, Delete, ...). */
  async itemAction(name: string): Promise<void> {
    await this.itemActions.getByRole('button', { name, exact: true }).click();
  }

  /**
   * Adds a step from the Add step form: its kind, then each field by its label in the order given
   * (a choice shows the fields it needs: an action's keys), and waits for the form to close.
   */
  async addStep(kind: string, fields: [label: string, value: string][]): Promise<void> {
    await this.addStepButton.click();
    await this.addStepForm.getByRole('combobox', { name: 'Step kind' }).selectOption(kind);
    for (const [label, value] of fields) {
      const field = this.addStepForm.getByLabel(label, { exact: true });
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
    await this.addStepForm.getByRole('button', { name: 'Add the step' }).click();
    await this.addStepForm.waitFor({ state: 'hidden' });
  }

  /** Saves the open scenario with the keyboard shortcut, from the editor. */
  async saveWithShortcut(): Promise<void> {
    await this.yaml.press('ControlOrMeta+s');
  }
}
