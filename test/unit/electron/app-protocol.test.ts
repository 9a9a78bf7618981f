// The app scheme's handler: what the window's page can load from tp-inspector://app/, with which
// headers, and what it cannot reach (anything outside out/renderer).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  appRequestHandler,
  isAppSchemeUrl,
} from '../../../src-main/electron/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/electron/csp';

let root: string;
let renderer: string;
let handle: (request: Request) => Promise<Response>;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'tp-app-scheme-'));
  renderer = join(root, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>TP Inspector</title>');
  writeFileSync(join(renderer, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(renderer, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(join(renderer, 'assets', 'logo.svg'), '<svg/>');
  writeFileSync(join(renderer, 'assets', 'font.woff2'), 'w');
  writeFileSync(join(root, 'secret.txt'), 'outside the renderer');
  symlinkSync(join(root, 'secret.txt'), join(renderer, 'assets', 'link.txt'));
  handle = appRequestHandler(renderer);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => handle(new Request(url, { method }));

describe('the app scheme', () => {
  it('serves index.html and the bundle with their MIME types, the CSP and nosniff', async () => {
    for (const [path, type, body] of [
      ['index.html', 'text/html; charset=utf-8', '<!doctype html><title>TP Inspector</title>'],
      ['assets/index-abc.js', 'text/javascript; charset=utf-8', 'console.log(1)'],
      ['assets/index-abc.css', 'text/css; charset=utf-8', 'body{}'],
      ['assets/logo.svg', 'image/svg+xml', '<svg/>'],
      ['assets/font.woff2', 'font/woff2', 'w'],
    ] as const) {
      const res = await get(`tp-inspector://app/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect(res.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(await res.text(), path).toBe(body);
    }
  });

  it('answers / with index.html, and ignores the query and the hash', async () => {
    for (const url of ['tp-inspector://app/', `${APP_ENTRY_URL}?x=1#/log`]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain('<title>TP Inspector</title>');
    }
  });

  it('refuses every way out of the renderer folder', async () => {
    for (const path of [
      '..%2fsecret.txt',
      'assets/..%2f..%2fsecret.txt',
      'assets%5c..%5c..%5csecret.txt',
      'index.html%00.js',
      'assets/link.txt',
    ]) {
      const res = await get(`tp-inspector://app/${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toMatch(/Refused: that path leaves the app folder/);
    }
    // The URL parser folds a literal or dotted `..` before the handler sees it: what is left is a
    // path inside the folder, which does not exist there.
    for (const path of ['../secret.txt', '%2e%2e/secret.txt', 'assets/../../secret.txt']) {
      const res = await get(`tp-inspector://app/${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('outside the renderer');
    }
  });

  it('answers 404 for a missing file or another host, 405 for writes; all with the CSP', async () => {
    const missing = await get('tp-inspector://app/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/Not found: \/assets\/nope\.js/);
    const elsewhere = await get('tp-inspector://other/index.html');
    expect(elsewhere.status).toBe(404);
    const post = await get(APP_ENTRY_URL, 'POST');
    expect(post.status).toBe(405);
    expect(await post.text()).toMatch(/read-only/);
    for (const res of [missing, elsewhere, post]) {
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get(APP_ENTRY_URL, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('42');
    expect(await res.text()).toBe('');
  });

  it('counts only its own host as the app', () => {
    expect(isAppSchemeUrl(APP_ENTRY_URL)).toBe(true);
    expect(isAppSchemeUrl('tp-inspector://app/assets/x.js')).toBe(true);
    for (const url of [
      'tp-inspector://evil/index.html',
      'file:///opt/tp/out/renderer/index.html',
      'http://app/index.html',
      'not a url',
    ]) {
      expect(isAppSchemeUrl(url), url).toBe(false);
    }
  });
});
