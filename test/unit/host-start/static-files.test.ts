import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeFor, lookupStatic } from '../../../src-main/host-start/static-files';

let tmp: string;
let root: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'tp-static-'));
  root = join(tmp, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html>');
  await writeFile(join(root, 'assets', 'a b.js'), '1');
  await writeFile(join(tmp, 'outside.txt'), 'secret');
  await symlink(join(tmp, 'outside.txt'), join(root, 'assets', 'link.txt'));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('static file lookup', () => {
  it('maps / to index.html and finds encoded names', async () => {
    expect(await lookupStatic(root, '/')).toMatchObject({
      kind: 'file',
      contentType: 'text/html; charset=utf-8',
    });
    expect(await lookupStatic(root, '/assets/a%20b.js')).toMatchObject({ kind: 'file', size: 1 });
  });

  it('refuses anything that leaves the root', async () => {
    expect(await lookupStatic(root, '/../outside.txt')).toEqual({ kind: 'bad_path' });
    expect(await lookupStatic(root, '/%2e%2e/outside.txt')).toEqual({ kind: 'bad_path' });
    expect(await lookupStatic(root, '/assets/..%2F..%2Foutside.txt')).toEqual({ kind: 'bad_path' });
    expect(await lookupStatic(root, '/..%5Coutside.txt')).toEqual({ kind: 'bad_path' });
    expect(await lookupStatic(root, '/index.html%00.js')).toEqual({ kind: 'bad_path' });
    expect(await lookupStatic(root, '/%E0%A4%A')).toEqual({ kind: 'bad_path' });
    // A symlink inside the root that points out of it is refused too.
    expect(await lookupStatic(root, '/assets/link.txt')).toEqual({ kind: 'bad_path' });
  });

  it('reports missing files and directories as not found', async () => {
    expect(await lookupStatic(root, '/nope.js')).toEqual({ kind: 'not_found' });
    expect(await lookupStatic(root, '/assets')).toEqual({ kind: 'not_found' });
    expect(await lookupStatic(join(tmp, 'missing-root'), '/')).toEqual({ kind: 'not_found' });
  });

  it('knows the content types of a built renderer', () => {
    expect(contentTypeFor('x.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('x.CSS')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('x.woff2')).toBe('font/woff2');
    expect(contentTypeFor('x.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('x.unknown')).toBe('application/octet-stream');
  });
});
