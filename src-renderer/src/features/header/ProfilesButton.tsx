// "Profiles…" opens the dialog where profiles are made and edited; Alt+P does too, from anywhere.
import { useEffect } from 'react';
import { useProfiles } from '../../stores/stores-context';

export function ProfilesButton() {
  const openDialog = useProfiles((s) => s.openDialog);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.key.toLowerCase() !== 'p') return;
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
