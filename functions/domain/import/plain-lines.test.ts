import { describe, expect, it } from '@jest/globals';
import { paragraphsOf } from './docx-text.ts';
import { docBodyParagraphs, orderRowCells } from './plain-lines.ts';

describe('orderRowCells', () => {
  it('moves a cell of dates alone to just before the row’s main cell', () => {
    const cells = [
      ['Experience'],
      ['Registered Nurse, Medical ICU', 'Austin, TX', 'Cared for 2 patients'],
      ['03/2020 - 04/2025'],
    ];

    const ordered = orderRowCells(cells, (text) => text);

    expect(ordered).toEqual([['Experience'], ['03/2020 - 04/2025'], cells[1]]);
  });

  it('leaves a row alone when its dates are already before the main cell, or when no cell is dates alone', () => {
    const left = [
      ['Mar 2019 – Present', 'Austin, TX'],
      ['Acme', 'Engineer'],
    ];
    const none = [['Critical care: Ventilator management'], ['']];

    expect(orderRowCells(left, (text) => text)).toEqual(left);
    expect(orderRowCells(none, (text) => text)).toEqual(none);
  });
});

describe('DOCX and DOC tables', () => {
  it('reads a DOCX row with its dates in a right-hand cell as dates before the entry', () => {
    const html =
      '<table><tr><td><p>Work History</p></td><td><p><strong>Nurse</strong>, St. David’s</p><ul><li>Cared for patients</li></ul></td><td><p>03/2020 - 04/2025</p></td></tr></table>';

    const texts = paragraphsOf(html).map((p) => p.text);

    expect(texts).toEqual(['Work History', '03/2020 - 04/2025', 'Nurse, St. David’s', 'Cared for patients']);
  });

  it('reads a DOC row (cells ended by tabs, the row by a tab and a line break) the same way', () => {
    const body =
      'Jane Doe\nWork History\tNurse, St. David’s\nCared for patients\t03/2020 - 04/2025\t\n\tTechnician, Seton\t2014 - 2016\t\n';

    const texts = docBodyParagraphs(body).map((p) => p.text);

    expect(texts).toEqual([
      'Jane Doe',
      'Work History',
      '03/2020 - 04/2025',
      'Nurse, St. David’s',
      'Cared for patients',
      '2014 - 2016',
      'Technician, Seton',
    ]);
  });
});
