// A localtunnel-protocol server on 127.0.0.1, the remote side for tunnel tests
// (the localtunnel protocol, as docs/tunnel.md describes it): `GET /?new` or `GET /{subdomain}` registers a client
// and answers {id, port, max_conn_count, url}; the client opens up to max_conn_count TCP
// connections to `port`; each public HTTP request for the client is written onto an idle
// connection and the response relayed back. A client is named by the Host `<id>.localhost`, as on
// the public server, or (because `*.localhost` does not resolve on every machine) by the path
// prefix `/t/<id>` of the URL it is given. Tests can kill a client (a dead tunnel), make the
// server refuse registrations, or play an untrusted server: one that names an `ip` to connect to
// (never contacted by the tests: the client must refuse it first) or asks for many connections
// (it counts how many the client opens at once).
import { randomBytes } from 'node:crypto';
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface LtServer {
  /** e.g. http://127.0.0.1:40123: what the tunnel client is given as its host. */
  baseUrl: string;
  /** Registrations answered, in order: the id requested ('' for ?new) and the one given. */
  registrations: { requested: string; id: string }[];
  /** Ids of the clients the server knows now. */
  clients(): string[];
  /** Connections the client has open now. */
  connections(id: string): number;
  /** The most connections the client has had open at once (kept after it is forgotten). */
  peakConnections(id: string): number;
  /** Drops every connection of the client, stops its listener and forgets it. */
  kill(id: string): void;
  /**
   * Forgets the client but leaves its connections open: its public URL answers 404 while the
   * client sees nothing wrong (a tunnel that only a health check can find dead).
   */
  detach(id: string): void;
  /** Treats the name as taken by someone else: asking for it gets a random one. */
  reserve(id: string): void;
  /** Answers registrations with this status and message (null: accept again). */
  refuse(refusal: { status: number; message: string } | null): void;
  close(): Promise<void>;
}

interface Client {
  id: string;
  listener: Server;
  port: number;
  idle: Socket[];
  all: Set<Socket>;
  waiting: ((socket: Socket | null) => void)[];
  forgetTimer: NodeJS.Timeout | null;
}

const SUBDOMAIN = /^[a-z0-9][a-z0-9-]{2,61}[a-z0-9]$/;

export interface LtServerOptions {
  /** max_conn_count in the registration answer, and how many connections are accepted. */
  maxConn?: number;
  /** How long a client with no connection left is kept. */
  graceMs?: number;
  /** An `ip` for the registration answer: where the server tells the client to connect. */
  ip?: string;
}

