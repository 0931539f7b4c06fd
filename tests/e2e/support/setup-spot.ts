import { expect, type Page } from '@playwright/test';

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
  // The questions themselves are loaded after the price that asks them.
  await expect(questions.getByText('A few questions about the spot')).toBeVisible();
  const ask = async (label: string | RegExp, answer: (control: ReturnType<Page['getByLabel']>) => Promise<unknown>) => {
    const control = questions.getByLabel(label);
    if ((await control.count()) === 0) return;
    await answer(control);
    await settled(page);
  };
  if (spot.surface) await ask('What is the ground where we set up?', (c) => c.selectOption(spot.surface!));
  if (spot.outlet) await ask(/^Is there an outlet within/, (c) => c.selectOption(spot.outlet!));
  if (spot.gateInches) await ask('How wide is the narrowest gate or door on the way, in inches?', async (c) => {
    await c.fill(spot.gateInches!);
    await c.press('Tab');
  });
  if (spot.stairs) await ask('Flights of stairs between the street and the spot', (c) => c.selectOption(spot.stairs!));
  if (spot.ceilingFt) await ask('How high is the ceiling, in feet?', async (c) => {
    await c.fill(spot.ceilingFt!);
    await c.press('Tab');
  });
}
