// An app endpoint on loopback that records what the sandbox delivers and answers as told.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  contentType: string | undefined;
  data: string;
  signature: string;
  signature_method: string;
  parsed: Record<string, unknown>;
}

export class Receiver {
  readonly received: Received[] = [];
  /** Statuses to answer in turn; once used up, 200. A negative number: never answer. */
  script: number[] = [];
  private waiters: { n: number; resolve: () => void }[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<Receiver> {
    const receiver: Receiver = new Receiver(
      createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () =>
          receiver.onRequest(
            req.headers['content-type'],
            Buffer.concat(chunks).toString('utf8'),
            res,
          ),
        );
      }),
    );
    await new Promise<void>((r) => receiver.server.listen(0, '127.0.0.1', r));
    return receiver;
  }

  private onRequest(
    contentType: string | undefined,
    body: string,
    res: import('node:http').ServerResponse,
  ): void {
    const form = new URLSearchParams(body);
    const data = form.get('data') ?? '';
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(data) as Record<string, unknown>;
    } catch {
      parsed = {};
    }
    this.received.push({
      contentType,
      data,
      signature: form.get('signature') ?? '',
      signature_method: form.get('signature_method') ?? '',
      parsed,
    });
    const status = this.script.shift() ?? 200;
    if (status >= 0)
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
    this.waiters = this.waiters.filter((w) => {
      if (this.received.length >= w.n) w.resolve();
      return this.received.length < w.n;
    });
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/inbound`;
  }

  /** Resolves once `n` requests in all have arrived. */
  waitFor(n: number, timeoutMs = 5000): Promise<void> {
    if (this.received.length >= n) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`only ${this.received.length} of ${n} deliveries arrived`)),
        timeoutMs,
      );
      this.waiters.push({ n, resolve: () => (clearTimeout(t), resolve()) });
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}
