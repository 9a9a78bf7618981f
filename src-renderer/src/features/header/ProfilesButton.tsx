// "Profiles…" opens the dialog where profiles are made and edited; Alt+P does too, from anywhere.
import { useEffect } from 'react';
import { useProfiles } from '../../stores/stores-context';

export function ProfilesButton() {
  const openDialog = useProfiles((s) => s.openDialog);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // By the physical key too: on a Mac, Option+P types "π".
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.code !== 'KeyP' && e.key.toLowerCase() !== 'p') return;
      e.preventDefault();
      openDialog();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openDialog]);
  return (
    <button
      type="button"
      className="header-button"
      aria-haspopup="dialog"
      aria-keyshortcuts="Alt+P"
      title="Create, edit, duplicate, delete, export and import profiles (Alt+P)"
      onClick={() => openDialog()}
    >
      Profiles…
    </button>
  );
}
