/**
 * Puts `body` between the `start` and `end` markers of a hand-written document, so a run can rewrite its
 * own table and leave the prose around it alone. Without the markers, the section goes at the end.
 */
export function replaceGeneratedSection(doc: string, start: string, end: string, body: string): string {
  const generated = `${start}\n\n${body}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  return from === -1 || to === -1
    ? `${doc.trimEnd()}\n\n${generated}\n`
    : doc.slice(0, from) + generated + doc.slice(to + end.length);
}
