import { describe, expect, it } from '@jest/globals';
import { findDateRange, isDateOnly, parseDate } from './dates.ts';

describe('parseDate', () => {
  it.each([
    ['Jan 2020', '2020-01'],
    ['September 2019', '2019-09'],
    ['Sept. 2019', '2019-09'],
    ['jan. 2020', '2020-01'],
    ['março de 2018', '2018-03'],
    ['dez 2016', '2016-12'],
    ['01/2020', '2020-01'],
    ['3.2021', '2021-03'],
    ['2019-07', '2019-07'],
    ['2019', '2019'],
    ['2016-06-13', '2016-06'],
    ['2020-Mar', '2020-03'],
    ['13/06/2016', '2016-06'],
    ['June 13, 2016', '2016-06'],
    ['mar/2019', '2019-03'],
    ['Acme', ''],
  ])('reads %s as %s', (text, expected) => {
    expect(parseDate(text)).toBe(expected);
  });
});

describe('findDateRange', () => {
  it.each([
    ['Jan 2020 – Present', '2020-01', '', true],
    ['01/2020 - 03/2022', '2020-01', '2022-03', false],
    ['2019 – 2021', '2019', '2021', false],
    ['jan. 2020 – atual', '2020-01', '', true],
    ['janeiro de 2020 - o momento', '2020-01', '', true],
    ['Mar 2018 to Current', '2018-03', '', true],
    ['fev. 2012 – dez. 2016', '2012-02', '2016-12', false],
    ['2018 até 2019', '2018', '2019', false],
    ['Senior Engineer, Acme · Jun 2017 – Feb 2021', '2017-06', '2021-02', false],
    ['2016-06-13 to 2017-12-22', '2016-06', '2017-12', false],
    ['2020-Mar - 2025-Apr', '2020-03', '2025-04', false],
    ['2019-03 to present', '2019-03', '', true],
    ['March 2019 – June 2021', '2019-03', '2021-06', false],
    ['março de 2019 a o momento', '2019-03', '', true],
    ['mar/2019 – Atual', '2019-03', '', true],
    ['01/03/2019 - 30/06/2021', '2019-03', '2021-06', false],
    ['Sep. 2014 – May 2018', '2014-09', '2018-05', false],
    ['2020 — Present', '2020', '', true],
  ])('reads %s', (text, start, end, current) => {
    expect(findDateRange(text)).toMatchObject({ start, end, current });
  });

  it('finds no date in a text without one', () => {
    expect(findDateRange('Led a team of six engineers')).toBeUndefined();
  });

  it('tells a date-only cell from a text holding a date', () => {
    expect(isDateOnly('Mar 2021 – Present')).toBe(true);
    expect(isDateOnly('Expected Graduation: June 2016')).toBe(false);
  });
});
