import { stateName } from '../business';
import type { WaiverRule, WaiverWords } from './waiver-render';
import { WAIVER_NEEDS_LEGAL_REVIEW, WAIVER_VERSIONS } from './waiver-versions';

/**
 * The waiver in US Spanish: a faithful translation of the English text (waiver-text.ts), rule for rule
 * and paragraph for paragraph, with the same rule ids. Shipped as needing review by the owner's lawyer
 * (`needsLegalReview`): the admin's waivers screen says so until a reviewed version replaces it. Any
 * change to a word of the signed text (the rules, the sections, the lines) is a new Spanish version
 * (WAIVER_VERSIONS.es); the form's words are the page's and change with it.
 */
export const SPANISH_WAIVER_TITLE = 'Reglas de seguridad de la renta, aceptación de riesgos y exención de responsabilidad';

export const SPANISH_WAIVER_INTRO =
  'Por favor lea las reglas de seguridad y la exención de responsabilidad que siguen. Cada adulto que vaya a supervisar el equipo puede firmar su propia copia; al menos un adulto responsable de la fiesta debe firmar antes de que nuestro equipo haga la instalación.';

export const SPANISH_WAIVER_RULES: readonly WaiverRule[] = [
  {
    id: 'adult-supervision',
    title: 'Un adulto vigila en todo momento',
    text: 'Un adulto responsable de 18 años o más vigila cada inflable, juego y máquina todo el tiempo que esté en uso o inflado, y nunca deja solos a los niños en él.',
  },
  {
    id: 'rider-limits',
    title: 'Límite de usuarios y grupos de edad',
    text: 'Respetamos el número de usuarios y el rango de edad indicados en la página del producto y en la etiqueta de seguridad de la unidad, y solo dejamos jugar juntos a niños de tamaño parecido.',
  },
  {
    id: 'nothing-on-the-unit',
    title: 'Nada filoso, nada de comida, nada de zapatos',
    text: 'Los usuarios se quitan los zapatos, los lentes y las joyas y vacían sus bolsillos. Nada de comida, bebidas, chicle, mascotas, serpentina en aerosol, confeti, brillantina ni pintura facial sobre o dentro de ninguna unidad.',
  },
  {
    id: 'no-rough-play',
    title: 'Nada de juegos bruscos',
    text: 'Nada de volteretas, maromas, luchas, trepar por las paredes o las redes, ni colgarse del techo. En las resbaladillas: un usuario a la vez, sentado y con los pies por delante, y solo cuando la zona de llegada esté libre.',
  },
  {
    id: 'weather-limits',
    title: 'Viento, rayos y lluvia',
    text: 'Todos se bajan de inmediato y se desconecta el soplador cuando el viento pasa de 15 mph o hay ráfagas de más de 20 mph, al primer trueno o relámpago (esperamos 30 minutos después del último trueno) y cuando llueve fuerte.',
  },
  {
    id: 'blower-and-anchors',
    title: 'Soplador, cables y anclajes',
    text: 'El soplador se queda encendido mientras haya alguien en la unidad; si se detiene, todos se bajan con calma. Los niños se mantienen lejos del soplador, los cables, las estacas y los sacos de arena, y nadie mueve, vuelve a anclar ni recoge el equipo.',
  },
  {
    id: 'fit-to-play',
    title: 'En condiciones de jugar y de supervisar',
    text: 'Nadie que esté embarazada, tenga una afección del cuello, la espalda o el corazón, o una lesión reciente usa el equipo, y nadie bajo los efectos del alcohol o de drogas lo usa ni lo supervisa.',
  },
  {
    id: 'stop-and-call',
    title: 'Deténgase y llámenos',
    text: 'Si una unidad pierde aire, se rompe, se inclina o parece insegura de cualquier forma, bajamos a todos, desconectamos el soplador y llamamos de inmediato a la compañía de renta.',
  },
];

