/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { siteSettings } from './site-env.ts';

describe('siteSettings', () => {
  it('takes the support address from VITE_SUPPORT_EMAIL', () => {
    expect(siteSettings({ VITE_SUPPORT_EMAIL: ' help@curriculos.example ' }).supportEmail).toBe(
      'help@curriculos.example',
    );
  });

  it("defaults to support@ the site's domain, else support@example.com", () => {
    expect(siteSettings({ VITE_SITE_URL: 'https://www.resumes.example/' }).supportEmail).toBe(
      'support@resumes.example',
    );
    expect(siteSettings({}).supportEmail).toBe('support@example.com');
  });

  it('ignores a value that is not a plain address (it ends up in a mailto: link)', () => {
    for (const bad of ['not-an-address', 'a@b', 'x@y.z?subject=hi', 'two words@x.com']) {
      expect(siteSettings({ VITE_SUPPORT_EMAIL: bad, VITE_SITE_URL: 'https://r.example' }).supportEmail).toBe(
        'support@r.example',
      );
    }
  });
});
