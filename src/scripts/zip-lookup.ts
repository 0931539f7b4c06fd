/**
 * The ZIP lookup of /service-areas and /es/service-areas: answers from the directory the page carries
 * (#zip-directory), in the page's words (its `words`, Spanish) or these English ones, so the English page
 * carries nothing extra.
 */
const ENGLISH = {
  enterZip: 'Enter a 5-digit ZIP code.',
  call: 'Call {phone}',
  freeDelivery: 'Delivery is free',
  feeDelivery: 'Delivery is {fee} per booking',
  minimum: 'orders start at {minimum}',
  noMinimum: 'there is no minimum order',
  yes: 'Yes, we deliver to {zip}: {place}.',
  terms: '{fee}, and {minimum}.',
  seeEverything: 'See everything we bring to {place}',
  makeTrip: ' and we will tell you whether we can make the trip.',
  notServed: 'ZIP {zip} is not served yet.',
  closest: 'The closest area we serve by ZIP code is {place} ({zip}), where delivery is {fee}.',
  free: 'free',
};
type Words = typeof ENGLISH;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

interface Entry {
  zip: string;
  place: string;
  href: string | null;
  fee: string;
  minimum: string | null;
}

/**
 * For a ZIP we do not serve, the nearest served ZIP in the same three-digit postal region is
 * the best hint we have without a map; a ZIP from another region gets none.
 */
function nearestInRegion(zip: string, entries: Entry[]): Entry | null {
  let best: Entry | null = null;
  for (const e of entries) {
    if (e.zip.slice(0, 3) !== zip.slice(0, 3)) continue;
    if (!best || Math.abs(Number(e.zip) - Number(zip)) < Math.abs(Number(best.zip) - Number(zip))) best = e;
  }
  return best;
}

function paragraph(text: string, strong = false): HTMLParagraphElement {
  const p = document.createElement('p');
  p.textContent = text;
  if (strong) p.className = 'font-bold';
  return p;
}

function link(text: string, href: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  a.className = 'font-semibold text-brand-800 underline underline-offset-2';
  return a;
}

function answer(input: string, entries: Entry[], phone: string, words: Words): Node[] {
  const zip = input.replace(/\s/g, '').slice(0, 5);
  if (!/^\d{5}$/.test(zip)) return [paragraph(words.enterZip, true)];
  const served = entries.find((e) => e.zip === zip);
  const call = link(fill(words.call, { phone }), `tel:${phone.replace(/[^\d+]/g, '')}`);
  if (served) {
    const fee = served.fee === 'free' ? words.freeDelivery : fill(words.feeDelivery, { fee: served.fee });
    const minimum = served.minimum ? fill(words.minimum, { minimum: served.minimum }) : words.noMinimum;
    const nodes: Node[] = [paragraph(fill(words.yes, { zip, place: served.place }), true), paragraph(fill(words.terms, { fee, minimum }))];
    if (served.href) {
      const more = document.createElement('p');
      more.append(link(fill(words.seeEverything, { place: served.place }), served.href));
      nodes.push(more);
    }
    return nodes;
  }
  const nearest = nearestInRegion(zip, entries);
  const help = document.createElement('p');
  help.append(call, words.makeTrip);
  return [
    paragraph(fill(words.notServed, { zip }), true),
    ...(nearest
      ? [paragraph(fill(words.closest, { place: nearest.place, zip: nearest.zip, fee: nearest.fee === 'free' ? words.free : nearest.fee }))]
      : []),
    help,
  ];
}

function setUpZipLookup() {
  const section = document.getElementById('zip-lookup');
  const data = document.getElementById('zip-directory');
  if (!section || !data?.textContent) return;
  const { phone, entries, words = ENGLISH } = JSON.parse(data.textContent) as { phone: string; entries: Entry[]; words?: Words };
  const form = section.querySelector('form')!;
  const input = section.querySelector<HTMLInputElement>('#zip-input')!;
  const result = section.querySelector<HTMLElement>('#zip-result')!;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    result.replaceChildren(...answer(input.value, entries, phone, words));
  });
  section.hidden = false;
}

// astro:page-load fires on the first load and after every client-side navigation.
document.addEventListener('astro:page-load', setUpZipLookup);

// A module of its own: its names stay out of the other page scripts' scope.
export {};
