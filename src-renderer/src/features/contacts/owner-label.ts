// An owner as a person reads it: the name the engine knows for the user, then the id, with no
// parentheses, so a state after it ("· confirmed") does not stack brackets.
import type { ConnectedUser } from '../../../../src-shared/contract';

export function ownerLabel(users: readonly Pick<ConnectedUser, 'userId' | 'displayName'>[]) {
  return (userId: string): string => {
    const name = users.find((u) => u.userId === userId)?.displayName;
    return name ? `${name} · ${userId}` : userId;
  };
}
