import type { LandingService } from './landing-pages';

/**
 * A service as the Spanish pages name it (issue #40): "Brincolines", "Renta de brincolines". The nouns are
 * the Spanish catalog's category names (messages/es.json catalog.categoryNames, passed in); a category
 * with no Spanish name keeps the name the business stored. Summary and highlights are the content
 * entry's own words (English until the entries have Spanish twins): pages mark them `lang="en"`.
 * Made once per service and kept, so thousands of landing pages ask a map, not the dictionary.
 */
const made = new WeakMap<LandingService, LandingService>();

export function spanishService(service: LandingService, categoryNames: Readonly<Record<string, string>>): LandingService {
  let spanish = made.get(service);
  if (!spanish) {
    const name = categoryNames[service.slug] ?? service.name;
    const noun = name.toLowerCase();
    // Cakes are bought, not rented: "Pasteles para fiestas en {town}"; everything else "Renta de …".
    const headline = service.kind === 'cake' ? `${name} para fiestas` : `Renta de ${noun}`;
    spanish = { ...service, name, noun, headline };
    made.set(service, spanish);
  }
  return spanish;
}

/** "Renta de brincolines en {town}, {state}". */
export function landingHeadingEs(service: Pick<LandingService, 'headline'>, city: { city: string; state: string }): string {
  return `${service.headline} en ${city.city}, ${city.state}`;
}
