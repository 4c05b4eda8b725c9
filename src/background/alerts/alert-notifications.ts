import type { FiredAlert } from '../../contracts/alerts';

/** The slice of the browser's notifications and action APIs alerts use. */
export interface NotificationApi {
  readonly notifications: {
    create(id: string, options: NotificationOptions): Promise<string>;
    clear(id: string): Promise<boolean>;
    readonly onClicked: { addListener(listener: (id: string) => void): void };
  };
  readonly openPopup: (() => Promise<void>) | undefined;
  readonly openPopupTab: () => Promise<void>;
  readonly iconUrl: string;
}

interface NotificationOptions {
  type: 'basic';
  iconUrl: string;
  title: string;
  message: string;
  priority: number;
}

/**
 * A fired alert as a system notification. Its id is the firing's id, so the same firing shown twice (a
 * worker stopped between showing it and storing that it did) replaces itself instead of doubling.
 */
export function createAlertNotifier(api: NotificationApi) {
  api.notifications.onClicked.addListener((id) => {
    void api.notifications.clear(id);
    // The popup opens only where the browser lets an extension open it; elsewhere it opens in a tab.
    const open = api.openPopup ?? api.openPopupTab;
    void open().catch(() => api.openPopupTab());
  });
  return async (fired: FiredAlert): Promise<void> => {
    await api.notifications.create(fired.id, {
      type: 'basic',
      iconUrl: api.iconUrl,
      title: fired.title,
      message: fired.message,
      priority: 2,
    });
  };
}
