// Talks to a sandbox over real loopback HTTP, as a client of the platform and of the simulator.
import { request } from 'undici';
import {
  startSandbox,
  type RunningSandbox,
  type SandboxApp,
  type SandboxOptions,
} from '../../../src-main/sandbox';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: Record<string, unknown>;
}

export interface UserSession {
  user_id: string;
  access_token: string;
  refresh_token: string;
  scope: string;
}

async function toReply(res: Awaited<ReturnType<typeof request>>): Promise<Reply> {
  const text = await res.body.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = {};
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

export class Harness {
  constructor(
    readonly sandbox: RunningSandbox,
    readonly app: SandboxApp,
  ) {}

  static async start(options: SandboxOptions = {}): Promise<Harness> {
    const sandbox = await startSandbox(options);
    const app = sandbox.apps[0];
    if (!app) throw new Error('no app');
    return new Harness(sandbox, app);
  }

  get base(): string {
    return this.sandbox.baseUrl;
  }

  close(): Promise<void> {
    return this.sandbox.close();
  }

  async post(path: string, fields: Record<string, string>, token?: string): Promise<Reply> {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (token) headers.authorization = `Bearer ${token}`;
    return toReply(
      await request(this.base + path, {
        method: 'POST',
        headers,
        body: new URLSearchParams(fields).toString(),
      }),
    );
  }

  async multipart(path: string, form: FormData, token: string): Promise<Reply> {
    const res = await fetch(this.base + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = {};
    }
    return { status: res.status, headers: Object.fromEntries(res.headers), text, json };
  }

  async get(path: string, query: Record<string, string> = {}, token?: string): Promise<Reply> {
    const qs = new URLSearchParams(query).toString();
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    return toReply(
      await request(`${this.base}${path}${qs ? `?${qs}` : ''}`, { method: 'GET', headers }),
    );
  }

  async raw(
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    return toReply(
      await request(this.base + path, {
        method: method as 'GET',
        headers,
        ...(body === undefined ? {} : { body }),
      }),
    );
  }

  async sim(method: string, path: string, body?: unknown): Promise<Reply> {
    return toReply(
      await request(`${this.base}/_sandbox${path}`, {
        method: method as 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  }

  async appToken(app: SandboxApp = this.app): Promise<string> {
    const r = await this.post('/tp/token', {
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    if (r.status !== 200) throw new Error(r.text);
    return String(r.json.access_token);
  }

  async newUser(name = 'Test', surname = 'User'): Promise<string> {
    const r = await this.sim('POST', '/users', { name, surname });
    if (r.status !== 200) throw new Error(r.text);
    return String(r.json.id);
  }

  /** Code for the user through POST /_sandbox/authorize. */
  async code(
    userId: string,
    scope = 'basic user_phone',
    app: SandboxApp = this.app,
  ): Promise<string> {
    const r = await this.sim('POST', '/authorize', {
      client_id: app.client_id,
      redirect_uri: app.redirect_uri,
      state: 's1',
      user_id: userId,
      scope,
      decision: 'approve',
    });
    const code = new URL(String(r.json.redirect)).searchParams.get('code');
    if (!code) throw new Error(r.text);
    return code;
  }

  async exchange(code: string, app: SandboxApp = this.app): Promise<Reply> {
    return this.post('/tp/token', {
      grant_type: 'authorization_code',
      client_id: app.client_id,
      client_secret: app.client_secret,
      code,
      redirect_uri: app.redirect_uri,
    });
  }

  /** A connected user (created unless given) with a user token. */
  async connect(
    userId?: string,
    scope = 'basic user_phone',
    app: SandboxApp = this.app,
  ): Promise<UserSession> {
    const id = userId ?? (await this.newUser());
    const r = await this.exchange(await this.code(id, scope, app), app);
    if (r.status !== 200) throw new Error(r.text);
    return {
      user_id: id,
      access_token: String(r.json.access_token),
      refresh_token: String(r.json.refresh_token),
      scope: String(r.json.scope),
    };
  }

  async addContact(
    token: string,
    contact_id: string,
    capabilities = 'interactive group_add',
  ): Promise<Reply> {
    return this.post(
      '/tp/contact/add',
      { contact_id, display_name: `Contact ${contact_id}`, capabilities },
      token,
    );
  }
}

export function expectError(r: Reply, status: number, code: string): void {
  if (
    r.status !== status ||
    r.json.error !== code ||
    typeof r.json.error_description !== 'string'
  ) {
    throw new Error(`expected ${status} ${code}, got ${r.status} ${r.text}`);
  }
}
