// The data path of a localtunnel: `maxConn` plain TCP connections to the server, kept open. The
// server writes each public HTTP request onto an idle one; on its first bytes we connect to the
// receiver on loopback and pipe both ways. A connection that closes is opened again. A connection
// that cannot be opened means the server has forgotten us (or is gone): that is reported once, and
// the owner re-registers; nothing here throws or emits an unhandled 'error'.
import { connect, type Socket } from 'node:net';
import type { LtRegistration } from './lt-register';

interface LtConnections {
  /** Connections open to the server right now. */
  open(): number;
  close(): void;
}

interface ConnectionOptions {
  localHost: string;
  localPort: number;
  /** Called once, when the tunnel cannot carry requests any more; the pool is closed by then. */
  onFailure(reason: string): void;
  /** Wait before reopening a connection that closed without carrying a request. */
  idleReopenDelayMs?: number;
  /**
   * The local ports of the open connections to the receiver: they arrive from loopback like the
   * sandbox's, and this is how the receiver tells them apart (its rate cap is for the public edge).
   */
  tunnelPorts?: Set<number>;
}

export function openConnections(reg: LtRegistration, options: ConnectionOptions): LtConnections {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const fail = (reason: string) => {
    if (closed) return;
    close();
    options.onFailure(reason);
  };

  const reopenLater = (delayMs: number) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      openOne();
    }, delayMs);
    timers.add(timer);
  };

  const openOne = () => {
    if (closed) return;
    let connected = false;
    let carried = false;
    let local: Socket | null = null;
    const remote = connect({ host: reg.remoteHost, port: reg.remotePort });
    sockets.add(remote);
    remote.setKeepAlive(true);
    remote.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected)
        fail(
          `The tunnel server no longer accepts connections at ${reg.remoteHost}:${reg.remotePort} (${err.code ?? err.message}).`,
        );
      // After connecting, an error is followed by 'close', which reopens.
    });
    remote.once('connect', () => {
      connected = true;
    });
    remote.once('data', (first: Buffer) => {
      carried = true;
      remote.pause();
      const sock = connect({ host: options.localHost, port: options.localPort });
      local = sock;
      sock.on('error', () => {
        // The receiver is gone (the app is closing): drop this request; the server answers 502.
        remote.destroy();
      });
      sock.once('connect', () => {
        const port = sock.localPort;
        if (port !== undefined) {
          options.tunnelPorts?.add(port);
          sock.once('close', () => options.tunnelPorts?.delete(port));
        }
        sock.write(first);
        remote.pipe(sock);
        sock.pipe(remote);
        remote.resume();
      });
      sock.once('close', () => remote.destroy());
    });
    remote.once('close', () => {
      sockets.delete(remote);
      local?.destroy();
      if (!connected || closed) return;
      // A connection that carried a request is replaced at once; one the server dropped while
      // idle after a pause, so a server that keeps dropping us does not spin the CPU.
      if (carried) openOne();
      else reopenLater(options.idleReopenDelayMs ?? 200);
    });
  };

  const close = () => {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  for (let i = 0; i < reg.maxConn; i++) openOne();
  return { open: () => sockets.size, close };
}
