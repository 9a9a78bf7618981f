// The conversations "List resources" found, shown under resource_id where a person sees them (the
// field's datalist alone shows nothing until typed into): each with its name, kind and id, picked
// by a click or by Tab and Enter; the one the field holds is marked.
import { useAuth, useComposerResources } from '../../stores/stores-context';
import type { ResourceOption } from './composer-resources-store';

/** A user's conversation reads as the name the engine knows for the user; a room as its subject. */
function nameOf(r: ResourceOption, names: Map<string, string>): string {
  if (r.kind === 'room') return r.label || r.id;
  return names.get(r.id) ?? r.id;
}

function kindWords(r: ResourceOption): string {
  return r.kind === 'user' ? 'user' : `room · ${r.occupants.length} occupants`;
}

export function ResourceList({ value, onPick }: { value: string; onPick(id: string): void }) {
  const resources = useComposerResources((s) => s.resources);
  const users = useAuth((s) => s.users);
  if (resources.length === 0) return null;
  const names = new Map(users.map((u) => [u.userId, u.displayName ?? u.userId]));
  return (
    <ul className="resource-list" aria-label="Listed resources">
      {resources.map((r) => {
        const name = nameOf(r, names);
        const chosen = r.id === value;
        return (
          <li key={r.id}>
            <button
              type="button"
              aria-current={chosen ? 'true' : undefined}
              aria-label={`${name}, ${kindWords(r)}, ${r.id}`}
              onClick={() => onPick(r.id)}
            >
              {r.avatar ? <img src={r.avatar} alt="" className="avatar" /> : null}
              <span className="resource-name">{name}</span>
              <span className="quiet">{kindWords(r)}</span>
              <span className="mono quiet resource-id">{r.id}</span>
              {chosen ? <span aria-hidden="true">✓</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
