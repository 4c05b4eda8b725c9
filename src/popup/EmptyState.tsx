import { WITH_DEVELOPMENT_PATHS } from '../contracts/development-paths';

/** No keys yet: the way to the options page, and in development builds to the simulator's demo chart. */
export function EmptyState({
  onOpenOptions,
  demoChartUrl,
}: {
  onOpenOptions: () => void;
  demoChartUrl?: string;
}) {
  return (
    <div className="perch-empty">
      <p>Add your OKX or Bybit API keys in Perch's settings to see your positions here.</p>
      <button type="button" onClick={onOpenOptions}>
        Open settings
      </button>
      {!WITH_DEVELOPMENT_PATHS || demoChartUrl === undefined ? null : (
        <p>
          <a href={demoChartUrl} target="_blank" rel="noreferrer">
            Open the simulator's demo chart
          </a>
        </p>
      )}
    </div>
  );
}
