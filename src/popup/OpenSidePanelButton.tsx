import { useEffect, useState } from 'react';
import { canOpenSidePanel, currentWindowId, openSidePanel } from '../platform/side-panel';
import { useInSidePanel } from './focus-context';

/**
 * Opens the side panel beside the chart and closes the popup. The window is looked up before the click:
 * the browser allows opening the panel only within the click itself, before anything is awaited.
 */
const closePopup = () => {
  window.close();
};

export function OpenSidePanelButton({ onOpened = closePopup }: { onOpened?: () => void }) {
  const inPanel = useInSidePanel();
  const [windowId, setWindowId] = useState<number>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (inPanel) return;
    currentWindowId().then(setWindowId, () => undefined);
  }, [inPanel]);
  if (inPanel || !canOpenSidePanel()) return null;
  return (
    <>
      <button
        type="button"
        title="Keep Perch open beside the chart; it follows the chart in the active tab"
        onClick={() => {
          openSidePanel(windowId).then(onOpened, (error: unknown) => {
            setProblem(
              `The side panel did not open: ${error instanceof Error ? error.message : String(error)}`,
            );
          });
        }}
      >
        Open side panel
      </button>
      {problem === undefined ? null : (
        <p role="alert" className="perch-problem">
          {problem}
        </p>
      )}
    </>
  );
}
