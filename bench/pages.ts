import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

export interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
  jsKb: number;
}

/**
 * Lighthouse (mobile, its default: simulated slow 4G and a 4× slower CPU) for each page, one Chromium
 * for all. Each page is measured `runs` times and the run with the median performance score is kept,
 * as Lighthouse's own guidance on variability recommends: on a shared 2-core machine one run can land
 * on a moment when other work holds the CPU, and the simulated CPU slowdown multiplies that.
 */
export async function measurePages(
  base: string,
  chromePath: string,
  pages: Record<string, string>,
  runs = 3,
): Promise<Record<string, PageFigures>> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const out: Record<string, PageFigures> = {};
  try {
    for (const [name, pathname] of Object.entries(pages)) {
      await fetch(`${base}${pathname}`).then((r) => r.arrayBuffer()); // the server's first answer for a path is not what a visitor gets
      const measured = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${base}${pathname}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        measured.push(result!.lhr);
      }
      measured.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = measured[Math.floor(measured.length / 2)]!;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const items =
        (
          lhr.audits['network-requests']?.details as
            { items?: { transferSize?: number; resourceType?: string }[] } | undefined
        )?.items ?? [];
      const kb = (n: number) => Math.round(n / 102.4) / 10;
      out[name] = {
        performance: lhr.categories.performance?.score ?? NaN,
        accessibility: lhr.categories.accessibility?.score ?? NaN,
        bestPractices: lhr.categories['best-practices']?.score ?? NaN,
        seo: lhr.categories.seo?.score ?? NaN,
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
        transferKb: kb(items.reduce((s, i) => s + (i.transferSize ?? 0), 0)),
        jsKb: kb(items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + (i.transferSize ?? 0), 0)),
      };
    }
  } finally {
    await chrome.kill();
  }
  return out;
}
