// A saved request must run where the collection goes: from the command line, on a colleague's
// machine, on a fresh sandbox. The connected user it acted for exists only here, so "Save to
// collection" writes them as {{user_id}}: on the sandbox a connect-user step at the start of the
// scenario makes a new user each run; elsewhere the profile's variable holds the id, to be set per
// environment. What else only holds here (ids of this sandbox, a URL of this machine) is said.

type StepObject = Record<string, unknown>;

const USER_VARIABLE = 'user_id';

/** A sandbox id of a user or a room (docs/sandbox.md, Identities and ids). */
const SANDBOX_ID = /\b[ur][a-z2-7]{10}\b/;
const THIS_MACHINE = /\bhttps?:\/\/(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])(?::\d+)?/i;

interface PortableInput {
  /** The step's `request:` as built from the composer or the journal. */
  request: StepObject;
  /** The user the request acts for, when it acts for one. */
  user: { id: string; displayName: string | null } | null;
  profile: { id: string; name: string; kind: 'sandbox' | 'custom' };
  /** Variables the scenario already captures (when the step is added to it). */
  captured: ReadonlySet<string>;
  /** The profile's variables now. */
  profileVariables: Readonly<Record<string, string>>;
}

export interface PortableStep {
  request: StepObject;
  /** Steps that go first in the scenario (a connect-user step, on the sandbox). */
  setup: StepObject[];
  /** Variables to add to the profile's (elsewhere than the sandbox). */
  profileVariables: Record<string, string>;
  /** What was changed and what only holds on this machine, in words. */
  notes: string[];
}

function replaceIn(params: unknown, from: string, to: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, string>))
    out[name] = value.split(from).join(to);
  return out;
}

/** `user_id`, or `user_id_2`… when the profile's `user_id` is another user's. */
function freeVariable(variables: Readonly<Record<string, string>>, userId: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? USER_VARIABLE : `${USER_VARIABLE}_${n}`;
    if (variables[name] === undefined || variables[name] === userId) return name;
  }
}

function connectStep(user: NonNullable<PortableInput['user']>, variable: string): StepObject {
  const [name = 'Ada', ...rest] = (user.displayName ?? '').trim().split(/\s+/).filter(Boolean);
  const surname = rest.join(' ');
  return {
    name: `Connect ${[name, surname].filter(Boolean).join(' ')}`,
    'connect-user': { name, ...(surname ? { surname } : {}) },
    capture: { [variable]: 'user_id' },
  };
}

function warnings(input: PortableInput, params: Record<string, string>): string[] {
  const notes: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    const url = THIS_MACHINE.exec(value);
    if (url)
      notes.push(
        `params.${name} points at this machine (${url[0]}): it holds only here. Make it a variable of each profile.`,
      );
    if (input.profile.kind !== 'sandbox') continue;
    const id = SANDBOX_ID.exec(value.replace(/\{\{[^}]*\}\}/g, ''));
    if (id)
      notes.push(
        `params.${name} holds ${id[0]}, an id of this sandbox: a fresh sandbox (the command line's) has other ids. Capture it in an earlier step, or make it a variable.`,
      );
    else if (name === 'contact_id' && input.request.endpoint !== 'contact.add')
      notes.push(
        `params.contact_id names a contact of this sandbox's app: add it in an earlier step (contact.add) so that the scenario runs on a fresh sandbox too.`,
      );
  }
  return notes;
}

export function portableStep(input: PortableInput): PortableStep {
  const { user, profile } = input;
  if (!user) {
    const params = (input.request.params ?? {}) as Record<string, string>;
    return {
      request: input.request,
      setup: [],
      profileVariables: {},
      notes: warnings(input, params),
    };
  }
  const who = `${user.displayName ?? 'The user'} (${user.id})`;
  let variable: string;
  const setup: StepObject[] = [];
  const profileVariables: Record<string, string> = {};
  const notes: string[] = [];
  if (input.captured.has(USER_VARIABLE)) {
    variable = USER_VARIABLE;
    notes.push(`${who} is written {{${variable}}}, the user the scenario's earlier step captures.`);
  } else if (profile.kind === 'sandbox') {
    variable = USER_VARIABLE;
    setup.push(connectStep(user, variable));
    notes.push(
      `${who} is written {{${variable}}}, and a connect-user step at the start of the scenario connects a new sandbox user for each run: the scenario runs on any sandbox, the command line's too.`,
    );
  } else {
    variable = freeVariable(input.profileVariables, user.id);
    profileVariables[variable] = user.id;
    notes.push(
      `${who} is written {{${variable}}}, a variable of profile "${profile.name}" set to ${user.id}: set it in each profile the scenario runs with.`,
    );
  }
  const placeholder = `{{${variable}}}`;
  const params = replaceIn(input.request.params, user.id, placeholder);
  return {
    request: { ...input.request, user: placeholder, params },
    setup,
    profileVariables,
    notes: [...notes, ...warnings(input, params)],
  };
}
