import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format.ts';

const WIDTH = 320;
const HEIGHT = 120;
const AXIS = 2;

/**
 * Counts per day as bars, drawn by hand in SVG. The picture is one image with a spoken summary (range,
 * total, peak); the exact numbers are in a table that only assistive technology reads.
 */
export function BarChart({ title, days, values }: { title: string; days: string[]; values: number[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const tableId = useId();
  const max = Math.max(0, ...values);
  const total = values.reduce((sum, value) => sum + value, 0);
  const first = days[0];
  const last = days.at(-1);
  const slot = days.length > 0 ? WIDTH / days.length : WIDTH;
  const gap = days.length > 45 ? 1 : 2;
  const plotHeight = HEIGHT - AXIS;
  const summary = t('admin.overview.chartLabel', {
    metric: title,
    from: first ? format.day(first) : '',
    to: last ? format.day(last) : '',
    total: format.number(total),
    max: format.number(max),
  });

  return (
    <figure className="admin-chart">
      <figcaption className="admin-chart__head">
        <span className="admin-chart__title">{title}</span>
        <span className="admin-chart__total">{format.number(total)}</span>
      </figcaption>
      <svg
        className="admin-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        aria-describedby={tableId}
      >
        <line className="admin-chart__axis" x1="0" x2={WIDTH} y1={plotHeight + 0.5} y2={plotHeight + 0.5} />
        {values.map((value, index) => {
          const height = max > 0 ? Math.max(value > 0 ? 2 : 0, (value / max) * (plotHeight - 4)) : 0;
          const day = days[index] ?? '';
          return (
            <rect
              key={day || index}
              className="admin-chart__bar"
              x={index * slot + gap / 2}
              y={plotHeight - height}
              width={Math.max(1, slot - gap)}
              height={height}
            >
              <title>{`${format.day(day)}: ${format.number(value)}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* HTML, not SVG text: the drawing is stretched to the card, the dates must not be. */}
      <div className="admin-chart__days" aria-hidden="true">
        <span>{first ? format.day(first) : ''}</span>
        <span>{last && last !== first ? format.day(last) : ''}</span>
      </div>
      {/* A table, even visually hidden, widens to its content: its box is kept clipped to nothing. */}
      <div className="visually-hidden">
        <table id={tableId}>
          <caption>{t('admin.overview.chartTableCaption', { metric: title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.overview.day')}</th>
              <th scope="col">{t('admin.overview.count')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{format.day(day)}</th>
                <td>{format.number(values[index] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
