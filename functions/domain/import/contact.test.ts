import { describe, expect, it } from '@jest/globals';
import { findEmail, findPhone, findUrl, linkOf, looksLikePlace } from './contact.ts';

describe('contact details', () => {
  it('finds e-mail, phone and link in one header line', () => {
    const line = 'jordan.whitfield@example.com · (512) 555-0147 · github.com/jwhitfield';
    expect(findEmail(line)).toBe('jordan.whitfield@example.com');
    expect(findPhone(line)).toBe('(512) 555-0147');
    expect(findUrl(line)).toBe('github.com/jwhitfield');
  });

  it('reads Brazilian phone numbers and refuses year ranges', () => {
    expect(findPhone('+55 11 95555-0132')).toBe('+55 11 95555-0132');
    expect(findPhone('2019 - 2021')).toBe('');
  });

  it('names the network and the user of a profile link', () => {
    expect(linkOf('https://www.linkedin.com/in/jordanwhitfield')).toEqual({
      network: 'LinkedIn',
      username: 'jordanwhitfield',
      url: 'https://www.linkedin.com/in/jordanwhitfield',
    });
    expect(linkOf('github.com/jwhitfield')).toEqual({
      network: 'GitHub',
      username: 'jwhitfield',
      url: 'https://github.com/jwhitfield',
    });
    expect(linkOf('https://jordan.example.com').network).toBe('Website');
  });

  it('recognises places', () => {
    expect(looksLikePlace('Austin, TX')).toBe(true);
    expect(looksLikePlace('São Paulo, SP')).toBe(true);
    expect(looksLikePlace('Led a team, then left')).toBe(false);
  });
});
