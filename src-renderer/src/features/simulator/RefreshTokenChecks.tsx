// The registration's refresh-token settings (docs/sandbox.md, Tokens and OAuth): whether each
// refresh rotates the refresh token, and, without rotation, whether the answer names the unchanged
// token again or leaves refresh_token out, so a client can be tried against either platform.
import { useId } from 'react';
import type { RegistrationForm } from '../../../../src-shared/rules/panel-rules';

interface RefreshTokenChecksProps {
  form: RegistrationForm;
  edit(change: Partial<RegistrationForm>): void;
}

export function RefreshTokenChecks({ form, edit }: RefreshTokenChecksProps) {
  const helpId = useId();
  const rotating = form.rotateRefreshTokens;
  // The repeat only decides anything without rotation: a rotated answer always names a new token.
  const help = rotating
    ? 'With rotation each answer names a new refresh token, so repeating applies only without it.'
    : "Unticked: a refresh's answer leaves refresh_token out, and the token held keeps working.";
  return (
    <fieldset className="sim-checks">
      <legend>Refresh tokens</legend>
      <label
        className="sim-check"
        title="Each refresh answers a new refresh token; the old one stops working."
      >
        <input
          type="checkbox"
          checked={rotating}
          onChange={(e) => edit({ rotateRefreshTokens: e.target.checked })}
        />
        Rotate on each refresh
      </label>
      <label className="sim-check" title={help}>
        <input
          type="checkbox"
          checked={form.repeatRefreshToken}
          disabled={rotating}
          aria-describedby={helpId}
          onChange={(e) => edit({ repeatRefreshToken: e.target.checked })}
        />
        Repeat the unchanged token in the answer
      </label>
      <span id={helpId} className="quiet sim-small">
        {help}
      </span>
    </fieldset>
  );
}
