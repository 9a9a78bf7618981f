// The scopes of API document §2.1: what an app may request and what each one grants.
export const SCOPES = [
  { name: 'basic', meaning: "Get the user's unique id; add, modify and remove contacts" },
  { name: 'user_phone', meaning: "Get the user's phone number" },
] as const;

// endpoints.ts's; the spec's `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export type Scope = (typeof SCOPES)[number]['name'];
export const SCOPE_NAMES: readonly Scope[] = SCOPES.map((s) => s.name);

export function isScope(value: string): value is Scope {
  return (SCOPE_NAMES as readonly string[]).includes(value);
}

/** "basic user_phone" -> ["basic", "user_phone"]. */
export function splitSpaceList(value: string): string[] {
  return value.split(/\s+/).filter((s) => s.length > 0);
}
