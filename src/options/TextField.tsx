import { useId, type InputHTMLAttributes } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/**
 * A labelled input whose problem, when it has one, sits under it and is read with it
 * (`aria-invalid`, `aria-describedby`). The value belongs to the form: a refused save never clears it.
 */
export function TextField({
  label,
  value,
  onChange,
  problem,
  ...input
}: InputProps & {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly problem?: string | undefined;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <div className="perch-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        aria-invalid={problem === undefined ? undefined : true}
        aria-describedby={problem === undefined ? undefined : problemId}
      />
      {problem === undefined ? null : (
        <p id={problemId} className="perch-field-problem">
          {problem}
        </p>
      )}
    </div>
  );
}

/** A write-only secret: never prefilled, never offered to the browser's password manager. */
export function SecretField(props: Parameters<typeof TextField>[0]) {
  return <TextField type="password" autoComplete="off" spellCheck={false} {...props} />;
}
