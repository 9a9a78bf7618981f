// Sends bytes on a raw TCP socket and reads what comes back: for requests that fetch, undici and
// node:http would normalise or refuse before sending (targets like `//`, `*`, `host:port`).
import { connect } from 'node:net';

interface RawAnswer {
  /** The answer's status, or null when the server closed the connection without one. */
  status: number | null;
  /** The whole answer as latin1 text, up to the end of its head at least. */
  text: string;
  /** Whether the server closed the connection (an answer that keeps it open leaves this false). */
  closed: boolean;
}

/**
 * Writes `bytes` and resolves once the server has answered a whole head (the socket is then
 * destroyed, unless `waitForClose`) or has closed the connection; rejects when it has done neither
 * within `timeoutMs` (a server that hangs, or whose listener threw before it answered).
 */
export function sendRaw(
  port: number,
  bytes: string,
  options: { waitForClose?: boolean; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const timeoutMs = options.timeoutMs ?? 5_000;
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(
        new Error(
          `No answer and no close in ${timeoutMs} ms to ${JSON.stringify(bytes.slice(0, 80))}`,
        ),
      );
    });
    let text = '';
    const answer = (closed: boolean): RawAnswer => {
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      return { status: status ? Number(status[1]) : null, text, closed };
    };
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      if (!options.waitForClose && text.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(answer(false));
      }
    });
    // A server that refuses the request by closing may reset the connection under our write.
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
      reject(err);
    });
    socket.on('close', () => resolve(answer(true)));
    socket.write(bytes);
  });
}
