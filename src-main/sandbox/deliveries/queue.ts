// Deliveries to the app's endpoint URL: POST form {data, signature, signature_method}; any 2xx is
// a success; otherwise retried after the configured gaps (1, 2, 4, 8 s: five attempts), every
// attempt recorded with status, timing and response body. The gaps are kept on the sandbox's clock
// (docs/sandbox.md, The clock): advanced past a retry's time, the retry is sent at once. An
// attempt's timeout and duration are real time: they measure the app's answer, not the platform.
import { newDeliveryId } from '../ids';
import type { AppRecord, DeliveryAttempt, DeliveryRecord } from '../state/records';
import type { Store } from '../state/store';
import type { Signer } from './sign';
import type { SandboxClock } from '../clock';

export interface DeliverySettings {
  retryDelaysMs: number[];
  timeoutMs: number;
}

const BODY_KEEP = 64 * 1024;

export class Deliveries {
  private readonly inflight = new Set<AbortController>();
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly signer: Signer,
    private readonly settings: DeliverySettings,
    /** Told when a delivery's record changes outside a request (an attempt's outcome). */
    private readonly onChange: () => void = () => {},
  ) {}

  private get clock(): SandboxClock {
    return this.store.clock;
  }

  /** Records the delivery and starts sending it; answers the record at once. */
  enqueue(app: AppRecord, payload: Record<string, unknown>): DeliveryRecord {
    const data = JSON.stringify(payload);
    const delivery: DeliveryRecord = {
      id: newDeliveryId(),
      client_id: app.client_id,
      type: typeof payload.type === 'string' ? payload.type : 'message',
      url: app.endpoint_url,
      data,
      signature: this.signer.sign(app, data),
      signature_method: app.signature_method,
      status: app.endpoint_url ? 'pending' : 'undelivered',
      created_at: new Date(this.clock.now()).toISOString(),
      attempts: [],
    };
    this.store.deliveries.push(delivery);
    if (app.endpoint_url) void this.attempt(delivery, 0);
    return delivery;
  }

  redeliver(delivery: DeliveryRecord): void {
    const app = this.store.app(delivery.client_id);
    if (app) {
      delivery.url = app.endpoint_url;
      delivery.signature = this.signer.sign(app, delivery.data);
      delivery.signature_method = app.signature_method;
    }
    delivery.status = delivery.url ? 'pending' : 'undelivered';
    if (delivery.url) void this.attempt(delivery, 0);
  }

  private async attempt(delivery: DeliveryRecord, retry: number): Promise<void> {
    // Loaded at the first delivery rather than at every start of the sandbox (and before the
    // attempt's clock and deadline start).
    const { request } = await import('undici');
    if (this.closed) return;
    const started = performance.now();
    const at = this.clock.now();
    const abort = new AbortController();
    this.inflight.add(abort);
    const timer = setTimeout(() => abort.abort(), this.settings.timeoutMs);
    const rec: DeliveryAttempt = {
      attempt: delivery.attempts.length + 1,
      at: new Date(at).toISOString(),
      status: null,
      duration_ms: 0,
      response_body: '',
    };
    try {
      const body = new URLSearchParams({
        data: delivery.data,
        signature: delivery.signature,
        signature_method: delivery.signature_method,
      }).toString();
      const res = await request(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': 'sandbox-platform',
        },
        body,
        signal: abort.signal,
      });
      const text = await res.body.text();
      rec.status = res.statusCode;
      rec.response_body = text.slice(0, BODY_KEEP);
    } catch (err) {
      rec.error = abort.signal.aborted
        ? `no answer within ${this.settings.timeoutMs} ms`
        : (err as Error).message;
    } finally {
      clearTimeout(timer);
      this.inflight.delete(abort);
    }
    rec.duration_ms = Math.round(performance.now() - started);
    delivery.attempts.push(rec);
    if (rec.status !== null && rec.status >= 200 && rec.status < 300) {
      delivery.status = 'delivered';
    } else if (retry < this.settings.retryDelaysMs.length && !this.closed) {
      this.clock.at(this.clock.now() + (this.settings.retryDelaysMs[retry] ?? 0), () => {
        if (!this.closed) void this.attempt(delivery, retry + 1);
      });
    } else {
      delivery.status = 'failed';
    }
    this.onChange();
  }

  close(): void {
    this.closed = true;
    this.clock.clear();
    for (const a of this.inflight) a.abort();
  }
}
