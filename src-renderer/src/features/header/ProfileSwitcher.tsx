// The active profile as a native select: keyboard and screen readers get it for free.
import { useApp, useProfiles } from '../../stores/stores-context';

export function ProfileSwitcher() {
  const profiles = useApp((s) => s.profiles);
  const select = useProfiles((s) => s.select);
  const switching = useProfiles((s) => s.switching);
  // The same control while the profiles load, so the header keeps its height (and everything
  // below it stays where it is) when they arrive.
  if (!profiles) {
    return (
      <select className="profile-select" aria-label="Active profile" disabled aria-busy value="">
        <option value="">loading the profiles…</option>
      </select>
    );
  }
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
