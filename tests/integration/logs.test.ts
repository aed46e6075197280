import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { api, info, newUser, signIn } from './support/client.ts';

describe('logs', () => {
  it('never contain passwords or tokens, even when requests fail', async () => {
    const user = await newUser('logs');
    const wrongPassword = 'Wrong-secret-9917';
    const newPassword = 'Violet-ferry-at-noon-4';
    await api('DELETE', '/me', { token: user.accessToken, json: { password: wrongPassword } });
    // A password change, refused and then made (the local Cognito answers both).
    await api('POST', '/me/password', {
      token: user.accessToken,
      json: { currentPassword: wrongPassword, newPassword },
    });
    await api('POST', '/me/password', {
      token: user.accessToken,
      json: { currentPassword: user.password, newPassword },
    });
    await signIn(user.email, wrongPassword).catch(() => undefined);
    await api('GET', '/me', { token: `${user.accessToken}tampered` });
    await api('GET', '/me', { token: user.idToken });
    await api('PATCH', '/me', { token: user.accessToken, raw: `{"firstName": "${wrongPassword}"` });
    // A refused WebSocket origin is logged (a warning), so the log is known to be written to.
    await fetch(`${info.url}/ws`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', origin: 'https://x.example' },
    }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));

    const log = readFileSync(join(info.dataDir, 'cloud.log'), 'utf8');

    expect(log.length).toBeGreaterThan(0);
    for (const secret of [
      user.password,
      wrongPassword,
      newPassword,
      user.accessToken,
      user.idToken,
      user.refreshToken,
    ]) {
      expect(log.includes(secret)).toBe(false);
    }
    // Nor any JWT at all.
    expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\./);
  });
});
