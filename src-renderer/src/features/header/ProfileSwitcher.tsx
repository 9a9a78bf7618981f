// The active profile as a native select: keyboard and screen readers get it for free.
import { useApp, useProfiles } from '../../stores/stores-context';

export function ProfileSwitcher() {
  const profiles = useApp((s) => s.profiles);
  const select = useProfiles((s) => s.select);
  const switching = useProfiles((s) => s.switching);
  if (!profiles) return <span className="header-value quiet">loading the profiles…</span>;
  return (
    <>
      <select
        className="profile-select"
        aria-label="Active profile"
        value={profiles.activeProfileId}
        disabled={switching}
        aria-busy={switching}
        onChange={(e) => void select(e.target.value)}
      >
        {profiles.profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {switching ? <span className="header-value quiet">switching…</span> : null}
    </>
  );
}
