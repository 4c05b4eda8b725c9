import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { ElementHandle, Page } from 'puppeteer-core';

export type OptionsExchange = 'okx' | 'bybit';

/** The keys a trader copies from an exchange; OKX keys come with a passphrase. */
export interface TypedKeys {
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase?: string;
}

/** One field as the trader sees it: what it holds and the problem shown with it, if any. */
export interface ShownField {
  readonly value: string;
  readonly problem: string | undefined;
}

/** A new passphrase field as the trader sees it: what it holds, its live verdict, and the problem shown with it. */
export interface ShownNewPassphrase extends ShownField {
  readonly status: string | undefined;
}

/** What "Test connection" showed: each line of the report by name, the findings, and any warning. */
export interface ShownTest {
  readonly fields: Record<string, string>;
  readonly findings: string[];
  readonly warning: string | undefined;
}

/** The sections in the page's left navigation, by their names there. */
export type OptionsSection = 'Accounts' | 'Watchlist' | 'Trading' | 'Chart overlay' | 'Alerts' | 'Security';

/** Where the first-run path is: "Step 2 of 4" and the step's title. */
export interface ShownStep {
  readonly count: string;
  readonly title: string;
}

const NAMES: Record<OptionsExchange, string> = { okx: 'OKX', bybit: 'Bybit' };
const SET_UP_FORM = 'form[aria-label="Create your passphrase"]';
const keyFormOf = (exchange: OptionsExchange) => `form[aria-label="${NAMES[exchange]} account"]`;
const button = (name: string) => `::-p-aria(${name}[role="button"])`;
const link = (name: string) => `::-p-aria(${name}[role="link"])`;
const heading = (name: string) => `::-p-aria(${name}[role="heading"])`;
const WATCHED = 'ol[aria-label="Watched instruments"]';

/** The options page, as a trader sees it: a left navigation over its sections, or the first-run path. */
export class OptionsPage {
  constructor(readonly page: Page) {}

  /** Opens a section from the left navigation (from the first-run path, by its address, as its links do). */
  async openSection(section: OptionsSection): Promise<void> {
    const nav = await this.page.$('nav[aria-label="Settings sections"]');
    if (nav === null) {
      const hash = {
        Accounts: 'accounts',
        Watchlist: 'watchlist',
        Trading: 'trading',
        'Chart overlay': 'overlay',
        Alerts: 'alerts',
        Security: 'security',
      }[section];
      await this.page.evaluate((fragment) => {
        window.location.hash = fragment;
      }, hash);
    } else {
      await this.page.locator(`nav[aria-label="Settings sections"] ${link(section)}`).click();
    }
    await this.page.locator(`main ${heading(section)}`).wait();
  }

  /** The section the navigation marks as the current page. */
  async currentSection(): Promise<string> {
    const current = await this.page.waitForSelector(
      'nav[aria-label="Settings sections"] a[aria-current="page"]',
    );
    if (current === null) throw new Error('The navigation marks no section as current.');
    return current.evaluate((element) => element.textContent);
  }

  /** The first-run step on screen, once there is one. */
  async firstRunStep(): Promise<ShownStep> {
    await this.page.waitForSelector('#first-run-heading');
    return this.page.evaluate(() => ({
      count: document.querySelector('.perch-step-count')?.textContent ?? '',
      title: document.querySelector('#first-run-heading')?.textContent ?? '',
    }));
  }

  /** First-run step 1: creates the passphrase, then waits for step 2. */
  async createPassphrase(passphrase: string): Promise<void> {
    await this.typeNewPassphrase(passphrase);
    await this.pressSetUp();
    await this.page.locator(heading('Add an exchange')).wait();
  }

  /** First-run step 2: picks the exchange, saves its keys with its one Save, and waits for step 3. */
  async addExchange(exchange: OptionsExchange, keys: TypedKeys): Promise<void> {
    await this.page.locator(`::-p-aria(${NAMES[exchange]}[role="radio"])`).click();
    await this.saveKeys(exchange, keys);
    await this.page.locator(heading('Test the key')).wait();
  }

  /** First-run step 3 tests the saved key by itself: its report, as "Test connection" shows it. */
  async firstRunKeyTest(exchange: OptionsExchange): Promise<ShownTest> {
    return this.readTest(exchange);
  }

  /** Presses a step's Continue. */
  async continueSetup(): Promise<void> {
    await this.page.locator(button('Continue')).click();
  }

