// What every slice of the simulator shares: its dependencies, the sandbox profile it acts on, the
// names seen in the last state (so outcomes read "Ana Souza", not "u7k2m9qa3bcd"), and the shape
// of a command's handler.
import {
  CommandError,
  type commands,
  type CommandOutput,
  type SimRoom,
} from '../../../src-shared/contract';
import type { AppTokenService, UserTokenService } from '../auth';
import type { CoreEventEmitter } from '../events';
import type { Journal, Redactor } from '../log';
import { SANDBOX_PROFILE_ID, type ProfileStore } from '../profiles';
import type { SimAction } from './refusal-hints';
import type { SimCall } from './sandbox-http';
import { RoomAnswer } from '../../../src-shared/sandbox-api/simulator-answers';
import { roomView } from './state-view';
import type { z } from 'zod';

export interface SimulatorDeps {
  profiles: ProfileStore;
  journal: Journal;
  redactor: Redactor;
  events: CoreEventEmitter;
  /** The tokens the engine holds, marked expired when the sandbox expires them. */
  appTokens: Pick<AppTokenService, 'markExpired'>;
  users: Pick<UserTokenService, 'markExpired'>;
}

export type SimCommand =
  | 'simulator.createUser'
  | 'simulator.createRoom'
  | 'simulator.roomAction'
  | 'simulator.sendMessage'
  | 'simulator.otp'
  | 'simulator.revokeOnPlatform'
  | 'simulator.expireTokens'
  | 'simulator.advanceClock'
  | 'simulator.updateApp'
  | 'simulator.redeliver';

/** A command's input as its command gives it, with the profile it is for. */
export type CommandIn<K extends SimCommand> = z.output<(typeof commands)[K]['input']>;

type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A command's input as an action sees it: the profile is its Target's. */
export type In<K extends SimCommand> = OmitEach<CommandIn<K>, 'profileId'>;

/** The sandbox profile an action runs against. */
export interface Target {
  profileId: string;
  baseUrl: string;
  clientId: string;
}

export type SimHandlers = {
  [K in SimCommand]: (t: Target, input: In<K>) => Promise<CommandOutput<K>>;
};

/** One action: the call, its journal record, the event (outcome.ts); a refusal throws. */
export type Act = <T>(
  t: Target,
  action: SimAction,
  call: SimCall,
  done: (json: unknown) => { outcome: string; value: T },
  attempted: string,
) => Promise<T & { outcome: string; seq: number }>;

/** What a slice of handlers is built from. */
export interface SimContext {
  deps: SimulatorDeps;
  act: Act;
  names: SimNames;
}

/** The profile named (default: the active one), when it is the embedded sandbox's; any other is refused. */
export function sandboxTarget(profiles: ProfileStore, profileId?: string): Target {
  const profile = profiles.require(profileId);
  if (profile.kind !== 'sandbox' || profile.id !== SANDBOX_PROFILE_ID) {
    throw new CommandError({
      code: 'forbidden',
      message:
        profileId === undefined
          ? `The simulator plays the embedded sandbox's users, and the active profile "${profile.name}" is not the sandbox. Switch to the sandbox profile to use it.`
          : `The simulator plays the embedded sandbox's users, and the profile "${profile.name}" is not the sandbox. Act for the sandbox profile instead.`,
    });
  }
  return { profileId: profile.id, baseUrl: profile.baseUrl, clientId: profile.clientId };
}

export type SimNames = ReturnType<typeof createSimNames>;

/** Users' and rooms' names as last seen, and the platform domain that tells users from contacts. */
export function createSimNames() {
  const names = new Map<string, string>();
  let platformDomain = 'platform.test';
  return {
    of: (id: string) => names.get(id) ?? id,
    set: (id: string, name: string) => void names.set(id, name),
    setPlatformDomain: (domain: string) => void (platformDomain = domain),
    /** A room from the sandbox's answer, its subject remembered as its name. */
    room(json: unknown): SimRoom {
      const r = roomView(RoomAnswer.parse(json), platformDomain);
      names.set(r.id, `"${r.subject}"`);
      return r;
    },
  };
}
