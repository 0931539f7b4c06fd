/**
 * Scroll-animate settings (SPEC section 9): default animation 'fade-up', default delay 0,
 * triggered when 10 % of an element is visible, measured against the viewport with its bottom
 * 10 % cut off, so an element animates where the visitor is actually looking, not while it
 * is still sliding in under the bottom edge.
 */
export const scrollAnimations = ['fade-up', 'fade', 'pop', 'slide', 'slide-left', 'slide-right', 'roll'] as const;
export type ScrollAnimation = (typeof scrollAnimations)[number];

export const DEFAULT_SCROLL_ANIMATION: ScrollAnimation = 'fade-up';
export const SCROLL_ANIMATE_THRESHOLD = 0.1;
export const SCROLL_ANIMATE_ROOT_MARGIN = '0px 0px -10% 0px';

export interface ScrollAnimateSettings {
  animation: ScrollAnimation;
  delayMs: number;
}

/** Reads `data-animate` and `data-animate-delay` (milliseconds); unknown values fall back to the defaults. */
export function scrollAnimateSettings(
  animate: string | null | undefined,
  delay: string | null | undefined,
): ScrollAnimateSettings {
  const name = (animate ?? '').trim();
  const animation = (scrollAnimations as readonly string[]).includes(name)
    ? (name as ScrollAnimation)
    : DEFAULT_SCROLL_ANIMATION;
  const parsed = Number(delay);
  const delayMs =
    delay !== null && delay !== undefined && delay.trim() !== '' && Number.isFinite(parsed) && parsed > 0
      ? Math.round(parsed)
      : 0;
  return { animation, delayMs };
}
