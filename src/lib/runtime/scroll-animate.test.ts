import { describe, expect, it } from 'vitest';
import { SCROLL_ANIMATE_ROOT_MARGIN, SCROLL_ANIMATE_THRESHOLD, scrollAnimateSettings } from './scroll-animate';

describe('scroll-animate settings', () => {
  it('triggers at 10 % visible with the bottom 10 % of the viewport left out', () => {
    expect(SCROLL_ANIMATE_THRESHOLD).toBe(0.1);
    expect(SCROLL_ANIMATE_ROOT_MARGIN).toBe('0px 0px -10% 0px');
  });

  it('defaults to fade-up with no delay', () => {
    expect(scrollAnimateSettings('', null)).toEqual({ animation: 'fade-up', delayMs: 0 });
    expect(scrollAnimateSettings(undefined, undefined)).toEqual({ animation: 'fade-up', delayMs: 0 });
  });

  it('accepts the presets and a delay in milliseconds', () => {
    expect(scrollAnimateSettings('pop', '150')).toEqual({ animation: 'pop', delayMs: 150 });
    expect(scrollAnimateSettings('roll', '0')).toEqual({ animation: 'roll', delayMs: 0 });
    expect(scrollAnimateSettings('fade', '75.4')).toEqual({ animation: 'fade', delayMs: 75 });
    expect(scrollAnimateSettings('slide', '200')).toEqual({ animation: 'slide', delayMs: 200 });
  });

  it('falls back to the defaults for unknown values', () => {
    expect(scrollAnimateSettings('spin', 'soon')).toEqual({ animation: 'fade-up', delayMs: 0 });
    expect(scrollAnimateSettings('fade', '-100')).toEqual({ animation: 'fade', delayMs: 0 });
  });
});
