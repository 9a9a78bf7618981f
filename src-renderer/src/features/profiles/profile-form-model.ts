// The profile form's values as text, and the way back to the contract's ProfileInput. Validation
// uses the contract's own schema, so the form says exactly what the engine would refuse, field
// by field, before anything is sent.
import { ProfileInput, type CommandInput, type ProfileView } from '../../../../src-shared/contract';

export const FIELDS = [
  { key: 'name', label: 'Name', hint: '' },
  {
    key: 'baseUrl',
    label: 'Base URL',
    hint: 'Where the platform API lives, e.g. https://api.example.com',
  },
  { key: 'clientId', label: 'Client id', hint: '' },
  { key: 'clientSecret', label: 'Client secret', hint: '' },
  {
    key: 'redirectUri',
    label: 'Redirect URI',
    hint: 'As registered; a loopback http URI lets the app catch the redirect itself',
  },
  {
    key: 'scopes',
    label: 'Registered scopes',
    hint: 'Separated by spaces, as registered for the app',
  },
  {
    key: 'endpointUrl',
    label: 'Endpoint URL',
    hint: 'Where the platform delivers messages and events',
  },
  {
    key: 'managementUrl',
    label: 'Management URL',
    hint: 'Opened by platform clients with an otp (manage the connection)',
  },
  {
    key: 'directoryUrl',
    label: 'Directory URL',
    hint: 'Opened by platform clients with an otp (connect without consent)',
  },
] as const;

export type FieldKey = (typeof FIELDS)[number]['key'];
export type FormValues = Record<FieldKey, string>;
export type FieldErrors = Partial<Record<FieldKey, string>>;

export function valuesOf(profile: ProfileView | null): FormValues {
  return {
    name: profile?.name ?? '',
    baseUrl: profile?.baseUrl ?? 'https://',
    clientId: profile?.clientId ?? '',
    // Write-only: the engine never sends it back; empty means "leave as it is".
    clientSecret: '',
    redirectUri: profile?.redirectUri ?? 'http://127.0.0.1:47615/callback',
    scopes: profile?.scopes.join(' ') ?? 'basic',
    endpointUrl: profile?.endpointUrl ?? '',
    managementUrl: profile?.managementUrl ?? '',
    directoryUrl: profile?.directoryUrl ?? '',
  };
}

function toInput(values: FormValues): CommandInput<'profiles.create'> {
  const { clientSecret, scopes, ...rest } = values;
  return {
    ...rest,
    scopes: scopes.split(/[\s,]+/).filter(Boolean),
    ...(clientSecret ? { clientSecret } : {}),
  };
}

/** Field errors keyed by form field, from zod-style issue paths ("baseUrl", "changes.scopes.0"). */
export function errorsFromIssues(issues: { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.replace(/^changes\./, '').split('.')[0] as FieldKey;
    if (FIELDS.some((f) => f.key === key) && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

type Checked =
  { ok: true; input: CommandInput<'profiles.create'> } | { ok: false; errors: FieldErrors };

export function checkValues(values: FormValues, creating: boolean): Checked {
  const input = toInput(values);
  const schema = creating ? ProfileInput.strict() : ProfileInput.partial().strict();
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  return {
    ok: false,
    errors: errorsFromIssues(
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    ),
  };
}
