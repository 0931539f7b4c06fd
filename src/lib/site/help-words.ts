import type { Locale } from '../i18n';

/**
 * The words of /support, /waiver and /seo-pages in each language (their Spanish versions are
 * /es/support, /es/waiver and /es/seo-pages): the boxes, buttons and headings around the pages' own
 * copy (the support page's content file, the waiver's text, the landing pages' names). `{name}` is
 * filled by interpolate. Read at build time only, except the waiver's QR words, which the page hands
 * its script in its own language.
 */
const en = {
  support: {
    shortcuts: [
      { href: '/track-order', label: 'Track your order', text: 'See the status of your booking with your booking number.' },
      { href: '/cancellation-policy', label: 'Change or cancel', text: 'What happens to your deposit, date changes and rain checks.' },
      { href: '/waiver', label: 'Safety waiver', text: 'Read the waiver every booking signs before setup.' },
      { href: '/faq', label: 'Questions and answers', text: 'Delivery, power, surfaces, weather and payments.' },
    ],
    call: 'Call',
    orEmail: 'or e-mail',
    withNumber: 'with your booking number.',
    fastest: 'On party day, calling is fastest.',
    partyDay: 'On party day',
    partyDayText: 'Our crews deliver and pick up between {start} and {end}.',
    partyDayCall: 'For a late crew, a weather question or a unit losing air, call us.',
    callPhone: 'Call {phone}',
  },
  waiver: {
    title: 'Safety Waiver | {business}',
    description: 'What our rental safety waiver says, who signs it and how: the safety rules for bounce houses and water slides, and signing online in two minutes.',
    home: 'Home',
    crumb: 'Safety waiver',
    heading: 'The safety waiver',
    lede: 'Every booking comes with a short safety waiver. It sets out the rules that keep jumpers safe, confirms who is supervising, and records that the adult in charge accepts the risks of active play.',
    sign: 'Sign the waiver',
    readRules: 'Read the safety rules',
    qrHeading: 'Let your guests sign at the party',
    qrText: 'Show or print this code. Guests scan it with their phone camera and sign their own copy for booking',
    qrLink: 'Sign the waiver for this booking',
    qrAlt: 'QR code that opens the waiver for booking {booking}',
    whatHeading: 'What the waiver is',
    whatText:
      'Inflatables, slides and games are built for active play, and active play comes with bumps and falls. The waiver is a short agreement between {business} and the adult in charge of the party: we deliver clean, inspected equipment and set it up safely; you make sure it is supervised and used by the rules below.',
    howSign: 'You sign online, with your booking number and the e-mail address you booked with. Your signed copy arrives by e-mail as a PDF, with the time of signing and a fingerprint of the exact text, so both of us can always see what was agreed. It works alongside our',
    terms: 'rental terms',
    whoHeading: 'Who signs',
    who: [
      { title: 'The renter, before setup', text: 'The person who booked, or another adult responsible for the party, signs before our crew arrives. We don’t set up until at least one waiver is signed.' },
      { title: 'Every adult who supervises', text: 'Grandparents, babysitters and parents taking turns at the bounce house can each sign their own copy, so everyone knows the rules.' },
      { title: 'Guests at the party', text: 'Parents dropping off children can sign on their own phone by scanning the QR code from your confirmation page, with no booking e-mail needed.' },
    ],
    rulesHeading: 'The safety rules',
    rulesText: 'Signers tick each of these to confirm they have read it and will make sure it is followed.',
    version: 'Version {version}. When you sign, your booking, your name and the people you list are filled in above these paragraphs.',
    readyHeading: 'Ready to sign?',
    readyText: 'You need your booking number (it looks like {example}) and the e-mail address you booked with.',
    helpHeading: 'Questions about the rules?',
    call: 'Call',
    walkThrough: 'Our crew also walks you through the rules at setup.',
  },
  seoPages: {
    title: 'Local Pages: Every Service in Every City | {business}',
    description: 'An index of our {pages}: {services} in {towns}{counties}, plus a page for every town we deliver to.',
    ofCounties: ' of {counties}',
    home: 'Home',
    heading: 'Local pages',
    localPage: { one: '{count} local page', other: '{count} local pages' },
    page: { one: '{count} page', other: '{count} pages' },
    service: { one: '{count} service', other: '{count} services' },
    town: { one: '{count} town', other: '{count} towns' },
    intro: 'Every service we offer in every town we deliver to: {services} × {towns}, {pages}.',
    introMore: "Each one has that town's delivery fee, drive time, ZIP codes and the designs we bring there.",
    servicesNav: 'Services on this page',
    cityPages: 'City pages',
    allLocations: 'All locations by county',
    serviceAreas: 'Service areas and ZIP codes',
    cityPage: 'Party rentals in {city}, {state}',
  },
};

export type HelpWords = typeof en;

