// The headless host's guards, over real loopback HTTP and WebSocket: Host allowlist, token
// exchange and cookie, Origin on upgrades and state changes, headers, static files only.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CommandError } from '../../../src-shared/contract';
import type { Core } from '../../../src-main/core/core';
import { typedInvoke, type Dispatch } from '../../../src-main/core/dispatch';
import { createEventEmitter } from '../../../src-main/core/events';
import { startHeadlessHost, type HeadlessHost } from '../../../src-main/headless/index';
import { rawRequest as raw } from '../../helpers/raw-http';

/** Opens a WebSocket, or reports the HTTP status the upgrade was refused with. */
function connect(
  port: number,
  options: { origin?: string; cookie?: string; host?: string; path?: string },
): Promise<{ ws: WebSocket } | { status: number }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers['cookie'] = options.cookie;
    if (options.host) headers['host'] = options.host;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? '/ws'}`, {
      headers,
      ...(options.origin ? { origin: options.origin } : {}),
    });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
    });
    ws.once('error', (err) => reject(err));
  });
}

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';

let host: HeadlessHost;
let tmp: string;
let origin: string;
let cookie: string;
const closed = { core: false };

function fakeCore(): Core {
  const events = createEventEmitter();
  const dispatch: Dispatch = async (name) => {
    if (name === 'app.info') return { version: 'test' };
    throw new CommandError({ code: 'unknown_command', message: `no ${String(name)}` });
  };
  return {
    dispatch,
    invoke: typedInvoke(dispatch),
    events,
    exportSession: () => Promise.reject(new Error('this fake exports nothing')),
    close: async () => {
      closed.core = true;
    },
  };
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'tp-host-sec-'));
  const rendererDir = join(tmp, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>fixture</title>');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1);');
  await writeFile(join(rendererDir, 'assets', 'app.css'), 'body{}');
  // A file right beside the renderer dir: the traversal target.
  await writeFile(join(tmp, 'secret.txt'), 'TOP SECRET');
  host = await startHeadlessHost({
    sandboxPort: 0,
    port: 0,
    dataDir: join(tmp, 'data'),
    rendererDir,
    token: TOKEN,
    createCore: async () => fakeCore(),
  });
  origin = `http://127.0.0.1:${host.port}`;
  cookie = `tp_session_${host.port}=${TOKEN}`;
});

afterAll(async () => {
  await host?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('headless host security', () => {
  it('prints a URL with a random token, and listens on loopback', async () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${TOKEN}`);
    // Without a fixed token, each launch gets its own 32-byte base64url token.
    const other = await startHeadlessHost({
      sandboxPort: 0,
      port: 0,
      dataDir: join(tmp, 'data2'),
      rendererDir: join(tmp, 'renderer'),
      createCore: async () => fakeCore(),
    });
    try {
      expect(other.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(other.token).not.toBe(TOKEN);
      expect(other.url).toBe(`http://127.0.0.1:${other.port}/?token=${other.token}`);
    } finally {
      await other.close();
    }
  });

  it('refuses a wrong Host header (DNS rebinding) even with the cookie', async () => {
    const res = await raw(host.port, '/', {
      headers: { host: `evil.example:${host.port}`, cookie },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatch(/wrong Host/);
    const otherPort = await raw(host.port, '/', { headers: { host: `127.0.0.1:1`, cookie } });
    expect(otherPort.status).toBe(403);
  });

  it('accepts the loopback names of its own port', async () => {
    for (const name of ['127.0.0.1', 'localhost', '[::1]']) {
      const res = await raw(host.port, '/', { headers: { host: `${name}:${host.port}`, cookie } });
      expect(res.status, name).toBe(200);
    }
  });

  it('answers 401 without the cookie or with a wrong token', async () => {
    const none = await raw(host.port, '/');
    expect(none.status).toBe(401);
    expect(none.body).toMatch(/link the headless host printed/);
    expect(none.headers['set-cookie']).toBeUndefined();
    const asset = await raw(host.port, '/assets/app.js');
    expect(asset.status).toBe(401);
    const wrongCookie = await raw(host.port, '/', {
      headers: { cookie: `tp_session_${host.port}=nope` },
    });
    expect(wrongCookie.status).toBe(401);
    const wrongToken = await raw(host.port, '/?token=nope');
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.headers['set-cookie']).toBeUndefined();
  });

  it('trades the token for an HttpOnly SameSite=Strict cookie and redirects to /', async () => {
    const res = await raw(host.port, `/?token=${TOKEN}`);
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe('/');
    expect(res.headers['set-cookie']).toEqual([
      `tp_session_${host.port}=${TOKEN}; HttpOnly; SameSite=Strict; Path=/`,
    ]);
  });

  it('serves index.html with the cookie, with the CSP and security headers, and no CORS', async () => {
    const res = await raw(host.port, '/', {
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>fixture</title>');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('serves assets with their content types and the security headers', async () => {
    const js = await raw(host.port, '/assets/app.js', { headers: { cookie } });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    const css = await raw(host.port, '/assets/app.css', { headers: { cookie } });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const missing = await raw(host.port, '/assets/nope.js', { headers: { cookie } });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBeDefined();
  });

  it('refuses path traversal out of the renderer directory', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00index.html',
      '/%E0%A4%A',
    ]) {
      const res = await raw(host.port, path, { headers: { cookie } });
      expect(res.body, path).not.toContain('TOP SECRET');
      expect([400, 404], path).toContain(res.status);
    }
  });

  it('refuses a state-changing request from a foreign Origin', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await raw(host.port, '/', {
        method,
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(res.status, method).toBe(403);
    }
    const nullOrigin = await raw(host.port, '/', {
      method: 'POST',
      headers: { cookie, origin: 'null' },
    });
    expect(nullOrigin.status).toBe(403);
    // Its own origin passes the guard; there is simply nothing to POST to.
    const own = await raw(host.port, '/', { method: 'POST', headers: { cookie, origin } });
    expect(own.status).toBe(405);
  });

  it('refuses a WebSocket upgrade from a foreign Origin, even with the cookie', async () => {
    const result = await connect(host.port, { origin: 'https://evil.example', cookie });
    expect(result).toEqual({ status: 403 });
    const lookalike = await connect(host.port, {
      origin: `http://127.0.0.1:${host.port + 1}`,
      cookie,
    });
    expect(lookalike).toEqual({ status: 403 });
  });

  it('refuses a WebSocket upgrade without an Origin', async () => {
    expect(await connect(host.port, { cookie })).toEqual({ status: 403 });
  });

  it('refuses a WebSocket upgrade without the cookie or with a wrong Host', async () => {
    expect(await connect(host.port, { origin })).toEqual({ status: 401 });
    expect(await connect(host.port, { origin, cookie: `tp_session_${host.port}=wrong` })).toEqual({
      status: 401,
    });
    expect(await connect(host.port, { origin, cookie, host: 'evil.example' })).toEqual({
      status: 403,
    });
    expect(await connect(host.port, { origin, cookie, path: '/elsewhere' })).toEqual({
      status: 404,
    });
  });

  it('upgrades with its own Origin and the cookie, from either loopback name', async () => {
    for (const o of [origin, `http://localhost:${host.port}`]) {
      const result = await connect(host.port, { origin: o, cookie });
      expect('ws' in result, o).toBe(true);
      if ('ws' in result) result.ws.close();
    }
  });
});
