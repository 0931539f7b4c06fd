/**
 * The 50 states, DC and the territories by their postal code: data, so a business anywhere in the US names its own
 * state (the waiver's governing law, page copy) from the 2-letter code of its address.
 */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
  LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
  NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota',
  OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina',
  SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia',
  WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  // The territories with a US postal code, where a party-rental business may be too.
  AS: 'American Samoa', GU: 'Guam', MP: 'Northern Mariana Islands', PR: 'Puerto Rico', VI: 'U.S. Virgin Islands',
};

/** Whether a 2-letter code is a state's (or DC's, or a territory's): the business's address names its law. */
export const isUsStateCode = (code: string) => Object.hasOwn(US_STATES, code);

/**
 * 'OH' → 'Ohio'. A code not in the table (one stored before the settings checked it) comes back as
 * typed rather than failing: a page or a waiver is still better with the code than with nothing.
 */
export function stateName(code: string): string {
  const key = code.trim().toUpperCase();
  return US_STATES[key] ?? key;
}

/** The law a waiver's release is made under: 'Ohio law', from the business's address. */
export function governingLawOf(stateCode: string): string {
  return `${stateName(stateCode)} law`;
}
