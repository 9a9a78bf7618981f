// Timing of a new connection's phases (DNS lookup, TCP connect, TLS handshake), read from the
// socket undici opens. A one-shot Agent guarantees the call gets a fresh connection, so the
// phases belong to it (a pooled, reused connection has no phases to show).
import type { Socket } from 'node:net';
import type { Agent, buildConnector } from 'undici';
import { undici } from '../common/lazy-packages';

export interface ConnectionPhases {
  dnsMs?: number;
  connectMs?: number;
  tlsMs?: number;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** `tls`: extra trust (a self-signed sandbox's certificate), for the connection it opens. */
export function phaseTimedAgent(
  phases: ConnectionPhases,
  tls: buildConnector.BuildOptions = {},
): Agent {
  const { Agent, buildConnector: connector } = undici();
  const connect = connector(tls);
  return new Agent({
    connections: 1,
    connect: (options, callback) => {
      const started = performance.now();
      let mark = started;
      // undici's connector returns the socket it opens (its typings say void).
      const socket = (connect as unknown as (o: typeof options, c: typeof callback) => Socket)(
        options,
        callback,
      );
      // 'lookup' fires only when a host name was resolved (not for an IP address).
      socket.once('lookup', () => {
        const now = performance.now();
        phases.dnsMs = round(now - mark);
        mark = now;
      });
      socket.once('connect', () => {
        const now = performance.now();
        phases.connectMs = round(now - mark);
        mark = now;
      });
      socket.once('secureConnect', () => {
        phases.tlsMs = round(performance.now() - mark);
      });
    },
  });
}
