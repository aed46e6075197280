/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import {
  checkDateRange,
  checkEmail,
  checkPhone,
  checkPhotoFile,
  checkUrl,
  missingFields,
  normaliseMonth,
  PHOTO_SOURCE_MAX_BYTES,
} from './field-checks.ts';

describe('checkEmail', () => {
  it.each(['', '   ', 'ana@example.com', 'ana.souza+cv@mail.example.com.br', ' ana@example.com '])(
    'accepts %j',
    (value) => {
      expect(checkEmail(value)).toBeNull();
    },
  );

  it.each([
    'ana',
    'ana@',
    '@example.com',
    'ana@example',
    'ana@example.c',
    'ana@@example.com',
    'ana @example.com',
    'ana@example..com',
    'ana@example.com.',
  ])('flags %j', (value) => {
    expect(checkEmail(value)).toBe('format');
  });
});

describe('checkPhone', () => {
  it.each(['', '+55 11 91234-5678', '(415) 555-0134', '415.555.0134', '11912345678', '+1 415 555 0134'])(
    'accepts %j',
    (value) => {
      expect(checkPhone(value)).toBeNull();
    },
  );

  it.each([
    ['call me', 'characters'],
    ['415-555-CALL', 'characters'],
    ['55+11 9999-9999', 'characters'],
    ['12345', 'length'],
    ['+55 11 91234 5678 1234', 'length'],
  ])('flags %j as %s', (value, problem) => {
    expect(checkPhone(value)).toBe(problem);
  });
});

describe('checkUrl', () => {
  it.each([
    '',
    'https://www.linkedin.com/in/ana-souza',
    'linkedin.com/in/ana',
    'http://ana.dev',
    'github.com/ana?tab=repositories',
    'https://münchen.de',
    'HTTPS://EXAMPLE.COM',
  ])('accepts %j', (value) => {
    expect(checkUrl(value)).toBeNull();
  });

  it.each([
    ['javascript:alert(1)', 'scheme'],
    ['ftp://files.example.com', 'scheme'],
    ['mailto:ana@example.com', 'scheme'],
    ['file:///home/ana/cv.pdf', 'scheme'],
    ['linkedin', 'format'],
    ['https://localhost', 'format'],
    ['ana souza.com', 'format'],
    ['https://exa mple.com', 'format'],
    ['http://', 'format'],
  ])('flags %j as %s', (value, problem) => {
    expect(checkUrl(value)).toBe(problem);
  });
});

describe('checkDateRange', () => {
  it('accepts an end after the start, and open or missing ends', () => {
    expect(checkDateRange('2020-01', '2021-03')).toBeNull();
    expect(checkDateRange('2020-01', '2020-01')).toBeNull();
    expect(checkDateRange('2020-05', '2020')).toBeNull();
    expect(checkDateRange('', '2020-01')).toBeNull();
    expect(checkDateRange('2020-01', '')).toBeNull();
  });

  it('flags an end before the start', () => {
    expect(checkDateRange('2021-03', '2020-12')).toBe('endBeforeStart');
    expect(checkDateRange('2021-03', '2021-02')).toBe('endBeforeStart');
    expect(checkDateRange('2021', '2019-12')).toBe('endBeforeStart');
  });
});

describe('normaliseMonth', () => {
  it.each([
    ['', ''],
    ['2021-03', '2021-03'],
    ['2021-3', '2021-03'],
    ['2021/03', '2021-03'],
    ['03/2021', '2021-03'],
    ['3.2021', '2021-03'],
    [' 2021 ', '2021'],
  ])('reads %j as %j', (text, stored) => {
    expect(normaliseMonth(text)).toBe(stored);
  });

  it.each(['2021-13', '2021-00', '13/2021', '202', 'March 2021', '1850', '2021-03-01'])(
    'waits on %j',
    (text) => {
      expect(normaliseMonth(text)).toBeNull();
    },
  );
});

describe('checkPhotoFile', () => {
  it('accepts JPEG, PNG and WebP up to the source limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(checkPhotoFile({ type, size: PHOTO_SOURCE_MAX_BYTES })).toBeNull();
    }
  });

  it('flags other types first, then size', () => {
    expect(checkPhotoFile({ type: 'image/gif', size: 10 })).toBe('type');
    expect(checkPhotoFile({ type: 'application/pdf', size: PHOTO_SOURCE_MAX_BYTES + 1 })).toBe('type');
    expect(checkPhotoFile({ type: 'image/png', size: PHOTO_SOURCE_MAX_BYTES + 1 })).toBe('size');
  });
});

describe('missingFields', () => {
  it('names the blank required fields of experience, education and skills, in form order', () => {
    expect(missingFields('experience', { position: '', company: 'Acme' })).toEqual(['position']);
    expect(missingFields('experience', { position: ' ', company: '' })).toEqual(['position', 'company']);
    expect(missingFields('education', { school: 'USP', degree: '' })).toEqual(['degree']);
    expect(missingFields('skills', { name: 'SQL', skillLevelId: 'expert' })).toEqual([]);
    expect(missingFields('skills', { name: '', skillLevelId: '' })).toEqual(['name', 'skillLevelId']);
  });
});
