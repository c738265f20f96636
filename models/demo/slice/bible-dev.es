Porque Jehová de los ejércitos ha determinado: ¿y quién invalidará? Y su mano extendida, ¿quién la hará tornar?
Enviad cordero al enseñoreador de la tierra, desde la Piedra del desierto al monte de la hija de Sión.
Y revolveré Egipcios contra Egipcios, y cada uno peleará contra su hermano, cada uno contra su prójimo: ciudad contra ciudad, y reino contra reino.
Los pescadores también se entristecerán; y harán duelo todos los que echan anzuelo en el río, y desfallecerán los que extienden red sobre las aguas.
En aquel día serán los Egipcios como mujeres; porque se asombrarán y temerán, en la presencia de la mano alta de Jehová de los ejércitos, que él ha de levantar sobre ellos.
Y Jehová será conocido de Egipto, y los de Egipto conocerán á Jehová en aquel día; y harán sacrificio y oblación; y harán votos á Jehová, y los cumplirán.
En aquel tiempo habló Jehová por Isaías hijo de Amoz, diciendo: Ve, y quita el saco de tus lomos, y descalza los zapatos de tus pies. E hízolo así, andando desnudo y descalzo.
Estos alzarán su voz, cantarán gozosos en la grandeza de Jehová, desde la mar darán voces.
El camino del justo es rectitud: Tú, Recto, pesas el camino del justo.
Jehová, bien que se levante tu mano, no ven: verán al cabo, y se avergonzarán los que envidian á tu pueblo; y á tus enemigos fuego los consumirá.
Y será anulado vuestro concierto con la muerte, y vuestro acuerdo con el sepulcro no será firme: cuando pasare el turbión del azote, seréis de él hollados.
También esto salió de Jehová de los ejércitos, para hacer maravilloso el consejo y engrandecer la sabiduría.
Y os será toda visión como palabras de libro sellado, el cual si dieren al que sabe leer, y le dijeren: Lee ahora esto; él dirá: No puedo, porque está sellado.
Que este pueblo es rebelde, hijos mentirosos, hijos que no quisieron oir la ley de Jehová;
Y será aquel varón como escondedero contra el viento, y como acogida contra el turbión; como arroyos de aguas en tierra de sequedad, como sombra de gran peñasco en tierra calurosa.
He aquí que confías en este bordón de caña frágil, en Egipto, sobre el cual si alguien se apoyare, entrarásele por la mano, y se la atravesará. Tal es Faraón rey de Egipto para con todos los que en él confían.
¿Qué dios hay entre los dioses de estas tierras, que haya librado su tierra de mi mano, para que Jehová libre de mi mano á Jerusalem?
Entonces fué palabra de Jehová á Isaías, diciendo:
He aquí, vienen días en que será llevado á Babilonia todo lo que hay en tu casa, y lo que tus padres han atesorado hasta hoy: ninguna cosa quedará, dice Jehová.
Mas los que esperan á Jehová tendrán nuevas fuerzas; levantarán las alas como águilas; correrán, y no se cansarán; caminarán, y no se fatigarán.
Del norte desperté uno, y vendrá; del nacimiento del sol llamará en mi nombre: y hollará príncipes como lodo, y como pisa el barro el alfarero.
Todos los llamados de mi nombre; para gloria mía los críe, los formé y los hice.
Que dice de Ciro: Es mi pastor, y cumplirá todo lo que yo quiero, en diciendo á Jerusalem, Serás edificada; y al templo: Serás fundado.
En Jehová será justificada y se gloriará toda la generación de Israel.
Desciende, y siéntate en el polvo, virgen hija de Babilonia, siéntate en la tierra sin trono, hija de los Caldeos: que nunca más te llamarán tierna y delicada.
Enojéme contra mi pueblo, profané mi heredad, y entreguélos en tu mano: no les hiciste misericordias; sobre el viejo agravaste mucho tu yugo.
Así te serán aquellos con quienes te fatigaste, tus negociantes desde tu niñez: cada uno echará por su camino, no habrá quien te salve.
Visto de oscuridad los cielos, y torno como saco su cobertura.
Tus hijos desmayaron, estuvieron tendidos en las encrucijadas de todos los caminos, como buey montaraz en la red, llenos del furor de Jehová, de la ira del Dios tuyo.
Por tanto yo le daré parte con los grandes, y con los fuertes repartirá despojos; por cuanto derramó su vida hasta la muerte, y fué contado con los perversos, habiendo él llevado el pecado de muchos, y orado por los transgresores.
Pobrecita, fatigada con tempestad, sin consuelo; he aquí que yo cimentaré tus piedras sobre carbunclo, y sobre zafiros te fundaré.
Perece el justo, y no hay quien pare mientes; y los píos son recogidos, y no hay quien entienda que delante de la aflicción es recogido el justo.
En las pulimentadas piedras del valle está tu parte; ellas, ellas son tu suerte; y á ellas derramaste libación, y ofreciste presente. ¿No me tengo de vengar de estas cosas?
Cuando clamares, líbrente tus allegados; empero á todos ellos llevará el viento, un soplo los arrebatará; mas el que en mí espera, tendrá la tierra por heredad, y poseerá el monte de mi santidad.
Porque nuestras rebeliones se han multiplicado delante de ti, y nuestros pecados han atestiguado contra nosotros: porque con nosotros están nuestras iniquidades, y conocemos nuestros pecados:
He aquí que Jehová hizo oir hasta lo último de la tierra: Decid á la hija de Sión: He aquí viene tu Salvador; he aquí su recompensa con él, y delante de él su obra.
¿El que los guió por la diestra de Moisés con el brazo de su gloria; el que rompió las aguas delante de ellos, haciéndose así nombre perpetuo?
El que sacrifica buey, como si matase un hombre; el que sacrifica oveja, como si degollase un perro; el que ofrece presente, como si ofreciese sangre de puerco; el que ofrece perfume, como si bendijese á un ídolo. Y pues escogieron sus caminos, y su alma amó sus abominaciones,
Para que maméis y os saciéis de los pechos de sus consolaciones; para que ordeñéis, y os deleitéis con el resplandor de su gloria.
Ciertamente vanidad son los collados, la multitud de los montes: ciertamente en Jehová nuestro Dios está la salud de Israel.
Miré, y no parecía hombre, y todas las aves del cielo se habían ido.
Por tanto, así ha dicho Jehová Dios de los ejércitos: Porque hablasteis esta palabra, he aquí yo pongo en tu boca mis palabras por fuego, y á este pueblo por leños, y los consumirá.
Como jaula llena de pájaros, así están sus casas llenas de engaño: así se hicieron grandes y ricos.
Así dijo Jehová: Paraos en los caminos, y mirad, y preguntad por las sendas antiguas, cuál sea el buen camino, y andad por él, y hallaréis descanso para vuestra alma. Mas dijeron: No andaremos.
El que hizo la tierra con su potencia, el que puso en orden el mundo con su saber, y extendió los cielos con su prudencia;
Porque así ha dicho Jehová: He aquí que esta vez arrojaré con honda los moradores de la tierra, y he de afligirlos, para que lo hallen.
El cual mandé á vuestros padres el día que los saqué de la tierra de Egipto, del horno de hierro, diciéndoles: Oid mi voz, y ejecutad aquéllas, conforme á todo lo que os mando, y me seréis por pueblo, y yo seré á vosotros por Dios;
Y yo como cordero inocente que llevan á degollar, pues no entendía que maquinaban contra mí designios, diciendo: Destruyamos el árbol con su fruto, y cortémoslo de la tierra de los vivientes, y no haya más memoria de su nombre.
Y sucedió que al cabo de muchos días me dijo Jehová: Levántate, y ve al Eufrates, y toma de allí el cinto que te mandé escondieses allá.
Y quebrantarélos el uno con el otro, los padres con los hijos juntamente, dice Jehová: no perdonaré, ni tendré piedad ni misericordia, para no destruirlos.
Di al rey y á la reina: Humillaos, sentaos en tierra; porque la corona de vuestra gloria bajó de vuestras cabezas.
Así ha dicho Jehová á este pueblo: Así amaron moverse, ni detuvieron sus pies: por tanto, Jehová no los tiene en voluntad; acordaráse ahora de la maldad de ellos, y visitará sus pecados.
Y te daré para este pueblo por fuerte muro de bronce, y pelearán contra ti, y no te vencerán: porque yo estoy contigo para guardarte y para defenderte, dice Jehová.
De dolorosas enfermedades morirán; no serán plañidos ni enterrados: serán por muladar sobre la haz de la tierra: y con cuchillo y con hambre serán consumidos, y sus cuerpos serán para comida de las aves del cielo y de las bestias de la tierra.
Sáname, oh Jehová, y seré sano; sálvame, y seré salvo: porque tú eres mi alabanza.
No me seas tú por espanto: esperanza mía eres tú en el día malo.
Ahora pues habla luego á todo hombre de Judá, y á los moradores de Jerusalem, diciendo: Así ha dicho Jehová: He aquí que yo dispongo mal contra vosotros, y trazo contra vosotros designios: conviértase ahora cada uno de su mal camino, y mejorad vuestros caminos y vuestras obras.
Y quebrarás la vasija ante los ojos de los varones que van contigo,
Mas si no oyereis estas palabras, por mí he jurado, dice Jehová, que esta casa será desierta.
Y si ellos hubieran estado en mi secreto, también hubieran hecho oir mis palabras á mi pueblo; y les hubieran hecho volver de su mal camino, y de la maldad de sus obras.
He aquí yo contra los profetas, dice Jehová, que endulzan sus lenguas, y dicen: El ha dicho.
Y á todos los reyes de Zimri, y á todos los reyes de Elam, y á todos los reyes de Media;
Llegó el estruendo hasta el cabo de la tierra; porque juicio de Jehová con las gentes: él es el Juez de toda carne; entregará los impíos á cuchillo, dice Jehová.
¿Por qué moriréis, tú y tu pueblo, á cuchillo, de hambre, y pestilencia, según ha dicho Jehová á la gente que no sirviere al rey de Babilonia?
Entonces respondió Jeremías profeta á Hananías profeta, delante de los sacerdotes y delante de todo el pueblo que estaba en la casa de Jehová.
Así ha dicho Jehová: He aquí yo hago tornar la cautividad de las tiendas de Jacob, y de sus tiendas tendré misericordia; y la ciudad será edificada sobre su collado, y el templo será asentado según su forma.
Esperanza también hay para tu fin, dice Jehová, y los hijos volverán á su término.
Por tanto, así ha dicho Jehová: Vosotros no me habéis oído en promulgar cada uno libertad á su hermano, y cada uno á su compañero: he aquí que yo os promulgo libertad, dice Jehová, á cuchillo y á pestilencia y á hambre; y os pondré en remoción á todos los reinos de la tierra.
Ve á casa de los Rechâbitas, y habla con ellos, é introdúcelos en la casa de Jehová, en una de las cámaras, y dales á beber vino.
Y puse delante de los hijos de la familia de los Rechâbitas tazas y copas llenas de vino, y díjeles: Bebed vino.
Y envié á vosotros á todos mis siervos los profetas, madrugando y enviándolos á decir: Tornaos ahora cada uno de su mal camino, y enmendad vuestras obras, y no vayáis tras dioses ajenos para servirles, y viviréis en la tierra que dí á vosotros y á vuestros padres: mas no inclinasteis vuestro oído, ni me oísteis.
Y vinieron luego todos los príncipes á Jeremías, y preguntáronle: y él les respondió conforme á todo lo que el rey le había mandado. Con esto se dejaron de él, porque el negocio no se había oído.
Y fué que viéndolos Sedechîas, rey de Judá, y todos los hombres de guerra, huyeron, y saliéronse de noche de la ciudad por el camino de la huerta del rey, por la puerta entre los dos muros: y salió el rey por el camino del desierto.
Todos estos Judíos tornaron entonces de todas las partes adonde habían sido echados, y vinieron á tierra de Judá, á Gedalías en Mizpa; y cogieron vino y muy muchos frutos.
Y Jeremías profeta les dijo: Ya he oído. He aquí que voy á orar á Jehová vuestro Dios, como habéis dicho; y será que todo lo que Jehová os respondiere, os enseñaré: no os reservaré palabra.
Así ha dicho Jehová Dios de Israel, á ti, oh Baruch:
No huya el ligero, ni el valiente escape; al aquilón junto á la ribera del Eufrates tropezaron y cayeron.
Jehová de los ejércitos, Dios de Israel, ha dicho: He aquí que yo visito el pueblo de Amón de No, y á Faraón y á Egipto, y á sus dioses y á sus reyes; así á Faraón como á los que en él confían.
Cortado es el cuerno de Moab, y su brazo quebrantado, dice Jehová.
Huid, volveos, escondeos en simas para estar, oh moradores de Dedán; porque el quebrantamiento de Esaú traeré sobre él, al tiempo que lo tengo de visitar.
Y será Edom en asolamiento: todo aquel que pasare por ella se espantará, y silbará sobre todas sus plagas.
También quebrantaré por medio de ti al pastor y á su manada: quebrantaré por tu medio á labradores y sus yuntas; y duques y príncipes quebrantaré por medio de ti.
Y los vados fueron tomados, y los carrizos fueron quemados á fuego, y consternáronse los hombres de guerra.
Y dijo Jeremías á Seraías: Cuando llegares á Babilonia, y vieres y leyeres todas estas cosas,
Y á causa de la ira de Jehová contra Jerusalem y Judá, fué el llegar á echarlos de su presencia: y rebelóse Sedechîas contra el rey de Babilonia.
Aconteció por tanto á los nueve años de su reinado, en el mes décimo, á los diez días del mes, que vino Nabucodonosor rey de Babilonia, él y todo su ejército, contra Jerusalem, y contra ella asentaron campo, y de todas partes edificaron contra ella baluartes.
En el año dieciocho hizo Nabucodonosor trasportar de Jerusalem ochocientas treinta y dos personas:
Oyeron que gemía, y no hay consolador para mí: todos mis enemigos han oído mi mal, se han holgado de que tú lo hiciste. Harás venir el día que has anunciado, y serán como yo.
¿Qué testigo te traeré, ó á quién te haré semejante, hija de Jerusalem? ¿A quién te compararé para consolarte, oh virgen hija de Sión? Porque grande es tu quebrantamiento como la mar: ¿quién te medicinará?
Mira, oh Jehová, y considera á quién has hecho así. ¿Han de comer las mujeres su fruto, los pequeñitos de sus crías? ¿Han de ser muertos en el santuario del Señor el sacerdote y el profeta?
Cumplió Jehová su enojo, derramó el ardor de su ira; y encendió fuego en Sión, que consumió sus fundamentos.
Porque repeliendo nos has desechado; te has airado contra nosotros en gran manera.
Díjome luego: Hijo del hombre, ve y entra á la casa de Israel, y habla á ellos con mis palabras.
Y cumpliráse mi furor, y haré que repose en ellos mi enojo, y tomaré satisfacción: y sabrán que yo Jehová he hablado en mi celo, cuando habré cumplido en ellos mi enojo.
Y apartaré de ellos mi rostro, y violarán mi lugar secreto; pues entrarán en él destruidores, y le profanarán.
Díjome después: Vuélvete aún, verás abominaciones mayores que hacen éstos.
Y he aquí que seis varones venían del camino de la puerta de arriba que está vuelta al aquilón, y cada uno traía en su mano su instrumento para destruir. Y entre ellos había un varón vestido de lienzos, el cual traía á su cintura una escribanía de escribano; y entrados, paráronse junto al altar de bronce.
Y sacarás tus aparejos, como aparejos de partida, de día delante de sus ojos: mas tú saldrás por la tarde á vista de ellos, como quien sale para partirse.
Diles: Así ha dicho el Señor Jehová: Al príncipe en Jerusalem es esta carga, y á toda la casa de Israel que está en medio de ellos.
Así ha dicho el Señor Jehová: Y tomaré yo del cogollo de aquel alto cedro, y pondrélo; del principal de sus renuevos cortaré un tallo, y plantarlo he yo sobre el monte alto y sublime;
