import { describe, expect, it } from '@jest/globals';
import { csvCell, csvRow } from './csv.ts';
import { addDays, daysBetween, lastDays, parseDay, spanDays } from './days.ts';
import { decodeCursor, encodeCursor, exportRange } from './export.ts';
import { isProConversion } from './metrics.ts';
import { statsDays } from './stats.ts';

describe('CSV writer', () => {
  it('leaves plain fields alone and quotes those with a comma, quote or line break (RFC 4180)', () => {
    expect(csvRow(['a', 1, true, null, undefined])).toBe('a,1,true,,\r\n');
    expect(csvCell('x,y')).toBe('"x,y"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises cells a spreadsheet would read as a formula', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\t=1')).toBe("'\t=1");
    // Neutralised first, then quoted: the apostrophe sits inside the quotes.
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('{"k":"=x"}')).toBe('"{""k"":""=x""}"');
  });
});

describe('UTC days', () => {
  it('accepts real calendar days only', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('2028-02-29')).toBe('2028-02-29');
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-1-01',
      '2026-01-01T00:00:00Z',
      '',
      undefined,
      20260101,
    ]) {
      expect(parseDay(bad)).toBeNull();
    }
  });

  it('counts and lists ranges across month and year ends, both ends included', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(spanDays('2026-01-30', '2026-02-02')).toBe(4);
    expect(spanDays('2026-01-02', '2026-01-01')).toBe(0);
    expect(daysBetween('2026-12-30', '2027-01-01')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(daysBetween('2026-01-02', '2026-01-01')).toEqual([]);
  });

  it('takes the last days up to the UTC day of now, whatever the hour', () => {
    expect(lastDays(3, new Date('2026-03-01T23:59:59.999Z'))).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(lastDays(1, new Date('2026-03-02T00:00:00.000Z'))).toEqual(['2026-03-02']);
  });
});

describe('stats days', () => {
  it('defaults to 30 and takes 1 to 90; anything else is VALIDATION_FAILED', () => {
    expect(statsDays(undefined)).toBe(30);
    expect(statsDays('1')).toBe(1);
    expect(statsDays('90')).toBe(90);
    for (const bad of ['0', '91', '-1', '7.5', 'abc', '', '1e1', '0x10']) {
      expect(() => statsDays(bad)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    }
  });
});

describe('export range', () => {
  const now = new Date('2026-11-25T10:00:00Z');

  it('defaults to the last 7 days and allows at most 31', () => {
    expect(exportRange({}, now)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(exportRange({ from: '2026-01-01', to: '2026-01-31' }, now)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(exportRange({ from: '2026-01-05', to: '2026-01-05' }, now)).toEqual({
      from: '2026-01-05',
      to: '2026-01-05',
    });
  });

  it.each([
    [{ from: '2026-01-01', to: '2026-02-01' }, 'to'],
    [{ from: '2026-01-02', to: '2026-01-01' }, 'to'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
    [{ from: '2026-01-01' }, 'to'],
    [{ to: '2026-01-01' }, 'from'],
    [{ from: 'yesterday', to: '2026-01-01' }, 'from'],
  ])('refuses %j, naming %s', (query, path) => {
    expect(() => exportRange(query, now)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path })] }),
    );
  });

  it('round-trips its cursor and refuses one of another range or a forged one', () => {
    const range = { from: '2026-01-01', to: '2026-01-07' };
    const cursor = encodeCursor(range, { day: '2026-01-03', after: '2026-01-03T10:00:00.000Z#abc' });
    expect(decodeCursor(cursor, range)).toEqual({ day: '2026-01-03', after: '2026-01-03T10:00:00.000Z#abc' });
    expect(decodeCursor(undefined, range)).toBeNull();
    const forged = Buffer.from(JSON.stringify(['2026-01-01', '2026-01-07', '2026-02-01', ''])).toString(
      'base64url',
    );
    for (const bad of [
      encodeCursor({ from: '2026-01-02', to: '2026-01-07' }, { day: '2026-01-03', after: '' }),
      forged,
      'not a cursor',
      '',
    ]) {
      expect(() => decodeCursor(bad, range)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    }
  });
});

describe('Pro conversion', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const pro = {
    subscriptionType: 'proSubscription',
    status: 'active',
    validUntil: '2026-07-01T00:00:00Z',
    stripePurchaseId: 'sub_1',
  };

  it('counts a first purchase and a comeback after a lapse', () => {
    expect(isProConversion(null, pro, now)).toBe(true);
    const free = { subscriptionType: 'free', status: 'cancelled', stripePurchaseId: null };
    expect(isProConversion(free, pro, now)).toBe(true);
    const lapsed = {
      ...pro,
      stripePurchaseId: 'sub_0',
      status: 'cancelled',
      validUntil: '2026-01-01T00:00:00Z',
    };
    expect(isProConversion(lapsed, pro, now)).toBe(true);
    const incomplete = { ...pro, status: 'incomplete' };
    expect(isProConversion(incomplete, pro, now)).toBe(true);
  });

  it('does not count a renewal, even one whose webhook comes after the old period ended', () => {
    expect(isProConversion(pro, { ...pro, validUntil: '2026-08-01T00:00:00Z' }, now)).toBe(false);
    const ended = { ...pro, validUntil: '2026-05-31T23:00:00Z' };
    expect(isProConversion(ended, pro, now)).toBe(false);
  });

  it('does not count a switch while Pro, nor a write that leaves the user without Pro', () => {
    const lifetime = {
      subscriptionType: 'proLifetime',
      status: 'active',
      validUntil: null,
      stripePurchaseId: 'pi_1',
    };
    expect(isProConversion(pro, lifetime, now)).toBe(false);
    expect(isProConversion(pro, { ...pro, status: 'cancelled' }, now)).toBe(false);
    expect(isProConversion(null, null, now)).toBe(false);
  });
});
