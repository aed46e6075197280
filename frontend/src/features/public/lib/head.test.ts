import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { applyHead, type HeadTags, removeHead, SHELL_DESCRIPTION } from './head.ts';

const head: HeadTags = {
  title: 'Pricing',
  description: 'Plans and prices.',
  keywords: 'resume',
  canonical: 'https://example.com/pricing',
  alternates: [{ hreflang: 'x-default', href: 'https://example.com/pricing' }],
  image: 'https://example.com/og.png',
  imageAlt: 'Resume Builder',
  locale: 'en_US',
  alternateLocales: ['pt_BR'],
  siteName: 'Resume Builder',
  jsonLd: [],
};

const descriptions = () =>
  [...document.head.querySelectorAll('meta[name="description"]')].map((meta) => meta.getAttribute('content'));

describe('head tags across client-side navigation', () => {
  it('leaves the shell description on an app page reached from a public page, and only one', () => {
    applyHead(head);
    expect(descriptions()).toEqual(['Plans and prices.']);
    removeHead();
    expect(descriptions()).toEqual([SHELL_DESCRIPTION]);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    applyHead(head);
    expect(descriptions()).toEqual(['Plans and prices.']);
    removeHead();
    removeHead();
    expect(descriptions()).toEqual([SHELL_DESCRIPTION]);
  });

  it('restores the same words as the shell (frontend/index.html)', () => {
    const html = readFileSync(new URL('../../../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`<meta name="description" content="${SHELL_DESCRIPTION}"`);
  });
});
