import { SECTIONS, sectionHref, type SectionId } from './routes';

/** The page's sections as links, the one on screen marked as the current page. */
export function OptionsNav({ current }: { readonly current: SectionId | undefined }) {
  return (
    <nav className="perch-options-nav" aria-label="Settings sections">
      <ul>
        {SECTIONS.map(({ id, title }) => (
          <li key={id}>
            <a href={sectionHref(id)} aria-current={id === current ? 'page' : undefined}>
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
