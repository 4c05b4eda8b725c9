import type { Alert, AlertDraft, AlertList } from '../../contracts/alerts';

/** The trader's alerts and what fired, as the message handlers reach them. */
export interface AlertBook {
  list(): Promise<AlertList>;
  /** Creates an alert, or replaces the one `id` names; refuses a draft that cannot work, in words. */
  save(draft: AlertDraft, id?: string): Promise<Alert>;
  remove(id: string): Promise<boolean>;
  pause(id: string, paused: boolean): Promise<Alert>;
}