export async function startLtServer(options: LtServerOptions = {}) {
  const maxConn = options.maxConn ?? 2;
  const graceMs = options.graceMs ?? 1000;
  const clients = new Map<string, Client>();
  const detached: Client[] = [];
  const reserved = new Set<string>();
  const registrations: LtServer['registrations'] = [];
  const peaks = new Map<string, number>();
  let refusal: { status: number; message: string } | null = null;
  let port = 0;

  const forget = (client: Client) => {
    if (clients.get(client.id) !== client) return;
    clients.delete(client.id);
    if (client.forgetTimer) clearTimeout(client.forgetTimer);
    for (const socket of client.all) socket.destroy();
    for (const waiter of client.waiting.splice(0)) waiter(null);
    client.listener.close();
  };

  const newClient = async (id: string): Promise<Client> => {
    const client: Client = {
      id,
      listener: createTcpServer(),
      port: 0,
      idle: [],
      all: new Set(),
      waiting: [],
      forgetTimer: null,
    };
    client.listener.on('connection', (socket) => {
      if (client.all.size >= maxConn) return void socket.destroy();
      if (client.forgetTimer) clearTimeout(client.forgetTimer);
      client.forgetTimer = null;
      client.all.add(socket);
      peaks.set(id, Math.max(peaks.get(id) ?? 0, client.all.size));
      socket.on('error', () => socket.destroy());
      socket.once('close', () => {
        client.all.delete(socket);
        client.idle = client.idle.filter((s) => s !== socket);
        // Like the public server: a client with no connection left is forgotten shortly after.
        if (client.all.size === 0 && clients.get(id) === client)
          client.forgetTimer = setTimeout(() => forget(client), graceMs);
      });
      const waiter = client.waiting.shift();
      if (waiter) waiter(socket);
      else client.idle.push(socket);
    });
    await new Promise<void>((resolve) => client.listener.listen(0, '127.0.0.1', resolve));
    client.port = (client.listener.address() as AddressInfo).port;
    clients.set(id, client);
    return client;
  };

  const register = async (requested: string, res: ServerResponse) => {
    if (refusal) return json(res, refusal.status, { message: refusal.message });
    if (requested && !SUBDOMAIN.test(requested)) {
      return json(res, 403, {
        message: 'Invalid subdomain. Subdomains must be lowercase and between 4 and 63 characters.',
      });
    }
    // A name in use is answered with a random one, as the public server does.
    const id =
      requested && !clients.has(requested) && !reserved.has(requested) ? requested : randomId();
    const client = await newClient(id);
    registrations.push({ requested, id });
    json(res, 200, {
      id,
      port: client.port,
      max_conn_count: maxConn,
      url: `http://127.0.0.1:${port}/t/${id}`,
      ...(options.ip !== undefined ? { ip: options.ip } : {}),
    });
  };

  const relay = (client: Client, path: string, req: IncomingMessage, res: ServerResponse) => {
    const headers = { ...req.headers, connection: 'close' };
    const upstream = httpRequest({
      method: req.method,
      path,
      headers,
      // Hands the request to an idle tunnel connection, waiting for one if none is idle.
      createConnection: (_opts, done) => {
        const socket = client.idle.shift();
        if (socket) return socket;
        client.waiting.push((s) =>
          s ? done(null, s) : done(new Error('tunnel closed'), undefined as never),
        );
        return undefined;
      },
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) text(res, 502, 'The tunnel client did not answer.');
      else res.destroy();
    });
    req.pipe(upstream);
  };

  const server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://lt.invalid');
    const byHost = /^([a-z0-9-]+)\.localhost(?::\d+)?$/i.exec(req.headers.host ?? '');
    const byPath = /^\/t\/([a-z0-9-]+)(\/.*)?$/.exec(url.pathname);
    const id = byHost?.[1] ?? byPath?.[1];
    if (id) {
      const client = clients.get(id.toLowerCase());
      if (!client) return text(res, 404, `404: no tunnel named ${id}`);
      const path = byHost ? (req.url ?? '/') : `${byPath?.[2] ?? '/'}${url.search}`;
      return relay(client, path, req, res);
    }
    if (req.method !== 'GET') return text(res, 405, 'Method not allowed');
    if (url.pathname === '/' && url.searchParams.has('new')) return void register('', res);
    if (url.pathname !== '/') return void register(decodeURIComponent(url.pathname.slice(1)), res);
    text(res, 200, 'localtunnel test server');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  const lt: LtServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    registrations,
    clients: () => [...clients.keys()],
    connections: (id) => clients.get(id)?.all.size ?? 0,
    peakConnections: (id) => peaks.get(id) ?? 0,
    kill: (id) => {
      const client = clients.get(id);
      if (client) forget(client);
    },
    detach: (id) => {
      const client = clients.get(id);
      if (!client) return;
      clients.delete(id);
      detached.push(client);
    },
    reserve: (id) => void reserved.add(id),
    refuse: (next) => {
      refusal = next;
    },
    close: async () => {
      for (const client of [...clients.values()]) forget(client);
      for (const client of detached) {
        for (const socket of client.all) socket.destroy();
        client.listener.close();
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return lt;
}

function randomId(): string {
  return `t${randomBytes(5).toString('hex')}`;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function text(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(body);
}
