// Every endpoint of the catalog, by its title, method and documented path; an endpoint with
// aliases (/tp/token and /tp/token.json) lets the person pick the path too.
import { ENDPOINTS } from '../../../../src-shared/spec';
import { endpointOf } from './composer-draft';
import { useComposer } from '../../stores/stores-context';

export function EndpointPicker() {
  const endpointId = useComposer((s) => s.draft.endpointId);
  const path = useComposer((s) => s.draft.path);
  const setEndpoint = useComposer((s) => s.setEndpoint);
  const setPath = useComposer((s) => s.setPath);
  const endpoint = endpointOf(endpointId);
  return (
    <div className="endpoint-picker">
      <label className="inline-label">
        <span>Endpoint</span>
        <select value={endpointId} onChange={(e) => setEndpoint(e.target.value)}>
          {ENDPOINTS.map((e) => (
            <option key={e.id} value={e.id}>
              {e.section} {e.title} · {e.method} {e.paths[0]}
            </option>
          ))}
        </select>
      </label>
      {endpoint.paths.length > 1 ? (
        <label className="inline-label">
          <span>Path</span>
          <select
            className="mono"
            value={path ?? endpoint.paths[0]}
            onChange={(e) => setPath(e.target.value)}
          >
            {endpoint.paths.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p className="quiet endpoint-doc">
        {endpoint.doc} (API document §{endpoint.section})
        {endpoint.scope ? ` · needs scope ${endpoint.scope}` : ''}
      </p>
    </div>
  );
}
