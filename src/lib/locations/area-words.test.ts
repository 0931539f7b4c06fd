import { describe, expect, it } from 'vitest';
import { countOf, deliveryReach, servedTownsSentence, serviceAreasLinkLabel, townsList } from './area-words';

const towns = (...names: string[]) => names.map((city) => ({ city }));

describe('words about the service area, from its towns', () => {
  it('counts with the right noun', () => {
    expect(countOf(0, 'town', 'towns')).toBe('0 towns');
    expect(countOf(1, 'town', 'towns')).toBe('1 town');
    expect(countOf(2, 'town', 'towns')).toBe('2 towns');
  });

  it('says where the crew delivers for no, one, two and many towns', () => {
    expect(deliveryReach([], 'Columbus')).toBeNull();
    expect(deliveryReach(towns('Dublin'), 'Columbus')).toBe('in Dublin');
    expect(deliveryReach(towns('Columbus', 'Dublin'), 'Columbus')).toBe('in 2 towns around Columbus');
    expect(deliveryReach(towns('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'), 'Columbus')).toBe('in 8 towns around Columbus');
  });

  it('names every town while there are few, else the count and the first three in the order given', () => {
    expect(servedTownsSentence([])).toBe('Our delivery area is not published yet: call us to ask about your address.');
    expect(servedTownsSentence(towns('Dublin'))).toBe('We deliver to Dublin.');
    expect(servedTownsSentence(towns('Columbus', 'Dublin'))).toBe('We deliver to Columbus and Dublin.');
    expect(servedTownsSentence(towns('Columbus', 'Dublin', 'Hilliard', 'Grove City'))).toBe('We deliver to Columbus, Dublin, Hilliard and Grove City.');
    expect(servedTownsSentence(towns('Columbus', 'Dublin', 'Hilliard', 'Grove City', 'Westerville'))).toBe(
      'We serve 5 towns, among them Columbus, Dublin and Hilliard.',
    );
  });

  it('lists some towns (the free-delivery ones) as the sentence does: a few named, many counted with three examples', () => {
    expect(townsList(towns('Columbus'))).toBe('Columbus');
    expect(townsList(towns('Columbus', 'Grove City', 'Hilliard'))).toBe('Columbus, Grove City and Hilliard');
    expect(townsList(towns('Columbus', 'Grove City', 'Hilliard'), 'es')).toBe('Columbus, Grove City y Hilliard');
    const many = towns('Columbus', 'Dublin', 'Hilliard', 'Grove City', 'Westerville', 'Powell');
    expect(townsList(many)).toBe('6 towns, among them Columbus, Dublin and Hilliard');
    expect(townsList(many, 'es')).toBe('6 ciudades, entre ellas Columbus, Dublin y Hilliard');
  });

  it('labels the link to the service areas without "All 0" or "All 1"', () => {
    expect(serviceAreasLinkLabel(0, { withFees: true })).toBe('Service areas and fees');
    expect(serviceAreasLinkLabel(1, { withFees: true })).toBe('Our service area and fees');
    expect(serviceAreasLinkLabel(2)).toBe('All 2 service areas');
    expect(serviceAreasLinkLabel(27, { withFees: true })).toBe('All 27 service areas and fees');
  });
});
