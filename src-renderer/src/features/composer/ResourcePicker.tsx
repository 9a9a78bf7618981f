// Where a resource_id (or the bulk send's resources) is asked for: the conversations of the
// connected users from /tp/resource/list (users, and rooms with subject, avatar and occupants),
// listed on request, and /tp/resource/info for the id typed, both as the composer acts (Act as).
// Both are real, journaled calls.
import { useAuth, useComposer, useComposerResources } from '../../stores/stores-context';
import { listingActAs, type ResourceOption } from './composer-resources-store';
import { ResourceList } from './ResourceList';

function useConnectedIds(): string[] {
  const users = useAuth((s) => s.users);
  return users.filter((u) => u.status !== 'disconnected').map((u) => u.userId);
}

function ListButton() {
  const ids = useConnectedIds();
  const loading = useComposerResources((s) => s.loading);
  const load = useComposerResources((s) => s.load);
  const actAs = useComposer((s) => s.draft.actAs);
  return (
    <button type="button" onClick={() => void load(actAs, ids)} disabled={loading}>
      {loading ? 'Listing resources…' : 'List resources'}
    </button>
  );
}

function ListStatus() {
  const error = useComposerResources((s) => s.error);
  return error ? <p className="param-error">{error}</p> : null;
}

function describe(r: ResourceOption): string {
  if (r.kind === 'user') return `user · ${r.label}`;
  return `room · ${r.label} · ${r.occupants.length} occupants`;
}

/** resource_id: the listed conversations to pick from, and a lookup of the id typed. */
export function ResourceIdExtras({ value, onPick }: { value: string; onPick(id: string): void }) {
  const ids = useConnectedIds();
  const info = useComposerResources((s) => s.info);
  const infoError = useComposerResources((s) => s.infoError);
  const lookUp = useComposerResources((s) => s.lookUp);
  // Looked up as the composer acts; the app token alone names no user: then for the first one.
  const actAs = useComposer((s) => s.draft.actAs);
  const lookUpAs = listingActAs(actAs, ids)[0];
  return (
    <>
      <div className="picker-row">
        <ListButton />
        <button
          type="button"
          disabled={!value || !lookUpAs}
          title={lookUpAs ? undefined : 'Connect a user first'}
          onClick={() => lookUpAs && void lookUp(value, lookUpAs)}
        >
          Resource info
        </button>
      </div>
      <ListStatus />
      <ResourceList value={value} onPick={onPick} />
      {info && info.id === value ? (
        <p className="resource-info quiet" role="status">
          {info.text}
        </p>
      ) : null}
      {infoError ? <p className="param-error">{infoError}</p> : null}
    </>
  );
}

export function useResourceSuggestions(): { value: string; label: string }[] {
  const resources = useComposerResources((s) => s.resources);
  return resources.map((r) => ({ value: r.id, label: describe(r) }));
}

/** The bulk send's resources: tick listed conversations, or type ids into the field above. */
export function ResourcesChecklist({
  value,
  onChange,
}: {
  value: string;
  onChange(value: string): void;
}) {
  const resources = useComposerResources((s) => s.resources);
  const chosen = value.split(/\s+/).filter(Boolean);
  const toggle = (id: string) =>
    onChange((chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]).join(' '));
  return (
    <div className="resources-checklist">
      <div className="picker-row">
        <ListButton />
        <span className="quiet">{chosen.length} chosen</span>
      </div>
      <ListStatus />
      {resources.length > 0 ? (
        <ul aria-label="Resources to send to">
          {resources.map((r) => (
            <li key={r.id}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.includes(r.id)}
                  onChange={() => toggle(r.id)}
                />
                {r.avatar ? <img src={r.avatar} alt="" className="avatar" /> : null}
                <span className="mono">{r.id}</span>
                <span className="quiet">{describe(r)}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
