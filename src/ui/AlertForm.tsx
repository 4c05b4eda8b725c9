import { useId, useRef, useState, type SyntheticEvent } from 'react';
import type { Alert, AlertDraft, AlertKind } from '../contracts/alerts';
import { errorMessage } from '../contracts/perch-error';
import { checkAlert, type AlertField } from './alert-check';
import {
  isMarketKind,
  levelFor,
  repeatFor,
  type AlertFormValues,
  type AlertMarket,
} from './alert-form-values';
import { ALERT_KIND_CHOICES, REPEAT_CHOICES } from './alert-kind-words';
import { draftWords } from './alert-words';
import { AlertConditionFields } from './AlertConditionFields';
import { CheckField, SelectField } from './ChoiceFields';
import { TextField } from './TextField';
import './alerts.css';

export interface AlertFormProps {
  /** Names the form: "Alert for OKX BTC-USDT-SWAP perpetual". */
  readonly title: string;
  /** The kinds the trader may choose here, the first shown first. */
  readonly kinds: readonly AlertKind[];
  readonly initial: AlertFormValues;
  /** The instrument a price or move alert watches, with its live prices when known. */
  readonly market: AlertMarket | undefined;
  /** Account alerts: choose the exchanges and instruments (options), or keep the initial ones (a position). */
  readonly scopeEditable: boolean;
  /** The alert this form edits: saving replaces it. */
  readonly editing?: string | undefined;
  readonly save: (draft: AlertDraft, id?: string) => Promise<Alert>;
  readonly onClose?: (() => void) | undefined;
}

type Result = { readonly tone: 'ok' | 'problem'; readonly text: string };

/**
 * An alert, set up or edited: each entry checked as it is typed (its problem read with its field), what
 * will be saved in words, a level the price is already past explained, and the answer once saved. A
 * saved alert stays in the form: saving again updates it rather than making a second one.
 */
export function AlertForm({
  title,
  kinds,
  initial,
  market,
  scopeEditable,
  editing,
  save,
  onClose,
}: AlertFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [levelTyped, setLevelTyped] = useState(editing !== undefined);
  const [repeatChosen, setRepeatChosen] = useState(editing !== undefined);
  const [tried, setTried] = useState(false);
  const [savedId, setSavedId] = useState(editing);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<Result>();
  const check = checkAlert(values, isMarketKind(values.kind) ? market : undefined);
  const problemAt = (field: AlertField) => {
    const typed = values[field];
    // An empty box is only wrong once the trader tried to save it: not while they are still filling in.
    return typeof typed === 'string' && typed.trim() === '' && !tried ? undefined : check.problems[field];
  };

  function change(next: Partial<AlertFormValues>) {
    setResult(undefined);
    if (next.level !== undefined) setLevelTyped(true);
    if (next.repeat !== undefined || next.cooldownMinutes !== undefined) setRepeatChosen(true);
    const merged = { ...values, ...next };
    const moved = next.direction !== undefined || next.source !== undefined;
    const level = moved && !levelTyped ? levelFor(market, merged.source, merged.direction) : '';
    setValues({
      ...merged,
      ...(level === '' ? {} : { level }),
      ...(next.kind !== undefined && !repeatChosen ? repeatFor(next.kind) : {}),
    });
  }

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    setTried(true);
    const { draft } = check;
    if (draft === undefined) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (pending) return;
    setPending(true);
    setResult(undefined);
    try {
      const saved = await save(draft, savedId);
      setSavedId(saved.id);
      setResult({ tone: 'ok', text: `Alert set: ${draftWords(saved, market?.tickSize)}` });
    } catch (error) {
      setResult({ tone: 'problem', text: `Not set: ${errorMessage(error)}` });
    } finally {
      setPending(false);
    }
  }

  const kindChoices = kinds.map((kind) => ({ value: kind, label: ALERT_KIND_CHOICES[kind] }));
  return (
    <form
      ref={formRef}
      className="perch-alert-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={`${id}-title`}>{title}</h3>
      {kinds.length > 1 ? (
        <SelectField
          label="Alert when"
          value={values.kind}
          choices={kindChoices}
          onChange={(kind) => {
            change({ kind });
          }}
        />
      ) : null}
      <AlertConditionFields
        values={values}
        problemAt={problemAt}
        change={change}
        scopeEditable={scopeEditable}
      />
      <SelectField
        label="Notify"
        value={values.repeat}
        choices={REPEAT_CHOICES}
        onChange={(repeat) => {
          change({ repeat });
        }}
      />
      {values.repeat === 'every' ? (
        <TextField
          label="Cool-down between two, in minutes"
          value={values.cooldownMinutes}
          problem={problemAt('cooldownMinutes')}
          onChange={(cooldownMinutes) => {
            change({ cooldownMinutes });
          }}
          inputMode="decimal"
          autoComplete="off"
        />
      ) : null}
      <CheckField
        label="Play a sound"
        checked={values.sound}
        onChange={(sound) => {
          change({ sound });
        }}
      />
      <div className="perch-verdict" role="status">
        <p className="perch-muted">
          {check.draft === undefined ? '' : draftWords(check.draft, market?.tickSize)}
        </p>
        <p className="perch-warning">{check.warning}</p>
      </div>
      <div className="perch-alert-actions">
        <button type="submit" disabled={pending}>
          {pending ? 'Saving…' : savedId === undefined ? 'Save alert' : 'Update alert'}
        </button>
        {onClose === undefined ? null : (
          <button type="button" className="perch-secondary" onClick={onClose}>
            Close
          </button>
        )}
      </div>
      {result?.tone === 'problem' ? (
        <p className="perch-problem" role="alert">
          {result.text}
        </p>
      ) : (
        <p className="perch-notice" data-field="notice" role="status">
          {result?.text}
        </p>
      )}
    </form>
  );
}
