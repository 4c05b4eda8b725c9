import { useId } from 'react';

/** A checkbox with its label beside it. */
export function CheckField({
  label,
  checked,
  onChange,
}: {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}) {
  return (
    <label className="perch-check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      {label}
    </label>
  );
}

/** A labelled drop-down over a fixed list of choices; `onChange` gets back one of them, never free text. */
export function SelectField<T extends string>({
  label,
  value,
  choices,
  onChange,
  disabled,
}: {
  readonly label: string;
  readonly value: T;
  readonly choices: readonly { readonly value: T; readonly label: string }[];
  readonly onChange: (value: T) => void;
  readonly disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="perch-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const picked = choices.find((choice) => choice.value === event.target.value);
          if (picked !== undefined) onChange(picked.value);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
