import type { AlertDraft, createChartAlert } from '../../contracts/alerts';
import type { RequestOf, ResponseOf } from '../../contracts/define';
import { groupDecimal } from '../../contracts/grouped-number';
import type { HandlerContext } from '../../platform/message-dispatch';
import type { AlertBook } from '../alerts/alert-book';
import { checkTabFollows, named, type TabActionWords, type TabInstruments } from './position-access';

type ChartAlert = typeof createChartAlert;

const ALERT_WORDS: TabActionWords = {
  anything: 'set an alert',
  on: (instrument) => `set an alert on ${instrument}`,
  only: (followed) => `set alerts only on ${followed === 1 ? 'that instrument' : 'those instruments'}`,
};

/**
 * A price alert from the chart badge, for the instrument the sender's tab follows over its hub port and
 * nothing else. The page names the level and the side only: the alert watches the last price, fires once
 * and plays no sound, whatever the page would like (the trader changes that in options).
 */
export function createChartAlertHandler(
  alerts: Pick<AlertBook, 'save'>,
  tabs: TabInstruments,
): (request: RequestOf<ChartAlert>, context: HandlerContext) => Promise<ResponseOf<ChartAlert>> {
  return async (request, context) => {
    const { direction, level } = request;
    const { exchange, kind, symbol } = request.instrument;
    const instrument = { exchange, kind, symbol };
    checkTabFollows(tabs, context.tabId, instrument, ALERT_WORDS);
    const draft: AlertDraft = {
      condition: { kind: 'price', instrument, direction, level, source: 'last' },
      repeat: { mode: 'once' },
      sound: false,
    };
    await alerts.save(draft);
    return { created: true, message: `Alert set: ${named(instrument)} ${direction} ${groupDecimal(level)}` };
  };
}
