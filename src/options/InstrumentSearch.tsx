import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { instrumentKey } from '../contracts/instrument-key';
import type { InstrumentSummary } from '../contracts/instruments';
import { EXCHANGE_IDS, EXCHANGE_NAMES } from '../contracts/vocabulary';
import { SelectField } from '../ui/ChoiceFields';
import type { ExchangeId } from './credential-draft';
import { FormAlert } from './FormAlert';
import type { OptionsStore } from './store';
import { errorMessage } from '../contracts/perch-error';

const describeInstrument = (instrument: InstrumentSummary) =>
  `${instrument.symbol} (${instrument.kind}${instrument.contractType === undefined ? '' : `, ${instrument.contractType}`})`;

/**
 * Finds an instrument on one exchange and hands it to `onPick`: a combobox over a listbox of results,
 * worked with the arrow keys and Enter (Escape closes the list), or with the mouse.
 */
export function InstrumentSearch({
  store,
  onPick,
  disabled,
}: {
  readonly store: OptionsStore;
  readonly onPick: (instrument: InstrumentSummary) => void;
  readonly disabled: boolean;
}) {
  const ids = { query: useId(), list: useId() };
  const [exchange, setExchange] = useState<ExchangeId>('okx');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<readonly InstrumentSummary[]>([]);
  const [active, setActive] = useState(0);
  const [problem, setProblem] = useState<string>();
  // Answers may arrive out of order while the trader types: only the latest question's answer counts.
  const asked = useRef(0);

  const search = async (nextExchange: ExchangeId, text: string) => {
    const question = ++asked.current;
    setProblem(undefined);
    if (text.trim() === '') {
      setResults([]);
      return;
    }
    try {
      const { instruments } = await store
        .getState()
        .searchInstruments({ exchange: nextExchange, query: text.trim() });
      if (question !== asked.current) return;
      setResults(instruments);
      setActive(0);
    } catch (error) {
      if (question !== asked.current) return;
      setResults([]);
      setProblem(`Search failed: ${errorMessage(error)}`);
    }
  };
  const pick = (instrument: InstrumentSummary | undefined) => {
    if (instrument === undefined) return;
    onPick(instrument);
    setQuery('');
    setResults([]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    const moves: Record<string, () => void> = {
      ArrowDown: () => {
        setActive((index) => Math.min(index + 1, results.length - 1));
      },
      ArrowUp: () => {
        setActive((index) => Math.max(index - 1, 0));
      },
      Enter: () => {
        pick(results[active]);
      },
      Escape: () => {
        setResults([]);
      },
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    move();
  };
  const optionId = (index: number) => `${ids.list}-${String(index)}`;
  const open = results.length > 0;

  return (
    <div className="perch-search">
      <SelectField
        label="Exchange to search"
        value={exchange}
        disabled={disabled}
        choices={EXCHANGE_IDS.map((id) => ({ value: id, label: EXCHANGE_NAMES[id] }))}
        onChange={(next) => {
          setExchange(next);
          void search(next, query);
        }}
      />
      <div className="perch-field">
        <label htmlFor={ids.query}>Add an instrument</label>
        <input
          id={ids.query}
          role="combobox"
          aria-expanded={open}
          aria-controls={ids.list}
          aria-autocomplete="list"
          aria-activedescendant={open ? optionId(active) : undefined}
          placeholder="BTC"
          maxLength={32}
          autoComplete="off"
          disabled={disabled}
          value={query}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            setQuery(event.target.value);
            void search(exchange, event.target.value);
          }}
        />
      </div>
      <ul
        id={ids.list}
        role="listbox"
        aria-label="Instruments found"
        className="perch-results"
        hidden={!open}
      >
        {results.map((instrument, index) => (
          <li
            key={instrumentKey(instrument)}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              // Keep the focus in the search box while picking with the mouse.
              event.preventDefault();
            }}
            onClick={() => {
              pick(instrument);
            }}
          >
            {EXCHANGE_NAMES[instrument.exchange]} {describeInstrument(instrument)}
          </li>
        ))}
      </ul>
      <FormAlert message={problem} />
    </div>
  );
}
