// A request step's checks and captures as Postman test script lines (pm.test, pm.expect,
// pm.collectionVariables.set), and the collection's pre-request script that gets the app token.
// What has no Postman equivalent is returned in words, so the export can list it as left out.
import type { ResponseExpect, ValueCheck } from '../../../../src-shared/collections/format';

interface Script {
  lines: string[];
  leftOut: string[];
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Helpers every test script starts with: a body path (`user.name`, `rooms[0]`, `$`) read from the
 * JSON body, and a value's type in the words of the scenario format.
 */
const HELPERS = [
  'const tpBody = () => { try { return pm.response.json(); } catch (e) { return undefined; } };',
  "const tpAt = (value, path) => path === '$' ? value : path.replace(/\\[(\\d+)\\]/g, '.$1').split('.').filter(Boolean).reduce((v, k) => (v === null || v === undefined ? undefined : v[k]), value);",
  "const tpType = (v) => v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;",
];

/** `{{name}}` inside an expected text is resolved when the test runs, as the runner does. */
function expected(value: unknown): string {
  return typeof value === 'string' && value.includes('{{')
    ? `pm.variables.replaceIn(${json(value)})`
    : json(value);
}

function checkLines(label: string, actual: string, check: ValueCheck): string[] {
  const lines: string[] = [];
  const test = (what: string, body: string) =>
    lines.push(`pm.test(${json(`${label} ${what}`)}, () => { ${body} });`);
  if (check.equals !== undefined) {
    // Scalars compare as text, as a scenario file writes them (`status: "200"` equals 200).
    if (typeof check.equals === 'object' && check.equals !== null) {
      test(`equals ${json(check.equals)}`, `pm.expect(${actual}).to.eql(${json(check.equals)});`);
    } else {
      test(
        `equals ${String(check.equals)}`,
        `pm.expect(String(${actual})).to.equal(String(${expected(check.equals)}));`,
      );
    }
  }
  if (check.matches !== undefined) {
    test(
      `matches /${check.matches}/`,
      `pm.expect(String(${actual})).to.match(new RegExp(${json(check.matches)}));`,
    );
  }
  if (check.exists !== undefined) {
    test(
      check.exists ? 'exists' : 'does not exist',
      `pm.expect(${actual}).to.${check.exists ? 'not.' : ''}equal(undefined);`,
    );
  }
  if (check.type !== undefined) {
    test(`is ${check.type}`, `pm.expect(tpType(${actual})).to.equal(${json(check.type)});`);
  }
  if (check.length !== undefined) {
    test(`has length ${check.length}`, `pm.expect(${actual}).to.have.lengthOf(${check.length});`);
  }
  if (check.below !== undefined) {
    test(`below ${check.below}`, `pm.expect(Number(${actual})).to.be.below(${check.below});`);
  }
  if (check.above !== undefined) {
    test(`above ${check.above}`, `pm.expect(Number(${actual})).to.be.above(${check.above});`);
  }
  return lines;
}

/** Where a capture reads its value in a Postman test script, or null when Postman cannot. */
function captureSource(source: string): string | null {
  if (source === 'status') return 'pm.response.code';
  if (source.startsWith('header.')) return `pm.response.headers.get(${json(source.slice(7))})`;
  if (source.startsWith('body.')) return `tpAt(tpBody(), ${json(source.slice(5))})`;
  if (source === 'body') return 'tpBody()';
  return null;
}

/**
 * The test script of one request step. `shapeSchema` is the endpoint's response as JSON Schema,
 * checked with pm.response.to.have.jsonSchema when the step asks for the documented shape.
 */
export function testScript(
  expect: ResponseExpect | undefined,
  capture: Record<string, string> | undefined,
  shapeSchema: object | null,
): Script {
  const lines: string[] = [];
  const leftOut: string[] = [];
  if (expect?.status) lines.push(...checkLines('status', 'pm.response.code', expect.status));
  if (expect?.time) lines.push(...checkLines('time', 'pm.response.responseTime', expect.time));
  for (const [name, check] of Object.entries(expect?.headers ?? {})) {
    lines.push(...checkLines(`header ${name}`, `pm.response.headers.get(${json(name)})`, check));
  }
  for (const [path, check] of Object.entries(expect?.body ?? {})) {
    lines.push(...checkLines(`body ${path}`, `tpAt(tpBody(), ${json(path)})`, check));
  }
  if (expect?.shape === 'valid') {
    if (shapeSchema) {
      lines.push(
        `pm.test("the response has the documented shape", () => { pm.response.to.have.jsonSchema(${json(shapeSchema)}); });`,
      );
    } else leftOut.push('the shape check (the endpoint has no JSON response)');
  }
  if (expect?.snapshot)
    leftOut.push(
      `the snapshot check "${expect.snapshot.name}" (Postman keeps no snapshot file: run it in TP Inspector or with tp run)`,
    );
  for (const [name, source] of Object.entries(capture ?? {})) {
    const from = captureSource(source);
    if (from === null) {
      leftOut.push(`the capture ${name} (from ${source}: Postman sees only the response)`);
      continue;
    }
    lines.push(
      `{ const v = ${from}; pm.collectionVariables.set(${json(name)}, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)); }`,
    );
  }
  return { lines: lines.length > 0 ? [...HELPERS, ...lines] : [], leftOut };
}

/**
 * Gets the app token with client_credentials (API document §4.2) before a request when none is
 * set, so `newman run` needs only the client id and secret; a token given with --env-var wins.
 */
export const APP_TOKEN_PREREQUEST = [
  "const tpToken = pm.variables.get('app_token');",
  "const tpClientId = pm.variables.get('client_id');",
  "const tpSecret = pm.variables.get('client_secret');",
  'if (!tpToken && tpClientId && tpSecret) {',
  '  pm.sendRequest({',
  "    url: pm.variables.replaceIn('{{base_url}}') + '/tp/token',",
  "    method: 'POST',",
  "    header: { 'Content-Type': 'application/x-www-form-urlencoded' },",
  '    body: {',
  "      mode: 'urlencoded',",
  '      urlencoded: [',
  "        { key: 'grant_type', value: 'client_credentials' },",
  "        { key: 'client_id', value: tpClientId },",
  "        { key: 'client_secret', value: tpSecret },",
  '      ],',
  '    },',
  '  }, (err, res) => {',
  '    if (err || res.code !== 200) {',
  "      console.error('Getting the app token failed (' + (err ? err.message : res.code + ' ' + res.text()) + '): check client_id, client_secret and base_url.');",
  '      return;',
  '    }',
  "    pm.collectionVariables.set('app_token', res.json().access_token);",
  '  });',
  '}',
];
