// A named region of the window: the visible heading is also its accessible name, so what people
// read and what assistive tech (and the tests) find by name are one and the same.
import { useId, type KeyboardEventHandler, type ReactNode } from 'react';

interface PaneProps {
  title: string;
  className?: string;
  /** Extra controls or facts shown at the right of the heading. */
  aside?: ReactNode;
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
  children: ReactNode;
}

export function Pane({ title, className, aside, onKeyDown, children }: PaneProps) {
  const headingId = useId();
  return (
    <section
      className={`pane ${className ?? ''}`}
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
    >
      <div className="pane-head">
        <h2 id={headingId}>{title}</h2>
        {aside ? <div className="pane-aside">{aside}</div> : null}
      </div>
      <div className="pane-body">{children}</div>
    </section>
  );
}
