import { useId } from 'react';

export interface Segment<Value extends string> {
  readonly value: Value;
  readonly label: string;
}

export interface SegmentedControlProps<Value extends string> {
  /** The group's accessible name: "Close confirmation". */
  readonly label: string;
  /** Shows the label above the segments, as a form field's label (the group is then named by it). */
  readonly labelVisible?: boolean;
  readonly segments: readonly Segment<Value>[];
  readonly value: Value;
  readonly onChange: (value: Value) => void;
  readonly disabled?: boolean;
}

/**
 * One choice of a few, all in view: native radio buttons in a radiogroup (arrow keys move the choice),
 * drawn as one row of segments.
 */
export function SegmentedControl<Value extends string>({
  label,
  labelVisible = false,
  segments,
  value,
  onChange,
  disabled,
}: SegmentedControlProps<Value>) {
  const name = useId();
  const labelId = `${name}-label`;
  const group = (
    <div
      role="radiogroup"
      {...(labelVisible ? { 'aria-labelledby': labelId } : { 'aria-label': label })}
      className="perch-segmented"
    >
      {segments.map((segment) => (
        <label key={segment.value} className="perch-segment">
          <input
            type="radio"
            name={name}
            value={segment.value}
            checked={segment.value === value}
            disabled={disabled}
            onChange={() => {
              onChange(segment.value);
            }}
          />
          {segment.label}
        </label>
      ))}
    </div>
  );
  if (!labelVisible) return group;
  return (
    <div className="perch-segmented-field">
      <span id={labelId} className="perch-segmented-label">
        {label}
      </span>
      {group}
    </div>
  );
}
