/**
 * A bar chart drawn with plain elements (no chart library for two small charts): each bar is a list item with its
 * label and amount as text, so screen readers read the figures and nothing depends on colour.
 */
import { formatFen } from '../../lib/format';

export function BarChart({ title, bars }: { title: string; bars: Array<{ label: string; fen: string }> }) {
  const max = bars.reduce((m, b) => {
    const v = BigInt(b.fen);
    return v > m ? v : m;
  }, 0n);
  return (
    <figure className="bill-chart">
      <figcaption className="bill-chart__title">{title}</figcaption>
      <ul className="bill-chart__bars">
        {bars.map((b) => {
          const v = BigInt(b.fen);
          const pct = max > 0n && v > 0n ? Number((v * 1000n) / max) / 10 : 0;
          return (
            <li key={b.label} className="bill-chart__bar">
              <span className="bill-chart__label">{b.label}</span>
              <span className="bill-chart__track" aria-hidden="true">
                <span className="bill-chart__fill" style={{ width: `${pct}%` }} />
              </span>
              <span className="bill-chart__value">{formatFen(b.fen)}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
