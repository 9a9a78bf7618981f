// What the last grant gave the active profile, as the engine describes it (never the token itself).
import { FieldList } from '../../components/FieldList';
import { clockTime } from '../../format';
import { useSession } from '../../stores/stores-context';

export function TokenResult() {
  const token = useSession((s) => {
    const id = s.profiles?.activeProfileId;
    return id ? (s.auth[id]?.appToken ?? null) : null;
  });
  if (!token) return null;
  return (
    <FieldList
      label="App token"
      fields={[
        { label: 'Token', value: token.preview, mono: true },
        { label: 'Type', value: token.tokenType },
        { label: 'Scope', value: token.scope || '(none)', mono: true },
        { label: 'Obtained', value: clockTime(token.obtainedAt) },
        { label: 'Expires', value: token.expiresAt ? clockTime(token.expiresAt) : 'not given' },
      ]}
    />
  );
}
