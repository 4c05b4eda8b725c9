import type { Notice } from './store';

/**
 * A notice in words, in a live region that is always there (empty without a notice), so a screen reader
 * announces the answer when it arrives.
 */
export function NoticeLine({ notice }: { notice: Notice | undefined }) {
  return (
    <p
      className={notice?.tone === 'problem' ? 'perch-notice perch-problem' : 'perch-notice'}
      data-field="notice"
      role="status"
    >
      {notice?.text}
    </p>
  );
}
