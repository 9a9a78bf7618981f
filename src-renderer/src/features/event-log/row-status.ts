// The status cell of an HTTP record's row (calls, deliveries, forwards): the status and its colour
// by class. An answer given after the platform's deadline (the record's `late`) is no success
// whatever its status: it reads "200 late" in the warning colour, never green, and says why on hover.
import type { LogRow } from '../../../../src-shared/contract';

interface StatusCell {
  text: string;
  className: string;
  /** The words of the record's `late`, for a late answer. */
  title?: string;
}

function statusClass(status: number | null | undefined): string {
  if (status === undefined) return '';
  if (status === null) return 'status-none';
  if (status >= 500) return 'status-5xx';
  if (status >= 400) return 'status-4xx';
  if (status >= 300) return 'status-3xx';
  return 'status-2xx';
}

export function rowStatus(row: Pick<LogRow, 'status' | 'late'>): StatusCell {
  const text = String(row.status ?? 'failed');
  if (row.late) return { text: `${text} late`, className: 'status-late', title: row.late };
  return { text, className: statusClass(row.status) };
}
