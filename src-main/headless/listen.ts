// Binding the loopback port: a fixed, memorable default when it is free, any free port otherwise.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const DEFAULT_PORT = 5874;
export const LOOPBACK = '127.0.0.1';

function listenOnce(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, LOOPBACK);
  });
}

/**
 * `undefined` tries DEFAULT_PORT and falls back to a free port when it is taken; `0` is any free
 * port; any other number is that port or an error saying it is taken.
 */
export async function listenLoopback(server: Server, port: number | undefined): Promise<number> {
  if (port !== undefined) {
    try {
      return await listenOnce(server, port);
    } catch (err) {
      if (isAddressInUse(err)) {
        throw new Error(
          `Port ${port} on ${LOOPBACK} is already in use. Pick another with --port, or --port 0 for any free one.`,
          { cause: err },
        );
      }
      throw err;
    }
  }
  try {
    return await listenOnce(server, DEFAULT_PORT);
  } catch (err) {
    if (!isAddressInUse(err)) throw err;
    return listenOnce(server, 0);
  }
}

function isAddressInUse(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'EADDRINUSE';
}

/** A loopback port nobody listens on right now (for a server that another process will open). */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  const port = await listenOnce(server, 0);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
