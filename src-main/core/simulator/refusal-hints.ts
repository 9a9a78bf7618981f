// What to do about a refusal of a simulator action, said after the sandbox's reason: one per
// action, so the advice fits what was tried.
//
// A registration refusal names the field (`endpoint_url: must be ...`), said with the form's label.
export type RefusalHint = string | ((description: string) => string);

const REGISTRATION_FIELDS: Record<string, string> = {
  scopes: 'Scopes',
  endpoint_url: 'Endpoint URL',
  management_url: 'Management URL',
  directory_url: 'Directory URL',
  signature_method: 'Signature method',
  token_lifetime: 'Token lifetime',
  rate_limit: 'Rate limit',
};

/** The sandbox's "endpoint_url: must be an http(s) URL ..." → "Fix the Endpoint URL field, ...". */
export function registrationHint(description: string): string {
  const field = /^([a-z_]+)[.:]/.exec(description)?.[1];
  const label = field ? REGISTRATION_FIELDS[field] : undefined;
  return label
    ? `Fix the ${label} field, then save again.`
    : 'Fix the field it names, then save again.';
}

export const REFUSAL_HINTS = {
  createUser: 'Check the name and surname, then try again.',
  createRoom: 'Check the subject and that the creator and occupants are sandbox users.',
  'room.invite': "Check the ids and the contact's capabilities (group_add), then try again.",
  'room.remove': 'Check the ids: the contact must be in the room, then try again.',
  'room.join': 'Check the room and user ids, then try again.',
  'room.leave': 'Check the room and user ids: the user must be in the room.',
  'room.update': 'Check the room, who changes it and the new subject or avatar URL.',
  sendMessage:
    "Check the ids, the message's fields and the contact's capabilities, then try again.",
  otp: 'Check the user id and that the registration has that URL, then try again.',
  revokeOnPlatform: 'Check the user id: the user must be connected to the app.',
  expireTokens: 'Read the state again; if the sandbox stopped, restart TP Inspector.',
  advanceClock:
    'Give a duration forward such as 10m, 1h or 1d, at most 366d at a time; if the sandbox stopped, restart TP Inspector.',
  updateApp: registrationHint,
  redeliver: 'Read the deliveries again: the id must be one of them.',
} satisfies Record<string, RefusalHint>;

/** A simulator action, as the journal's simulator.changed event and the hints name it. */
export type SimAction = keyof typeof REFUSAL_HINTS;
