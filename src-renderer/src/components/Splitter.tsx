// A splitter between two panes (WAI-ARIA window splitter): a focusable separator whose value is the
// size of the pane it controls. Dragged with the pointer, or from the keyboard: the arrows move it a
// step (Shift for a bigger one), Home and End to the smallest and largest size; a double-click (or
// Enter) puts the default size back.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import './splitter.css';

interface SplitterProps {
  /** The accessible name, saying which pane it resizes ("Resize the tools column"). */
  label: string;
  /** The id of the pane whose size is the value. */
  controls: string;
  orientation: 'vertical' | 'horizontal';
  /**
   * Which way the controlled pane grows as the splitter moves: 'after' when it lies after the
   * splitter (right of it or below it), so moving the splitter left or up makes it larger.
   */
  pane: 'before' | 'after';
  value: number;
  min: number;
  max: number;
  /** Words for a screen reader: "320 pixels", "40 percent". */
  unit: string;
  /** How many pixels one unit of the value is (a percentage of the container, say). */
  pixelsPerUnit?: () => number;
  step?: number;
  onChange(value: number): void;
  onReset(): void;
}

export function Splitter(props: SplitterProps) {
  const { label, controls, orientation, pane, value, min, max, unit, step = 16 } = props;
  const drag = useRef<{ start: number; value: number } | null>(null);
  const sign = pane === 'before' ? 1 : -1;
  const change = (next: number) => props.onChange(Math.min(Math.max(next, min), max));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const by = e.shiftKey ? step * 4 : step;
    const forward = orientation === 'vertical' ? 'ArrowRight' : 'ArrowDown';
    const back = orientation === 'vertical' ? 'ArrowLeft' : 'ArrowUp';
    if (e.key === forward) change(value + sign * by);
    else if (e.key === back) change(value - sign * by);
    else if (e.key === 'Home') change(min);
    else if (e.key === 'End') change(max);
    else if (e.key === 'Enter') props.onReset();
    else return;
    e.preventDefault();
  };

  const position = (e: PointerEvent) => (orientation === 'vertical' ? e.clientX : e.clientY);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { start: position(e), value };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const moved = (position(e) - drag.current.start) / (props.pixelsPerUnit?.() ?? 1);
    change(drag.current.value + sign * moved);
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <div
      className={`splitter splitter-${orientation}`}
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      aria-orientation={orientation}
      aria-valuenow={Math.round(value)}
      aria-valuemin={Math.round(min)}
      aria-valuemax={Math.round(max)}
      aria-valuetext={`${Math.round(value)} ${unit}`}
      title={`${label}: drag, or focus and use the arrow keys; double-click for the default size`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onDoubleClick={props.onReset}
    />
  );
}