/** The release, paragraph for paragraph as in English, made under the law of the business's state. */
export const spanishWaiverSections = (governingState: string): WaiverWords['sections'] => [
  {
    heading: 'Aceptación de riesgos',
    paragraphs: [
      'Brincar, deslizarse, trepar y jugar son actividades físicas. Aun con una supervisión cuidadosa y una instalación correcta, las personas pueden caerse, chocar, torcerse una articulación o lastimarse de otras maneras. Entiendo estos riesgos y los acepto por mí y, en la medida en que la ley lo permita, por los niños e invitados de los que soy responsable en este evento.',
    ],
  },
  {
    heading: 'La supervisión y mi responsabilidad',
    paragraphs: [
      'Desde el momento en que el equipo de trabajo entrega el equipo hasta que regresa a desmontarlo, quien renta y los adultos nombrados en esta exención son responsables de cómo se usa y se supervisa. Me aseguraré de que todas las personas que usen el equipo cumplan las reglas de seguridad anteriores, y se las explicaré a los demás adultos que supervisen.',
    ],
  },
  {
    heading: 'Exención de responsabilidad',
    paragraphs: [
      `En la máxima medida permitida por las leyes del estado de ${stateName(governingState)}, libero a la compañía de renta nombrada arriba, a sus dueños y a su equipo de trabajo de reclamaciones por lesiones, pérdidas o daños que resulten del uso del equipo rentado en este evento, excepto cuando sean causados por su negligencia grave o su mala conducta intencional. Acepto no hacerlos responsables de lesiones, pérdidas o daños causados por el mal uso, la falta de supervisión, no respetar las reglas de seguridad o los límites por el clima, o el estado de la propiedad.`,
    ],
  },
  {
    heading: 'Ayuda médica',
    paragraphs: [
      'Si alguien se lastima, llamaré al 911 cuando sea necesario. Acepto que la compañía de renta pueda llamar a los servicios de emergencia en nombre de cualquier persona que se lastime mientras usa el equipo.',
    ],
  },
  {
    heading: 'Firma electrónica',
    paragraphs: [
      'He leído esta exención completa, tengo al menos 18 años y acepto firmarla electrónicamente. Mi firma electrónica, escrita a teclado o dibujada, tiene el mismo efecto que una firma a mano. Una copia de la exención firmada, con la hora de la firma y la dirección del dispositivo desde el que firmé, se envía a mi correo electrónico y la conserva la compañía de renta.',
    ],
  },
];

