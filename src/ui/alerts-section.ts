/** The options page's Alerts section: its element id, the fragment the popup's "Manage alerts" opens it at. */
export const ALERTS_SECTION = 'alerts';
