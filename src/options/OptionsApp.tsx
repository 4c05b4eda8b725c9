import { AppHeader } from '../ui/AppHeader';

export function OptionsApp({ version }: { version: string }) {
  return (
    <main>
      <AppHeader subtitle="Settings" />
      <section className="perch-section">
        <p>
          Version <strong data-testid="extension-version">{version}</strong>
        </p>
      </section>
    </main>
  );
}
