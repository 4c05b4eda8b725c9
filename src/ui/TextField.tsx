import { useId, type InputHTMLAttributes } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/**
 * A labelled input whose problem, when it has one, sits under it and is read with it
 * (`aria-invalid`, `aria-describedby`). The value belongs to the form: a refused save never clears it.
 * `status` is words about the value as it is typed (a strength meter): also read with the input, and
 * announced when they change (`role="status"`, polite). A problem takes its place.
 */
export function TextField({
  label,
  value,
  onChange,
  problem,
  status,
  ...input
}: InputProps & {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly problem?: string | undefined;
  readonly status?: string | undefined;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  const statusId = `${id}-status`;
  const shownStatus = problem === undefined ? status : undefined;
  const describedBy = [
    ...(problem === undefined ? [] : [problemId]),
    ...(shownStatus === undefined ? [] : [statusId]),
  ].join(' ');
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
        aria-describedby={describedBy === '' ? undefined : describedBy}
      />
      {problem === undefined ? null : (
        <p id={problemId} className="perch-field-problem">
          {problem}
        </p>
      )}
      {status === undefined ? null : (
        // Kept in the page while hidden behind a problem: a live region must exist before it changes.
        <p id={statusId} role="status" className="perch-field-status" hidden={shownStatus === undefined}>
          {shownStatus}
        </p>
      )}
    </div>
  );
}

/** A write-only secret: never prefilled, never offered to the browser's password manager. */
export function SecretField(props: Parameters<typeof TextField>[0]) {
  return <TextField type="password" autoComplete="off" spellCheck={false} {...props} />;
}
