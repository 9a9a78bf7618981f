// The one typed list of what the UI can ask the engine (commands) and what it can hear (events).
// Both transports (Electron IPC, the headless host's WebSocket) carry exactly this, and every host
// validates command input against these schemas at its boundary. Each domain keeps its shapes,
// commands and events in its own module (contacts.ts: `contactsCommands`, `contactsEvents`); this
// file joins them into the one `commands` and `events` maps and re-exports everything, so callers
// import from the contract as a whole. Nothing here imports more than zod, so the renderer imports
// it too; the preload, which cannot load zod, imports channels.ts alone.
import { z } from 'zod';
import { apiCommands } from './api';
import { appCommands } from './app';
import { authCommands, authEvents } from './auth';
import type { CommandSpec } from './common';
import { collectionsCommands, collectionsEvents } from './collections';
import { composerCommands, composerEvents } from './composer';
import { contactsCommands, contactsEvents } from './contacts';
import { endpointCheckCommands, endpointCheckEvents } from './endpointCheck';
import { inboundCommands, inboundEvents } from './inbound';
import { loadCommands, loadEvents } from './load';
import { logCommands, logEvents } from './log';
import { profilesCommands, profilesEvents } from './profiles';
import { runnerCommands, runnerEvents } from './runner';
import { secretsCommands } from './secrets';
import { sessionsCommands, sessionsEvents } from './sessions';
import { simulatorCommands, simulatorEvents } from './simulator';
import { tunnelCommands, tunnelEvents } from './tunnel';

export * from './api';
export * from './app';
export * from './auth';
export * from './bridge';
export * from './channels';
export * from './collections';
export * from './composer';
export * from './contacts';
export * from './endpointCheck';
export * from './errors';
export * from './inbound';
export * from './journal';
export * from './load';
export * from './log';
export * from './profiles';
export * from './runner';
export * from './secrets';
export * from './sessions';
export * from './simulator';
export * from './tunnel';
export * from './wire';

// ---------- commands ----------

// Every name carries its domain's prefix (the domain modules' types insist), so no two domains
// can bring the same name; test/unit/contract/domains.test.ts checks the join.
export const commands = {
  ...appCommands,
  ...secretsCommands,
  ...profilesCommands,
  ...authCommands,
  ...apiCommands,
  ...composerCommands,
  ...inboundCommands,
  ...tunnelCommands,
  ...sessionsCommands,
  ...logCommands,
  ...contactsCommands,
  ...simulatorCommands,
  ...collectionsCommands,
  ...runnerCommands,
  ...endpointCheckCommands,
  ...loadCommands,
} as const satisfies Record<string, CommandSpec>;

type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandInput<K extends CommandName> = z.input<Commands[K]['input']>;
export type CommandOutput<K extends CommandName> = z.output<Commands[K]['output']>;

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(commands, name);
}

// ---------- events ----------

export const events = {
  ...logEvents,
  ...authEvents,
  ...profilesEvents,
  ...tunnelEvents,
  ...inboundEvents,
  ...sessionsEvents,
  ...contactsEvents,
  ...simulatorEvents,
  ...composerEvents,
  ...collectionsEvents,
  ...runnerEvents,
  ...endpointCheckEvents,
  ...loadEvents,
} as const satisfies Record<string, z.ZodType>;

type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
