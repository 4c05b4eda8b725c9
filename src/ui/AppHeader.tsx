export function AppHeader({ subtitle }: { subtitle?: string }) {
  return (
    <header className="perch-header">
      <h1>Perch</h1>
      {subtitle === undefined ? null : <span className="perch-muted">{subtitle}</span>}
    </header>
  );
}
