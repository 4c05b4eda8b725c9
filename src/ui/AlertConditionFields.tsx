import { useId } from 'react';
import { EXCHANGE_IDS, EXCHANGE_NAMES } from '../contracts/exchange-names';
import type { AlertField } from './alert-check';
import type { AlertFormValues } from './alert-form-values';
import { DIRECTION_CHOICES, SOURCE_CHOICES } from './alert-kind-words';
import { CheckField, SelectField } from './ChoiceFields';
import { TextField } from './TextField';

export interface ConditionFieldsProps {
  readonly values: AlertFormValues;
  readonly problemAt: (field: AlertField) => string | undefined;
  readonly change: (next: Partial<AlertFormValues>) => void;
  /** The exchanges and instruments an account alert watches can be chosen (else they are the position's). */
  readonly scopeEditable: boolean;
}

/** Which exchanges, and optionally which instruments, an account alert watches. */
function ScopeFields({ values, problemAt, change }: Omit<ConditionFieldsProps, 'scopeEditable'>) {
  const problem = problemAt('exchanges');
  const problemId = `${useId()}-problem`;
  return (
    <>
      <fieldset aria-describedby={problem === undefined ? undefined : problemId}>
        <legend>Exchanges to watch</legend>
        {EXCHANGE_IDS.map((exchange) => (
          <CheckField
            key={exchange}
            label={EXCHANGE_NAMES[exchange]}
            checked={values.exchanges.includes(exchange)}
            onChange={(checked) => {
              const others = values.exchanges.filter((item) => item !== exchange);
              change({
                exchanges: checked
                  ? EXCHANGE_IDS.filter((id) => id === exchange || others.includes(id))
                  : others,
              });
            }}
          />
        ))}
        {problem === undefined ? null : (
          <p id={problemId} className="perch-field-problem">
            {problem}
          </p>
        )}
      </fieldset>
      <TextField
        label="Only these instruments (optional, separated by commas)"
        value={values.symbols}
        problem={problemAt('symbols')}
        onChange={(symbols) => {
          change({ symbols });
        }}
        autoComplete="off"
      />
    </>
  );
}

/** The fields of the chosen kind: a level, a move, a threshold, and for account alerts what they watch. */
export function AlertConditionFields({ values, problemAt, change, scopeEditable }: ConditionFieldsProps) {
  const number = (field: AlertField & keyof AlertFormValues, label: string) => (
    <TextField
      label={label}
      value={String(values[field])}
      problem={problemAt(field)}
      onChange={(typed) => {
        change({ [field]: typed });
      }}
      inputMode="decimal"
      autoComplete="off"
    />
  );
  const scope = scopeEditable ? <ScopeFields values={values} problemAt={problemAt} change={change} /> : null;
  switch (values.kind) {
    case 'price':
      return (
        <>
          <SelectField
            label="The price"
            value={values.direction}
            choices={DIRECTION_CHOICES}
            onChange={(direction) => {
              change({ direction });
            }}
          />
          {number('level', 'Level')}
          <SelectField
            label="Watch the"
            value={values.source}
            choices={SOURCE_CHOICES}
            onChange={(source) => {
              change({ source });
            }}
          />
        </>
      );
    case 'move':
      return (
        <>
          {number('movePercent', 'Move of at least, in % (up or down)')}
          {number('windowMinutes', 'Within, in minutes')}
        </>
      );
    case 'liquidation':
      return (
        <>
          {number('liquidationPercent', 'Distance to liquidation under, in % of the mark')}
          {scope}
        </>
      );
    case 'margin':
      return (
        <>
          {number('marginPercent', 'Margin ratio over, in %')}
          {scope}
        </>
      );
    case 'funding':
      return (
        <>
          {number('fundingPercent', 'Funding rate above, in %')}
          {number('minutesBefore', 'Minutes before the funding time')}
          {scope}
        </>
      );
    case 'fill':
      return (
        <>
          <CheckField
            label="Also every partial fill"
            checked={values.partial}
            onChange={(partial) => {
              change({ partial });
            }}
          />
          {scope}
        </>
      );
    case 'stop':
    case 'closed':
      return scope;
  }
}
