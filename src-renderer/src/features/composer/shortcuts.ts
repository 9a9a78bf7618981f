// The composer's keyboard shortcuts, in the form aria-keyshortcuts takes and as shown to people.
import { MOD_KEY, MOD_KEY_ARIA } from '../../components/keys';

export const SEND_SHORTCUT = `${MOD_KEY_ARIA}+Enter`;
export const SEND_KEYS = `${MOD_KEY}+Enter`;
export const SEARCH_SHORTCUTS = `${MOD_KEY_ARIA}+K /`;
export const SEARCH_KEYS = `${MOD_KEY}+K or /`;

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
