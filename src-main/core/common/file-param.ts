// A file parameter as the composer and the journal write it: `@name` or `@name;type=media/type`
// (the bytes themselves are not in the record), read back by the curl and HAR exports.
/** `@name;type=mime` as the composer records a file part (curl's own -F syntax). */
export function parseFileParam(value: string): { name: string; type: string | null } | null {
  if (!value.startsWith('@')) return null;
  const at = value.lastIndexOf(';type=');
  return at < 0
    ? { name: value.slice(1), type: null }
    : { name: value.slice(1, at), type: value.slice(at + ';type='.length) };
}
