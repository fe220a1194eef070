import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './static-web.ts';

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mlp-web-'));
  mkdirSync(path.join(dist, 'pages'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<p>plain index</p>');
  writeFileSync(path.join(dist, 'pages/home.html'), '<p>home shell</p>');
  writeFileSync(path.join(dist, 'pages/exams.html'), '<p>exams shell</p>');
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'console.log(1)');
  writeFileSync(
    path.join(dist, 'pages/routes.json'),
    JSON.stringify({ '/': 'pages/home.html', '/exams': 'pages/exams.html', '/gone': 'pages/missing.html' }),
  );
  app = Fastify();
  await registerWeb(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

async function get(url: string) {
  return app.inject({ method: 'GET', url });
}

describe('serving the web app', () => {
  it('answers a page with a file of its own with that file, whatever the query or trailing slash', async () => {
    expect((await get('/')).body).toBe('<p>home shell</p>');
    expect((await get('/exams')).body).toBe('<p>exams shell</p>');
    expect((await get('/exams/')).body).toBe('<p>exams shell</p>');
    expect((await get('/exams?page=3')).body).toBe('<p>exams shell</p>');
    const page = await get('/exams');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('answers every other page, and a mapped file that is missing, with the plain index.html', async () => {
    expect((await get('/dashboard')).body).toBe('<p>plain index</p>');
    expect((await get('/exams/123')).body).toBe('<p>plain index</p>');
    expect((await get('/gone')).body).toBe('<p>plain index</p>');
  });

  it('sends page HTML compressed when the browser accepts it (brotli first, then gzip)', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/exams',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('<p>exams shell</p>');
    const gzip = await app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('<p>plain index</p>');
    expect((await get('/')).headers['content-encoding']).toBeUndefined();
  });

  it('serves hashed assets for a year and keeps /api misses as JSON 404s', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json<{ message: string }>().message).toBe('Route GET /api/nothing not found');
  });
});
