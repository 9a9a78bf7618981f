// A run names its profile by id; people know it by name (the id when the profile is gone).
import { useApp } from '../../stores/stores-context';

export function useProfileName(profileId: string): string {
  return useApp((s) => s.profiles?.profiles.find((p) => p.id === profileId)?.name ?? profileId);
}
