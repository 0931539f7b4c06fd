import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The setup-spot questions' words in each language, as the pages get them (src/lib/i18n/messages). */
const questionWords = (language: 'en' | 'es') =>
  (JSON.parse(readFileSync(path.join(process.cwd(), 'src/lib/i18n/messages', `${language}.json`), 'utf8')) as { siteQuestions: Record<'intro' | 'surface' | 'outlet' | 'access' | 'stairs' | 'ceiling', string> }).siteQuestions;

/** Answers to the checkout's questions about the setup spot, as the customer picks them. */
export interface SetupSpot {
  surface?: string;
  outlet?: 'yes' | 'no' | 'unsure';
  gateInches?: string;
  stairs?: string;
  ceilingFt?: string;
}

/** A lawn with an outlet near and a wide gate: what most yards are, and what refuses nothing. */
export const EASY_YARD: SetupSpot = { surface: 'grass', outlet: 'yes', gateInches: '48', stairs: '0' };

const settled = (page: Page) => expect(page.locator('[aria-busy="false"]').getByTestId('quote-total')).toBeVisible();

/**
 * Answers whichever setup-spot questions the checkout asks for this cart (none for a cart of supplies),
 * each answer waiting for the price it brings: the questions come with the server's price.
 */
export async function answerSetupSpot(page: Page, spot: SetupSpot = EASY_YARD): Promise<void> {
  await settled(page);
  const questions = page.getByTestId('site-questions');
  if ((await questions.count()) === 0) return;
  // The questions in the page's language (a Spanish checkout asks them in Spanish).
  const w = questionWords((await page.locator('html').getAttribute('lang')) === 'es' ? 'es' : 'en');
  // The questions themselves are loaded after the price that asks them.
  await expect(questions.getByText(w.intro)).toBeVisible();
  const ask = async (label: string | RegExp, answer: (control: ReturnType<Page['getByLabel']>) => Promise<unknown>) => {
    const control = questions.getByLabel(label);
    if ((await control.count()) === 0) return;
    await answer(control);
    await settled(page);
  };
  if (spot.surface) await ask(w.surface, (c) => c.selectOption(spot.surface!));
  if (spot.outlet) await ask(new RegExp(`^${w.outlet.split('{ft}')[0]}`), (c) => c.selectOption(spot.outlet!));
  if (spot.gateInches) await ask(w.access, async (c) => {
    await c.fill(spot.gateInches!);
    await c.press('Tab');
  });
  if (spot.stairs) await ask(w.stairs, (c) => c.selectOption(spot.stairs!));
  if (spot.ceilingFt) await ask(w.ceiling, async (c) => {
    await c.fill(spot.ceilingFt!);
    await c.press('Tab');
  });
}
