import type { Locale } from '../i18n';

/**
 * The words around the information pages' content files (/about, /offer, /faq and the policies) in each
 * language: the files hold the pages' own copy (src/content/pages and src/content/es/pages); these are
 * the boxes, buttons and headings the pages add. Read at build time only: no island loads them.
 */
const en = {
  about: { atAGlance: 'At a glance', basedIn: 'Based in', deliverTo: 'We deliver to', town: 'town', towns: 'towns', whatWeRent: 'What we rent', callUs: 'Call us', browse: 'Browse rentals' },
  offer: { lede: 'Save on your next party with {business}. Enter a code at checkout; the discount shows before you pay.', browse: 'Browse rentals', findSomething: 'Find something to use it on' },
  policy: {
    lastUpdated: 'Last updated',
    onThisPage: 'On this page',
    help: {
      'cancellation-policy': { heading: 'Need to cancel or move a date?', text: 'Call or e-mail us with your booking number. Weather calls are welcome any time before the crew leaves.', related: { href: '/terms', label: 'Read the rental terms' } },
      'privacy-policy': { heading: 'Questions about your data?', text: 'Ask us for a copy of your information, a correction or a deletion.', related: { href: '/terms', label: 'Read the rental terms' } },
      terms: { heading: 'Questions before you book?', text: 'We are happy to go through any of these terms with you.', related: { href: '/cancellation-policy', label: 'Read the cancellation policy' } },
    },
  },
  faq: {
    title: 'Frequently Asked Questions | {business}',
    description: 'Answers about booking, deposits, delivery, space and power, safety, weather cancellations and cakes for bounce house and party rentals.',
    heading: 'Frequently asked questions',
    lede: 'Booking, paying, delivery, safety and weather: the questions customers ask us most, answered. Select a question to read the answer.',
    topicsLabel: 'FAQ topics',
    topics: {
      booking: 'Booking',
      paymentWithWaiver: 'Payment, deposit and damage waiver',
      payment: 'Payment and deposit',
      delivery: 'Delivery and setup',
      safety: 'Safety',
      weather: 'Weather',
      cakes: 'Cakes',
    },
    related: {
      browse: 'Browse rentals',
      cancellation: 'Cancellation policy',
      coupons: 'Current coupon codes',
      terms: 'Rental terms',
      areas: 'Service areas and delivery fees',
      supplies: 'Generator and party supplies',
      waiver: 'Safety waiver',
      support: 'Help with your booking',
      weather: 'Weather cancellations and rain checks',
      cakes: 'Browse cakes',
    },
    seeAlso: 'See also:',
    moreHeading: 'Still have a question?',
    moreText: 'Call us or send an e-mail. Tell us your date and ZIP code and we can check availability for you.',
    call: 'Call {phone}',
    email: 'E-mail us',
    contact: 'Contact page',
  },
};

export type InfoWords = typeof en;

const es: InfoWords = {
  about: { atAGlance: 'En resumen', basedIn: 'Estamos en', deliverTo: 'Entregamos en', town: 'ciudad', towns: 'ciudades', whatWeRent: 'Qué rentamos', callUs: 'Llámenos', browse: 'Ver las rentas' },
  offer: { lede: 'Ahorre en su próxima fiesta con {business}. Escriba un código al pagar; el descuento aparece antes de que pague.', browse: 'Ver las rentas', findSomething: 'Encuentre en qué usarlo' },
  policy: {
    lastUpdated: 'Última actualización:',
    onThisPage: 'En esta página',
    help: {
      'cancellation-policy': { heading: '¿Necesita cancelar o cambiar la fecha?', text: 'Llámenos o escríbanos con su número de reservación. Por el clima puede llamarnos en cualquier momento antes de que salga el equipo.', related: { href: '/terms', label: 'Lea las condiciones de renta' } },
      'privacy-policy': { heading: '¿Preguntas sobre sus datos?', text: 'Pídanos una copia de su información, una corrección o que la borremos.', related: { href: '/terms', label: 'Lea las condiciones de renta' } },
      terms: { heading: '¿Preguntas antes de reservar?', text: 'Con gusto repasamos con usted cualquiera de estas condiciones.', related: { href: '/cancellation-policy', label: 'Lea la política de cancelación' } },
    },
  },
  faq: {
    title: 'Preguntas frecuentes | {business}',
    description: 'Respuestas sobre reservaciones, depósitos, entrega, espacio y electricidad, seguridad, cancelaciones por el clima y pasteles para la renta de brincolines.',
    heading: 'Preguntas frecuentes',
    lede: 'Reservar, pagar, la entrega, la seguridad y el clima: las preguntas que más nos hacen, con sus respuestas. Seleccione una pregunta para leer la respuesta.',
    topicsLabel: 'Temas de las preguntas',
    topics: {
      booking: 'Reservaciones',
      paymentWithWaiver: 'Pago, depósito y protección contra daños',
      payment: 'Pago y depósito',
      delivery: 'Entrega e instalación',
      safety: 'Seguridad',
      weather: 'Clima',
      cakes: 'Pasteles',
    },
    related: {
      browse: 'Ver las rentas',
      cancellation: 'Política de cancelación',
      coupons: 'Cupones vigentes',
      terms: 'Condiciones de renta',
      areas: 'Zonas de servicio y cargos de entrega',
      supplies: 'Generador y artículos para fiestas',
      waiver: 'Exención de responsabilidad',
      support: 'Ayuda con su reservación',
      weather: 'Cancelaciones por el clima y vales de lluvia',
      cakes: 'Ver los pasteles',
    },
    seeAlso: 'Vea también:',
    moreHeading: '¿Todavía tiene una pregunta?',
    moreText: 'Llámenos o envíenos un correo. Díganos su fecha y su código postal y revisamos la disponibilidad por usted.',
    call: 'Llame al {phone}',
    email: 'Escríbanos',
    contact: 'Página de contacto',
  },
};

export const infoWords = (locale: Locale): InfoWords => (locale === 'es' ? es : en);
