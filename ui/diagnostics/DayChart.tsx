/**
 * The diagnostic bar chart: one bar per day of the month, drawn with d3-scale and d3-shape. Distance in metres
 * or kilometres; time with a tick every hour (3600 s). Tapping anywhere in a day's column shows its value
 * (columns are narrower than a finger, so the whole plot takes the tap). A hidden table reads the same data
 * to a screen reader.
 */
import { useState, type MouseEvent } from 'react';
import { scaleBand, scaleLinear } from 'd3-scale';
import { curveLinearClosed, line } from 'd3-shape';
import { useT } from '../../src/i18n';
import type { DiagnosticView } from '../../core/data/diagnostics';
import { distanceUnit, hourTicks } from '../../core/data/chartUnits';
import { useValueText } from './valueText';
import { useFormat } from '../common/format';

const W = 1760;
const H = 400;
const M = { top: 44, right: 24, bottom: 60, left: 110 };
const bar = line<[number, number]>().curve(curveLinearClosed);

export function DayChart({ days, view }: { days: { day: number; value: number }[]; view: DiagnosticView }) {
  const t = useT();
  const f = useFormat();
  const valueText = useValueText(view, days);
  const [picked, setPicked] = useState<number | null>(null);
  const max = Math.max(0, ...days.map((d) => d.value));
  const x = scaleBand<number>().domain(days.map((d) => d.day)).range([M.left, W - M.right]).padding(0.2);
  const timeTicks = view === 'time' ? hourTicks(max) : null;
  const top = timeTicks ? timeTicks[timeTicks.length - 1]! : max > 0 ? max : 1;
  const y = scaleLinear().domain([0, top]).range([H - M.bottom, M.top]);
  if (!timeTicks) y.nice(5);
  const ticks = timeTicks ?? y.ticks(5);
  const km = view === 'distance' && distanceUnit(max) === 'km';
  const tickLabel = (v: number) =>
    timeTicks ? t('diagnostic.hoursTick', { n: f.number(v / 3600, 0) }) : km ? t('diagnostic.kmTick', { n: f.number(v / 1000, 2) }) : t('diagnostic.mTick', { n: f.number(v, 0) });
  // Too many hour labels crowd the axis: every hour keeps its gridline, every other one its label.
  const labelEvery = ticks.length > 13 ? 2 : 1;

  const pick = (e: MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const px = ((e.clientX - box.left) / box.width) * W;
    const hit = days.find((d) => {
      const x0 = x(d.day) ?? 0;
      const pad = (x.step() - x.bandwidth()) / 2;
      return px >= x0 - pad && px < x0 + x.bandwidth() + pad;
    });
    setPicked(hit ? (hit.day === picked ? null : hit.day) : null);
  };
  const chosen = days.find((d) => d.day === picked) ?? null;

  return (
    <figure className="day-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={t(`diagnostic.chartLabel.${view}`)} onClick={pick} data-testid="day-chart">
        {ticks.map((v, i) => (
          <g key={v} className="tick" transform={`translate(0 ${y(v)})`}>
            <line x1={M.left} x2={W - M.right} className="gridline" />
            {i % labelEvery === 0 && (
              <text x={M.left - 14} dy="0.35em" textAnchor="end">
                {tickLabel(v)}
              </text>
            )}
          </g>
        ))}
        {days.map((d) => {
          const x0 = x(d.day) ?? 0;
          const x1 = x0 + x.bandwidth();
          const y0 = y(0);
          const y1 = Math.min(y(d.value), y0 - (d.value > 0 ? 2 : 0));
          return (
            <g key={d.day}>
              <path className={`bar${d.day === picked ? ' bar-picked' : ''}`} d={bar([[x0, y0], [x0, y1], [x1, y1], [x1, y0]]) ?? ''} data-day={d.day} data-value={d.value} />
              <text className="day-tick" x={(x0 + x1) / 2} y={H - M.bottom + 30} textAnchor="middle">
                {d.day}
              </text>
            </g>
          );
        })}
        <line className="axis-line" x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} />
        <line className="axis-line" x1={M.left} x2={M.left} y1={M.top - 16} y2={y(0)} />
        <text className="axis-title" x={M.left} y={24}>
          {timeTicks ? t('diagnostic.axisHours') : km ? t('diagnostic.axisKm') : t('diagnostic.axisM')}
        </text>
        <text className="axis-title" x={W - M.right} y={H - 8} textAnchor="end">
          {t('diagnostic.axisDay')}
        </text>
        {chosen && (
          <text className="bar-value" x={(x(chosen.day) ?? 0) + x.bandwidth() / 2} y={Math.max(y(chosen.value) - 12, 20)} textAnchor="middle">
            {valueText(chosen.value)}
          </text>
        )}
      </svg>
      <figcaption className="chart-picked" aria-live="polite" data-testid="chart-picked">
        {chosen ? t('diagnostic.picked', { day: chosen.day, value: valueText(chosen.value) }) : t('diagnostic.tapHint')}
      </figcaption>
      <table className="sr-only">
        <caption>{t(`diagnostic.chartLabel.${view}`)}</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{valueText(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
