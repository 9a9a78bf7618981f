// What the Help menu's items do. The guide and the event log format are the repository's
// Markdown files, shipped beside the app (electron-builder.yml, extraResources), opened in the
// system's viewer for Markdown: the app needs no network to show its own documentation.
import { join } from 'node:path';
import { dialog, shell, type BrowserWindow } from 'electron';
import type { MenuActions } from './menu';

interface MenuActionContext {
  /** The out/ folder of the running build. */
  out: string;
  packaged: boolean;
  /** process.resourcesPath in a packaged app: where extraResources land. */
  resourcesPath: string | undefined;
  appName: string;
  version: string;
  dataDir: string;
  window(): BrowserWindow | null;
}

/** Packaged: <resources>/docs. From a clone: the repository's docs/, beside out/. */
function docsDir(context: Pick<MenuActionContext, 'out' | 'packaged' | 'resourcesPath'>) {
  return context.packaged && context.resourcesPath
    ? join(context.resourcesPath, 'docs')
    : join(context.out, '..', 'docs');
}

function aboutDetail(context: Pick<MenuActionContext, 'version' | 'dataDir'>): string {
  return [
    `Version ${context.version}`,
    `Electron ${process.versions['electron'] ?? '(not running under Electron)'}, ` +
      `Chromium ${process.versions['chrome'] ?? '–'}, Node ${process.versions.node}`,
    `Data folder: ${context.dataDir}`,
  ].join('\n');
}

export function menuActions(context: MenuActionContext): MenuActions {
  const openFile = async (path: string, what: string) => {
    // openPath answers an error message rather than throwing.
    const failure = await shell.openPath(path);
    if (failure) {
      dialog.showErrorBox(
        `${context.appName} could not open ${what}`,
        `${failure}\n\nThe file is ${path}: open it with any text editor or Markdown viewer.`,
      );
    }
  };
  return {
    openGuide: () => void openFile(join(docsDir(context), 'guide.md'), 'the user’s guide'),
    openJournalFormat: () =>
      void openFile(join(docsDir(context), 'journal.md'), 'the event log format'),
    openDataFolder: () => void openFile(context.dataDir, 'the data folder'),
    showAbout: () => {
      const options = {
        type: 'info' as const,
        title: `About ${context.appName}`,
        message: `${context.appName} ${context.version}`,
        detail: aboutDetail(context),
      };
      const win = context.window();
      void (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options));
    },
  };
}
