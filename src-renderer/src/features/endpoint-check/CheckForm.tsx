// The endpoint check's form: the handler's URL (the active profile's forward targets offered, or
// any URL typed), the profile whose secret signs, the method it signs with (by default the
// sandbox app's on the sandbox profile, HMAC-SHA256 on another, as tp check), the checks to run (by family, each family's ids
// one click further), the burst size, Run and Stop. Enter in a field runs it.
import { useId, type FormEvent } from 'react';
import type { SignatureMethodName } from '../../../../src-shared/spec/shapes';
import { SignatureMethodOptions } from '../../components/SignatureMethodOptions';
import { useApp, useEndpointCheck, useInbound } from '../../stores/stores-context';
import { CheckChooser } from './CheckChooser';

/** One empty list, not a new one at each read: a selector's answer must stay the same to rest. */
const NO_TARGETS: readonly string[] = [];

export function CheckForm() {
  const listId = useId();
  const url = useEndpointCheck((s) => s.url);
  const setUrl = useEndpointCheck((s) => s.setUrl);
  const profileId = useEndpointCheck((s) => s.profileId);
  const setProfile = useEndpointCheck((s) => s.setProfile);
  const signatureMethod = useEndpointCheck((s) => s.signatureMethod);
  const setSignatureMethod = useEndpointCheck((s) => s.setSignatureMethod);
  const burst = useEndpointCheck((s) => s.burst);
  const setBurst = useEndpointCheck((s) => s.setBurst);
  const run = useEndpointCheck((s) => s.run);
  const stop = useEndpointCheck((s) => s.stop);
  const running = useEndpointCheck((s) => s.running[s.url.trim()] !== undefined);
  const profiles = useApp((s) => s.profiles);
  const targets = useInbound((s) => s.settings?.forwards.targets) ?? NO_TARGETS;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run();
  };
  return (
    <form className="check-form" aria-label="Check endpoint" onSubmit={onSubmit}>
      <div className="check-form-row">
        <label className="check-url">
          Handler URL
          <input
            className="mono"
            list={listId}
            value={url}
            placeholder="http://127.0.0.1:3000/hook"
            spellCheck={false}
            onChange={(e) => setUrl(e.target.value)}
          />
          <datalist id={listId}>
            {targets.map((t) => (
              <option key={t} value={t}>
                forward target
              </option>
            ))}
          </datalist>
        </label>
        <label>
          Profile
          <select
            value={profileId ?? ''}
            onChange={(e) => setProfile(e.target.value === '' ? null : e.target.value)}
          >
            <option value="">The active profile</option>
            {(profiles?.profiles ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Signature method
          <select
            value={signatureMethod ?? ''}
            onChange={(e) =>
              setSignatureMethod(
                e.target.value === '' ? null : (e.target.value as SignatureMethodName),
              )
            }
          >
            <option
              value=""
              title="The sandbox app's method on the sandbox profile, HMAC-SHA256 on another"
            >
              The profile&apos;s default
            </option>
            <SignatureMethodOptions />
          </select>
        </label>
        <label>
          Burst size
          <input
            className="mono narrow"
            type="number"
            min={1}
            max={1000}
            value={burst}
            onChange={(e) => setBurst(Math.min(1000, Math.max(1, Number(e.target.value) || 1)))}
          />
        </label>
        <div className="check-actions">
          <button type="submit" className="primary" disabled={running}>
            Run check
          </button>
          <button type="button" disabled={!running} onClick={() => void stop()}>
            Stop
          </button>
        </div>
      </div>
      <CheckChooser />
    </form>
  );
}
