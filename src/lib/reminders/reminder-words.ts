import type { Locale } from '../i18n';

/*
 * The reminders' words in the booking's language (issue #40). English: exactly what they always said;
 * a word missing in Spanish fails `tsc` (both are ReminderWords). The day-before message's first
 * sentence is the owner's wording (English) or its shipped Spanish (src/lib/customer-messages).
 */
export interface ReminderWords {
  hi: (firstName: string) => string;
  balanceSubject: (amount: string, due: string | null, number: string) => string;
  beforeTheParty: string;
  balanceReminder: (amount: string, when: string, dueOn: string) => string;
  payFromTracking: (phone: string, url: string) => string;
  total: string;
  paidSoFar: string;
  balanceDue: string;
  dayBeforeSubject: (number: string) => string;
  yourParty: (when: string, address: string) => string;
  toGetReady: string;
  waiverSigned: string;
  waiverPlease: string;
  balanceStillDue: (amount: string) => string;
  questionsCall: (phone: string) => string;
  waiverSubject: (date: string) => string;
  waiverNeeded: (when: string) => string;
  twoMinutes: (url: string) => string;
  thankYouSubject: (business: string) => string;
  thankYou: (date: string) => string;
  reviewHelps: (url: string) => string;
  notRight: (phone: string) => string;
  nextParty: (url: string) => string;
  clear: string;
  adult: string;
  toldUs: (toldUs: string) => string;
  gates: string;
  outlet: string;
  path: string;
  surface: (surface: string) => string;
  surfaces: Record<string, string>;
}

const en: ReminderWords = {
  hi: (firstName) => `Hi ${firstName},`,
  balanceSubject: (amount, due, number) => `Balance of ${amount} due ${due ?? 'soon'} for booking ${number}`,
  beforeTheParty: 'before the party',
  balanceReminder: (amount, when, dueOn) => `A friendly reminder: the balance of ${amount} for your party on ${when} is due on ${dueOn}.`,
  payFromTracking: (phone, url) => `Pay it from your tracking page, or call us at ${phone}: ${url}`,
  total: 'Total',
  paidSoFar: 'Paid so far',
  balanceDue: 'Balance due',
  dayBeforeSubject: (number) => `See you tomorrow: your party rental ${number}`,
  yourParty: (when, address) => `Your party: ${when}, at ${address}.`,
  toGetReady: 'To get ready:',
  waiverSigned: 'Your safety waiver is signed. Guests can add theirs with the same link if you like:',
  waiverPlease: 'Please sign the safety waiver before we arrive; it takes two minutes:',
  balanceStillDue: (amount) => `Balance still due: ${amount}. Pay it online or to the crew.`,
  questionsCall: (phone) => `Questions or a change of plans? Call us at ${phone}.`,
  waiverSubject: (date) => `Please sign the safety waiver for ${date}`,
  waiverNeeded: (when) => `We still need a signed safety waiver before we can set up for your party on ${when}.`,
  twoMinutes: (url) => `It takes two minutes: ${url}`,
  thankYouSubject: (business) => `Thank you for celebrating with ${business}`,
  thankYou: (date) => `Thank you for renting with us for your party on ${date}. We hope it was a great day.`,
  reviewHelps: (url) => `If you have a minute, a review helps other families find us: ${url}`,
  notRight: (phone) => `If anything was not right, reply to this e-mail or call us at ${phone}.`,
  nextParty: (url) => `Planning the next party? ${url}`,
  clear: 'Clear the set-up area of sticks, stones, toys and pet waste, and mark any sprinkler heads.',
  adult: 'Have an adult on site to show us where everything goes and to sign for the delivery.',
  toldUs: (toldUs) => `${toldUs} Call us if any of that has changed.`,
  gates: 'Unlock the gates on the way and keep the path from where we park clear.',
  outlet: 'Make sure a working outdoor outlet is within 50 feet of the set-up area (we bring the cords).',
  path: 'Keep a clear path at least 4 feet wide from where we park to the set-up area, gates unlocked.',
  surface: (surface) => `We have you down for setting up on ${surface}; call us if that has changed.`,
  surfaces: {},
};

const es: ReminderWords = {
  hi: (firstName) => `Hola, ${firstName}:`,
  balanceSubject: (amount, due, number) => `Saldo de ${amount} ${due ? `a pagar el ${due}` : 'a pagar pronto'} de la reservación ${number}`,
  beforeTheParty: 'antes de la fiesta',
  balanceReminder: (amount, when, dueOn) => `Un recordatorio amable: el saldo de ${amount} de su fiesta del ${when} vence el ${dueOn}.`,
  payFromTracking: (phone, url) => `Páguelo desde la página de su reservación o llámenos al ${phone}: ${url}`,
  total: 'Total',
  paidSoFar: 'Pagado hasta ahora',
  balanceDue: 'Saldo pendiente',
  dayBeforeSubject: (number) => `Nos vemos mañana: su renta para fiesta ${number}`,
  yourParty: (when, address) => `Su fiesta: ${when}, en ${address}.`,
  toGetReady: 'Para prepararse:',
  waiverSigned: 'Su exención de responsabilidad está firmada. Sus invitados pueden firmar la suya con el mismo enlace si lo desea:',
  waiverPlease: 'Por favor firme la exención de responsabilidad antes de que lleguemos; toma dos minutos:',
  balanceStillDue: (amount) => `Saldo todavía pendiente: ${amount}. Páguelo en línea o al equipo de entrega.`,
  questionsCall: (phone) => `¿Preguntas o cambio de planes? Llámenos al ${phone}.`,
  waiverSubject: (date) => `Por favor firme la exención de responsabilidad para el ${date}`,
  waiverNeeded: (when) => `Todavía necesitamos una exención de responsabilidad firmada antes de instalar todo para su fiesta del ${when}.`,
  twoMinutes: (url) => `Toma dos minutos: ${url}`,
  thankYouSubject: (business) => `Gracias por celebrar con ${business}`,
  thankYou: (date) => `Gracias por rentar con nosotros para su fiesta del ${date}. Esperamos que haya sido un gran día.`,
  reviewHelps: (url) => `Si tiene un minuto, una reseña ayuda a otras familias a encontrarnos: ${url}`,
  notRight: (phone) => `Si algo no salió bien, responda a este correo o llámenos al ${phone}.`,
  nextParty: (url) => `¿Planea la próxima fiesta? ${url}`,
  clear: 'Limpie el área de instalación de palos, piedras, juguetes y desechos de mascotas, y marque los aspersores.',
  adult: 'Tenga a un adulto presente para indicarnos dónde va todo y firmar la entrega.',
  toldUs: (toldUs) => `${toldUs} Llámenos si algo de eso cambió.`,
  gates: 'Abra las rejas del camino y mantenga despejado el paso desde donde nos estacionamos.',
  outlet: 'Asegúrese de tener un contacto eléctrico exterior que funcione a no más de 50 pies del área de instalación (nosotros llevamos las extensiones).',
  path: 'Mantenga un paso despejado de al menos 4 pies de ancho desde donde nos estacionamos hasta el área de instalación, con las rejas abiertas.',
  surface: (surface) => `Tenemos anotado que se instala sobre ${surface}; llámenos si eso cambió.`,
  surfaces: { grass: 'pasto', concrete: 'concreto', asphalt: 'asfalto', dirt: 'tierra', 'artificial-turf': 'pasto artificial', indoor: 'piso interior', gravel: 'grava', sand: 'arena' },
};

export const REMINDER_WORDS: Record<Locale, ReminderWords> = { en, es };
