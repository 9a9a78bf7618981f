// The app's registration on the sandbox (its client secret on request, scopes, endpoint,
// management and directory URLs, signature method, token lifetime, refresh tokens, rate limit) and "Expire all
// tokens now". The form follows the registration until it is edited; a URL or number that cannot
// be sent is said under its field; a save sends only what changed, and the sandbox profile follows
// the new URLs and scopes (the engine's simulator.updateApp).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { SCOPES } from '../../../../src-shared/spec';
import { SignatureMethodOptions } from '../../components/SignatureMethodOptions';
import { useSimulator } from '../../stores/stores-context';
import { ClientSecretField } from './ClientSecretField';
import { RefreshTokenChecks } from './RefreshTokenChecks';
import {
  changeWords,
  changesOf,
  formOf,
  type FormProblem,
  type RegistrationForm,
} from '../../../../src-shared/rules/panel-rules';

export function AppSection() {
  const app = useSimulator((s) => s.view?.app ?? null);
  const busy = useSimulator((s) => s.busy.app !== undefined);
  const updateApp = useSimulator((s) => s.updateApp);
  const expireTokens = useSimulator((s) => s.expireTokens);
  // null: not edited, the form shows the registration as it is now.
  const [edited, setEdited] = useState<RegistrationForm | null>(null);
  if (!app) return <p className="quiet">Reading the registration…</p>;

  const form = edited ?? formOf(app);
  const { changes, problems } = changesOf(app, form);
  const changed = Object.keys(changes).length > 0;
  const edit = (change: Partial<RegistrationForm>) => setEdited({ ...form, ...change });
  const problemOf = (field: FormProblem['field']) =>
    problems.find((p) => p.field === field)?.message;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!changed || problems.length > 0) return;
    if (await updateApp(changes)) setEdited(null);
  };

  return (
    <>
      <p className="sim-small">
        <strong>{app.name}</strong> <span className="mono quiet">{app.clientId}</span>
      </p>
      <ClientSecretField />
      <form className="sim-form" aria-label="App registration" onSubmit={(e) => void save(e)}>
        <fieldset className="sim-checks">
          <legend>Scopes</legend>
          {SCOPES.map((s) => (
            <label key={s.name} className="sim-check" title={s.meaning}>
              <input
                type="checkbox"
                checked={form.scopes.includes(s.name)}
                onChange={(e) =>
                  edit({
                    scopes: e.target.checked
                      ? [...form.scopes, s.name]
                      : form.scopes.filter((x) => x !== s.name),
                  })
                }
              />
              <span className="mono">{s.name}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label="Endpoint URL"
          value={form.endpointUrl}
          onChange={(endpointUrl) => edit({ endpointUrl })}
          problem={problemOf('endpointUrl')}
          help="Where the sandbox delivers. TP Inspector's receiver is set here at start; another URL makes its attempts fail (see Deliveries). Empty: nothing is sent."
        />
        <TextField
          label="Management URL"
          value={form.managementUrl}
          onChange={(managementUrl) => edit({ managementUrl })}
          problem={problemOf('managementUrl')}
        />
        <TextField
          label="Directory URL"
          value={form.directoryUrl}
          onChange={(directoryUrl) => edit({ directoryUrl })}
          problem={problemOf('directoryUrl')}
        />
        <label className="sim-field">
          <span>Signature method</span>
          <select
            className="mono"
            value={form.signatureMethod}
            onChange={(e) => edit({ signatureMethod: e.target.value })}
          >
            <SignatureMethodOptions />
          </select>
        </label>
        <div className="sim-row">
          <TextField
            label="Token lifetime (s)"
            value={form.tokenLifetime}
            numeric
            onChange={(tokenLifetime) => edit({ tokenLifetime })}
            problem={problemOf('tokenLifetime')}
          />
        </div>
        <RefreshTokenChecks form={form} edit={edit} />
        <div className="sim-row">
          <TextField
            label="Rate limit: calls"
            value={form.rateCount}
            numeric
            onChange={(rateCount) => edit({ rateCount })}
            problem={problemOf('rateCount')}
          />
          <TextField
            label="per (s)"
            value={form.rateWindow}
            numeric
            onChange={(rateWindow) => edit({ rateWindow })}
            problem={problemOf('rateWindow')}
          />
        </div>
        <div className="sim-actions">
          <button
            type="submit"
            className="primary"
            disabled={busy || !changed || problems.length > 0}
          >
            Save registration
          </button>
          <button type="button" disabled={edited === null} onClick={() => setEdited(null)}>
            Undo changes
          </button>
          <span className="quiet sim-small">
            {problems.length > 0
              ? 'Fix the fields marked above.'
              : changed
                ? `To save: ${changeWords(changes)}.`
                : 'As registered.'}
          </span>
        </div>
      </form>
      <div className="sim-actions sim-tokens">
        <button type="button" disabled={busy} onClick={() => void expireTokens()}>
          Expire all tokens now
        </button>
        <span className="quiet sim-small">
          Every access token of the app (app and users) expires; refresh tokens stay valid.
        </span>
      </div>
    </>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  numeric?: boolean;
  help?: ReactNode;
  problem?: string | undefined;
}

function TextField({ label, value, onChange, numeric, help, problem }: TextFieldProps) {
  const id = useId();
  const described = [problem ? `${id}-problem` : '', help ? `${id}-help` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="sim-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="mono"
        inputMode={numeric ? 'numeric' : undefined}
        spellCheck={false}
        autoComplete="off"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem ? (
        <span id={`${id}-problem`} className="param-error">
          {problem}
        </span>
      ) : null}
      {help ? (
        <span id={`${id}-help`} className="quiet sim-small">
          {help}
        </span>
      ) : null}
    </div>
  );
}
