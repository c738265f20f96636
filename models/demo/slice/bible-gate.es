Y toda planta del campo antes que fuese en la tierra, y toda hierba del campo antes que naciese: porque aun no había Jehová Dios hecho llover sobre la tierra, ni había hombre para que labrase la tierra;
Y dijo Adam: Esto es ahora hueso de mis huesos, y carne de mi carne: ésta será llamada Varona, porque del varón fué tomada.
Y la mujer respondió á la serpiente: Del fruto de los árboles del huerto comemos;
Y vivió Cainán, después que engendró á Mahalaleel, ochocientos y cuarenta años: y engendró hijos é hijas.
Y vivió Mathusalam ciento ochenta y siete años, y engendró á Lamech.
Así fué destruída toda sustancia que vivía sobre la faz de la tierra, desde el hombre hasta la bestia, y los reptiles, y las aves del cielo; y fueron raídos de la tierra; y quedó solamente Noé, y lo que con él estaba en el arca.
Todos los animales, y todo reptil y toda ave, todo lo que se mueve sobre la tierra según sus especies, salieron del arca.
Y no se llamará más tu nombre Abram, sino que será tu nombre Abraham, porque te he puesto por padre de muchedumbre de gentes.
Y volvió á hablarle, y dijo: Quizá se hallarán allí cuarenta. Y respondió: No lo haré por amor de los cuarenta.
He aquí ahora yo tengo dos hijas que no han conocido varón; os las sacaré afuera, y haced de ellas como bien os pareciere: solamente á estos varones no hagáis nada, pues que vinieron á la sombra de mi tejado.
Y deteniéndose él, los varones asieron de su mano, y de la mano de su mujer, y de las manos de sus dos hijas, según la misericordia de Jehová para con él; y le sacaron, y le pusieron fuera de la ciudad.
Y á la verdad también es mi hermana, hija de mi padre, mas no hija de mi madre, y toméla por mujer.
Y aconteció en aquel mismo tiempo que habló Abimelech, y Phicol, príncipe de su ejército, á Abraham diciendo: Dios es contigo en todo cuanto haces:
Y extendió Abraham su mano, y tomó el cuchillo, para degollar á su hijo.
Y respondió á Ephrón en oídos del pueblo de la tierra, diciendo: Antes, si te place, ruégote que me oigas; yo daré el precio de la heredad, tómalo de mí, y sepultaré en ella mi muerto.
Entonces dijo: Yo soy criado de Abraham;
Entonces Labán y Bethuel respondieron y dijeron: De Jehová ha salido esto; no podemos hablarte malo ni bueno.
Entonces respondió su hermano y su madre: Espere la moza con nosotros á lo menos diez días, y después irá.
E hijos de Midiam: Epha, y Epher, y Enech, y Abida, y Eldaa. Todos estos fueron hijos de Cetura.
Y llamólo Seba: por cuya causa el nombre de aquella ciudad es Beer-seba hasta este día.
E hizo él también guisados, y trajo á su padre, y díjole: Levántese mi padre, y coma de la caza de su hijo, para que me bendiga tu alma.
Y fueron dichas á Rebeca las palabras de Esaú su hijo mayor: y ella envió y llamó á Jacob su hijo menor, y díjole: He aquí, Esaú tu hermano se consuela acerca de ti con la idea de matarte.
Y ella dijo: He aquí mi sierva Bilha; entra á ella, y parirá sobre mis rodillas, y yo también tendré hijos de ella.
Y después parió una hija, y llamó su nombre Dina.
Así responderá por mí mi justicia mañana, cuando me viniere mi salario delante de ti: toda la que no fuere pintada ni manchada en las cabras y de color oscuro en las ovejas mías, se me ha de tener por de hurto.
Y dijo Labán: Mira, ojalá fuese como tú dices.
Y puso en camino todo su ganado, y toda su hacienda que había adquirido, el ganado de su ganancia que había obtenido en Padan-aram, para volverse á Isaac su padre en la tierra de Canaán.
Y dijo Labán á Jacob: ¿Qué has hecho, que me hurtaste el corazón, y has traído á mis hijas como prisioneras de guerra?
Y dijo: Si viniere Esaú á la una cuadrilla y la hiriere, la otra cuadrilla escapará.
Y se llegaron las siervas, ellas y sus niños, é inclináronse.
Y sucedió que, cuando llegó José á sus hermanos, ellos hicieron desnudar á José su ropa, la ropa de colores que tenía sobre sí;
La cual concibió, y parió un hijo; y llamó su nombre Er.
Y llamó José el nombre del primogénito Manasés; porque Dios (dijo) me hizo olvidar todo mi trabajo, y toda la casa de mi padre.
Y cuando se sintió el hambre en toda la tierra de Egipto, el pueblo clamó á Faraón por pan. Y dijo Faraón á todos los Egipcios: Id á José, y haced lo que él os dijere.
Enviad uno de vosotros, y traiga á vuestro hermano; y vosotros quedad presos, y vuestras palabras serán probadas, si hay verdad con vosotros: y si no, vive Faraón, que sois espías.
Entonces ellos rasgaron sus vestidos, y cargó cada uno su asno, y volvieron á la ciudad.
Y nosotros respondimos á mi señor: Tenemos un padre anciano, y un mozo que le nació en su vejez, pequeño aún; y un hermano suyo murió, y él quedó solo de su madre, y su padre lo ama.
Y oyóse la noticia en la casa de Faraón, diciendo: Los hermanos de José han venido. Y plugo en los ojos de Faraón y de sus siervos.
Y será que de los frutos daréis el quinto á Faraón, y las cuatro partes serán vuestras para sembrar las tierras, y para vuestro mantenimiento, y de los que están en vuestras casas, y para que coman vuestros niños.
Entonces viendo José que su padre ponía la mano derecha sobre la cabeza de Ephraim, causóle esto disgusto; y asió la mano de su padre, para mudarla de sobre la cabeza de Ephraim á la cabeza de Manasés.
Y miró Dios á los hijos de Israel, y reconociólos Dios.
Y díjole más Jehová: Mete ahora tu mano en tu seno. Y él metió la mano en su seno; y como la sacó, he aquí que su mano estaba leprosa como la nieve.
Y si aun no creyeren á estas dos señales, ni oyeren tu voz, tomarás de las aguas del río, y derrámalas en tierra; y volverse han aquellas aguas que tomarás del río, se volverán sangre en la tierra.
Y habéis de ponerles la tarea del ladrillo que hacían antes, y no les disminuiréis nada; porque están ociosos, y por eso levantan la voz diciendo: Vamos y sacrificaremos á nuestro Dios.
Y los cuadrilleros los apremiaban, diciendo: Acabad vuestra obra, la tarea del día en su día, como cuando se os daba paja.
Y os tomaré por mi pueblo y seré vuestro Dios: y vosotros sabréis que yo soy Jehová vuestro Dios, que os saco de debajo de las cargas de Egipto:
Y los hijos de Cora: Assir, y Elcana, y Abiasaph: estas son las familias de los Coritas.
Y Moisés y Aarón hicieron como Jehová lo mandó; y alzando la vara hirió las aguas que había en el río, en presencia de Faraón y de sus siervos; y todas las aguas que había en el río se convirtieron en sangre.
Y tornando Faraón volvióse á su casa, y no puso su corazón aun en esto.
Y Jehová dijo á Moisés: Di á Aarón: Extiende tu mano con tu vara sobre los ríos, arroyos, y estanques, para que haga venir ranas sobre la tierra de Egipto.
Camino de tres días iremos por el desierto, y sacrificaremos á Jehová nuestro Dios, como él nos dirá.
Y tomaron la ceniza del horno, y pusiéronse delante de Faraón, y esparcióla Moisés hacia el cielo; y vino un sarpullido que causaba tumores apostemados así en los hombres como en las bestias.
Y á la verdad yo te he puesto para declarar en ti mi potencia, y que mi Nombre sea contado en toda la tierra.
Y cubrió la faz de todo el país, y oscurecióse la tierra; y consumió toda la hierba de la tierra, y todo el fruto de los árboles que había dejado el granizo; que no quedó cosa verde en árboles ni en hierba del campo, por toda la tierra de Egipto.
Entonces Faraón hizo llamar á Moisés, y dijo: Id, servid á Jehová; solamente queden vuestras ovejas y vuestras vacas: vayan también vuestros niños con vosotros.
Y díjole Faraón: Retírate de mí: guárdate que no veas más mi rostro, porque en cualquier día que vieres mi rostro, morirás.
Y descenderán á mí todos estos tus siervos, é inclinados delante de mí dirán: Sal tú, y todo el pueblo que está bajo de ti; y después de esto yo saldré. Y salióse muy enojado de con Faraón.
¿No es esto lo que te hablamos en Egipto, diciendo: Déjanos servir á los Egipcios? Que mejor nos fuera servir á los Egipcios, que morir nosotros en el desierto.
Y dijo: Si oyeres atentamente la voz de Jehová tu Dios, é hicieres lo recto delante de sus ojos, y dieres oído á sus mandamientos, y guardares todos sus estatutos, ninguna enfermedad de las que envié á los Egipcios te enviaré á ti; porque yo soy Jehová tu Sanador.
Y medíanlo por gomer, y no sobraba al que había recogido mucho, ni faltaba al que había recogido poco: cada uno recogió conforme á lo que había de comer.
Y díjoles Moisés: Ninguno deje nada de ello para mañana.
Y altercó el pueblo con Moisés, y dijeron: Danos agua que bebamos. Y Moisés les dijo: ¿Por qué altercáis conmigo? ¿por qué tentáis á Jehová?
Y Jethro, el suegro de Moisés, con sus hijos y su mujer, llegó á Moisés en el desierto, donde tenía el campo junto al monte de Dios;
No codiciarás la casa de tu prójimo, no codiciarás la mujer de tu prójimo, ni su siervo, ni su criada, ni su buey, ni su asno, ni cosa alguna de tu prójimo.
Mas si la hubiere desposado con su hijo, hará con ella según la costumbre de las hijas.
Ojo por ojo, diente por diente, mano por mano, pie por pie,
Si el sol hubiere sobre él salido, el matador será reo de homicidio: el ladrón habrá de restituir cumplidamente; si no tuviere, será vendido por su hurto.
Cuando alguno diere á su prójimo plata ó alhajas á guardar, y fuere hurtado de la casa de aquel hombre, si el ladrón se hallare, pagará el doble.
Sobre todo negocio de fraude, sobre buey, sobre asno, sobre oveja, sobre vestido, sobre toda cosa perdida, cuando uno dijere: Esto es mío, la causa de ambos vendrá delante de los jueces; y el que los jueces condenaren, pagará el doble á su prójimo.
No los echaré de delante de ti en un año, porque no quede la tierra desierta, y se aumenten contra ti las bestias del campo.
Mas no extendió su mano sobre los príncipes de los hijos de Israel: y vieron á Dios, y comieron y bebieron.
Tres copas en forma de almendras en el un brazo, una manzana y una flor; y tres copas, figura de almendras, en el otro brazo, una manzana y una flor: así pues, en los seis brazos que salen del candelero:
Y harás cuarenta basas de plata debajo de las veinte tablas; dos basas debajo de la una tabla para sus dos quicios, y dos basas debajo de la otra tabla para sus dos quicios.
En el tabernáculo del testimonio, afuera del velo que está delante del testimonio, las pondrá en orden Aarón y sus hijos, delante de Jehová desde la tarde hasta la mañana, como estatuto perpetuo de los hijos de Israel por sus generaciones.
Empero consumirás á fuego fuera del campo la carne del becerro, y su pellejo, y su estiércol: es expiación.
Y cubrirlo has de oro puro, su techado, y sus paredes en derredor, y sus cuernos: y le harás en derredor una corona de oro.
Ni el rico aumentará, ni el pobre disminuirá de medio siclo, cuando dieren la ofrenda á Jehová para hacer expiación por vuestras personas.
Dijo aún Jehová á Moisés: Tómate aromas, estacte y uña olorosa y gálbano aromático é incienso limpio; de todo en igual peso:
Y lo he henchido de espíritu de Dios, en sabiduría, y en inteligencia, y en ciencia, y en todo artificio,
Y pasando Jehová por delante de él, proclamó: Jehová, Jehová, fuerte, misericordioso, y piadoso; tardo para la ira, y grande en benignidad y verdad;
Y Moisés llamó á Bezaleel y á Aholiab, y á todo varón sabio de corazón, en cuyo corazón había dado Jehová sabiduría, y á todo hombre á quien su corazón le movió á llegarse á la obra, para trabajar en ella;
La longitud de cada tabla de diez codos, y de codo y medio la anchura.
Para las esquinas del tabernáculo en los dos lados hizo dos tablas,
Delante de la moldura estaban los anillos, por los cuales se metiesen las varas para llevar la mesa.
E hizo las varas de madera de Sittim, y cubriólas de oro.
Medio por cabeza, medio siclo, según el siclo del santuario, á todos los que pasaron por cuenta de edad de veinte años y arriba, que fueron seiscientos tres mil quinientos cincuenta.
Cuando entraban en el tabernáculo del testimonio, y cuando se llegaban al altar, se lavaban; como Jehová había mandado á Moisés.
Y no podía Moisés entrar en el tabernáculo del testimonio, porque la nube estaba sobre él, y la gloria de Jehová lo tenía lleno.
Cuando alguna persona cometiere falta, y pecare por yerro en las cosas santificadas á Jehová, traerá su expiación á Jehová, un carnero sin tacha de los rebaños, conforme á tu estimación, en siclos de plata del siclo del santuario, en ofrenda por el pecado:
Cuando una persona pecare, é hiciere prevaricación contra Jehová, y negare á su prójimo lo encomendado, ó dejado en su mano, ó bien robare, ó calumniare á su prójimo;
Habló aún Jehová á Moisés, diciendo:
Todo lo que en su carne tocare, será santificado; y si cayere de su sangre sobre el vestido, lavarás aquello sobre que cayere, en el lugar santo.
Todo varón de entre los sacerdotes la comerá: será comida en el lugar santo: es cosa muy santa.
Y reune toda la congregación á la puerta del tabernáculo del testimonio.
Y dijo Moisés á la congregación: Esto es lo que Jehová ha mandado hacer.
Y derramó del aceite de la unción sobre la cabeza de Aarón, y ungiólo para santificarlo.
Y Jehová habló á Aarón, diciendo:
Y cuando Moisés oyó esto, dióse por satisfecho.
El milano, y el buitre según su especie;
Y cuando los días de su purgación fueren cumplidos, por hijo ó por hija, traerá un cordero de un año para holocausto, y un palomino ó una tórtola para expiación, á la puerta del tabernáculo del testimonio, al sacerdote:
Y el sacerdote mirará la llaga en la piel de la carne: si el pelo en la llaga se ha vuelto blanco, y pareciere la llaga más hundida que la tez de la carne, llaga de lepra es; y el sacerdote le reconocerá, y le dará por inmundo.
Y al séptimo día mirará la plaga: y si hubiere cundido la plaga en el vestido, ó estambre, ó en la trama, ó en piel, ó en cualquiera obra que se hace de pieles, lepra roedora es la plaga; inmunda será.
Entonces el sacerdote mandará que laven donde está la plaga, y lo encerrará otra vez por siete días.
Y el día octavo tomará dos corderos sin defecto, y una cordera de un año sin tacha; y tres décimas de flor de harina para presente, amasada con aceite, y un log de aceite.
Y el octavo día tomará dos tórtolas, ó dos palominos, y vendrá delante de Jehová á la puerta del tabernáculo del testimonio, y los dará al sacerdote:
Y cualquiera que tocare á su cama, lavará sus vestidos, y después de lavarse con agua, será inmundo hasta la tarde.
La desnudez de tu hermana, hija de tu padre, ó hija de tu madre, nacida en casa ó nacida fuera, su desnudez no descubrirás.
Que si escondiere el pueblo de la tierra sus ojos de aquel varón que hubiere dado de su simiente á Moloch, para no matarle,
Y cualquiera que se echare con la mujer de su padre, la desnudez de su padre descubrió: ambos han de ser muertos; su sangre será sobre ellos.
La desnudez de la hermana de tu madre, ó de la hermana de tu padre, no descubrirás: por cuanto descubrió su parienta, su iniquidad llevarán.
Y el hombre ó la mujer en quienes hubiere espíritu pithónico ó de adivinación, han de ser muertos: los apedrearán con piedras; su sangre sobre ellos.
Viuda, ó repudiada, ó infame, ó ramera, éstas no tomará: mas tomará virgen de sus pueblos por mujer.
O varón en el cual hubiere quebradura de pie ó rotura de mano,
Y cuando sacrificareis sacrificio de hacimiento de gracias á Jehová, de vuestra voluntad lo sacrificaréis.
Ninguna obra haréis: estatuto perpetuo es por vuestras edades en todas vuestras habitaciones.
Y tomarás flor de harina, y cocerás de ella doce tortas: cada torta será de dos décimas.
Y cuando el hombre no tuviere rescatador, si alcanzare su mano, y hallare lo que basta para su rescate;
Yo también haré con vosotros esto: enviaré sobre vosotros terror, extenuación y calentura, que consuman los ojos y atormenten el alma: y sembraréis en balde vuestra simiente, porque vuestros enemigos la comerán:
De los hijos de Simeón, por sus generaciones, por sus familias, por las casas de sus padres, los contados de ellos conforme á la cuenta de los nombres por sus cabezas, todos los varones de veinte años arriba, todos los que podían salir á la guerra;
De los hijos de Zabulón, por sus generaciones, por sus familias, por las casas de sus padres, conforme á la cuenta de sus nombres, de veinte años arriba, todos los que podían salir á la guerra;
Estos fueron los contados, los cuales contaron Moisés y Aarón, con los príncipes de Israel, que eran doce, uno por cada casa de sus padres.
Y su hueste, con los contados de ellos, cuarenta y un mil y quinientos:
Y Jehová habló á Moisés, diciendo:
Cuenta los hijos de Leví por las casas de sus padres, por sus familias: contarás todos los varones de un mes arriba.
Y extenderán sobre ella el paño de carmesí colorado, y lo cubrirán con la cubierta de pieles de tejones; y le pondrán sus varas.
Por su padre, ni por su madre, por su hermano, ni por su hermana, no se contaminará con ellos cuando murieren; porque consagración de su Dios tiene sobre su cabeza.
Y el sacerdote hará el uno en expiación, y el otro en holocausto: y expiarálo de lo que pecó sobre el muerto, y santificará su cabeza en aquel día.
Y ofrecieron los príncipes á la dedicación del altar el día que fué ungido, ofrecieron los príncipes su ofrenda delante del altar.
Un becerro, un carnero, un cordero de un año para holocausto;
Una cuchara de oro de diez siclos, llena de perfume;
Un becerro, un carnero, un cordero de un año para holocausto;
El duodécimo día, el príncipe de los hijos de Nephtalí, Ahira hijo de Enán:
Un macho cabrío para expiación;
Las doce cucharas de oro llenas de perfume, de diez siclos cada cuchara, al siclo del santuario: todo el oro de las cucharas, ciento y veinte siclos.
Y habían quedado en el campo dos varones, llamado el uno Eldad y el otro Medad, sobre los cuales también reposó el espíritu: estaban estos entre los escritos, mas no habían salido al tabernáculo; y profetizaron en el campo.
Entonces Moisés clamó á Jehová, diciendo: Ruégote, oh Dios, que la sanes ahora.
Y que has hecho morir á este pueblo como á un hombre: y las gentes que hubieren oído tu fama hablarán, diciendo:
Vosotros á la verdad no entraréis en la tierra, por la cual alcé mi mano de haceros habitar en ella; exceptuando á Caleb hijo de Jephone, y á Josué hijo de Nun.
Mas Josué hijo de Nun, y Caleb hijo de Jephone, quedaron con vida de entre aquellos hombres que habían ido á reconocer la tierra.
Y cuando habitare con vosotros extranjero, ó cualquiera que estuviere entre vosotros por vuestras edades, si hiciere ofrenda encendida de olor suave á Jehová, como vosotros hiciereis, así hará él.
Y levantáronse contra Moisés con doscientos y cincuenta varones de los hijos de Israel, príncipes de la congregación, de los del consejo, varones de nombre;
Y salió fuego de Jehová, y consumió los doscientos y cincuenta hombres que ofrecían el sahumerio.
Y las pondrás en el tabernáculo del testimonio delante del testimonio, donde yo me declararé á vosotros.
Porque he aquí yo he tomado á vuestros hermanos los Levitas de entre los hijos de Israel, dados á vosotros en don de Jehová, para que sirvan en el ministerio del tabernáculo del testimonio.
Todas las ofrendas elevadas de las cosas santas, que los hijos de Israel ofrecieren á Jehová, helas dado para ti, y para tus hijos y para tus hijas contigo, por estatuto perpetuo: pacto de sal perpetuo es delante de Jehová para ti y para tu simiente contigo.
Y les será por estatuto perpetuo: también el que rociare el agua de la separación lavará sus vestidos; y el que tocare el agua de la separación, será inmundo hasta la tarde.
No quiso, pues, Edom dejar pasar á Israel por su término, y apartóse Israel de él.
Aarón será reunido á sus pueblos; pues no entrará en la tierra que yo di á los hijos de Israel, por cuanto fuisteis rebeldes á mi mandamiento en las aguas de la rencilla.
Y viendo toda la congregación que Aarón era muerto, hiciéronle duelo por treinta días todas las familias de Israel.
Y partieron los hijos de Israel, y asentaron campo en Oboth.
Por tanto, dicen los proverbistas: Venid á Hesbón, edifíquese y repárese la ciudad de Sehón:
Y movieron los hijos de Israel, y asentaron en los campos de Moab, de esta parte del Jordán de Jericó.
Y el ángel de Jehová dijo á Balaam: Ve con esos hombres: empero la palabra que yo te dijere, esa hablarás. Así Balaam fué con los príncipes de Balac.
Y oyendo Balac que Balaam venía, salió á recibirlo á la ciudad de Moab, que está junto al término de Arnón, que es el cabo de los confines.
Y volvió á él, y he aquí estaba él junto á su holocausto, él y todos los príncipes de Moab.
Y será tomada Edom, será también tomada Seir por sus enemigos, e Israel se portará varonilmente.
Y vendrán navíos de la costa de Cittim, y afligirán á Assur, afligirán también á Eber: mas él también perecerá para siempre.
Y el nombre de la mujer Madianita muerta, era Cozbi, hija de Zur, príncipe de pueblos, padre de familia en Madián.
Estas son las familias de Issachâr, por sus contados, sesenta y cuatro mil y trescientos.
Además del holocausto del mes, y su presente, y el holocausto continuo y su presente, y sus libaciones, conforme á su ley, por ofrenda encendida á Jehová en olor de suavidad.
Y con cada uno de los catorce corderos, una décima;
Y enojóse Moisés contra los capitanes del ejército, contra los tribunos y centuriones que volvían de la guerra;
Recibieron, pues, Moisés y el sacerdote Eleazar, el oro de los tribunos y centuriones, y trajéronlo al tabernáculo del testimonio, por memoria de los hijos de Israel delante de Jehová.
Ataroth, y Dibón, y Jazer, y Nimra, y Hesbón, y Eleale, y Sabán, y Nebo, y Beón,
No volveremos á nuestras casas hasta que los hijos de Israel posean cada uno su heredad.
Y pasareis todos vosotros armados el Jordán delante de Jehová, hasta que haya echado á sus enemigos de delante de sí,
Y sea el país sojuzgado delante de Jehová; luego volveréis, y seréis libres de culpa para con Jehová, y para con Israel; y esta tierra será vuestra en heredad delante de Jehová.
Y los hijos de Gad y los hijos de Rubén respondieron, diciendo: Haremos lo que Jehová ha dicho á tus siervos.
Será además, que haré á vosotros como yo pensé hacerles á ellos.
Porque la tribu de los hijos de Rubén según las casas de sus padres, y la tribu de los hijos de Gad según las casas de sus padres, y la media tribu de Manasés, han tomado su herencia:
Habla á los hijos de Israel, y diles: Cuando hubiereis pasado el Jordán á la tierra de Canaán,
Y si con instrumento de hierro lo hiriere y muriere, homicida es; el homicida morirá:
Tú pasarás hoy el término de Moab, á Ar,
Y Jehová os esparcirá entre los pueblos, y quedaréis pocos en número entre las gentes á las cuales os llevará Jehová:
Y las repetirás á tus hijos, y hablarás de ellas estando en tu casa, y andando por el camino, y al acostarte, y cuando te levantes:
Cuando Jehová tu Dios te hubiere introducido en la tierra en la cual tú has de entrar para poseerla, y hubiere echado de delante de ti muchas gentes, al Hetheo, al Gergeseo, y al Amorrheo, y al Cananeo, y al Pherezeo, y al Heveo, y al Jebuseo, siete naciones mayores y más fuertes que tú;
Cuando dijeres en tu corazón: Estas gentes son muchas más que yo, ¿cómo las podré desarraigar?;
De las grandes pruebas que vieron tus ojos, y de las señales y milagros, y de la mano fuerte y brazo extendido con que Jehová tu Dios te sacó: así hará Jehová tu Dios con todos los pueblos de cuya presencia tú temieres.
Tu vestido nunca se envejeció sobre ti, ni el pie se te ha hinchado por estos cuarenta años.
Mas será, si llegares á olvidarte de Jehová tu Dios, y anduvieres en pos de dioses ajenos, y les sirvieres, y á ellos te encorvares, protésto lo hoy contra vosotros, que de cierto pereceréis.
Y dióme Jehová las dos tablas de piedra escritas con el dedo de Dios; y en ellas estaba escrito conforme á todas las palabras que os habló Jehová en el monte de en medio del fuego, el día de la asamblea.
Que guardes los mandamientos de Jehová y sus estatutos, que yo te prescribo hoy, para que hayas bien?
No harás así á Jehová tu Dios; porque todo lo que Jehová aborrece, hicieron ellos á sus dioses; pues aun á sus hijos é hijas quemaban en el fuego á sus dioses.
No comerás con ella leudo; siete días comerás con ella pan por leudar, pan de aflicción, porque apriesa saliste de tierra de Egipto: para que te acuerdes del día en que saliste de la tierra de Egipto todos los días de tu vida.
Sino en el lugar que Jehová tu Dios escogiere para hacer habitar allí su nombre, sacrificarás la pascua por la tarde á puesta del sol, al tiempo que saliste de Egipto:
Y vendrás á los sacerdotes Levitas, y al juez que fuere en aquellos días, y preguntarás; y te enseñarán la sentencia del juicio.
Cuando hubieres entrado en la tierra que Jehová tu Dios te da, y la poseyeres, y habitares en ella, y dijeres: Pondré rey sobre mí, como todas las gentes que están en mis alrededores;
Porque estas gentes que has de heredar, á agoreros y hechiceros oían: mas tú, no así te ha dado Jehová tu Dios.
Y les dirá: Oye, Israel, vosotros os juntáis hoy en batalla contra vuestros enemigos: no se ablande vuestro corazón, no temáis, no os azoréis, ni tampoco os desalentéis delante de ellos;
Cuando un hombre tuviere dos mujeres, la una amada y la otra aborrecida, y la amada y la aborrecida le parieren hijos, y el hijo primogénito fuere de la aborrecida;
Los hijos que nacieren de ellos, á la tercera generación entrarán en la congregación de Jehová.
Cuando entrares en la viña de tu prójimo, comerás uvas hasta saciar tu deseo: mas no pondrás en tu vaso.
Cuando alguno tomare mujer y se casare con ella, si no le agradare por haber hallado en ella alguna cosa torpe, le escribirá carta de repudio, y se la entregará en su mano, y despedirála de su casa.
Los padres no morirán por los hijos, ni los hijos por los padres; cada uno morirá por su pecado.
No torcerás el derecho del peregrino y del huérfano; ni tomarás por prenda la ropa de la viuda:
Y te pondrá cerco en todas tus ciudades, hasta que caigan tus muros altos y encastillados en que tú confías, en toda tu tierra: te cercará, pues, en todas tus ciudades y en toda tu tierra, que Jehová tu Dios te habrá dado.
El hombre tierno en ti, y el muy delicado, su ojo será maligno para con su hermano, y para con la mujer de su seno, y para con el resto de sus hijos que le quedaren;
Y para con su chiquita que sale de entre sus pies, y para con sus hijos que pariere; pues los comerá escondidamente, á falta de todo, en el cerco y en el apuro con que tu enemigo te oprimirá en tus ciudades.
Y habéis visto sus abominaciones, y sus ídolos, madera y piedra, plata y oro, que tienen consigo.
Mira, yo he puesto delante de ti hoy la vida y el bien, la muerte y el mal:
Y Jehová es el que va delante de ti; él será contigo, no te dejará, ni te desamparará; no temas, ni te intimides.
Y como acabó Moisés de escribir las palabras de esta ley en un libro hasta concluirse,
Porque yo conozco tu rebelión, y tu cerviz dura: he aquí que aun viviendo yo hoy con vosotros, sois rebeldes á Jehová; y ¿cuánto más después que yo fuere muerto?
Porque fuego se encenderá en mi furor, y arderá hasta el profundo; y devorará la tierra y sus frutos, y abrasará los fundamentos de los montes.
Llamarán los pueblos al monte; allí sacrificarán sacrificios de justicia: por lo cual chuparán la abundancia de los mares, y los tesoros escondidos de la arena.
Y levantaron sobre él un gran montón de piedras, hasta hoy. Y Jehová se tornó de la ira de su furor. Y por esto fué llamado aquel lugar el Valle de Achôr, hasta hoy.
Y Josué, y todo Israel con él, pasó de Libna á Lachîs, y puso campo contra ella, y combatióla:
De Lachîs pasó Josué, y todo Israel con él, á Eglón: y pusieron campo contra ella, y combatiéronla:
Y volviéndose Josué, y todo Israel con él, sobre Debir, combatióla;
El rey de Simrom-meron, otro: el rey de Achsaph, otro:
Vosotros, pues, delinearéis la tierra en siete partes, y me traeréis la descripción aquí, y yo os echaré las suertes aquí delante de Jehová nuestro Dios.
Levantándose pues aquellos varones, fueron: y mandó Josué á los que iban para delinear la tierra, diciéndoles: Id, recorred la tierra, y delineadla, y tornad á mí, para que yo os eche las suertes aquí delante de Jehová en Silo.
Y fué el término de ellos al lado del norte desde el Jordán: y sube aquel término al lado de Jericó al norte; sube después al monte hacia el occidente, y viene á salir al desierto de Beth-aven:
Y Eltechê, Gibbethón, y Baalath,
Y de la tribu de Rubén, á Beser con sus ejidos, á Jasa con sus ejidos,
Entonces Josué llamó á los Rubenitas y á los Gaditas, y á la media tribu de Manasés,
Sabed que Jehová vuestro Dios no echará más estas gentes delante de vosotros; antes os serán por lazo, y por tropiezo, y por azote para vuestros costados, y por espinas para vuestros ojos, hasta tanto que perezcáis de aquesta buena tierra que Jehová vuestro Dios os ha dado.
Ahora pues, temed á Jehová, y servidle con integridad y en verdad; y quitad de en medio los dioses á los cuales sirvieron vuestros padres de esotra parte del río, y en Egipto; y servid á Jehová.
Y de allí fué á los que habitaban en Debir, que antes se llamaba Chîriath-sepher.
Y cuando la llevaban, persuadióle que pidiese á su padre un campo. Y ella se apeó del asno, y Caleb le dijo: ¿Qué tienes?
También los de la casa de José subieron á Beth-el; y fué Jehová con ellos.
Tampoco Zabulón echó á los que habitaban en Chîtron y á los que habitaban en Naalol; mas el Cananeo habitó en medio de él, y le fueron tributarios.
Y quiso el Amorrheo habitar en el monte de Heres, en Ajalón y en Saalbín; mas como la mano de la casa de José tomó fuerzas, hiciéronlos tributarios.
Y el pueblo había servido á Jehová todo el tiempo de Josué, y todo el tiempo de los ancianos que vivieron largos días después de Josué, los cuales habían visto todas las grandes obras de Jehová, que él había hecho por Israel.
Y juntó Barac á Zabulón y á Nephtalí en Cedes, y subió con diez mil hombres á su mando, y Débora subió con él.
¿Por qué te quedaste entre las majadas, para oir los balidos de los rebaños? De las divisiones de Rubén grandes fueron las disquisiciones del corazón.
El pidió agua, y dióle ella leche; en tazón de nobles le presentó manteca.
Las más avisadas de sus damas le respondían; y aun ella se respondía á sí misma.
Y él respondió: Yo te ruego, que si he hallado gracia delante de ti, me des señal de que tú has hablado conmigo.
Gedeón también envió mensajeros á todo el monte de Ephraim, diciendo: Descended al encuentro de los Madianitas, y tomadles las aguas hasta Beth-bara y el Jordán. Y juntos todos los hombres de Ephraim, tomaron las aguas de Beth-bara y el Jordán.
Como oyeron esto todos los que estaban en la torre de Sichêm, entráronse en la fortaleza del templo del dios Berith.
Y así todo el pueblo cortó también cada uno su rama, y siguieron á Abimelech, y pusiéronlas junto á la fortaleza, y prendieron fuego con ellas á la fortaleza: por manera que todos los de la torre de Sichêm murieron, como unos mil hombres y mujeres.
Entonces Israel envió embajadores al rey de Edom, diciendo: Yo te ruego que me dejes pasar por tu tierra. Mas el rey de Edom no los escuchó. Envió también al rey de Moab; el cual tampoco quiso: quedóse por tanto Israel en Cades.
Ella entonces le respondió: Padre mío, si has abierto tu boca á Jehová, haz de mí como salió de tu boca, pues que Jehová ha hecho venganza en tus enemigos los hijos de Ammón.
Y los hijos de Israel tornaron á hacer lo malo en los ojos de Jehová; y Jehová los entregó en mano de los Filisteos, por cuarenta años.
Y teniendo gran sed, clamó luego á Jehová, y dijo: Tú has dado esta gran salud por mano de tu siervo: ¿y moriré yo ahora de sed, y caeré en mano de los incircuncisos?
Y Michâs consagró al Levita, y aquel joven le servía de sacerdote, y estaba en casa de Michâs.
Y Michâs dijo: Ahora sé que Jehová me hará bien, pues que el Levita es hecho mi sacerdote.
En aquellos días no había rey en Israel. Y en aquellos días la tribu de Dan buscaba posesión para sí donde morase, porque hasta entonces no le había caído suerte entre las tribus de Israel por heredad.
Y como estaban cerca de la casa de Michâs, reconocieron la voz del joven Levita; y llegándose allá, dijéronle: ¿Quién te ha traído por acá? ¿y qué haces aquí? ¿y qué tienes tú por aquí?
Y he aquí un hombre viejo, que á la tarde venía del campo de trabajar; el cual era del monte de Ephraim, y moraba como peregrino en Gabaa, pero los moradores de aquel lugar eran hijos de Benjamín.
Y cuando estaban gozosos, he aquí, que los hombres de aquella ciudad, hombres hijos de Belial, cercan la casa, y batían las puertas, diciendo al hombre viejo dueño de la casa: Saca fuera el hombre que ha entrado en tu casa, para que lo conozcamos.
He aquí que todos vosotros los hijos de Israel estáis presentes; daos aquí parecer y consejo.
Y fueron contados en aquel tiempo los hijos de Benjamín de las ciudades, veintiséis mil hombres que sacaban espada, sin los que moraban en Gabaa, que fueron por cuenta setecientos hombres escogidos.
Y los hijos de Benjamín lo hicieron así; pues tomaron mujeres conforme á su número, pillando de las que danzaban; y yéndose luego, tornáronse á su heredad, y reedificaron las ciudades, y habitaron en ellas.
Y tenía Noemi un pariente de su marido, varón poderoso y de hecho, de la familia de Elimelech, el cual se llamaba Booz.
Y estas son las generaciones de Phares: Phares engendró á Hesrón;
Mas los hijos de Eli eran hombres impíos, y no tenían conocimiento de Jehová.
Y verás competidor en el tabernáculo, en todas las cosas en que hiciere bien á Israel; y en ningún tiempo habrá viejo en tu casa.
Aquel día yo despertaré contra Eli todas las cosas que he dicho sobre su casa. En comenzando, acabaré también.
Así tornó Jehová á aparecer en Silo: porque Jehová se manifestó á Samuel en Silo con palabra de Jehová.
Esforzaos, oh Filisteos, y sed hombres, porque no sirváis á los Hebreos, como ellos os han servido á vosotros: sed hombres, y pelead.
Mas ¿por qué endurecéis vuestro corazón, como los Egipcios y Faraón endurecieron su corazón? Después que los hubo así tratado, ¿no los dejaron que se fuesen, y se fueron?
Y los de Beth-semes segaban el trigo en el valle; y alzando sus ojos vieron el arca, y holgáronse cuando la vieron.
Dijo pues: Este será el derecho del rey que hubiere de reinar sobre vosotros: tomará vuestros hijos, y pondrálos en sus carros, y en su gente de á caballo, para que corran delante de su carro:
Y él le respondió: He aquí ahora hay en esta ciudad un hombre de Dios, que es varón insigne: todas las cosas que él dijere, sin duda vendrán. Vamos pues allá: quizá nos enseñará nuestro camino por donde hayamos de ir.
Y olvidaron á Jehová su Dios, y él los vendió en la mano de Sísara capitán del ejército de Asor, y en la mano de los Filisteos, y en la mano del rey de Moab, los cuales les hicieron guerra.
Esta fué la primera rota, en la cual Jonathán con su paje de armas, mataron como unos veinte hombres en el espacio de una media yugada.
Y Saúl dijo: Echad suerte entre mí y Jonathán mi hijo. Y fué tomado Jonathán.
¿Por qué pues no has oído la voz de Jehová, sino que vuelto al despojo, has hecho lo malo en los ojos de Jehová?
Y Samuel tomó el cuerno del aceite, y ungiólo de entre sus hermanos: y desde aquel día en adelante el espíritu de Jehová tomó á David. Levantóse luego Samuel, y volvióse á Rama.
Y Saúl y ellos y todos lo de Israel, estaban en el valle del Alcornoque, peleando con los Filisteos.
Y David dijo á Ahimelech: ¿No tienes aquí á mano lanza ó espada? porque no tomé en mi mano mi espada ni mis armas, por cuanto el mandamiento del rey era apremiante.
Y díjole Saúl: ¿Por qué habéis conspirado contra mí, tú y el hijo de Isaí, cuando tú le diste pan y espada, y consultaste por él á Dios, para que se levantase contra mí y me acechase, como lo hace hoy día?
Quédate conmigo, no temas: quien buscare mi vida, buscará también la tuya: bien que tú estarás conmigo guardado.
Y yo te ruego que perdones á tu sierva esta ofensa; pues Jehová de cierto hará casa firme á mi señor, por cuanto mi señor hace las guerras de Jehová, y mal no se ha hallado en ti en tus días.
¿Por qué me has engañado? que tú eres Saúl. Y el rey le dijo: No temas: ¿qué has visto? Y la mujer respondió á Saúl: He visto dioses que suben de la tierra.
Entonces David y la gente que con él estaba, alzaron su voz y lloraron, hasta que les faltaron las fuerzas para llorar.
Angustia tengo por ti, hermano mío Jonathán, que me fuiste muy dulce: más maravilloso me fué tu amor, que el amor de las mujeres.
Y habló Abner con los ancianos de Israel, diciendo: Ayer y antes procurabais que David fuese rey sobre vosotros;
Metieron pues el arca de Jehová, y pusiéronla en su lugar en medio de una tienda que David le había tendido: y sacrificó David holocaustos y pacíficos delante de Jehová.
Entonces David respondió á Michâl: Delante de Jehová, que me eligió más bien que á tu padre y á toda su casa, mandándome que fuese príncipe sobre el pueblo de Jehová, sobre Israel, danzaré delante de Jehová.
Dijo el rey al profeta Nathán: Mira ahora, yo moro en edificios de cedro, y el arca de Dios está entre cortinas.
Y será afirmada tu casa y tu reino para siempre delante de tu rostro; y tu trono será estable eternalmente.
Porque tú te has confirmado á tu pueblo Israel por pueblo tuyo para siempre: y tú, oh Jehová, fuiste á ellos por Dios.
Así ha dicho Jehová: He aquí yo levantaré sobre ti el mal de tu misma casa, y tomaré tus mujeres delante de tus ojos, y las daré á tu prójimo, el cual yacerá con tus mujeres á la vista de este sol.
Y Joab peleaba contra Rabba de los hijos de Ammón, y tomó la ciudad real.
Y tenía ella sobre sí una ropa de colores, traje que las hijas vírgenes de los reyes vestían. Echóla pues fuera su criado, y cerró la puerta tras ella.
Y Naciéronle á Absalom tres hijos, y una hija que se llamó Thamar, la cual era hermosa de ver.
Entonces el rey dijo á Siba: He aquí, sea tuyo todo lo que tiene Mephi-boseth. Y respondió Siba inclinándose: Rey señor mío, halle yo gracia delante de ti.
Empero fueron vistos por un mozo, el cual dió cuenta á Absalom: sin embargo los dos se dieron priesa á caminar, y llegaron á casa de un hombre en Bahurim, que tenía un pozo en su patio, dentro del cual se metieron.
Y asentó campo Israel con Absalom en tierra de Galaad.
Y luego vino Cusi, y dijo: Reciba nueva mi señor el rey, que hoy Jehová ha defendido tu causa de la mano de todos los que se habían levantado contra ti.
Vosotros sois mis hermanos; mis huesos y mi carne sois: ¿por qué pues seréis vosotros los postreros en volver al rey?
E hizo llevar de allí los huesos de Saúl y los huesos de Jonathán su hijo; y juntaron también los huesos de los ahorcados.
Y sepultaron los huesos de Saúl y los de su hijo Jonathán en tierra de Benjamín, en Sela, en el sepulcro de Cis su padre; é hicieron todo lo que el rey había mandado. Después se aplacó Dios con la tierra.
Samma de Arar, Ahiam hijo de Sarar de Arar.
Y Joab respondió al rey: Añada Jehová tu Dios al pueblo cien veces tanto como son, y que lo vea mi señor el rey; mas ¿para qué quiere esto mi señor el rey?
Entonces el rey David respondió, y dijo: Llamadme á Bath-sheba. Y ella entró á la presencia del rey, y púsose delante del rey.
Y vino Bath-sheba al rey Salomón para hablarle por Adonía. Y el rey se levantó á recibirla, é inclinóse á ella, y volvió á sentarse en su trono, é hizo poner una silla á la madre del rey, la cual se sentó á su diestra.
Y á Abiathar sacerdote dijo el rey: Vete á Anathoth á tus heredades, que tú eres digno de muerte; mas no te mataré hoy, por cuanto has llevado el arca del Señor Jehová delante de David mi padre, y además has sido trabajado en todas las cosas en que fué trabajado mi padre.
Y como Hiram oyó las palabras de Salomón, holgóse en gran manera, y dijo: Bendito sea hoy Jehová, que dió hijo sabio á David sobre este pueblo tan grande.
Así que, Salomón labró la casa, y acabóla.
Tenían también los capiteles de sobre las dos columnas, doscientas granadas en dos órdenes alrededor en cada capitel, encima del vientre del capitel, el cual vientre estaba delante del enredado.
Toda oración y toda súplica que hiciere cualquier hombre, ó todo tu pueblo Israel, cuando cualquiera sintiere la plaga de su corazón, y extendiere sus manos á esta casa;
Y si tú anduvieres delante de mí, como anduvo David tu padre, en integridad de corazón y en equidad, haciendo todas las cosas que yo te he mandado, y guardando mis estatutos y mis derechos,
Mas si obstinadamente os apartareis de mí vosotros y vuestros hijos, y no guardareis mis mandamientos y mis estatutos que yo he puesto delante de vosotros, sino que fuereis y sirviereis á dioses ajenos, y los adorareis;
Y dijo: ¿Qué ciudades son estas que me has dado, hermano? Y púsoles por nombre, la tierra de Cabul, hasta hoy.
Mas yo no lo creía, hasta que he venido, y mis ojos han visto, que ni aun la mitad fué lo que se me dijo: es mayor tu sabiduría y bien que la fama que yo había oído.
Aconteció pues en aquel tiempo, que saliendo Jeroboam de Jerusalem, topóle en el camino el profeta Ahías Silonita; y él estaba cubierto con una capa nueva; y estaban ellos dos solos en el campo.
Por todos los pecados de Baasa, y los pecados de Ela su hijo, con que ellos pecaron é hicieron pecar á Israel, provocando á enojo á Jehová Dios de Israel con sus vanidades.
Y Elías tornó á decir al pueblo: Sólo yo he quedado profeta de Jehová; mas de los profetas de Baal hay cuatrocientos y cincuenta hombres.
Y echándose debajo del enebro, quedóse dormido: y he aquí luego un ángel que le tocó, y le dijo: Levántate, come.
Y será, que el que escapare del cuchillo de Hazael, Jehú lo matará; y el que escapare del cuchillo de Jehú, Eliseo lo matará.
Entonces dejando él los bueyes, vino corriendo en pos de Elías, y dijo: Ruégote que me dejes besar mi padre y mi madre, y luego te seguiré. Y él le dijo: Ve, vuelve: ¿qué te he hecho yo?
Los demás huyeron á Aphec, á la ciudad: y el muro cayó sobre veinte y siete mil hombres que habían quedado. También Ben-adad vino huyendo á la ciudad, y escondíase de cámara en cámara.
Y viéndole los hijos de los profetas que estaban en Jericó de la otra parte, dijeron: El espíritu de Elías reposó sobre Eliseo. Y viniéronle á recibir, é inclináronse á él hasta la tierra.
Y saliendo él á los manaderos de las aguas, echó dentro la sal, y dijo: Así ha dicho Jehová: Yo sané estas aguas, y no habrá más en ellas muerte ni enfermedad.
Entonces Eliseo dijo al rey de Israel: ¿Qué tengo yo contigo? Ve á los profetas de tu padre, y á los profetas de tu madre. Y el rey de Israel le respondió: No: porque ha juntado Jehová estos tres reyes para entregarlos en manos de los Moabitas.
Entonces dijo á Giezi su criado: Llama á esta Sunamita. Y como él la llamó, pareció ella delante de él.
Entonces llamó él á Giezi, y díjole: Llama á esta Sunamita. Y él la llamó. Y entrando ella, él le dijo: Toma tu hijo.
El entonces descendió, y zambullóse siete veces en el Jordán, conforme á la palabra del varón de Dios: y su carne se volvió como la carne de un niño, y fué limpio.
Y el varón de Dios envió á decir al rey de Israel: Mira que no pases por tal lugar, porque los Siros van allí.
Tomaron pues dos caballos de un carro, y envió el rey tras el campo de los Siros, diciendo: Id, y ved.
Fué pues el mozo, el mozo del profeta, á Ramoth de Galaad.
Que yo he visto ayer las sangres de Naboth, y las sangres de sus hijos, dijo Jehová; y tengo de darte la paga en esta heredad, dijo Jehová. Tómalo pues ahora, y échalo en la heredad, conforme á la palabra de Jehová.
Y entró Jehú con Jonadab hijo de Rechâb en el templo de Baal, y dijo á los siervos de Baal: Mirad y ved que por dicha no haya aquí entre vosotros alguno de los siervos de Jehová, sino solos los siervos de Baal.
Con todo eso Jehú no se apartó de los pecados de Jeroboam hijo de Nabat, que hizo pecar á Israel; á saber, de en pos de los becerros de oro que estaban en Beth-el y en Dan.
Mas Jehú no cuidó de andar en la ley de Jehová Dios de Israel con todo su corazón, ni se apartó de los pecados de Jeroboam, el que había hecho pecar á Israel.
Lo demás de los hechos de Jehú, y todas las cosas que hizo, y toda su valentía, ¿no está escrito en el libro de las crónicas de los reyes de Israel?
Pero tomando Josaba hija del rey Joram, hermana de Ochôzías, á Joas hijo de Ochôzías, sacólo furtivamente de entre los hijos del rey, que se mataban, y ocultólo de delante de Athalía, á él y á su ama, en la cámara de las camas, y así no lo mataron.
Pues Josachâr hijo de Simaath, y Jozabad hijo de Somer, sus siervos, hiriéronle, y murió. Y sepultáronlo con sus padres en la ciudad de David, y reinó en su lugar Amasías su hijo.
Mas no mató á los hijos de los que le mataron, conforme á lo que está escrito en el libro de la ley de Moisés, donde Jehová mandó, diciendo: No matarán á los padres por los hijos, ni á los hijos por los padres: mas cada uno morirá por su pecado.
E impuso Manahem este dinero sobre Israel, sobre todos los poderosos y opulentos: de cada uno cincuenta siclos de plata, para dar al rey de Asiria, y el rey de Asiria se volvió, y no se detuvo allí en la tierra.
Asimismo sacrificó, y quemó perfumes en los altos, y sobre los collados, y debajo de todo árbol umbroso.
Contra éste subió Salmanasar rey de los Asirios; y Oseas fué hecho su siervo, y pagábale tributo.
Hirió también á los Filisteos hasta Gaza y sus términos, desde las torres de las atalayas hasta la ciudad fortalecida.
Y el rey de Asiria traspuso á Israel á Asiria, y púsolos en Hala, y en Habor, junto al río de Gozán, y en las ciudades de los Medos:
No oigáis á Ezechîas, porque así dice el rey de Asiria: Haced conmigo paz, y salid á mí, y cada uno comerá de su vid, y de su higuera, y cada uno beberá las aguas de su pozo;
Entonces Eliacim hijo de Hilcías, que era mayordomo, y Sebna el escriba, y Joah hijo de Asaph, canciller, vinieron á Ezechîas, rotos sus vestidos, y recitáronle las palabras de Rabsaces.
Vinieron pues los siervos del rey Ezechîas á Isaías.
Y Ezechîas respondió: Fácil cosa es que la sombra decline diez grados: pero, que la sombra vuelva atrás diez grados.
Y estuvo la ciudad cercada hasta el undécimo año del rey Sedecías.
Y Segub engendró á Jair, el cual tuvo veintitrés ciudades en la tierra de Galaad.
Los hijos de Caleb hermano de Jerameel fueron Mesa su primogénito, que fué el padre de Ziph; y los hijos de Maresa padre de Hebrón.
Y Sema engendró á Raham, padre de Jorcaam; y Recem engendró á Sammai.
Y los hijos de Sobal padre de Chîriath-jearim fueron Haroeh, la mitad de los Manahethitas.
Y los hijos de Josías: Johanán su primogénito, el segundo Joacim, el tercero Sedecías, el cuarto Sallum.
Los hijos de Elioenai fueron estos siete: Odavias, Eliasib, Palaías, Accub, Johanán, Dalaías, y Anani.
Los hijos de Misma: Hamuel su hijo, Zachûr su hijo, y Simi su hijo.
Los hijos de Amram: Aarón, Moisés, y Mariam. Los hijos de Aarón: Nadab, Abiú, Eleazar, é Ithamar.
Y Uzzi engendró á Zeraías, y Zeraías engendró á Meraioth;
Y á los hijos de Merari que habían quedado, dieron de la tribu de Zabulón á Rimmono con sus ejidos, y á Thabor con sus ejidos;
Hijo de Ulam fué Bedán. Estos fueron los hijos de Galaad, hijo de Machîr, hijo de Manasés.
Noha el cuarto, y Rapha el quinto.
Zebadías, Arad, Heder;
Y Micloth engendró á Simea. Estos también habitaron con sus hermanos en Jerusalem, enfrente de ellos.
Y los moradores de Jebus dijeron á David: No entrarás acá. Mas David tomó la fortaleza de Sión, que es la ciudad de David.
Hesro Carmelita, Nahari hijo de Ezbai;
Ibhar, Elisua, Eliphelet,
De los hijos de Uzziel, Aminadab el principal, y sus hermanos, ciento y doce.
David pues y los ancianos de Israel, y los capitanes de millares, fueron á traer el arca del pacto de Jehová, de casa de Obed-edom, con alegría.
Buscad á Jehová y su fortaleza; buscad su rostro continuamente.
He aquí, un hijo te nacerá, el cual será varón de reposo, porque yo le daré quietud de todos sus enemigos en derredor; por tanto su nombre será Salomón; y yo daré paz y reposo sobre Israel en sus días:
Y murió Eleazar sin hijos, mas tuvo hijas; y los hijos de Cis, sus hermanos, las tomaron por mujeres.
Y para que tuviesen la guarda del tabernáculo del testimonio, y la guarda del santuario, y las órdenes de los hijos de Aarón sus hermanos, en el ministerio de la casa de Jehová.
Y Semeías escriba, hijo de Nathanael, de los Levitas, escribiólos delante del rey y de los príncipes, y delante de Sadoc el sacerdote, y de Ahimelech hijo de Abiathar, y de los príncipes de las familias de los sacerdotes y Levitas: y adscribían una familia á Eleazar, y á Ithamar otra.
La nona por Jesua, la décima por Sechânía;
De los hijos de Asaph: Zachûr, José, Methanías, y Asareela, hijos de Asaph, bajo la dirección de Asaph, el cual profetizaba á la orden del rey.
Los hijos de Jehieli, Zethán y Joel su hermano, tuvieron cargo de los tesoros de la casa de Jehová.
Acerca de los Amramitas, de los Isharitas, de los Hebronitas, y de los Uzzielitas,
He aquí los órdenes de los sacerdotes y de los Levitas, para todo el ministerio de la casa de Dios, serán contigo en toda la obra: asimismo todos los voluntarios é inteligentes para cualquiera especie de industria; y los príncipes, y todo el pueblo para ejecutar todas tus órdenes.
Y volvió Salomón á Jerusalem del alto que estaba en Gabaón, de ante el tabernáculo del testimonio; y reinó sobre Israel.
Determinó pues Salomón edificar casa al nombre de Jehová, y otra casa para su reino.
Y el peso de los clavos tuvo cincuenta siclos de oro. Cubrió también de oro las salas.
El largo de las alas de los querubines era de veinte codos: porque la una ala era de cinco codos: la cual llegaba hasta la pared de la casa; y la otra ala de cinco codos, la cual llegaba al ala del otro querubín.
Hizo asimismo diez candeleros de oro según su forma, los cuales puso en el templo, cinco á la derecha, y cinco á la izquierda.
Y fundiólos el rey en los llanos del Jordán, en tierra arcillosa, entre Suchôt y Seredat.
También los platillos, y las jofainas, y las cucharas, y los incensarios, de oro puro. Cuanto á la entrada de la casa, sus puertas interiores para el lugar santísimo, y las puertas de la casa del templo, de oro.
Y Jehová ha cumplido su palabra que había dicho; pues levantéme yo en lugar de David mi padre, y heme sentado en el trono de Israel, como Jehová había dicho, y he edificado casa al nombre de Jehová Dios de Israel.
Jehová Dios de Israel, no hay Dios semejante á ti en el cielo ni en la tierra, que guardas el pacto y la misericordia á tus siervos que caminan delante de ti de todo su corazón;
Y también al extranjero que no fuere de tu pueblo Israel, que hubiere venido de lejanas tierras á causa de tu grande nombre, y de tu mano fuerte, y de tu brazo extendido, si vinieren, y oraren en esta casa,
Si se convirtieren á ti de todo su corazón y de toda su alma en la tierra de su cautividad, donde los hubieren llevado cautivos, y oraren hacia su tierra que tú diste á sus padres, hacia la ciudad que tu elegiste, y hacia la casa que he edificado á tu nombre;
Oh Jehová Dios, levántate ahora para habitar en tu reposo, tú y el arca de tu fortaleza; sean, oh Jehová Dios, vestidos de salud tus sacerdotes, y gocen de bien tus santos.
Pues que ahora he elegido y santificado esta casa, para que esté en ella mi nombre para siempre; y mis ojos y mi corazón estarán ahí para siempre.
Mas si vosotros os volviereis, y dejareis mis estatutos y mis preceptos que os he propuesto, y fuereis y sirviereis á dioses ajenos, y los adorareis,
Asimismo trescientos escudos de oro batido, teniendo cada escudo trescientos siclos de oro: y púsolos el rey en la casa del bosque del Líbano.
Muchos días ha estado Israel sin verdadero Dios y sin sacerdote, y sin enseñador y sin ley:
Al tercer año de su reinado envió sus príncipes Ben-hail, Obdías, Zachârías, Nathaniel y Michêas, para que enseñasen en las ciudades de Judá;
Mas Josaphat dijo: ¿Hay aún aquí algún profeta de Jehová, para que por él preguntemos?
Había el rey de Siria mandado á los capitanes de los carros que tenía consigo, diciendo: No peleéis con chico ni con grande, sino sólo con el rey de Israel.
Empero se han hallado en ti buenas cosas, porque cortaste de la tierra los bosques, y has apercibido tu corazón á buscar á Dios.
Si mal viniere sobre nosotros, ó espada de castigo, ó pestilencia, ó hambre, presentarnos hemos delante de esta casa, y delante de ti, (porque tu nombre está en esta casa,) y de nuestras tribulaciones clamaremos á ti, y tú nos oirás y salvarás.
Y todo Judá estaba en pie delante de Jehová, con sus niños, y sus mujeres, y sus hijos.
Así reinó Josaphat sobre Judá: de treinta y cinco años era cuando comenzó á reinar, y reinó veinte y cinco años en Jerusalem. El nombre de su madre fué Azuba, hija de Silhi.
Y ninguno entre en la casa de Jehová, sino los sacerdotes y Levitas que sirven: éstos entrarán, porque están consagrados; y todo el pueblo hará la guardia de Jehová.
Y puso en orden á todo el pueblo, teniendo cada uno su espada en la mano, desde el rincón derecho del templo hasta el izquierdo, hacia el altar y la casa, en derredor del rey por todas partes.
Por lo cual el rey llamó á Joiada el principal, y díjole: ¿Por qué no has procurado que los Levitas traigan de Judá y de Jerusalem al tabernáculo del testimonio, la ofrenda que impuso Moisés siervo de Jehová, y de la congregación de Israel?
Y como venía el tiempo para llevar el arca al magistrado del rey por mano de los Levitas, cuando veían que había mucho dinero, venía el escriba del rey, y el que estaba puesto por el sumo sacerdote, y llevaban el arca, y vaciábanla, y volvíanla á su lugar: y así lo hacían de día en día, y recogían mucho dinero;
El cual daba el rey y Joiada á los que hacían la obra del servicio de la casa de Jehová, y tomaban canteros y oficiales que reparasen la casa de Jehová, y herreros y metalarios para componer la casa de Jehová.
Asimismo edificó torres en el desierto, y abrió muchas cisternas: porque tuvo muchos ganados, así en los valles como en las vegas; y viñas, y labranzas, así en los montes como en los llanos fértiles; porque era amigo de la agricultura.
Por lo cual Jehová su Dios lo entregó en manos del rey de los Siros, los cuales le derrotaron, y cogieron de él una grande presa, que llevaron á Damasco. Fué también entregado en manos del rey de Israel, el cual lo batió con gran mortandad.
Porque Jehová había humillado á Judá por causa de Achâz rey de Israel: por cuanto él había desnudado á Judá, y rebeládose gravemente contra Jehová.
Porque sacrificó á los dioses de Damasco que le habían herido, y dijo: Pues que los dioses de los reyes de Siria les ayudan, yo también sacrificaré á ellos para que me ayuden; bien que fueron éstos su ruina, y la de todo Israel.
Y aun cerraron las puertas del pórtico, y apagaron las lámparas; no quemaron perfume, ni sacrificaron holocausto en el santuario al Dios de Israel.
Y entrando los sacerdotes dentro de la casa de Jehová para limpiarla, sacaron toda la inmundicia que hallaron en el templo de Jehová, al atrio de la casa de Jehová; la cual tomaron los Levitas, para sacarla fuera al torrente de Cedrón.
Entonces mandó Ezechîas que preparasen cámaras en la casa de Jehová; y preparáronlas.
Después de esto Sennachêrib rey de los Asirios, estando él sobre Lachîs y con él toda su potencia, envió sus siervos á Jerusalem, para decir á Ezechîas rey de Judá, y á todos los de Judá que estaban en Jerusalem:
Apercibíos según las familias de vuestros padres, por vuestros órdenes, conforme á la prescripción de David rey de Israel, y de Salomón su hijo.
Sacrificad luego la pascua: y después de santificaros, apercibid á vuestros hermanos, para que hagan conforme á la palabra de Jehová dada por mano de Moisés.
Y él le envió embajadores, diciendo: ¿Qué tenemos yo y tú, rey de Judá? Yo no vengo contra ti hoy, sino contra la casa que me hace guerra: y Dios dijo que me apresurase. Déjate de meterte con Dios, que es conmigo, no te destruya.
A la vuelta del año el rey Nabucodonosor envió, é hízolo llevar á Babilonia juntamente con los vasos preciosos de la casa de Jehová; y constituyó á Sedecías su hermano por rey sobre Judá y Jerusalem.
Los Nethineos: los hijos de Siha, los hijos de Hasupha, los hijos de Thabaoth,
Los hijos de Lebana, los hijos de Hagaba, los hijos de Accub;
Los hijos de Delaía, los hijos de Tobías, los hijos de Necoda, seiscientos cincuenta y dos.
Y díjoles Zorobabel, y Jesuá, y los demás cabezas de los padres de Israel: No nos conviene edificar con vosotros casa á nuestro Dios, sino que nosotros solos la edificaremos á Jehová Dios de Israel, como nos mandó el rey Ciro, rey de Persia.
Y los ancianos de los Judíos edificaban y prosperaban, conforme á la profecía de Haggeo profeta, y de Zacarías hijo de Iddo. Edificaron pues, y acabaron, por el mandamiento del Dios de Israel, y por el mandamiento de Ciro, y de Darío, y de Artajerjes rey de Persia.
Y esta casa fué acabada al tercer día del mes de Adar, que era el sexto año del reinado del rey Darío.
Y trajéronnos, según la buena mano de nuestro Dios sobre nosotros, un varón entendido de los hijos de Mahalí, hijo de Leví, hijo de Israel; y á Serabías con sus hijos y sus hermanos, dieciocho;
Y que el que no viniera dentro de tres días, conforme al acuerdo de los príncipes y de los ancianos, perdiese toda su hacienda, y él fuese apartado de la compañía de los de la transmigración.
Y vine luego á los gobernadores de la otra parte del río, y les dí las cartas del rey. Y el rey envió conmigo capitanes del ejército y gente de á caballo.
Los varones de Rama y de Gebaa, seiscientos veintiuno;
Y habitaron los sacerdotes y los Levitas, y los porteros, y los cantores, y los del pueblo, y los Nethineos, y todo Israel, en sus ciudades. Y venido el mes séptimo, los hijos de Israel estaban en sus ciudades.
Y diste señales y maravillas en Faraón, y en todos sus siervos, y en todo el pueblo de su tierra; porque sabías que habían hecho soberbiamente contra ellos; é hicístete nombre grande, como este día.
Y se multiplica su fruto para los reyes que has puesto sobre nosotros por nuestros pecados, quienes se enseñorean sobre nuestros cuerpos, y sobre nuestras bestias, conforme á su voluntad, y estamos en grande angustia.
Pashur, Amarías, Malchías,
Hattus, Sebanías, Malluch,
Zachû, Serebías, Sebanías,
Asimismo los primogénitos de nuestros hijos y de nuestras bestias, como está escrito en la ley; y que traeríamos los primogénitos de nuestras vacas y de nuestras ovejas á la casa de nuestro Dios, á los sacerdotes que ministran en la casa de nuestro Dios:
Y en los días de Joiacim los sacerdotes cabezas de familias fueron: de Seraías, Meraías; de Jeremías, Hananías;
De Melichâ, Jonathán; de Sebanías, Joseph;
Y sus hermanos Semaías, y Azarael, Milalai, Gilalai, Maai, Nathanael, Judá y Hanani, con los instrumentos músicos de David varón de Dios; y Esdras escriba, delante de ellos.
Y en aquel día fueron puestos varones sobre las cámaras de los tesoros, de las ofrendas, de las primicias, y de los diezmos, para juntar en ellas, de los campos de las ciudades, las porciones legales para los sacerdotes y Levitas: porque era grande el gozo de Judá con respecto á los sacerdotes y Levitas que asistían.
Que trajesen á la reina Vasthi delante del rey con la corona regia, para mostrar á los pueblos y á los príncipes su hermosura; porque era linda de aspecto.
Y entonces dirán esto las señoras de Persia y de Media que oyeren el hecho de la reina, á todos los príncipes del rey: y habrá mucho menosprecio y enojo.
Los Judíos se juntaron en sus ciudades en todas las provincias del rey Assuero, para meter mano sobre los que habían procurado su mal: y nadie se puso delante de ellos, porque el temor de ellos había caído sobre todos los pueblos.
Diez hijos de Amán hijo de Amadatha, enemigo de los Judíos: mas en la presa no metieron su mano.
En todo esto no pecó Job, ni atribuyó á Dios despropósito alguno.
Y tomaba una teja para rascarse con ella, y estaba sentado en medio de ceniza.
Que pone los humildes en altura, y los enlutados son levantados á salud:
¿Comeráse lo desabrido sin sal? ¿ó habrá gusto en la clara del huevo?
He aquí, Dios no aborrece al perfecto, ni toma la mano de los malignos.
No hay entre nosotros árbitro que ponga su mano sobre nosotros ambos.
¿Tienes tú ojos de carne? ¿ves tú como ve el hombre?
Ciertamente que vosotros sois el pueblo; y con vosotros morirá la sabiduría.
O habla á la tierra, que ella te enseñará; los peces de la mar te lo declararán también.
Para siempre serás más fuerte que él, y él se va; demudarás su rostro, y enviaráslo.
Su fuerza será hambrienta, y á su lado estará aparejado quebrantamiento.
¡Quién diese ahora que mis palabras fuesen escritas! ¡quién diese que se escribieran en un libro!
Igualmente yacerán ellos en el polvo, y gusanos los cubrirán.
El libertará la isla del inocente; y por la limpieza de tus manos será librada.
Si al norte él obrare, yo no lo veré; al mediodía se esconderá, y no lo veré.
¿A quién has anunciado palabras, y cúyo es el espíritu que de ti sale?
Yo os enseñaré en orden á la mano de Dios: no esconderé lo que hay para con el Omnipotente.
No conoce su valor el hombre, ni se halla en la tierra de los vivientes.
Los mozos me veían, y se escondían; y los viejos se levantaban, y estaban en pie;
Bramaban entre las matas, y se reunían debajo de las espinas.
Hanse revuelto turbaciones sobre mí; combatieron como viento mi alma, y mi salud pasó como nube.
Derribóme en el lodo, y soy semejante al polvo y á la ceniza.
Denegrido ando, y no por el sol: levantádome he en la congregación, y clamado.
Cuando mis domésticos decían: ¡Quién nos diese de su carne! nunca nos hartaríamos.
El espíritu de Dios me hizo, y la inspiración del Omnipotente me dió vida.
Que si tuvieres razones, respóndeme: habla, porque yo te quiero justificar.
Porque él pagará al hombre según su obra, y él le hará hallar conforme á su camino.
Allí clamarán, y él no oirá, por la soberbia de los malos.
Las cuales destilan las nubes, goteando en abundancia sobre los hombres.
¿Sacarás tú á su tiempo los signos de los cielos, ó guiarás el Arcturo con sus hijos?
El uno se junta con el otro, que viento no entra entre ellos.
Oye, te ruego, y hablaré: te preguntaré, y tú me enseñarás.
Jehová ha oído mi ruego; ha recibido Jehová mi oración.
Asimismo ha aparejado para él armas de muerte; ha labrado sus saetas para los que persiguen.
Acecha en oculto, como el león desde su cama: acecha para arrebatar al pobre: arrebata al pobre trayéndolo á su red.
Jehová es la porción de mi parte y de mi copa; tú sustentarás mi suerte.
Y tronó en los cielos Jehová, y el Altísimo dió su voz; granizo y carbones de fuego.
Mira mis enemigos, que se han multiplicado, y con odio violento me aborrecen.
Todos mis huesos dirán: Jehová, ¿quién como tú, que libras al afligido del más fuerte que él, y al pobre y menesteroso del que le despoja?
Al Músico principal: Salmo de David, siervo del Señor. La iniquidad del impío me dice al corazón: No hay temor de Dios delante de sus ojos.
Las palabras de su boca son iniquidad y fraude; no quiso entender para bien hacer.
Calla á Jehová, y espera en él: no te alteres con motivo del que prospera en su camino, por el hombre que hace maldades.
En todo tiempo tiene misericordia, y presta; y su simiente es para bendición.
Vi yo al impío sumamente ensalzado, y que se extendía como un laurel verde.
He aquí diste á mis días término corto, y mi edad es como nada delante de ti: ciertamente es completa vanidad todo hombre que vive. (Selah.)
Diré á Dios: Roca mía, ¿por qué te has olvidado de mí? ¿Por qué andaré yo enlutado por la opresión del enemigo?
Por medio de ti sacudiremos á nuestros enemigos: en tu nombre atropellaremos á nuestros adversarios.
Nos hiciste retroceder del enemigo, y saqueáron nos para sí los que nos aborrecían.
De Sión, perfección de hermosura, ha Dios resplandecido.
Dios oirá, y los quebrantará luego, el que desde la antigüedad permanece (Selah); por cuanto no se mudan, ni temen á Dios.
Sobre mí, oh Dios, están tus votos: te tributaré alabanzas.
Clamaré al Dios Altísimo, al Dios que me favorece.
Porque grande es hasta los cielos tu misericordia, y hasta las nubes tu verdad.
Danos socorro contra el enemigo, que vana es la salud de los hombres.
Al Músico principal: á Jeduthún: Salmo de David. En Dios solamente está acallada mi alma: de él viene mi salud.
Venid, y ved las obras de Dios, terrible en hechos sobre los hijos de los hombres.
Que pronunciaron mis labios, y habló mi boca, cuando angustiado estaba.
Holocaustos de cebados te ofreceré, con perfume de carneros: sacrificaré bueyes y machos cabríos. (Selah.)
Si en mi corazón hubiese yo mirado á la iniquidad, el Señor no me oyera.
La tierra dará su fruto: nos bendecirá Dios, el Dios nuestro.
Allí estaba el joven Benjamín señoreador de ellos, los príncipes de Judá en su congregación, los príncipes de Zabulón, los príncipes de Nephtalí.
Pusiéronme además hiel por comida, y en mi sed me dieron á beber vinagre.
Sean oscurecidos sus ojos para ver, y haz siempre titubear sus lomos.
Diciendo: Dios lo ha dejado: perseguid y tomadle, porque no hay quien le libre.
Porque no hay ataduras para su muerte; antes su fortaleza está entera.
Cualquiera se hacía famoso según que había levantado el hacha sobre los gruesos maderos.
Dijeron en su corazón: Destruyámoslos de una vez; han quemado todas las sinagogas de Dios en la tierra.
Salmo de Asaph. Oh Dios, vinieron las gentes á tu heredad; el templo de tu santidad han contaminado; pusieron á Jerusalem en montones.
Dieron los cuerpos de tus siervos por comida á las aves de los cielos; la carne de tus santos á las bestias de la tierra.
Oh Dios de los ejércitos, vuelve ahora: mira desde el cielo, y considera, y visita esta viña,
Oye, pueblo mío, y te protestaré. Israel, si me oyeres,
Yo soy Jehová tu Dios, que te hice subir de la tierra de Egipto: ensancha tu boca, y henchirla he.
Gebal, y Ammón, y Amalec; los Filisteos con los habitadores de Tiro.
Yo me acordaré de Rahab y de Babilonia entre los que me conocen: he aquí Palestina, y Tiro, con Etiopía: éste nació allá.
Señor, ¿dónde están tus antiguas misericordias, que juraste á David por tu verdad?
Alégranos conforme á los días que nos afligiste, y los años que vimos mal.
Ciertamente con tus ojos mirarás, y verás la recompensa de los impíos.
Saciarélo de larga vida, y mostraréle mi salud.
Por las mañanas cortaré á todos los impíos de la tierra; para extirpar de la ciudad de Jehová á todos los que obraren iniquidad.
Mas tú eres el mismo, y tus años no se acabarán.
Que pasó el viento por ella, y pereció: y su lugar no la conoce más.
Envías tu espíritu, críanse: y renuevas la haz de la tierra.
Acordóse para siempre de su alianza; de la palabra que mandó para mil generaciones,
Apresuráronse, olvidáronse de sus obras; no esperaron en su consejo.
Alabad á Jehová, porque es bueno; porque para siempre es su misericordia.
Anduvieron perdidos por el desierto, por la soledad sin camino, no hallando ciudad de población.
Mío es Galaad, mío es Manasés; y Ephraim es la fortaleza de mi cabeza; Judá es mi legislador;
Y pusieron contra mí mal por bien, y odio por amor.
Porque él se pondrá á la diestra del pobre, para librar su alma de los que le juzgan.
Por lo cual no resbalará para siempre: en memoria eterna será el justo.
¿Quién como Jehová nuestro Dios, que ha enaltecido su habitación,
Manos tienen, mas no palparán; tienen pies, mas no andarán; no hablarán con su garganta.
Entonces no sería yo avergonzado, cuando atendiese á todos tus mandamientos.
Destruiste á los soberbios malditos, que se desvían de tus mandamientos.
Nunca jamás me olvidaré de tus mandamientos; porque con ellos me has vivificado.
Juré y ratifiqué el guardar los juicios de tu justicia.
Mis ojos desfallecieron por tu salud, y por el dicho de tu justicia.
Justicia eterna son tus testimonios; dame entendimiento, y viviré.
COPH. Clamé con todo mi corazón; respóndeme, Jehová, y guardaré tus estatutos.
Guardado he tus mandamientos y tus testimonios; porque todos mis caminos están delante de ti.
Mucho se detiene mi alma con los que aborrecen la paz.
Haya paz en tu antemuro, y descanso en tus palacios.
Entonces nos habrían inundado las aguas; sobre nuestra alma hubiera pasado el torrente:
Cántico gradual: para Salomón. Si Jehová no edificare la casa, en vano trabajan los que la edifican: si Jehová no guardare la ciudad, en vano vela la guarda.
He aquí que así será bendito el hombre que teme á Jehová.
Levántate, oh Jehová, á tu reposo; tú y el arca de tu fortaleza.
Y arrojó á Faraón y á su ejército en el mar Bermejo, porque para siempre es su misericordia.
Mi lengua se pegue á mi paladar, si de ti no me acordare; si no ensalzare á Jerusalem como preferente asunto de mi alegría.
Porque tú poseiste mis riñones; cubrísteme en el vientre de mi madre.
Tu reino es reino de todos los siglos, y tu señorío en toda generación y generación.
El da la nieve como lana, derrama la escarcha como ceniza.
Ensalzamientos de Dios modularán en sus gargantas, y espadas de dos filos habrá en sus manos;
¿Hasta cuándo, oh simples, amaréis la simpleza, y los burladores desearán el burlar, y los insensatos aborrecerán la ciencia?
Cuyas veredas son torcidas, y torcidos sus caminos.
Y serán llenas tus trojes con abundancia, y tus lagares rebosarán de mosto.
Jehová con sabiduría fundó la tierra; afirmó los cielos con inteligencia.
Cuando anduvieres no se estrecharán tus pasos; y si corrieres, no tropezarás.
Porque no des á los extraños tu honor, y tus años á cruel;
La cual no teniendo capitán, ni gobernador, ni señor,
No tienen en poco al ladrón, cuando hurtare para saciar su alma teniendo hambre:
Porque mirando yo por la ventana de mi casa, por mi celosía,
Y he aquí, una mujer que le sale al encuentro con atavío de ramera, astuta de corazón,
Unas veces de fuera, ó bien por las plazas, acechando por todas las esquinas.
El que guiña del ojo acarrea tristeza; y el loco de labios será castigado.
El que encubre el odio es de labios mentirosos; y el que echa mala fama es necio.
Lo que el impío teme, eso le vendrá: mas á los justos les será dado lo que desean.
Con ansiedad será afligido el que fiare al extraño: mas el que aborreciere las fianzas vivirá confiado.
El justo hace ventaja á su prójimo: mas el camino de los impíos les hace errar.
En el camino de la justicia está la vida; y la senda de su vereda no es muerte.
La blanda respuesta quita la ira: mas la palabra áspera hace subir el furor.
Todos los días del afligido son trabajosos: mas el de corazón contento tiene un convite continuo.
Detiene sus dichos el que tiene sabiduría: de prudente espíritu es el hombre entendido.
Según su antojo busca el que se desvía, y se entremete en todo negocio.
La boca del necio es quebrantamiento para sí, y sus labios son lazos para su alma.
Quítale su ropa al que salió por fiador del extraño; y tómale prenda al que fía la extraña.
El que maldice á su padre ó á su madre, su lámpara será apagada en oscuridad tenebrosa.
Como los repartimientos de las aguas, así está el corazón del rey en la mano de Jehová: á todo lo que quiere lo inclina.
Considera el justo la casa del impío: cómo los impíos son trastornados por el mal.
De más estima es la buena fama que las muchas riquezas; y la buena gracia más que la plata y el oro.
Tú lo herirás con vara, y librarás su alma del infierno.
Hijo mío, si tu corazón fuere sabio, también á mí se me alegrará el corazón;
No mires al vino cuando rojea, cuando resplandece su color en el vaso: éntrase suavemente;
Y yo miré, y púselo en mi corazón: vilo, y tomé consejo.
Quita las escorias de la plata, y saldrá vaso al fundidor.
El que labra su tierra, se hartará de pan: mas el que sigue los ociosos, se hartará de pobreza.
Los hombres sanguinarios aborrecen al perfecto: mas los rectos buscan su contentamiento.
El rey que juzga con verdad á los pobres, su trono será firme para siempre.
Vanidad y palabra mentirosa aparta de mí. No me des pobreza ni riquezas; manténme del pan que he menester;
Ciertamente el que exprime la leche, sacará manteca; y el que recio se suena las narices, sacará sangre: y el que provoca la ira, causará contienda.
Hay vanidad que se hace sobre la tierra: que hay justos á quienes sucede como si hicieran obras de impíos; y hay impíos á quienes acaece como si hicieran obras de justos. Digo que esto también es vanidad.
Una pequeña ciudad, y pocos hombres en ella; y viene contra ella un gran rey, y cércala, y edifica contra ella grandes baluartes:
Por el olor de tus suaves ungüentos, (ungüento derramado es tu nombre,) por eso las doncellas te amaron.
A yegua de los carros de Faraón te he comparado, amiga mía.
Zarcillos de oro te haremos, con clavos de plata.
Como panal de miel destilan tus labios, oh esposa; miel y leche hay debajo de tu lengua; y el olor de tus vestidos como el olor del Líbano.
Nardo y azafrán, caña aromática y canela, con todos los árboles de incienso; mirra y áloes, con todas las principales especias.
¡Cuán hermosos son tus pies en los calzados, oh hija de príncipe! Los contornos de tus muslos son como joyas, obra de mano de excelente maestro.
Las mandrágoras han dado olor, y á nuestras puertas hay toda suerte de dulces frutas, nuevas y añejas, que para ti, oh amado mío, he guardado.
Si ella es muro, edificaremos sobre él un palacio de plata: y si fuere puerta, la guarneceremos con tablas de cedro.
Vuestra tierra está destruída, vuestras ciudades puestas á fuego, vuestra tierra delante de vosotros comida de extranjeros, y asolada como asolamiento de extraños.
Cuando extendiereis vuestras manos, yo esconderé de vosotros mis ojos: asimismo cuando multiplicareis la oración, yo no oiré: llenas están de sangre vuestras manos.
Si quisiereis y oyereis, comeréis el bien de la tierra:
No habrá entre ellos cansado, ni que vacile; ninguno se dormirá ni le tomará sueño; á ninguno se le desatará el cinto de los lomos, ni se le romperá la correa de sus zapatos.
En aquel día raerá el Señor con navaja alquilada, con los que habitan de la otra parte del río, á saber, con el rey de Asiria, cabeza y pelos de los pies; y aun la barba también quitará.
A Jehová de los ejércitos, á él santificad: sea él vuestro temor, y él sea vuestro miedo.
Porque toda batalla de quien pelea es con estruendo, y con revolcamiento de vestidura en sangre: mas esto será para quema, y pábulo del fuego.
Mas el pueblo no se convirtió al que lo hería, ni buscaron á Jehová de los ejércitos.
Por apartar del juicio á los pobres, y por quitar el derecho á los afligidos de mi pueblo; por despojar las viudas, y robar los huérfanos!
Mandaréle contra una gente fementida, y sobre el pueblo de mi ira le enviaré, para que quite despojos, y arrebate presa, y que lo ponga á ser hollado como lodo de las calles.
Como halló mi mano los reinos de los ídolos, siendo sus imágenes más que Jerusalem y Samaria;
Y reposará sobre él el espíritu de Jehová; espíritu de sabiduría y de inteligencia, espíritu de consejo y de fortaleza, espíritu de conocimiento y de temor de Jehová.
Levantad bandera sobre un alto monte; alzad la voz á ellos, alzad la mano, para que entren por puertas de príncipes.
Vienen de lejana tierra, de lo postrero de los cielos, Jehová y los instrumentos de su furor, para destruir toda la tierra.
