import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<Id extends string> {
  readonly id: Id;
  readonly label: string;
}

export interface TabBarProps<Id extends string> {
  /** The tablist's accessible name: "Popup sections". */
  readonly label: string;
  readonly tabs: readonly Tab<Id>[];
  readonly selected: Id;
  readonly onSelect: (id: Id) => void;
  /** Prefix of the tab and panel ids, so each tab names the panel it controls. */
  readonly idBase: string;
}

export const tabId = (idBase: string, id: string) => `${idBase}-tab-${id}`;
export const panelId = (idBase: string, id: string) => `${idBase}-panel-${id}`;

const STEP: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Tabs over panels: one tab stop, arrow keys (and Home, End) move and select, as the ARIA pattern asks. */
export function TabBar<Id extends string>({ label, tabs, selected, onSelect, idBase }: TabBarProps<Id>) {
  const list = useRef<HTMLDivElement>(null);
  function onKeyDown(event: KeyboardEvent) {
    const step = STEP[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next =
      tabs[
        step(
          tabs.findIndex((tab) => tab.id === selected),
          tabs.length,
        )
      ];
    if (next === undefined) return;
    onSelect(next.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idBase, next.id))}`)?.focus();
  }
  return (
    <div role="tablist" aria-label={label} className="perch-tabs" ref={list} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={tabId(idBase, tab.id)}
          className="perch-tab"
          aria-selected={tab.id === selected}
          aria-controls={panelId(idBase, tab.id)}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => {
            onSelect(tab.id);
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/**
 * One tab's panel. A hidden panel stays mounted: its streams and forms keep their state while another tab
 * is shown, and switching back paints at once.
 */
export function TabPanel({
  idBase,
  id,
  selected,
  children,
}: {
  idBase: string;
  id: string;
  selected: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(idBase, id)}
      aria-labelledby={tabId(idBase, id)}
      hidden={!selected}
      className="perch-tabpanel"
    >
      {children}
    </div>
  );
}
