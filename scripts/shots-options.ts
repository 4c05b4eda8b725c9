// The options page's screenshots. One entry per image.
import { pageText, systemTheme, type Screens, type Shot } from './shot-kit';

/** The options page shows the saved OKX key, masked: the vault and the profiles are in. */
export const optionsLoaded =
  ({ options, okxKey }: Screens) =>
  async () =>
    okxKey !== undefined && (await pageText(options)).includes(okxKey);

export const optionsShots = (screens: Screens): Shot[] => [
  {
    name: 'options',
    page: screens.options,
    waitsFor: `the saved OKX key (${screens.okxKey ?? 'no masked key came back'})`,
    ready: optionsLoaded(screens),
    prepare: async (theme) => {
      await screens.options.setViewport({ width: 1000, height: 700 });
      await systemTheme(screens.options, theme);
    },
    fullPage: true,
  },
];
