// One profile's fields. Every input is labelled; a field the engine (or the same schema here)
// refuses says why under it and is marked invalid. The client secret is write-only: the form
// says whether one is set and never shows it. The sandbox profile is read-only and says why.
import { useId, useState, type FormEvent } from 'react';
import { CommandError, type ProfileView } from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import { useProfiles } from '../../stores/stores-context';
import {
  FIELDS,
  checkValues,
  errorsFromIssues,
  valuesOf,
  type FieldErrors,
  type FieldKey,
  type FormValues,
} from './profile-form-model';

interface Props {
  /** null: a new profile. */
  profile: ProfileView | null;
}

export function ProfileForm({ profile }: Props) {
  const baseId = useId();
  const create = useProfiles((s) => s.create);
  const update = useProfiles((s) => s.update);
  const [values, setValues] = useState<FormValues>(() => valuesOf(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = profile?.kind === 'sandbox';
  const creating = profile === null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (readOnly || saving) return;
    setFormError(null);
    const checked = checkValues(values, creating);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError('Some fields need fixing before the profile can be saved (see below each).');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (creating) await create(checked.input);
      else await update(profile.id, checked.input);
      // The secret went to the engine: the field empties, the "set" note says it is there.
      setValues((v) => ({ ...v, clientSecret: '' }));
    } catch (err) {
      if (err instanceof CommandError && err.issues?.length)
        setErrors(errorsFromIssues(err.issues));
      setFormError(`Not saved: ${errorMessage(err)}`);
    } finally {
      setSaving(false);
    }
  };

  const field = (key: FieldKey, label: string, hint: string) => {
    const id = `${baseId}-${key}`;
    const error = errors[key];
    const described = [
      error ? `${id}-error` : '',
      hint || key === 'clientSecret' ? `${id}-hint` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const secretNote =
      key === 'clientSecret'
        ? profile?.hasClientSecret
          ? 'A client secret is set (never shown). Type a new one to replace it, or leave empty to keep it.'
          : 'No client secret is set. It is never shown again once saved.'
        : hint;
    return (
      <div className="profile-field" key={key}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className={key === 'name' ? undefined : 'mono'}
          type={key === 'clientSecret' ? 'password' : 'text'}
          autoComplete={key === 'clientSecret' ? 'new-password' : 'off'}
          spellCheck={false}
          value={values[key]}
          readOnly={readOnly}
          placeholder={
            key === 'clientSecret' && profile?.hasClientSecret ? '•••••• (set)' : undefined
          }
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        />
        {secretNote ? (
          <span id={`${id}-hint`} className="field-hint">
            {secretNote}
          </span>
        ) : null}
        {error ? (
          <span id={`${id}-error`} className="field-error">
            {errorWords(key, label, error)}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className="profile-form"
      aria-label={creating ? 'New profile' : `Profile ${profile.name}`}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      {readOnly ? (
        <p className="notice" role="note">
          This is the embedded sandbox&apos;s profile. Its base URL, client id and secret, redirect
          URI, scopes and the endpoint, management and directory URLs come from the sandbox&apos;s
          app registration and follow it when it changes, so they cannot be edited here. The client
          secret is new at every start and never stored. Duplicate the profile to make a variant you
          can edit.
        </p>
      ) : null}
      {FIELDS.map((f) => field(f.key, f.label, f.hint))}
      {formError ? (
        <p className="error-text" role="alert">
          {formError}
        </p>
      ) : null}
      {readOnly ? null : (
        <div className="profile-form-actions">
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Saving the profile…' : creating ? 'Create profile' : 'Save profile'}
          </button>
        </div>
      )}
    </form>
  );
}

/** "baseUrl must be an http:// URL" reads "Base URL must be an http:// URL" beside its field. */
function errorWords(key: FieldKey, label: string, message: string): string {
  return message.startsWith(`${key} `)
    ? `${label} ${message.slice(key.length + 1)}`
    : `${label}: ${message}`;
}
