// "Widen the tools": the tools column takes the middle column's place (the composer stays
// mounted, hidden, until the button is pressed again or a view of the middle is asked for). It
// sits in the middle column's tab strip, where there is room, and in the tools' strip while they
// are widened, since the middle is then hidden.
import { useLayout } from '../../stores/stores-context';

export function WidenTools({ where }: { where: 'tools' | 'middle' }) {
  const widened = useLayout((s) => s.widened);
  const setWidened = useLayout((s) => s.setWidened);
  if (widened !== (where === 'tools')) return null;
  return (
    <button
      type="button"
      className="widen-tools"
      aria-pressed={widened}
      aria-controls="pane-tools pane-middle"
      title={
        widened
          ? 'Give the middle column back to the composer'
          : "The tools take the composer's place (the composer keeps what it holds)"
      }
      onClick={() => {
        setWidened(!widened);
        // The pressed button goes away with its column: the focus follows to its counterpart.
        requestAnimationFrame(() => document.querySelector<HTMLElement>('.widen-tools')?.focus());
      }}
    >
      {widened ? '⇥ ' : '⇤ '}Widen the tools
    </button>
  );
}
