/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { templates } from '#shared/templates/registry';
import { galleryTemplates } from './landing-page.tsx';

describe('landing page template gallery', () => {
  it('shows every template of the registry, with its Pro flag and picture', () => {
    const fromRegistry = templates.map(({ id, pro, thumbnail }) => ({ id, pro, thumbnail }));
    expect(galleryTemplates).toEqual(fromRegistry);
  });
});
