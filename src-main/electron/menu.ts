// The application menu, with each platform's conventions. Without an Edit menu carrying the
// standard roles, macOS routes no Cmd+C / Cmd+V / Cmd+A to the page: copying a token or pasting a
// client secret would do nothing. Reload and the developer tools are for development only: a
// reload drops the page's state (a draft, a running flow's view) for no gain to a user.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openGuide(): void;
  openJournalFormat(): void;
  openDataFolder(): void;
  showAbout(): void;
}

interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  development: boolean;
  actions: MenuActions;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

function appMenu(appName: string): MenuItemConstructorOptions {
  return {
    label: appName,
    submenu: [
      { role: 'about' },
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };
}

function fileMenu(mac: boolean): MenuItemConstructorOptions {
  return { label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] };
}

function editMenu(mac: boolean): MenuItemConstructorOptions {
  return {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
    ],
  };
}

function viewMenu(development: boolean): MenuItemConstructorOptions {
  const developer: MenuItemConstructorOptions[] = development
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, separator]
    : [];
  return {
    label: 'View',
    submenu: [
      ...developer,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
}

function windowMenu(mac: boolean): MenuItemConstructorOptions {
  return {
    role: 'windowMenu',
    label: 'Window',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };
}

function helpMenu(options: MenuOptions, mac: boolean): MenuItemConstructorOptions {
  const { actions, appName } = options;
  return {
    role: 'help',
    label: 'Help',
    submenu: [
      { label: 'User’s Guide', click: () => actions.openGuide() },
      { label: 'Event Log Format', click: () => actions.openJournalFormat() },
      { label: 'Open Data Folder', click: () => actions.openDataFolder() },
      // macOS keeps About in the app menu; elsewhere Help is where people look for it.
      ...(mac ? [] : [separator, { label: `About ${appName}`, click: () => actions.showAbout() }]),
    ],
  };
}

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  return [
    ...(mac ? [appMenu(options.appName)] : []),
    fileMenu(mac),
    editMenu(mac),
    viewMenu(options.development),
    windowMenu(mac),
    helpMenu(options, mac),
  ];
}
