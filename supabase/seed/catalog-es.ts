/**
 * The demo catalog's words in Spanish (issue #40): each product's and category's Spanish name and texts,
 * saved through the same fields an owner fills in the admin (or the CSV's *_es columns). Natural US
 * Spanish: "brincolín", "inflable", "renta", "usted". What is included and the photos' descriptions stay
 * as stored (the catalog has no Spanish for them).
 */
type Spanish = { nameEs: string; shortDescriptionEs: string; descriptionEs: string };

export const spanishCategories: Record<string, { nameEs: string; summaryEs: string; descriptionEs: string }> = {
  'bounce-houses': {
    nameEs: 'Brincolines',
    summaryEs: 'Brincolines inflables clásicos para cumpleaños en el patio, desde tamaño para los más pequeños hasta un amplio 20x20.',
    descriptionEs:
      'Nuestros brincolines son inflables cerrados con ventanas de malla para que los adultos vean a los niños mientras brincan. Cada uno llega con su soplador, anclajes y una lona para el piso, y nuestro equipo lo instala y lo recoge. Revise el espacio que pide cada uno: necesitamos unos pies más por cada lado para el soplador y los anclajes.',
  },
  'water-slides': {
    nameEs: 'Resbaladillas de agua',
    summaryEs: 'Resbaladillas inflables de agua con alberca de chapoteo para las tardes calurosas del centro de Texas.',
    descriptionEs:
      'Las resbaladillas de agua funcionan con una manguera de jardín y necesitan una llave de agua a unos 75 pies del lugar de instalación. Solo las instalamos sobre pasto o pasto artificial, porque el agua que escurre vuelve resbaloso el concreto y el asfalto. Hay tamaños desde una resbaladilla de 10 pies para los más pequeños hasta una de 27 pies y dos carriles que también disfrutan los adolescentes y adultos.',
  },
  'combo-units': {
    nameEs: 'Combos inflables',
    summaryEs: 'Área para brincar, muro para escalar y resbaladilla en un solo inflable; algunos con alberca para usarse con agua.',
    descriptionEs:
      'Un combo reúne un área para brincar, una escalada por dentro y una resbaladilla en un mismo espacio, para que los niños tengan más que hacer que solo brincar. Los combos para agua o en seco se pueden usar con agua en verano o sin agua el resto del año. Necesitan un poco más de espacio que un brincolín: revise el espacio que pide cada uno.',
  },
  'obstacle-courses': {
    nameEs: 'Pistas de obstáculos',
    summaryEs: 'Pistas inflables de obstáculos de uno y dos carriles, de 30 a 75 pies, para carreras cara a cara.',
    descriptionEs:
      'Las pistas de obstáculos tienen túneles, obstáculos que sobresalen, una escalada y una resbaladilla al final. Las de dos carriles permiten que dos jugadores compitan lado a lado, ideales para días de campo, eventos escolares y fiestas de adolescentes. Las pistas más largas vienen en dos o tres piezas y necesitan un espacio largo y plano.',
  },
  'interactive-games': {
    nameEs: 'Juegos interactivos',
    summaryEs: 'Juegos inflables y de jardín para niños y adultos: hachas, dardos de futbol, muro pegajoso y más.',
    descriptionEs:
      'Los juegos interactivos ponen a competir a los invitados de todas las edades. Algunos son inflables y necesitan un contacto eléctrico; otros, como el Conecta 4 gigante, no necesitan electricidad y funcionan adentro o afuera. Son una buena adición a un brincolín cuando hay niños grandes y adultos en la fiesta.',
  },
  'party-packages': {
    nameEs: 'Paquetes para fiestas',
    summaryEs: 'Un inflable con mesas, sillas y una máquina de antojitos, a un precio de paquete.',
    descriptionEs:
      'Nuestros paquetes reúnen lo que más se renta junto para una fiesta: un inflable, mesas y sillas, sombra y una máquina de antojitos. Cuestan menos que rentar cada cosa por separado, y todo llega en la misma entrega.',
  },
  'party-supplies': {
    nameEs: 'Artículos para fiestas',
    summaryEs: 'Mesas, sillas, carpas, máquinas de antojitos y generadores que llegan con su renta.',
    descriptionEs:
      'Complete su fiesta con mesas y sillas, una carpa para sombra, máquinas de palomitas, algodón de azúcar y raspados, o un generador silencioso para parques sin electricidad. Los artículos para fiestas se entregan junto con un inflable.',
  },
  cakes: {
    nameEs: 'Pasteles',
    summaryEs: 'Pasteles hechos a pedido para cumpleaños y celebraciones, entregados con su renta.',
    descriptionEs:
      'Horneamos cada pastel a pedido con el sabor, el betún y el mensaje que usted elija. Llegan con su renta el día de la fiesta. Pídalo con al menos unos días de anticipación; los pasteles de varios pisos necesitan más tiempo.',
  },
};

