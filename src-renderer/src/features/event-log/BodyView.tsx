// A response body: pretty-printed JSON when it is JSON, and always a "Raw" toggle showing the exact
// text the engine kept (base64 when the bytes were not UTF-8), because raw comes first.
import { useMemo, useState } from 'react';
import type { RawBody } from '../../../../src-shared/contract';
import { byteSize } from '../../format';
import { jsonTokens } from './json-tokens';

function prettyJson(body: RawBody): string | null {
  if (body.encoding !== 'utf8' || body.text.trim() === '') return null;
  try {
    return JSON.stringify(JSON.parse(body.text), null, 2);
  } catch {
    return null;
  }
}

/** `name` says whose body it is, for its accessible name ("response body", "delivery data"). */
export function BodyView({ body, name = 'response body' }: { body: RawBody; name?: string }) {
  const pretty = useMemo(() => prettyJson(body), [body]);
  const [raw, setRaw] = useState(false);
  const showRaw = raw || pretty === null;
  return (
    <div className="body-view">
      <div className="body-toolbar">
        <span className="quiet">
          {byteSize(body.size)}
          {body.encoding === 'base64' ? ' · not UTF-8, shown as base64' : ''}
          {pretty !== null ? ' · JSON' : ''}
        </span>
        <button
          type="button"
          className="toggle"
          aria-pressed={showRaw}
          disabled={pretty === null}
          onClick={() => setRaw((r) => !r)}
        >
          Raw
        </button>
      </div>
      {/* A read-only multi-line textbox: screen readers can move through it line by line. */}
      <pre
        className="body-text mono"
        role="textbox"
        aria-readonly="true"
        aria-multiline="true"
        aria-label={showRaw ? `Raw ${name}` : `${name[0]!.toUpperCase()}${name.slice(1)} as JSON`}
        tabIndex={0}
      >
        {showRaw
          ? body.text
          : jsonTokens(pretty ?? '').map((t, i) => (
              <span key={i} className={`json-${t.kind}`}>
                {t.text}
              </span>
            ))}
      </pre>
    </div>
  );
}
