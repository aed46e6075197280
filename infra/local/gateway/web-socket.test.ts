import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { handshakeRefusal } from './web-socket.ts';

const ticket = 'a'.repeat(43);
const url = (path = `/ws?ticket=${ticket}`) => new URL(path, 'http://localhost:3000');
const handshake = (headers: Record<string, string | undefined> = {}, method = 'GET') => ({
  method,
  headers: {
    host: 'localhost:3000',
    upgrade: 'websocket',
    'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    'sec-websocket-version': '13',
    origin: 'http://localhost:3000',
    ...headers,
  },
});
const anyHost = () => true;

let saved: string | undefined;
beforeAll(() => {
  saved = process.env.ALLOWED_ORIGINS;
  process.env.ALLOWED_ORIGINS = 'http://localhost:3000';
});
afterAll(() => {
  if (saved === undefined) delete process.env.ALLOWED_ORIGINS;
  else process.env.ALLOWED_ORIGINS = saved;
});

describe('handshakeRefusal', () => {
  it('lets a well-formed upgrade from an allowed origin with a ticket through', () => {
    expect(handshakeRefusal(handshake(), url(), anyHost)).toBeNull();
  });

  it('refuses in the order API Gateway checks: host, path, handshake, origin, ticket', () => {
    expect(handshakeRefusal(handshake(), url(), () => false)?.status).toBe(421);
    expect(handshakeRefusal(handshake(), url('/socket'), anyHost)?.status).toBe(404);
    expect(handshakeRefusal(handshake({}, 'POST'), url(), anyHost)?.status).toBe(400);
    expect(handshakeRefusal(handshake({ 'sec-websocket-key': 'short' }), url(), anyHost)?.status).toBe(400);
    expect(handshakeRefusal(handshake({ 'sec-websocket-version': '12' }), url(), anyHost)?.status).toBe(400);
    expect(handshakeRefusal(handshake({ origin: 'https://evil.example' }), url(), anyHost)?.status).toBe(403);
    expect(handshakeRefusal(handshake({ origin: undefined }), url(), anyHost)?.status).toBe(403);
    expect(handshakeRefusal(handshake(), url('/ws?ticket=nope'), anyHost)).toEqual({
      status: 401,
      reason: 'Unauthorized',
    });
  });
});