const es = (nameEs: string, shortDescriptionEs: string, ...paragraphs: string[]): Spanish => ({ nameEs, shortDescriptionEs, descriptionEs: paragraphs.join('\n\n') });

export const spanishProducts: Record<string, Spanish> = {
  'pink-castle-bounce-house': es(
    'Brincolín Castillo Rosa',
    'Un castillo rosa de 15x15 con cuatro torres, ventanas de malla y un amplio piso para brincar, para hasta 8 niños.',
    'El Castillo Rosa es un brincolín clásico de castillo: un piso para brincar de 15 por 15 pies rodeado de paredes de malla, con una torre en cada esquina y un arco inflado en la entrada. La malla deja que los papás vean adentro desde cualquier lado del patio.',
    'Es ideal para cumpleaños de niños de unos 3 a 12 años. Pueden brincar hasta 8 niños a la vez; si hay edades distintas, sugerimos turnarse para que los pequeños brinquen con niños de su tamaño.',
    'Necesita un área plana de unos 19 por 19 pies y un contacto eléctrico común a menos de 50 pies. En pasto lo anclamos con estacas; en una entrada de cochera o un patio usamos costales de arena. Nuestro equipo lo instala, repasa con usted las reglas de seguridad y regresa a desinflarlo y recogerlo.',
  ),
  'rainbow-arch-bounce-house': es(
    'Brincolín Arcoíris',
    'Un brincolín de 13x13 de colores vivos con techo en arco de arcoíris, buena opción para patios pequeños.',
    'El Arcoíris es un brincolín de 13 por 13 pies con un arco de arcoíris a rayas y un techo que da sombra. Es un poco más chico que nuestro castillo, por eso va bien en patios de casas adosadas y patios más reducidos.',
    'Es para hasta 6 niños de unos 3 a 10 años, así que funciona muy bien para cumpleaños de preescolar y primeros años de primaria.',
    'Considere un área plana de unos 17 por 17 pies y un contacto eléctrico a menos de 50 pies. Funciona con un soplador de 1 HP, y nuestro equipo lo instala sobre pasto, pasto artificial, concreto o asfalto.',
  ),
  'toddler-jungle-bounce-house': es(
    'Brincolín Selva para Pequeñitos',
    'Un brincolín bajo de 12x12 con palmeras inflables y una resbaladilla chiquita, hecho para niños de 1 a 5 años.',
    'Este inflable con tema de selva está hecho para los brincadores más pequeños: paredes bajas de 8 pies, una entrada suave para entrar gateando, palmeras inflables para rodear y una resbaladilla corta adentro. Mide 12 por 12 pies.',
    'Es para niños pequeños y de preescolar de 1 a 5 años, hasta 5 a la vez. Los niños más grandes deben usar uno de nuestros inflables más grandes para que los pequeños no salgan rebotando.',
    'Como solo mide 8 pies de alto, también cabe adentro en la mayoría de los salones de iglesia, gimnasios y salones comunitarios con techo de 10 pies o más. Necesita unos 16 por 16 pies de piso y un contacto eléctrico.',
  ),
  'sports-arena-bounce-house': es(
    'Brincolín Arena Deportiva',
    'Un brincolín de 15x15 con una canasta de basquetbol adentro y dibujos de pelotas, para niños deportistas.',
    'La Arena Deportiva es un brincolín de 15 por 15 pies con una canasta de basquetbol adentro y dibujos de futbol americano, futbol y beisbol en las paredes. Incluimos dos pelotas suaves de espuma para la canasta.',
    'Es para niños de unos 4 a 12 años, hasta 8 a la vez, y va muy bien para fiestas de equipo al final de la temporada.',
    'Necesita un área plana de unos 19 por 19 pies y un contacto eléctrico a menos de 50 pies. Lo instalamos sobre pasto, pasto artificial, concreto o asfalto y lo recogemos después de su evento.',
  ),
  'flamingo-beach-bounce-house': es(
    'Brincolín Playa Flamenco',
    'Nuestro brincolín insignia de 15x15, con un flamenco rosa gigante y palmeras en el techo.',
    'El brincolín Playa Flamenco tiene un piso para brincar de 15 por 15 pies, paredes con escenas de playa y un flamenco inflable alto parado en el techo entre dos palmeras. Mide 16 pies de alto hasta la punta del flamenco.',
    'Es una pieza central divertida para fiestas hawaianas, de alberca y cumpleaños de verano, para hasta 8 niños de unos 3 a 12 años. Es un inflable en seco: por favor mantenga las mangueras y los aspersores lejos de él.',
    'Necesita unos 19 por 19 pies de terreno plano y un contacto eléctrico a menos de 50 pies. Nuestro equipo lo ancla, le explica las reglas y lo recoge después de la fiesta.',
  ),
  'big-top-carnival-bounce-house': es(
    'Brincolín Carpa de Circo',
    'Un brincolín de 16x16 en forma de carpa de circo con techo puntiagudo a rayas, para fiestas de carnaval y de circo.',
    'Con forma de carpa de circo, este brincolín de 16 por 16 pies tiene un techo puntiagudo a rayas rojas, amarillas y rosas con una bandera arriba y paredes de malla alrededor.',
    'Caben hasta 9 niños de unos 3 a 12 años, y combina muy bien con nuestras máquinas de palomitas y de algodón de azúcar para una fiesta estilo carnaval o una feria escolar.',
    'Considere unos 20 por 20 pies de espacio plano y un contacto eléctrico a menos de 50 pies. Tenemos solo uno, así que reserve con tiempo para los fines de semana de primavera.',
  ),
  'mega-20x20-bounce-house': es(
    'Brincolín Mega 20x20',
    'Nuestro brincolín más grande: un piso de 20x20 para hasta 12 niños, para fiestas grandes y eventos escolares.',
    'El Mega es un brincolín sencillo de 20 por 20 pies con paredes altas de malla y techo cubierto. Con casi el doble de piso que uno de 15x15, recibe grupos más grandes y niños más grandes.',
    'Pueden brincar a la vez hasta 12 niños de unos 4 a 14 años. Va muy bien para fiestas de salón de clases, eventos de iglesia y fiestas de vecindario.',
    'Necesita un área plana de unos 24 por 24 pies y un contacto eléctrico solo para su soplador de 2 HP. A nuestro equipo le toma cerca de una hora instalarlo.',
  ),
  'tropical-splash-water-slide': es(
    'Resbaladilla de Agua Tropical de 18 pies',
    'Una resbaladilla de agua de 18 pies y un carril, con palmeras y alberca de chapoteo, nuestra favorita para cumpleaños de verano.',
    'La Resbaladilla Tropical tiene un muro inflable para escalar por detrás, una bajada curva de 18 pies por el frente con agua que sale desde arriba y una alberca de chapoteo al final. Columnas de palmeras enmarcan el carril.',
    'Es para niños de unos 5 a 14 años, con hasta 4 en el inflable a la vez: uno escalando, uno deslizándose y un par chapoteando. Es la resbaladilla que incluimos en nuestro Paquete Día de Agua.',
    'Necesita unos 34 por 16 pies de pasto o pasto artificial, un contacto eléctrico a menos de 50 pies y una llave de agua a unos 75 pies. Vaciamos la alberca antes de recogerla, así que deje la manguera conectada hasta que llegue nuestro equipo.',
  ),
  'pink-wave-water-slide': es(
    'Resbaladilla de Agua Ola Rosa de 22 pies y dos carriles',
    'Una resbaladilla de agua de 22 pies y dos carriles en nuestros colores rosa y azul, para niños grandes, adolescentes y adultos.',
    'La Ola Rosa tiene un muro para escalar por detrás, dos carriles de 22 pies lado a lado con agua que sale desde arriba y una alberca de chapoteo amplia al final. Dos carriles significan filas más cortas y carreras amistosas.',
    'Pueden usarla niños de unos 6 años en adelante, adolescentes y adultos, una persona por carril y hasta 6 en el inflable a la vez. Por favor lleve a los niños muy pequeños a una resbaladilla más chica.',
    'Necesita unos 40 por 22 pies de pasto o pasto artificial, dos contactos eléctricos en circuitos separados (uno por soplador) y una llave de agua a unos 75 pies. Si no tiene dos circuitos cerca, agregue nuestro generador.',
  ),
  'tidal-drop-27-ft-water-slide': es(
    'Resbaladilla de Agua Gran Caída de 27 pies y dos carriles',
    'Nuestra resbaladilla más alta: 27 pies, dos carriles y una alberca larga, para eventos escolares y fiestas grandes en el patio.',
    'La Gran Caída es una resbaladilla de agua de 27 pies y dos carriles con una primera bajada empinada, una salida curva y una alberca de chapoteo larga. La escalada está por detrás, con agarraderas hasta arriba.',
    'Es para mayores de 7 años, incluidos adolescentes y adultos, con una persona por carril y hasta 6 en el inflable a la vez. Por su altura, pedimos que un adulto supervise junto a la resbaladilla todo el tiempo que esté funcionando.',
    'Necesita un área nivelada de unos 50 por 20 pies de pasto o pasto artificial, sin ramas ni cables eléctricos encima, dos contactos eléctricos en circuitos separados y una llave de agua a unos 75 pies. A nuestro equipo le toma unos 90 minutos instalarla.',
  ),
  'lil-splash-toddler-water-slide': es(
    'Resbaladilla de Agua Chapuzón para Pequeñitos',
    'Una resbaladilla de agua suave de 10 pies con una alberca de chapoteo poco profunda y una escalada fácil, para niños de 2 a 6 años.',
    'Chapuzón es una resbaladilla de agua pequeña para los más chiquitos: una escalada inflable corta con escalones anchos, una bajada suave de 10 pies con rociador de agua y una alberca de chapoteo poco profunda al final.',
    'Está hecha para niños de 2 a 6 años, hasta 3 a la vez, y un adulto debe quedarse a su lado siempre que esté en uso.',
    'Necesita unos 24 por 14 pies de pasto o pasto artificial, un contacto eléctrico y una manguera de jardín conectada a una llave de agua a unos 75 pies. No instalamos inflables de agua sobre concreto ni asfalto, porque el agua que escurre vuelve resbaloso el piso.',
  ),
  'double-lane-slip-and-dip': es(
    'Resbaladilla de Panza Desliza y Chapotea de dos carriles',
    'Una resbaladilla de panza de 35 pies y dos carriles con alberca de chapoteo al final, para echar carreras lado a lado.',
    'Desliza y Chapotea es una resbaladilla inflable larga y baja para deslizarse de panza: dos carriles separados por bordes inflados y una alberca al final que recibe a los que se deslizan. No hay escalera que subir, así que la fila avanza rápido.',
    'Los niños de unos 5 a 14 años pueden echar carreras con un amigo lado a lado. Caben hasta 4 a la vez: dos deslizándose y dos saliendo de la alberca.',
    'Necesita unos 39 por 14 pies de pasto o pasto artificial más o menos nivelado, un contacto eléctrico y una llave de agua a unos 75 pies. Una bajada suave está bien, pero una empinada no; nuestro equipo escogerá con usted el mejor lugar.',
  ),
  'toddler-town-combo': es(
    'Combo Pueblito para Pequeñitos',
    'Un combo bajo con área para brincar, escalones suaves, una resbaladilla corta y obstáculos inflables para niños de 1 a 5 años.',
    'El Pueblito para Pequeñitos tiene un área pequeña para brincar, figuras inflables para rodear gateando, unos escalones suaves y una resbaladilla corta, todo dentro de paredes bajas de malla. Mide 14 por 13 pies y solo 9 pies de alto.',
    'Está hecho para niños de 1 a 5 años, hasta 6 a la vez. Los escalones y la resbaladilla son a la medida de piernas pequeñas, así que a los niños más grandes les parecerá demasiado fácil.',
    'Cabe adentro en salones con techo de 10 pies o más, y también sobre pasto, pasto artificial, concreto o asfalto. Necesita unos 18 por 17 pies de espacio y un contacto eléctrico.',
  ),
  'princess-castle-combo': es(
    'Combo Castillo de Princesa',
    'Un combo de castillo rosa con área para brincar, muro para escalar por dentro y resbaladilla al frente.',
    'El Combo Castillo de Princesa junta un área para brincar estilo castillo con un muro para escalar por dentro y una resbaladilla que baja por el frente. En cada esquina hay una torre con techo rosa en cono.',
    'Es para niños de unos 3 a 12 años, hasta 8 a la vez, y les da más que hacer que un brincolín sencillo: brincar, escalar, deslizarse y volver a empezar.',
    'Necesita unos 25 por 20 pies de espacio plano y un contacto eléctrico a menos de 50 pies. Nuestro equipo lo instala sobre pasto, pasto artificial, concreto o asfalto.',
  ),
  'all-star-sports-combo': es(
    'Combo Estrellas del Deporte',
    'Un combo con tema deportivo: área para brincar, canasta de basquetbol, muro para escalar y resbaladilla.',
    'El combo Estrellas del Deporte tiene un área para brincar con canasta de basquetbol, un muro para escalar por dentro y una resbaladilla por un lado. Las paredes tienen un marcador y dibujos de deportes.',
    'Es para niños de unos 4 a 12 años, hasta 8 a la vez, y es buena opción para fiestas de equipo y cumpleaños con tema deportivo.',
    'Necesita unos 24 por 19 pies de espacio plano y un contacto eléctrico a menos de 50 pies, sobre pasto, pasto artificial, concreto o asfalto.',
  ),
  'flamingo-lagoon-wet-dry-combo': es(
    'Combo Laguna Flamenco para agua o en seco',
    'Área para brincar, muro para escalar y resbaladilla a una alberca de chapoteo; úselo con agua en verano o en seco todo el año.',
    'La Laguna Flamenco es un combo con área para brincar, un muro para escalar por dentro y una resbaladilla que cae en una alberca de chapoteo. Un rociador de manguera arriba de la resbaladilla refresca a los niños en los días calurosos.',
    'Funciona con agua o en seco. En verano lo conectamos a su manguera; en los meses frescos dejamos la alberca vacía y funciona como un combo normal. Es para niños de unos 4 a 12 años, hasta 8 a la vez.',
    'Como se puede usar con agua, solo lo instalamos sobre pasto o pasto artificial. Necesita unos 28 por 20 pies, un contacto eléctrico a menos de 50 pies y, para usarlo con agua, una llave de agua a unos 75 pies.',
  ),
  'double-slide-mega-combo': es(
    'Mega Combo de Dos Resbaladillas',
    'Un combo grande en seco con área amplia para brincar, dos muros para escalar y dos resbaladillas, para hasta 10 niños.',
    'El Mega Combo tiene un área central grande para brincar con un muro para escalar y una resbaladilla de cada lado, para que dos niños escalen y se deslicen al mismo tiempo. Hay canastas de basquetbol en los dos extremos.',
    'Es para niños de unos 4 a 14 años, hasta 10 a la vez, y mantiene las filas cortas en fiestas más grandes.',
    'Es un inflable en seco que necesita unos 32 por 22 pies de espacio plano y dos contactos eléctricos en circuitos separados, uno por soplador. Tenemos solo un Mega Combo, así que reserve con tiempo.',
  ),
  'jungle-run-30-ft-obstacle-course': es(
    'Pista de Obstáculos Selva de 30 pies',
    'Una pista de 30 pies y un carril con obstáculos inflables, un túnel para gatear, una escalada y una resbaladilla al final.',
    'La Selva es una pista de obstáculos de 30 pies y un carril: los niños pasan entre pilares inflables, gatean por un túnel, suben un muro para escalar y bajan por una resbaladilla hasta la meta.',
    'Es para niños de unos 5 a 14 años. Pueden estar adentro hasta 3 a la vez si van separados a lo largo de la pista; para carreras, tome el tiempo de cada vuelta con el cronómetro del teléfono.',
    'Necesita unos 34 por 14 pies de espacio plano y un contacto eléctrico a menos de 50 pies, sobre pasto, pasto artificial, concreto o asfalto. Es la pista de nuestro Paquete Día de Campo.',
  ),
  'double-dash-40-ft-obstacle-course': es(
    'Pista de Obstáculos Doble Carrera de 40 pies y dos carriles',
    'Dos carriles lado a lado de 40 pies, para que los jugadores compitan cara a cara entre obstáculos, una escalada y una resbaladilla.',
    'La Doble Carrera es una pista de 40 pies con dos carriles paralelos. Los jugadores arrancan juntos, pasan entre obstáculos y barreras, suben el muro del final y bajan por la resbaladilla lado a lado.',
    'Las carreras la hacen ideal para días de campo, grupos de jóvenes y convivios de empresa. Pueden jugar mayores de 5 años, incluidos adolescentes y adultos; hasta 6 a la vez en la pista, 3 por carril.',
    'Necesita unos 44 por 15 pies de espacio plano y dos contactos eléctricos en circuitos separados. Nuestro equipo la instala sobre pasto, pasto artificial, concreto o asfalto.',
  ),
  'ultimate-60-ft-obstacle-course': es(
    'Pista de Obstáculos Definitiva de 60 pies en dos piezas',
    'Una pista de 60 pies en dos piezas y dos carriles con túneles, obstáculos, una escalada y una resbaladilla, para eventos grandes.',
    'La pista Definitiva viene en dos secciones de 30 pies que se unen una tras otra. La primera mitad tiene obstáculos inflables y un túnel para gatear; la segunda, barreras, un muro para escalar y una resbaladilla de dos carriles hasta la meta.',
    'Es para mayores de 6 años, incluidos adolescentes y adultos, con hasta 8 a la vez en la pista. Escuelas e iglesias suelen usarla como atracción principal en un día de campo o un festival de otoño.',
    'Necesita un área larga y plana de unos 64 por 16 pies y dos contactos eléctricos en circuitos separados. Las dos secciones también se pueden instalar en forma de L si su espacio es reducido; pregúntenos antes de reservar.',
  ),
  'mega-75-ft-obstacle-challenge': es(
    'Reto de Obstáculos Mega de 75 pies en tres piezas',
    'Una pista de 75 pies en tres piezas para eventos grandes, con espacio para 10 jugadores a la vez.',
    'El Reto Mega se forma con tres secciones unidas en línea: un laberinto de obstáculos inflables, un tramo de túnel y barreras, y una escalada alta con resbaladilla de dos carriles. De punta a punta mide 75 pies.',
    'Está hecho para multitudes en escuelas, eventos de empresa y festivales comunitarios. Pueden jugar mayores de 7 años, incluidos adultos, con hasta 10 a la vez en la pista.',
    'Necesita un área plana de unos 80 por 16 pies y tres contactos eléctricos en circuitos separados (o nuestro generador para uno de ellos). A nuestro equipo le toma cerca de hora y media instalarlo. Tenemos solo uno, así que se aparta pronto en primavera y otoño.',
  ),
  'giant-connect-four': es(
    'Conecta 4 Gigante',
    'Un juego de cuatro en línea de 4 pies de ancho con fichas grandes de colores; no necesita electricidad, adentro o afuera.',
    'Nuestro Conecta 4 Gigante es un marco resistente de madera de unos 4 pies de ancho y 4 de alto con 42 fichas grandes de dos colores. Los jugadores dejan caer fichas por turnos y tratan de alinear cuatro; una barra abajo vacía el tablero para el siguiente juego.',
    'Los niños desde unos 3 años pueden jugar con ayuda, y los adultos también lo disfrutan en graduaciones, bodas y eventos de oficina. Juegan dos personas o dos equipos a la vez.',
    'No necesita electricidad y cabe donde haya unos 10 por 8 pies de espacio, adentro o afuera. Nuestro equipo lo deja con sus otras rentas y lo coloca en un lugar nivelado.',
  ),
  'inflatable-axe-throw': es(
    'Lanzamiento de Hachas Inflable',
    'Un blanco inflable grande con hachas de espuma con velcro, para lanzar hachas de forma segura en fiestas y eventos.',
    'El Lanzamiento de Hachas es un marco inflable con un tablero grande de velcro impreso como un campo de tablones de madera. Los jugadores lanzan hachas suaves de espuma con punta de velcro que se pegan donde caen, así que los puntos se leen fácil.',
    'Pueden jugar mayores de 5 años, y va muy bien para adolescentes y adultos en graduaciones, eventos de empresa y festivales de otoño. Lanzan dos jugadores a la vez.',
    'Necesita unos 24 por 12 pies, incluida la línea de lanzamiento, y un contacto eléctrico. Con 11 pies de alto también cabe en la mayoría de los gimnasios y salones de eventos.',
  ),
  'inflatable-soccer-darts': es(
    'Dardos de Futbol Inflable',
    'Un tablero de dardos inflable de 15 pies al que se patean pelotas de futbol con velcro, para niños y adultos.',
    'Los Dardos de Futbol son un tablero de dardos inflable de 15 pies de alto con superficie de velcro. Los jugadores patean desde una línea marcada pelotas de futbol especiales cubiertas de velcro, y las pelotas se pegan donde pegan.',
    'Pueden jugar mayores de 4 años, desde niños pequeños que patean de cerca hasta adultos que buscan el centro desde 20 pies. Patean uno o dos jugadores a la vez.',
    'Necesita unos 30 por 16 pies incluida el área para patear, y un contacto eléctrico a menos de 50 pies. Es parte de nuestro Paquete Día de Campo.',
  ),
  'sticky-wall': es(
    'Muro Pegajoso',
    'Brinque desde un mini trampolín con un traje de velcro y quédese pegado en el muro donde caiga.',
    'El Muro Pegajoso es un muro inflable de velcro con un área acolchonada enfrente y una pequeña plataforma inflable para impulsarse. Los jugadores se ponen un traje de velcro, toman vuelo, rebotan y se quedan pegados en el muro; luego se despegan para que pase el siguiente.',
    'Es para mayores de 5 años; llevamos dos trajes de niño y dos de adulto, y lo usan hasta 2 jugadores a la vez. Va muy bien en noches de grupos de jóvenes y convivios de empresa, donde mirar es la mitad de la diversión.',
    'Necesita unos 22 por 16 pies y un contacto eléctrico a menos de 50 pies, sobre pasto, pasto artificial, concreto o asfalto. Tenemos solo un Muro Pegajoso.',
  ),
  'bungee-run': es(
    'Carrera de Bungee',
    'Dos jugadores con arnés corren por un carril inflable de 40 pies para dejar un marcador tan lejos como lo permita el bungee.',
    'La Carrera de Bungee es un inflable de 40 pies con dos carriles acolchonados. Cada jugador lleva un arnés sujeto a una cuerda elástica en la pared del fondo, corre por el carril y trata de dejar un marcador de velcro lo más lejos posible antes de que la cuerda lo jale de regreso.',
    'Es para mayores de 6 años, incluidos adultos, con dos jugadores compitiendo a la vez. Va muy bien en graduaciones, eventos de jóvenes y convivios de empresa.',
    'Necesita unos 44 por 16 pies de espacio plano y un contacto eléctrico a menos de 50 pies. Nuestro equipo revisa los arneses y las cuerdas al instalarla y le enseña al adulto que supervisa cómo sujetar a los jugadores. Tenemos solo una Carrera de Bungee.',
  ),
  'backyard-birthday-package': es(
    'Paquete Cumpleaños en el Patio',
    'El Brincolín Castillo Rosa, dos juegos de mesa y sillas y una máquina de palomitas, para un cumpleaños clásico en casa.',
    'Todo para un cumpleaños clásico en el patio en una sola reservación: nuestro Brincolín Castillo Rosa, dos mesas de 6 pies con 16 sillas y una máquina de palomitas con insumos para unas 50 porciones.',
    'Rentadas por separado estas cosas suman $306; el paquete cuesta $279. Es para fiestas de unos 10 a 20 niños de 3 a 12 años, más sus adultos.',
    'Necesita unos 19 por 19 pies para el brincolín, espacio para dos mesas y dos contactos eléctricos: uno para el soplador y otro para la máquina de palomitas. Nuestro equipo entrega e instala todo junto.',
  ),
  'splash-day-package': es(
    'Paquete Día de Agua',
    'La resbaladilla de agua Tropical, una máquina de raspados, una carpa de 10x10 y dos juegos de mesa y sillas.',
    'Una fiesta de verano en una sola reservación: la Resbaladilla de Agua Tropical de 18 pies, una máquina de raspados con jarabes para unos 50 raspados, una carpa de 10x10 para sombra y dos mesas de 6 pies con 16 sillas.',
    'Rentadas por separado estas cosas suman $481; el paquete cuesta $439. Es para niños de unos 5 a 14 años.',
    'La resbaladilla necesita unos 34 por 16 pies de pasto o pasto artificial y una llave de agua a unos 75 pies. Necesita dos contactos eléctricos (el soplador de la resbaladilla y la máquina de raspados) y unas 20 libras de hielo para los raspados.',
  ),
  'field-day-package': es(
    'Paquete Día de Campo',
    'Una pista de obstáculos de 30 pies, dardos de futbol inflable y el Conecta 4 Gigante, para días de campo de escuelas e iglesias.',
    'Tres estaciones para mantener a un grupo en movimiento: la Pista de Obstáculos Selva de 30 pies, los Dardos de Futbol Inflable y el Conecta 4 Gigante. Los niños pueden rotar entre ellas en grupos.',
    'Rentadas por separado estas cosas suman $725; el paquete cuesta $659. Es para escuelas, iglesias, grupos scout y eventos de vecindario con niños de unos 5 a 14 años.',
    'Considere unos 34 por 14 pies para la pista, 30 por 16 pies para los dardos de futbol y un lugar pequeño para el Conecta 4, más dos contactos eléctricos en circuitos separados. Agregue nuestro generador si el campo no tiene electricidad cerca.',
  ),
  'table-and-chair-set': es(
    'Juego de Mesa y Sillas (mesa de 6 pies + 8 sillas)',
    'Una mesa plegable de 6 pies y 8 sillas plegables blancas, para 8 invitados.',
    'Cada juego es una mesa plegable rectangular de 6 pies (de unas 30 pulgadas de ancho) y ocho sillas plegables blancas de plástico. Se sientan cómodamente 8 adultos, o unos cuantos niños más.',
    'No incluye manteles. Un mantel rectangular de 60 por 102 pulgadas cuelga 15 pulgadas por cada lado; uno de 90 por 132 pulgadas llega al piso.',
    'Entregamos los juegos con su inflable o juego y colocamos las mesas donde usted quiera; por favor límpielas antes de que las recojamos.',
  ),
  'canopy-tent-10x10': es(
    'Carpa de 10x10',
    'Una carpa plegable de 10x10 con techo rosa, para dar sombra a una mesa o a la zona de antojitos.',
    'Una carpa plegable de 10 por 10 pies con estructura de acero y techo rosa. Da sombra a una mesa de 6 pies con sillas, a una mesa de regalos o a la zona de comida.',
    'En pasto la fijamos con estacas; en concreto o asfalto usamos costales de peso en cada pata. La quitamos si sube el viento, y le pedimos que haga lo mismo si las ráfagas pasan de unas 20 mph.',
    'Necesita unos 12 por 12 pies de espacio. No incluye paredes laterales.',
  ),
  'popcorn-machine': es(
    'Máquina de Palomitas',
    'Una máquina de palomitas con olla de 8 oz sobre carrito, con insumos para unas 50 porciones.',
    'Una máquina de palomitas estilo feria con olla de 8 oz, vitrina de vidrio con calefacción y carrito con ruedas. Hace una tanda nueva cada 3 a 4 minutos.',
    'Incluimos paquetes medidos de maíz, aceite y sal para unas 50 porciones, 50 bolsas de papel y una pala. Un adulto debe manejar la máquina; le enseñamos cómo al entregarla.',
    'Necesita un contacto eléctrico común y un lugar nivelado, protegido de la lluvia. Por favor vacíe la olla y limpie la vitrina antes de que la recojamos.',
  ),
  'cotton-candy-machine': es(
    'Máquina de Algodón de Azúcar',
    'Una máquina de algodón de azúcar con domo protector, azúcar de colores y conos para unas 50 porciones.',
    'Una máquina comercial de algodón de azúcar con tazón de acero inoxidable y un domo transparente que mantiene los hilos de azúcar adentro. Tarda unos minutos en calentarse y luego hace un cono en menos de un minuto.',
    'Incluimos azúcar rosa sabor vainilla para algodón y 50 conos de papel, suficiente para unas 50 porciones. Un adulto debe manejarla; le enseñamos cómo al entregarla.',
    'Necesita un contacto eléctrico común y una mesa protegida del viento. Las tardes húmedas pueden volver el algodón un poco pegajoso, así que un lugar con sombra es lo mejor.',
  ),
  'snow-cone-machine': es(
    'Máquina de Raspados',
    'Una raspadora de hielo con tres sabores de jarabe y vasos para unos 50 raspados.',
    'Una máquina de raspados de mesa que convierte cubos de hielo en nieve esponjosa, con tolva transparente y una pala. Es una buena manera de refrescar a los niños entre vueltas en la resbaladilla de agua.',
    'Incluimos tres jarabes (cereza, frambuesa azul y limón), 50 vasos de papel y popotes cuchara, suficiente para unos 50 raspados. Usted pone el hielo: unas 20 libras de cubos para 50 raspados.',
    'Necesita un contacto eléctrico común y una mesa a la sombra. Por favor enjuague la tolva antes de que la recojamos.',
  ),
  'quiet-inverter-generator': es(
    'Generador Inverter Silencioso',
    'Un generador inverter de 7,000 W para parques y campos sin electricidad; hace funcionar hasta dos sopladores.',
    'Si no hay un contacto eléctrico cerca del lugar de instalación, por ejemplo en un parque o un campo deportivo, nuestro generador inverter puede hacer funcionar hasta dos sopladores de 1.5 HP, o un soplador y una máquina de antojitos.',
    'Llega con el tanque lleno, que alcanza para un evento típico de 8 horas con esa carga. Nuestro equipo lo coloca a por lo menos 20 pies del inflable, lejos de puertas y ventanas, y tiende los cables por usted.',
    'Los generadores son solo para exteriores. Por favor no le ponga combustible mientras está funcionando; llámenos si se está quedando sin combustible.',
  ),
  'classic-round-birthday-cake': es(
    'Pastel Redondo de Cumpleaños Clásico',
    'Un pastel redondo de cumpleaños de dos capas con betún de mantequilla y su mensaje, desde 8 pulgadas (12 a 16 porciones).',
    'Un pastel redondo de dos capas del sabor que usted elija: vainilla, chocolate, fresa o confeti, relleno y cubierto de betún de mantequilla, con orillas decoradas y un mensaje corto encima.',
    'El pastel de 8 pulgadas rinde unas 12 a 16 porciones; hay uno de 10 pulgadas que rinde unas 24 a 30 porciones a un precio mayor, que cotizamos cuando hace su pedido.',
    'Por favor pídalo con al menos 3 días de anticipación y avísenos de cualquier alergia. En nuestra cocina se usan trigo, leche, huevo, soya y nueces. Recójalo en Round Rock, o se lo entregamos con su renta.',
  ),
  'party-sheet-cake': es(
    'Pastel Rectangular para Fiesta',
    'Un pastel rectangular para muchos invitados, desde un cuarto de plancha (unas 24 porciones).',
    'Un pastel rectangular de una capa con betún de mantequilla, orilla decorada, decoración de globos o confeti y su mensaje. Es la manera más sencilla de darle pastel a un salón de clases o a una fiesta familiar grande.',
    'Un cuarto de plancha rinde unas 24 porciones; hay media plancha, que rinde unas 48 porciones, a un precio mayor que cotizamos cuando hace su pedido. Los sabores son vainilla, chocolate, marmoleado o confeti.',
    'Por favor pídalo con al menos 3 días de anticipación y avísenos de cualquier alergia. En nuestra cocina se usan trigo, leche, huevo, soya y nueces.',
  ),
  'pink-flamingo-two-tier-cake': es(
    'Pastel Flamenco Rosa de Dos Pisos',
    'Un pastel rosa de dos pisos con un flamenco de fondant y hojas de palmera, unas 30 porciones.',
    'Un piso de 6 pulgadas sobre uno de 8 pulgadas, cubierto de betún de mantequilla rosa con un flamenco de fondant hecho a mano, hojas de palmera verdes y una vela dorada con el número del cumpleañero.',
    'Rinde unas 30 porciones y combina con nuestro brincolín Playa Flamenco y el combo Laguna Flamenco para una fiesta temática. Elija cualquiera de nuestros sabores y rellenos.',
    'Por favor pídalo con al menos 3 días de anticipación y avísenos de cualquier alergia. En nuestra cocina se usan trigo, leche, huevo, soya y nueces.',
  ),
  'three-tier-celebration-cake': es(
    'Pastel de Celebración de Tres Pisos',
    'Un pastel de tres pisos para cumpleaños especiales, quinceañeras y baby showers, desde unas 60 porciones.',
    'Tres pisos (de 6, 8 y 10 pulgadas) con betún de mantequilla liso, orillas de perlas y flores naturales o de azúcar en sus colores. Cada piso puede ser de un sabor distinto.',
    'El precio base es para el tamaño 6-8-10, que rinde unas 60 porciones. Los tamaños más grandes y los acabados de fondant se cotizan cuando hace su pedido.',
    'Por favor pídalo con al menos 3 días de anticipación (una semana es mejor para pasteles de pisos) y avísenos de cualquier alergia. Los pasteles de pisos viajan mejor con nosotros: podemos entregarlo y colocarlo junto con su renta, o usted puede recogerlo en Round Rock.',
  ),
};
