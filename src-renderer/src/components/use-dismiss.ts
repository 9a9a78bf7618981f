// A popover closes when the person clicks or taps anywhere outside it, as menus do: left open, it
// would lie over the controls beside it and take their clicks.
import { useEffect, type RefObject } from 'react';

export function useDismissOutside(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) close();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [ref, open, close]);
}
