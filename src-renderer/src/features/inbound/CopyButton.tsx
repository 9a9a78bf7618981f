// Copies a value to the clipboard and says whether it worked; where the clipboard is refused
// (no permission, no secure context) it says how to copy by hand instead of failing silently.
import { useState } from 'react';
import { MOD_KEY } from '../../components/keys';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [said, setSaid] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('Copied');
    } catch {
      setSaid(`Copy refused: select the text and press ${MOD_KEY}+C`);
    }
    setTimeout(() => setSaid(null), 2500);
  };
  return (
    <>
      <button type="button" className="small" aria-label={label} onClick={() => void copy()}>
        Copy
      </button>
      {said ? (
        <span className="quiet copy-said" role="status">
          {said}
        </span>
      ) : null}
    </>
  );
}