const es: HelpWords = {
  support: {
    shortcuts: [
      { href: '/track-order', label: 'Consultar su pedido', text: 'Vea el estado de su reservación con su número de reservación.' },
      { href: '/cancellation-policy', label: 'Cambiar o cancelar', text: 'Qué pasa con su depósito, los cambios de fecha y los vales de lluvia.' },
      { href: '/waiver', label: 'Exención de responsabilidad', text: 'Lea la exención que se firma en cada reservación antes de la instalación.' },
      { href: '/faq', label: 'Preguntas y respuestas', text: 'Entrega, electricidad, superficies, clima y pagos.' },
    ],
    call: 'Llame al',
    orEmail: 'o escriba a',
    withNumber: 'con su número de reservación.',
    fastest: 'El día de la fiesta, lo más rápido es llamar.',
    partyDay: 'El día de la fiesta',
    partyDayText: 'Nuestros equipos entregan y recogen entre las {start} y las {end}.',
    partyDayCall: 'Si el equipo se retrasa, si tiene una duda por el clima o si un inflable pierde aire, llámenos.',
    callPhone: 'Llame al {phone}',
  },
  waiver: {
    title: 'Exención de responsabilidad | {business}',
    description: 'Qué dice nuestra exención de responsabilidad, quién la firma y cómo: las reglas de seguridad para brincolines y resbaladillas de agua, y la firma en línea en dos minutos.',
    home: 'Inicio',
    crumb: 'Exención de responsabilidad',
    heading: 'La exención de responsabilidad',
    lede: 'Cada reservación lleva una breve exención de responsabilidad. Explica las reglas que mantienen seguros a los niños que brincan, confirma quién los vigila y deja constancia de que el adulto a cargo acepta los riesgos del juego activo.',
    sign: 'Firmar la exención',
    readRules: 'Leer las reglas de seguridad',
    qrHeading: 'Que sus invitados firmen en la fiesta',
    qrText: 'Muestre o imprima este código. Los invitados lo escanean con la cámara de su teléfono y firman su propia copia para la reservación',
    qrLink: 'Firmar la exención de esta reservación',
    qrAlt: 'Código QR que abre la exención de la reservación {booking}',
    whatHeading: 'Qué es la exención',
    whatText:
      'Los inflables, las resbaladillas y los juegos están hechos para jugar activamente, y al jugar así hay golpes y caídas. La exención es un acuerdo breve entre {business} y el adulto a cargo de la fiesta: nosotros entregamos el equipo limpio e inspeccionado y lo instalamos de forma segura; usted se asegura de que alguien lo vigile y de que se use según las reglas de abajo.',
    howSign: 'Usted firma en línea, con su número de reservación y el correo electrónico con el que reservó. Su copia firmada le llega por correo como PDF, con la hora de la firma y una huella del texto exacto, para que los dos podamos ver siempre lo que se acordó. Va de la mano con nuestras',
    terms: 'condiciones de renta',
    whoHeading: 'Quién firma',
    who: [
      { title: 'Quien renta, antes de la instalación', text: 'La persona que reservó, u otro adulto responsable de la fiesta, firma antes de que llegue nuestro equipo. No instalamos hasta que haya por lo menos una exención firmada.' },
      { title: 'Cada adulto que vigila', text: 'Los abuelos, las niñeras y los papás que se turnan para cuidar el brincolín pueden firmar cada uno su propia copia, para que todos conozcan las reglas.' },
      { title: 'Los invitados a la fiesta', text: 'Los papás que dejan a sus niños pueden firmar en su propio teléfono escaneando el código QR de su página de confirmación, sin necesidad del correo de la reservación.' },
    ],
    rulesHeading: 'Las reglas de seguridad',
    rulesText: 'Quien firma marca cada una para confirmar que la leyó y que se asegurará de que se cumpla.',
    version: 'Versión {version}. Al firmar, su reservación, su nombre y las personas que anote aparecen arriba de estos párrafos.',
    readyHeading: '¿Listo para firmar?',
    readyText: 'Necesita su número de reservación (se ve así: {example}) y el correo electrónico con el que reservó.',
    helpHeading: '¿Preguntas sobre las reglas?',
    call: 'Llame al',
    walkThrough: 'Nuestro equipo también le explica las reglas al instalar.',
  },
  seoPages: {
    title: 'Páginas locales: cada servicio en cada ciudad | {business}',
    description: 'Un índice de nuestras {pages}: {services} en {towns}{counties}, además de una página por cada ciudad donde entregamos.',
    ofCounties: ' de {counties}',
    home: 'Inicio',
    heading: 'Páginas locales',
    localPage: { one: '{count} página local', other: '{count} páginas locales' },
    page: { one: '{count} página', other: '{count} páginas' },
    service: { one: '{count} servicio', other: '{count} servicios' },
    town: { one: '{count} ciudad', other: '{count} ciudades' },
    intro: 'Cada servicio que ofrecemos en cada ciudad donde entregamos: {services} × {towns}, {pages}.',
    introMore: 'Cada una tiene el cargo de entrega de esa ciudad, el tiempo de manejo, los códigos postales y los modelos que llevamos ahí.',
    servicesNav: 'Servicios en esta página',
    cityPages: 'Páginas de ciudades',
    allLocations: 'Todas las ciudades por condado',
    serviceAreas: 'Zonas de servicio y códigos postales',
    cityPage: 'Renta para fiestas en {city}, {state}',
  },
};

export const helpWords = (locale: Locale): HelpWords => (locale === 'es' ? es : en);