  /** First-run step 4: saves the watchlist and finishes; waits for the regular page to say Perch is set up. */
  async finishSetup(): Promise<string> {
    await this.page.locator(button('Save and finish')).click();
    const done = await this.page.waitForSelector('main [role="status"]::-p-text(Perch is set up)');
    if (done === null) throw new Error('The page does not say Perch is set up.');
    return done.evaluate((element) => element.textContent);
  }

  async shownVersion(): Promise<string> {
    const version = await this.page.waitForSelector('[data-testid="extension-version"]');
    if (version === null) throw new Error('The options page shows no version.');
    return version.evaluate((element) => element.textContent);
  }

  /**
   * Creates the passphrase at the first-run path's first step, then leaves the path for the settings page
   * (Accounts), where each exchange's key is saved.
   */
  async setUpVault(passphrase: string): Promise<void> {
    await this.createPassphrase(passphrase);
    await this.page.locator(link('Leave the setup for the settings page')).click();
    await this.page.locator(`main ${heading('Accounts')}`).wait();
  }

  /** Types a new passphrase, twice, into the set-up form, without pressing its button. */
  async typeNewPassphrase(passphrase: string): Promise<void> {
    await this.type(SET_UP_FORM, 'New passphrase', passphrase);
    await this.type(SET_UP_FORM, 'Confirm new passphrase', passphrase);
  }

  async pressSetUp(): Promise<void> {
    await this.page.locator(`${SET_UP_FORM} ${button('Create passphrase')}`).click();
  }

