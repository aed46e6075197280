import { describe, expect, it } from '@jest/globals';
import { isAllowedHost, misdirectedMessage } from './host-allowlist.ts';

describe('the Host allowlist', () => {
  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000', 'localhost.:3000'])(
    'answers %s on the configured port',
    (host) => {
      expect(isAllowedHost(host, 3000)).toBe(true);
    },
  );

  it.each([
    ['a rebinding name', 'rebind.evil.example:3000'],
    ['a name with no port', 'localhost'],
    ['another port', 'localhost:3001'],
    ['another loopback address', '127.0.0.2:3000'],
    ['a name that only starts like localhost', 'localhost.evil.example:3000'],
    ['userinfo', 'localhost:3000@evil.example'],
    ['an empty header', ''],
    ['no header', undefined],
    ['a port out of range', 'localhost:03000x'],
  ])('refuses %s', (_name, host) => {
    expect(isAllowedHost(host, 3000)).toBe(false);
  });

  it('answers a bare name on port 80 only', () => {
    expect(isAllowedHost('localhost', 80)).toBe(true);
    expect(isAllowedHost('localhost:80', 80)).toBe(true);
  });

  it('answers the configured extra names, on the same port', () => {
    expect(isAllowedHost('curriculo.local:3000', 3000, ['curriculo.local'])).toBe(true);
    expect(isAllowedHost('Curriculo.Local:3000', 3000, ['curriculo.local'])).toBe(true);
    expect(isAllowedHost('curriculo.local:3001', 3000, ['curriculo.local'])).toBe(false);
  });

  it('says which address to use instead', () => {
    expect(misdirectedMessage('evil.example', 3000)).toContain('http://localhost:3000');
  });
});
