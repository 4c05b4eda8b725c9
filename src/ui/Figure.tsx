import type { ReactNode } from 'react';

export interface FigureProps {
  readonly label: string;
  /** The figure as formatted ("67,000.1"), or words where it has none ("no liq. price"). */
  readonly value: ReactNode;
  /** Its unit after it, smaller: "USD", "BTC", "contracts". */
  readonly unit?: string | undefined;
  /** A second line under the value: the same size in another unit, say. */
  readonly note?: string | undefined;
  /** What a pointer's hover explains: why a figure is missing, the exact value. */
  readonly title?: string | undefined;
  /** Numbers in a column line up on their right edge ('end'); a label column on its left. */
  readonly align?: 'start' | 'end';
  readonly size?: 'md' | 'lg';
  /** A colour class by meaning (perch-up, perch-down, perch-warning), never for decoration. */
  readonly tone?: string | undefined;
}

/** One labelled figure, a `<dt>`/`<dd>` pair: place it in a `<dl>`. */
export function Figure({ label, value, unit, note, title, align = 'start', size = 'md', tone }: FigureProps) {
  return (
    <div className="perch-figure" data-align={align} data-size={size} title={title}>
      <dt>{label}</dt>
      <dd className={tone}>
        {value}
        {unit === undefined ? null : <span className="perch-unit">{unit}</span>}
        {note === undefined ? null : <span className="perch-figure-note">{note}</span>}
      </dd>
    </div>
  );
}
