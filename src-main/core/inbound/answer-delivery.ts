// The answer to a request at the endpoint URL, given only once its record is written: a crash after
// that loses nothing the sender saw acknowledged. The response control's delay is waited here.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { DeliveryRecord } from '../../../src-shared/contract';
import type { PendingReplay } from './replay-mark';
import type { PlannedResponse } from './response-control';

/** A delivery's record, and `written`: nothing about the delivery leaves before it resolves. */
export type Journaled = { rec: DeliveryRecord; written: Promise<void> };

export async function answer(
  res: ServerResponse,
  { rec, written }: Journaled,
  planned: PlannedResponse,
  close: boolean,
  replay: PendingReplay | undefined,
): Promise<void> {
  await written;
  replay?.resolve(rec);
  if (planned.delayMs > 0) await sleep(planned.delayMs);
  if (res.destroyed) return;
  const headers: OutgoingHttpHeaders = {
    'content-type': planned.contentType,
    // A known length spares the chunked framing (and its extra writes) on every answer.
    'content-length': Buffer.byteLength(planned.body),
    'cache-control': 'no-store',
  };
  if (close) headers.connection = 'close';
  res.writeHead(planned.status, headers);
  res.end(planned.body);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
