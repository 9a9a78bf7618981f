// Shared pieces of the simulator API (docs/sandbox.md, Simulator API): JSON bodies checked
// with zod, app selection by client_id, and lookups that answer 404 in the common error shape.
import type { z } from 'zod';
import type { SandboxContext } from '../context';
import { ApiError } from '../http/reply';
import type { AppRecord, RoomRecord, UserRecord } from '../state/records';
import type { Store } from '../state/store';

interface SimRequest {
  ctx: SandboxContext;
  /** The path's captured segments (decoded). */
  args: string[];
  body: unknown;
  query: URLSearchParams;
}

/** A route's handler; `T` is what it answers, declared in src-shared/sandbox-api/ when the engine reads it. */
export type SimHandler<T = unknown> = (req: SimRequest) => T | Promise<T>;

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'body';
    throw new ApiError('invalid_request', `${where}: ${issue?.message ?? 'invalid'}.`);
  }
  return parsed.data;
}

export function pickApp(store: Store, clientId: string | undefined): AppRecord {
  if (clientId !== undefined) {
    const app = store.app(clientId);
    if (!app) throw new ApiError('not_found', `No app has client_id ${clientId.slice(0, 64)}.`);
    return app;
  }
  const [only, ...rest] = store.apps;
  if (!only || rest.length > 0) {
    throw new ApiError(
      'invalid_request',
      'client_id is required: more than one app is registered.',
    );
  }
  return only;
}

export function getUser(store: Store, id: string): UserRecord {
  const user = store.users.get(id);
  if (!user) throw new ApiError('not_found', `No user has id ${id.slice(0, 64)}.`);
  return user;
}

export function getRoom(store: Store, id: string): RoomRecord {
  const room = store.rooms.get(id);
  if (!room) throw new ApiError('not_found', `No room has id ${id.slice(0, 64)}.`);
  return room;
}