  /** The set-up form's new passphrase field, with what a screen reader reads with it: live verdict or problem. */
  async newPassphraseField(): Promise<ShownNewPassphrase> {
    const input = await this.field(SET_UP_FORM, 'New passphrase');
    return input.evaluate((element) => {
      const described = (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id))
        .filter((found) => found !== null);
      const status = described.find((found) => found.getAttribute('role') === 'status');
      const problem = described.find((found) => found.getAttribute('role') !== 'status');
      return {
        value: element.value,
        status: status?.textContent ?? undefined,
        problem: element.getAttribute('aria-invalid') === 'true' ? (problem?.textContent ?? '') : undefined,
      };
    });
  }

  /**
   * Sets the vault up with the keyboard alone: Tab to the first field, type, Tab to the second, type,
   * Enter. Resolves with the passphrase fields' labels as the focus reached them.
   */
  async setUpVaultByKeyboard(passphrase: string): Promise<string[]> {
    await this.page.waitForSelector(SET_UP_FORM);
    const focusedLabel = () =>
      this.page.evaluate(() => {
        const id = document.activeElement?.id ?? '';
        return document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent ?? '';
      });
    const reached: string[] = [];
    for (const step of ['first', 'second']) {
      await this.page.keyboard.press('Tab');
      reached.push(await focusedLabel());
      await this.page.keyboard.type(passphrase);
      if (step === 'second') await this.page.keyboard.press('Enter');
    }
    await this.page.locator(heading('Add an exchange')).wait();
    return reached;
  }

  /** Types the keys into an exchange's form, without saving them. */
  async typeKeys(exchange: OptionsExchange, keys: TypedKeys): Promise<void> {
    const form = keyFormOf(exchange);
    await this.type(form, 'API key', keys.apiKey);
    await this.type(form, 'Secret key', keys.secret);
    if (keys.passphrase !== undefined) await this.type(form, 'API key passphrase', keys.passphrase);
  }

  /** Types the keys into an exchange's form and presses its one Save. */
  async saveKeys(exchange: OptionsExchange, keys: TypedKeys): Promise<void> {
    await this.typeKeys(exchange, keys);
    await this.page.locator(`${keyFormOf(exchange)} ${button(`Save ${NAMES[exchange]}`)}`).click();
  }

  /** The saved key as shown, masked, once there is one. */
  async maskedKey(exchange: OptionsExchange): Promise<string> {
    const key = await this.page.waitForSelector(`[data-testid="${exchange}-masked-key"]`);
    if (key === null) throw new Error(`No saved ${NAMES[exchange]} key is shown.`);
    return key.evaluate((element) => element.textContent);
  }

  /** A field of an exchange's key form, once the save has answered (its button is enabled again). */
  async keyField(exchange: OptionsExchange, label: string): Promise<ShownField> {
    const form = keyFormOf(exchange);
    await this.page.waitForSelector(`${form} button[type="submit"]:not([disabled])`);
    const input = await this.field(form, label);
    return input.evaluate((element) => {
      const invalid = element.getAttribute('aria-invalid') === 'true';
      const described = document.getElementById(element.getAttribute('aria-describedby') ?? '');
      return { value: element.value, problem: invalid ? (described?.textContent ?? '') : undefined };
    });
  }

  /** Presses "Test connection" and reads the report, or throws with the failure shown instead. */
  async testConnection(exchange: OptionsExchange): Promise<ShownTest> {
    await this.page.locator(button(`Test ${NAMES[exchange]} connection`)).click();
    return this.readTest(exchange);
  }

  /** Whether the page offers "Test connection" for an exchange now. */
  async offersTest(exchange: OptionsExchange): Promise<boolean> {
    await this.page.waitForSelector(keyFormOf(exchange));
    return (await this.page.$(button(`Test ${NAMES[exchange]} connection`))) !== null;
  }

  private async readTest(exchange: OptionsExchange): Promise<ShownTest> {
    const name = NAMES[exchange];
    const shown = await this.page.waitForFunction(
      (title) =>
        [...document.querySelectorAll('h4')].find((h) => h.textContent === title)?.closest('section') ??
        [...document.querySelectorAll('[role="alert"]')].find((alert) =>
          alert.textContent.startsWith('Test failed'),
        ),
      {},
      `${name} connection test`,
    );
    return (shown as ElementHandle).evaluate((element) => {
      if (element.getAttribute('role') === 'alert') throw new Error(element.textContent);
      const fields = Object.fromEntries(
        [...element.querySelectorAll<HTMLElement>('dd')].map((dd) => [
          dd.dataset.field ?? '',
          dd.textContent,
        ]),
      );
      const findings = [...element.querySelectorAll('ul li')].map((li) => li.textContent);
      return { fields, findings, warning: element.querySelector('[role="alert"]')?.textContent ?? undefined };
    });
  }

  /** The watchlist as shown, top first: each entry's exchange and symbol. */
  async watchlist(): Promise<string[]> {
    await this.page.waitForSelector(WATCHED);
    return this.page.$$eval(`${WATCHED} > li > span:first-child`, (entries) =>
      entries.map((entry) => entry.firstChild?.textContent?.trim() ?? ''),
    );
  }

  /** Presses one of an entry's buttons: "Move … up", "Move … down" or "Remove …". */
  async editWatchlist(action: 'Move up' | 'Move down' | 'Remove', entry: string): Promise<void> {
    const label = {
      'Move up': `Move ${entry} up`,
      'Move down': `Move ${entry} down`,
      Remove: `Remove ${entry}`,
    }[action];
    await this.page.locator(`${WATCHED} ${button(label)}`).click();
  }

  /** Saves the watchlist and waits for the page to say so. */
  async saveWatchlist(): Promise<void> {
    await this.page.locator(button('Save watchlist')).click();
    await this.page.locator('p[role="status"]::-p-text(Watchlist saved.)').wait();
  }

  async reload(): Promise<void> {
    await this.page.reload();
  }

  /** Runs axe-core's WCAG A/AA rules (colour contrast included) in the page: each violation's id and targets. */
  async axeViolations(): Promise<string[]> {
    const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await this.page.evaluate(source);
    return this.page.evaluate(async () => {
      const { axe } = globalThis as unknown as {
        axe: {
          run(options: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      };
      const results = await axe.run({
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      });
      return results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    });
  }

  private async field(container: string, label: string): Promise<ElementHandle<HTMLInputElement>> {
    await this.page.waitForSelector(container);
    const handle = await this.page.evaluateHandle(
      (selector, text) => {
        const labels = [...document.querySelectorAll<HTMLLabelElement>(`${selector} label`)];
        const found = labels.find((item) => item.textContent === text);
        return found === undefined
          ? null
          : (document.getElementById(found.htmlFor) as HTMLInputElement | null);
      },
      container,
      label,
    );
    const input = handle.asElement();
    if (input === null) throw new Error(`No field labelled "${label}" in ${container}.`);
    return input as ElementHandle<HTMLInputElement>;
  }

  private async type(container: string, label: string, text: string): Promise<void> {
    const input = await this.field(container, label);
    await input.click({ count: 3 });
    await input.type(text);
  }
}
