// A link from one record to another (a grant's call, a repeat's first delivery, a forward's
// delivery): it opens the other record in the detail pane.
import type { ReactNode } from 'react';
import { useLog } from '../../stores/stores-context';

export function JumpTo({ seq, children }: { seq: number; children: ReactNode }) {
  const select = useLog((s) => s.select);
  return (
    <button type="button" className="link" onClick={() => select(seq)}>
      {children}
    </button>
  );
}
