// `npm run fuzz`'s figures, per server and in all: 5xx not asked for, crashes, hangs, and (the
// receiver only) acknowledged deliveries missing from the journal. Each is to be 0.

/** The servers a run reaches, in the order the figures are printed. */
export const SERVERS = /** @type {const} */ ([
  'receiver',
  'sandbox',
  'host',
  'host-ws',
  'redirect',
]);

/** What the figures of each server are called when printed. */
const NAMES = {
  receiver: 'receiver',
  sandbox: 'embedded sandbox',
  host: "host's HTTP port",
  'host-ws': "host's WebSocket upgrade",
  redirect: 'redirect listener',
};

/**
 * @typedef {{ unaskedFor5xx: number, crashes: number, hangs: number, acknowledgedMissing: number }} Figures
 * @typedef {{ c: { target: string } }} Tagged
 */

/**
 * @param {{ unasked: Tagged[], hangs: Tagged[], missing: Tagged[], up: Record<string, boolean> }} run
 * @returns {{ total: Figures, perServer: Record<string, Figures> }}
 */
export function figuresOf(run) {
  const count = (/** @type {Tagged[]} */ list, /** @type {string} */ server) =>
    list.filter(({ c }) => c.target === server).length;
  /** @type {Record<string, Figures>} */
  const perServer = {};
  for (const server of SERVERS) {
    perServer[server] = {
      unaskedFor5xx: count(run.unasked, server),
      crashes: run.up[server] ? 0 : 1,
      hangs: count(run.hangs, server),
      acknowledgedMissing: count(run.missing, server),
    };
  }
  const sum = (/** @type {keyof Figures} */ k) =>
    Object.values(perServer).reduce((n, f) => n + f[k], 0);
  return {
    total: {
      unaskedFor5xx: sum('unaskedFor5xx'),
      // One process runs them all: a crash is one, whichever servers it silenced.
      crashes: Object.values(run.up).every(Boolean) ? 0 : 1,
      hangs: sum('hangs'),
      acknowledgedMissing: sum('acknowledgedMissing'),
    },
    perServer,
  };
}

/**
 * The per-server lines, e.g. `  redirect listener (8,012 requests): 5xx not asked for 0, crashes 0, hangs 0`.
 * @param {Record<string, Figures>} perServer
 * @param {Record<string, number>} sent
 */
export function perServerLines(perServer, sent) {
  return SERVERS.map((server) => {
    const f = /** @type {Figures} */ (perServer[server]);
    const missing =
      server === 'receiver' ? `, acknowledged deliveries missing ${f.acknowledgedMissing}` : '';
    return `  ${NAMES[server]} (${(sent[server] ?? 0).toLocaleString('en')} requests): 5xx not asked for ${f.unaskedFor5xx}, crashes ${f.crashes}, hangs ${f.hangs}${missing}`;
  });
}
