// The request target of an HTTP request (RFC 9112 §3.2), parsed the one way every server of TP
// Inspector parses it: the headless host, the loopback redirect listener, the receiver and the
// embedded sandbox. Anyone can send these servers any target (a web page with
// `<img src="http://127.0.0.1:PORT//">`, a sender through the tunnel), and `new URL(target, base)`
// throws on some (`//`, `http://`) and reads others as another host (`//x` is host x, path `/`),
// and a throw in a request listener ends the process. So no server calls URL on a target itself.

/** Where an origin-form target is resolved: any fixed origin does, only the path and query count. */
const ORIGIN = 'http://request-target.invalid';

/** What is kept of a refused target in the words a person reads: it may be 100 kB of anything. */
const SHOWN_TARGET_CHARS = 80;

export type RequestTarget =
  /**
   * `url`: the path and query (URL's pathname has its dot segments resolved and odd characters
   * percent-encoded). An origin-form target (`/path?q`) is resolved on a fixed origin that means
   * nothing; an absolute-form one (`http://host/path`) keeps its own host, which, when it is
   * there, stands for the Host header (RFC 9112 §3.2.2).
   */
  | { ok: true; form: 'origin' | 'absolute'; url: URL }
  /** `problem`: why the target was refused, in words for the answer and the journal. */
  | { ok: false; problem: string };

export function parseRequestTarget(target: string | undefined): RequestTarget {
  const raw = target ?? '/';
  // `//x` fits the grammar of a path (RFC 9112 §3.2.1), but every URL parser, browsers' included,
  // reads it as the host x: refused, so that no layer reads a host where another reads a path.
  if (raw.startsWith('//')) {
    return refused(
      `The request target ${shown(raw)} starts with //, which reads as a host name: send a path that starts with a single /.`,
    );
  }
  // Origin-form: appended to a fixed origin rather than resolved against a base.
  if (raw.startsWith('/')) return parsed('origin', `${ORIGIN}${raw}`, raw);
  // Absolute-form, which a server must accept (RFC 9112 §3.2.2) though only proxies are sent it.
  if (/^https?:\/\//i.test(raw)) return parsed('absolute', raw, raw);
  if (raw === '*') {
    return refused(
      'The request target "*" (asterisk-form, RFC 9112 §3.2.4) asks about the whole server; this server only answers requests for a path such as /.',
    );
  }
  // Authority-form (`host:port`, for CONNECT to a proxy) and anything else: none is a proxy.
  return refused(
    `The request target ${shown(raw)} is not a path: send a target that starts with / (origin-form, RFC 9112 §3.2.1).`,
  );
}

function parsed(form: 'origin' | 'absolute', href: string, raw: string): RequestTarget {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return refused(`The request target ${shown(raw)} is not a valid URL.`);
  }
  // `/\x`, `/.//x` and `/..//x` come out of URL as the path `//x`: refused as `//x` is, so that
  // a caller that ever resolves the path against a base cannot meet a host there.
  if (url.pathname.startsWith('//'))
    return refused(
      `The request target ${shown(raw)} reads as a path starting with //, which reads as a host name: send a path that starts with a single /.`,
    );
  return { ok: true, form, url };
}

function refused(problem: string): RequestTarget {
  return { ok: false, problem };
}

function shown(raw: string): string {
  const cut = raw.length > SHOWN_TARGET_CHARS ? `${raw.slice(0, SHOWN_TARGET_CHARS)}…` : raw;
  return JSON.stringify(cut);
}
