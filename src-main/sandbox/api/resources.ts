// GET /tp/resource/list (4.10) and /tp/resource/info (4.9): the acting user and the rooms a contact
// it owns is in (docs/sandbox.md, Details).
import { ApiError } from '../http/reply';
import { roomEntry, roomsOfUser } from '../rooms';
import type { ApiHandler } from './pipeline';

export const resourceList: ApiHandler = (ctx, { actor }) => {
  const userId = actor.userId ?? '';
  return {
    users: [{ id: userId, owner: true }],
    rooms: roomsOfUser(ctx.store, actor.app, userId).map((r) => roomEntry(ctx.store, r)),
  };
};

export const resourceInfo: ApiHandler = (ctx, { actor, params }) => {
  const userId = actor.userId ?? '';
  const id = params.str('resource_id') ?? '';
  if (id === userId) return { type: 'user', resource: { id: userId, owner: true } };
  const room = roomsOfUser(ctx.store, actor.app, userId).find((r) => r.id === id);
  if (!room)
    throw new ApiError(
      'not_found',
      `resource_id ${id.slice(0, 64)} is not a resource of this user.`,
    );
  return { type: 'room', resource: roomEntry(ctx.store, room) };
};
