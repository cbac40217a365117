// The guard is the first hook a request passes before its body is read (preParsing): a hook of a
// route's own must come after it, so a request the guard refuses never reaches one.
import Fastify, { type FastifyInstance, type onRequestHookHandler, type preParsingHookHandler } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installGuard } from '../src/sandbox/guard.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function guardedApp(): { app: FastifyInstance; refused: string[] } {
  const app = Fastify({ logger: false });
  apps.push(app);
  const refused: string[] = [];
  installGuard(app, { port: () => 4010, host: '127.0.0.1', allowedHosts: [], bodyLimit: 1024, onRefuse: (_request, refusal) => refused.push(refusal.code) });
  return { app, refused };
}

describe('the guard among a route\u2019s own hooks', () => {
  it('refuses to add a route with an onRequest hook, which would run before the guard, and says to use preParsing', () => {
    const { app } = guardedApp();
    const early: onRequestHookHandler = (_request, _reply, done) => done();
    expect(() => app.get('/early', { onRequest: early }, async () => 'ok')).toThrow(/give the route a preParsing hook rather than an onRequest one/);
  });

  it('runs a route\u2019s own preParsing hook only for requests the guard let through', async () => {
    const { app, refused } = guardedApp();
    const reached: string[] = [];
    const ownHook: preParsingHookHandler = (request, _reply, payload, done) => {
      reached.push(String(request.headers.host));
      done(null, payload);
    };
    app.post('/events', { preParsing: ownHook }, async () => ({ ok: true }));
    const body = JSON.stringify({ a: 1 });
    const headers = { 'content-type': 'application/json' };
    const rebound = await app.inject({ method: 'POST', url: '/events', headers: { ...headers, host: 'attacker.test:4010' }, payload: body });
    const own = await app.inject({ method: 'POST', url: '/events', headers: { ...headers, host: '127.0.0.1:4010' }, payload: body });
    expect(rebound.statusCode).toBe(403);
    expect(refused).toEqual(['host_not_allowed']);
    expect(own.statusCode).toBe(200);
    expect(reached).toEqual(['127.0.0.1:4010']);
  });
});