/** The Spanish waiver as data: see WaiverWords. */
export const spanishWaiverWords = (governingState: string): WaiverWords => ({
  language: 'es',
  version: WAIVER_VERSIONS.es,
  needsLegalReview: WAIVER_NEEDS_LEGAL_REVIEW.es,
  title: SPANISH_WAIVER_TITLE,
  intro: SPANISH_WAIVER_INTRO,
  rules: SPANISH_WAIVER_RULES,
  sections: spanishWaiverSections(governingState),
  lines: {
    version: 'Versión de la exención',
    booking: 'Reserva',
    partyDate: 'Fecha de la fiesta',
    renter: 'Quien renta',
    signedBy: 'Firmada por',
    adults: 'Adultos responsables de la supervisión',
    guests: 'Niños e invitados cubiertos',
    noneNamed: 'ninguno',
    age: '{age} años',
    rules: 'Reglas de seguridad. He leído cada regla y me aseguraré de que se cumpla:',
    yourName: '(su nombre)',
    yourEmail: '(su correo electrónico)',
  },
  form: {
    findTitle: 'Busque su reservación',
    findIntro: 'Escriba el número de reservación y el correo electrónico que aparecen en la confirmación de su reservación.',
    bookingNumber: 'Número de reservación',
    bookingNumberHint: 'Se parece a {example}.',
    bookingEmail: 'Correo electrónico de la reservación',
    bookingEmailHint: 'La dirección a la que llegó su confirmación.',
    open: 'Abrir la exención',
    notFound: 'No encontramos la reservación',
    notOpened: 'No pudimos abrir la exención',
    lookingUp: 'Buscando su reservación…',
    formTitle: 'Exención para la reservación {number}',
    sign: 'Firmar la exención',
    signing: 'Firmando…',
    notSaved: 'No pudimos guardar su exención',
    toastTitle: 'Exención firmada',
    toastText: '¡Gracias, {name}! Le enviamos una copia a {email}.',
    party: 'La fiesta',
    booking: 'Reservación',
    renter: 'Quien renta',
    date: 'Fecha',
    where: 'Lugar',
    rentals: 'Rentas',
    noneSigned: 'Todavía no se ha firmado ninguna exención para esta reservación.',
    oneSigned: 'Ya se firmó 1 exención para esta reservación. Cada adulto que supervise puede firmar la suya.',
    manySigned: 'Ya se firmaron {count} exenciones para esta reservación. Cada adulto que supervise puede firmar la suya.',
    aboutYou: 'Sus datos',
    yourName: 'Su nombre completo',
    yourEmail: 'Su correo electrónico',
    yourEmailHint: 'Aquí le enviamos su copia firmada.',
    yourPhone: 'Su teléfono',
    optional: ' (opcional)',
    adultsLegend: 'Adultos que supervisan',
    adultsIntro: 'Los adultos (de 18 años o más) que vigilarán el equipo mientras se use. Inclúyase si usted lo hará.',
    adultLabel: 'Adulto {n}: nombre completo',
    adultWho: 'adulto {n}',
    addAdult: 'Agregar otro adulto',
    remove: 'Quitar',
    guestsLegend: 'Niños e invitados',
    guestsIntro: 'Opcional: los niños e invitados que usarán el equipo bajo esta exención.',
    guestLabel: 'Invitado {n}: nombre',
    age: 'Edad',
    guestWho: 'invitado {n}',
    addGuest: 'Agregar un niño o invitado',
    rulesLegend: 'Reglas de seguridad',
    rulesIntro: 'Marque cada regla para confirmar que la leyó y que se asegurará de que se cumpla.',
    textIntro: 'Este es el texto completo que usted firma, con sus datos. Le enviamos su copia firmada en PDF por correo electrónico.',
    signLegend: 'Firma',
    consent: 'Leí toda la exención, tengo 18 años o más y acepto firmarla electrónicamente.',
    howToSign: '¿Cómo quiere firmar?',
    drawn: 'Dibujar mi firma',
    typed: 'Escribir mi firma',
    typedLabel: 'Escriba su nombre completo como firma',
    typedHint: 'Al escribir su nombre aquí firma la exención, igual que con una firma a mano.',
    cantDraw: '¿No puede dibujar con el mouse o el dedo? Elija «Escribir mi firma» arriba.',
    padLabel: 'Dibuje su firma',
    padHint: 'Use el mouse, el dedo o un lápiz óptico dentro del recuadro.',
    clear: 'Borrar la firma',
    signedTitle: 'Exención firmada',
    download: 'Descargar la exención firmada (PDF)',
    another: 'Firmar otra exención para esta reservación',
    signedBy: 'Firmada por',
    forBooking: 'para la reservación {number} el',
    copySent: 'Le enviamos una copia a su correo electrónico. ¿Preguntas? Llame al {phone}.',
    noCopy:
      'Ya enviamos por correo todas las copias de exención que mandamos por reservación, así que esta vez no se envió una copia: descargue el PDF de arriba para guardar la suya. ¿Preguntas? Llame al {phone}.',
    qrAlt: 'Código QR que abre la exención de la reservación {number}',
    shareTitle: 'Otros adultos pueden firmar en su teléfono',
    shareText: 'Escanean este código, o abren este enlace, y firman su propia copia. No necesitan el correo de la reservación.',
  },
});
