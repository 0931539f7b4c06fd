import { DEFAULT_SITE_RULES, surfaces, surfaceWords, type Surface } from '../business';
import type { Locale } from '../i18n';
import type { SiteCharge } from './check-site';
import type { SiteQuestion } from './site-answer-values';

/*
 * The setup spot's words a Spanish customer sees (issue #40): the price lines the answers add (sandbags,
 * hard-surface setup, stairs, overnight) and why an answer is refused. They are made in English by
 * checkSite, which every path shares (the price, the booking, the staff desk), and written in Spanish
 * from that English here, where a Spanish page or booking shows them, each product by its Spanish name
 * when the caller has them (SpanishNames). Anything not known here is left as it was.
 */
export const SURFACE_ES: Record<Surface, string> = {
  grass: 'pasto',
  concrete: 'concreto',
  asphalt: 'asfalto',
  indoor: 'bajo techo',
  'artificial-turf': 'pasto artificial',
};
const surfaceByWords = new Map(surfaces.map((s) => [surfaceWords[s], s] as const));
/** 'on concrete' / 'indoors' → 'sobre concreto' / 'bajo techo'. */
const onEs = (english: string): string | null => {
  if (english === 'indoors') return 'bajo techo';
  const s = surfaceByWords.get(english.replace(/^on /, ''));
  return s ? `sobre ${SURFACE_ES[s]}` : null;
};
const surfaceEs = (english: string) => {
  const s = surfaceByWords.get(english);
  return s ? SURFACE_ES[s] : null;
};
/** 'grass, concrete or asphalt' → 'pasto, concreto o asfalto'. */
const orListEs = (english: string): string | null => {
  const parts = english.split(/, | or /).map(surfaceEs);
  if (parts.some((p) => p === null)) return null;
  return parts.length <= 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} o ${parts.at(-1)}`;
};
const many = (n: string, one: string, other: string) => `${n} ${n === '1' ? one : other}`;

type Rule = [RegExp, (...groups: string[]) => string | null];
const rules: Rule[] = [
  [/^Sandbags: (.+)$/, (name) => `Sacos de arena: ${name}`],
  [/^Hard-surface setup: (.+)$/, (name) => `Instalación en superficie dura: ${name}`],
  [/^Stairs$/, () => 'Escaleras'],
  [/^Overnight$/, () => 'Toda la noche'],
  [/^(\d+) sandbags? to hold it down (.+)$/, (n, on) => (onEs(on) ? `${many(n, 'saco', 'sacos')} de arena para sujetarlo ${onEs(on)}` : null)],
  [/^Set up (.+)$/, (on) => (onEs(on) ? `Instalación ${onEs(on)}` : null)],
  [/^(\d+) flights? of stairs to the setup spot$/, (n) => `${many(n, 'tramo', 'tramos')} de escaleras hasta el lugar de instalación`],
  [/^Left set up (\d+) nights?$/, (n) => `Instalado ${many(n, 'noche', 'noches')}`],
  [/^We don’t set up (.+)\. Choose (.+)\.$/, (on, list) => (onEs(on) && orListEs(list) ? `No instalamos ${onEs(on)}. Elija ${orListEs(list)}.` : null)],
  [/^The (.+) can’t be set up (indoors|on [a-z ]+)\.(?: It needs (.+)\.)?$/, (name, on, list) =>
    onEs(on) && (!list || orListEs(list)) ? `${name} no se puede instalar ${onEs(on)}.${list ? ` Necesita ${orListEs(list)}.` : ''}` : null],
  [/^The (.+) needs an outlet within (\d+) ft, and we have no generator to bring\. Choose a spot near an outlet\.$/, (name, ft) =>
    `${name} necesita un enchufe a menos de ${ft} pies, y no tenemos generador para llevar. Elija un lugar cerca de un enchufe.`],
  [/^The (.+) needs a gate or door at least (\d+) in wide on the way to the setup spot; yours is (\d+) in\.$/, (name, needs, width) =>
    `${name} necesita un portón o puerta de al menos ${needs} pulgadas de ancho en el camino al lugar de instalación; el suyo mide ${width} pulgadas.`],
  [/^The (.+) can’t be carried up or down stairs\.$/, (name) => `${name} no se puede subir ni bajar por escaleras.`],
  [/^The (.+) can be carried up at most (\d+) flights? of stairs\.$/, (name, n) => `${name} se puede subir por ${many(n, 'tramo', 'tramos')} de escaleras como máximo.`],
  // A ceiling is measured in feet with decimals (9.5 ft), the customer's and the product's alike.
  [/^The (.+) needs a ceiling at least (\d+(?:\.\d+)?) ft high; yours is (\d+(?:\.\d+)?) ft\.$/, (name, needs, height) => `${name} necesita un techo de al menos ${needs} pies de alto; el suyo mide ${height} pies.`],
  [/^The (.+) can’t stay set up overnight: choose a one-day event, or another product\.$/, (name) => `${name} no puede quedarse instalado durante la noche: elija un evento de un día u otro producto.`],
];

/**
 * The products' Spanish names by the English names checkSite writes: a Spanish page names each product
 * as the rest of the page does. Without them (or for a product with no Spanish name) the name stays.
 */
export type SpanishNames = ReadonlyMap<string, string>;

/** A product's Spanish name; a unit as a refusal names it, "Castle (in the Party Pack)" → "Castillo (del Paquete)". */
const nameEs = (name: string, names: SpanishNames | undefined) => {
  const inPackage = / \(in the (.+)\)$/.exec(name);
  if (!inPackage) return names?.get(name) ?? name;
  const unit = name.slice(0, inPackage.index);
  return `${names?.get(unit) ?? unit} (del ${names?.get(inPackage[1]!) ?? inPackage[1]})`;
};

/** One of checkSite's sentences in Spanish; as it was when it is not one of them. */
export function siteWordsInSpanish(english: string, names?: SpanishNames): string {
  for (const [pattern, spanish] of rules) {
    const match = pattern.exec(english);
    // The product a sentence names (the first group in those about a unit, the whole name in a line's label) in Spanish.
    if (match) return spanish(...match.slice(1).map((g) => (g === undefined ? '' : nameEs(g, names)))) ?? english;
  }
  return english;
}

/** A price line the setup spot adds, in Spanish. */
export const siteChargeInSpanish = <T extends Pick<SiteCharge, 'label' | 'reason'>>(charge: T, names?: SpanishNames): T => ({
  ...charge,
  label: siteWordsInSpanish(charge.label, names),
  reason: siteWordsInSpanish(charge.reason, names),
});

/** The help under each question as shipped (DEFAULT_SITE_RULES.help), in Spanish. */
const SHIPPED_HELP_ES: Record<SiteQuestion, string> = {
  surface: 'Donde se instalará la unidad. Las resbaladillas de agua van solo sobre pasto o pasto artificial.',
  outlet: 'Un enchufe normal de exterior o de cochera. Nuestros cables miden 50 pies cada uno; por favor no use sus propias extensiones.',
  access: 'Mida el portón, la puerta o el paso más angosto entre la calle y el lugar de instalación.',
  stairs: 'Cuente cada tramo de escalones que el equipo debe subir o bajar cargando las unidades.',
  ceiling: 'Del piso a la viga, lámpara o ventilador más bajo.',
};

/**
 * The owner's help under each question (Settings → Site rules) for a page in `locale`. The rules hold one
 * text per question, in English as shipped: a Spanish page shows the shipped help in Spanish while it is
 * the owner's still, and what the owner wrote as they wrote it (there is no Spanish field for it).
 */
export function siteHelpIn<H extends Partial<Record<SiteQuestion, string>>>(help: H, locale: Locale): H {
  if (locale === 'en') return help;
  const shipped: Partial<Record<string, string>> = DEFAULT_SITE_RULES.help;
  return Object.fromEntries(Object.entries(help).map(([q, text]) => [q, text === shipped[q] ? SHIPPED_HELP_ES[q as SiteQuestion] : text])) as H;
}
