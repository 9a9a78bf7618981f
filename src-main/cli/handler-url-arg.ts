// The one URL that tp check and tp load take: the developer's webhook handler. Both refuse the same
// mistakes in the same words, since a person moves between the two commands with the same URL.
import type { UsageError } from './args';

/** The handler URL among `positionals`, parsed; a refusal (thrown) for anything else. */
export function handlerUrlArg(
  positionals: string[],
  doing: string,
  refuse: (words: string) => UsageError,
): URL {
  const [url, ...rest] = positionals;
  if (url === undefined || rest.length > 0) {
    throw refuse(
      `${doing} takes one URL: the handler to ${doing.split(' ')[1]}, e.g. http://127.0.0.1:3000/hook.`,
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refuse(`${JSON.stringify(url)} is not a URL: write http://127.0.0.1:3000/hook.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw refuse(`${url} is not http:// or https://: the platform delivers over HTTP(S) only.`);
  }
  return parsed;
}
