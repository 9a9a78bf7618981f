// The composer's keyboard shortcuts, in the form aria-keyshortcuts takes and as shown to people.
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export const SEND_SHORTCUT = isMac ? 'Meta+Enter' : 'Control+Enter';
export const SEND_KEYS = isMac ? '⌘+Enter' : 'Ctrl+Enter';
export const SEARCH_SHORTCUTS = isMac ? 'Meta+K /' : 'Control+K /';
export const SEARCH_KEYS = isMac ? '⌘+K or /' : 'Ctrl+K or /';

/** Ctrl/Cmd+Enter. */
export function isSendKey(e: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return e.key === 'Enter' && (e.ctrlKey || e.metaKey);
}

/** Ctrl/Cmd+K anywhere, or "/" when the focus is not in a text field. */
export function isSearchKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}): boolean {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') return true;
  if (e.key !== '/' || e.ctrlKey || e.metaKey) return false;
  const el = e.target as HTMLElement | null;
  const tag = el?.tagName;
  return !(tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el?.isContentEditable);
}
