Y la tierra estaba desordenada y vacía, y las tinieblas estaban sobre la haz del abismo, y el Espíritu de Dios se movía sobre la haz de las aguas.
Y llamó Dios á la expansión Cielos: y fué la tarde y la mañana el día segundo.
E hizo Dios las dos grandes lumbreras; la lumbrera mayor para que señorease en el día, y la lumbrera menor para que señorease en la noche: hizo también las estrellas.
Mas subía de la tierra un vapor, que regaba toda la faz de la tierra.
Y vivió Mathusalam, después que engendró á Lamech, setecientos ochenta y dos años: y engendró hijos é hijas.
Y corrompióse la tierra delante de Dios, y estaba la tierra llena de violencia.
Mas estableceré mi pacto contigo, y entrarás en el arca tú, y tus hijos y tu mujer, y las mujeres de tus hijos contigo.
Estableceré mi pacto con vosotros, y no fenecerá ya más toda carne con aguas de diluvio; ni habrá más diluvio para destruir la tierra.
Y Arphaxad engendró á Sala, y Sala engendró á Heber.
Y tomó Abram á Sarai su mujer, y á Lot hijo de su hermano, y toda su hacienda que habían ganado, y las almas que habían adquirido en Harán, y salieron para ir á tierra de Canaán; y á tierra de Canaán llegaron.
Ahora pues, di que eres mi hermana, para que yo haya bien por causa tuya, y viva mi alma por amor de ti.
Entonces Lot escogió para sí toda la llanura del Jordán: y partióse Lot de Oriente, y apartáronse el uno del otro.
Entonces Melchîsedec, rey de Salem, sacó pan y vino; el cual era sacerdote del Dios alto;
Y respondió Abram al rey de Sodoma: He alzado mi mano á Jehová Dios alto, poseedor de los cielos y de la tierra,
Y él respondió: Señor Jehová, ¿en qué conoceré que la tengo de heredar?
Y tomó él todas estas cosas, y partiólas por la mitad, y puso cada mitad una enfrente de otra; mas no partió las aves.
Y descendían aves sobre los cuerpos muertos, y ojeábalas Abram.
Y le dijo: Agar, sierva de Sarai, ¿de dónde vienes tú, y á dónde vas? Y ella respondió: Huyo de delante de Sarai, mi señora.
Mas Abimelech no había llegado á ella, y dijo: Señor, ¿matarás también la gente justa?
Por tanto dijo á Abraham: Echa á esta sierva y á su hijo; que el hijo de esta sierva no ha de heredar con mi hijo, con Isaac.
Al tercer día alzó Abraham sus ojos, y vió el lugar de lejos.
Y tomó Abraham la leña del holocausto, y púsola sobre Isaac su hijo: y él tomó en su mano el fuego y el cuchillo; y fueron ambos juntos.
Entonces habló Isaac á Abraham su padre, y dijo: Padre mío. Y él respondió: Heme aquí, mi hijo. Y él dijo: He aquí el fuego y la leña; mas ¿dónde está el cordero para el holocausto?
Entonces él me respondió: Jehová, en cuya presencia he andado, enviará su ángel contigo, y prosperará tu camino; y tomarás mujer para mi hijo de mi linaje y de la casa de mi padre:
E inclinéme, y adoré á Jehová, y bendije á Jehová, Dios de mi señor Abraham, que me había guiado por camino de verdad para tomar la hija del hermano de mi señor para su hijo.
Y sucedió, después de muerto Abraham, que Dios bendijo á Isaac su hijo: y habitó Isaac junto al pozo del Viviente que me ve.
Y en aquel día sucedió que vinieron los criados de Isaac, y diéronle nuevas acerca del pozo que habían abierto, y le dijeron: Agua hemos hallado.
Sírvante pueblos, y naciones se inclinen á ti: sé señor de tus hermanos, e inclínense á ti los hijos de tu madre: malditos los que te maldijeren, y benditos los que te bendijeren.
Y llamó su nombre José, diciendo: Añádame Jehová otro hijo.
Así quitó Dios el ganado de vuestro padre, y diómelo á mí.
Y respondió Rachêl y Lea, y dijéronle: ¿Tenemos ya parte ni heredad en la casa de nuestro padre?
Y tú has dicho: Yo te haré bien, y pondré tu simiente como la arena del mar, que no se puede contar por la multitud.
Entonces tomaron ellos la ropa de José, y degollaron un cabrito de las cabras, y tiñeron la ropa con la sangre;
Y volvió á concebir, y parió un hijo, y llamó su nombre Sela. Y estaba en Chezib cuando lo parió.
Y sabiendo Onán que la simiente no había de ser suya, sucedía que cuando entraba á la mujer de su hermano vertía en tierra, por no dar simiente á su hermano.
Y viendo que yo alzaba la voz y gritaba, dejó junto á mí su ropa, y huyó, y salióse fuera.
Y esté aquella provisión en depósito para el país, para los siete años del hambre que serán en la tierra de Egipto; y el país no perecerá de hambre.
Y dijo Faraón á José: Pues que Dios te ha hecho saber todo esto, no hay entendido ni sabio como tú:
Y dijo Faraón á José: Yo Faraón; y sin ti ninguno alzará su mano ni su pie en toda la tierra de Egipto.
Y acopió José trigo como arena de la mar, mucho en extremo, hasta no poderse contar, porque no tenía número.
Y traedme á vuestro hermano el menor, para que yo sepa que no sois espías, sino hombres de verdad: así os daré á vuestro hermano, y negociaréis en la tierra.
Y el hambre era grande en la tierra.
Y llegáronse al mayordomo de la casa de José, y le hablaron á la entrada de la casa.
Y ellos prepararon el presente entretanto que venía José al medio día, porque habían oído que allí habían de comer pan.
¿No es ésta en la que bebe mi señor, y por la que suele adivinar? habéis hecho mal en lo que hicisteis.
Y él respondió: Nunca yo tal haga: el varón en cuyo poder fué hallada la copa, él será mi siervo; vosotros id en paz á vuestro padre.
Sucederá que cuando no vea al mozo, morirá: y tus siervos harán descender las canas de tu siervo nuestro padre con dolor á la sepultura.
Ruégote por tanto que quede ahora tu siervo por el mozo por siervo de mi señor, y que el mozo vaya con sus hermanos.
Y levantóse Jacob de Beer-seba; y tomaron los hijos de Israel á su padre Jacob, y á sus niños, y á sus mujeres, en los carros que Faraón había enviado para llevarlo.
Así habitó Israel en la tierra de Egipto, en la tierra de Gosén; y aposesionáronse en ella, y se aumentaron, y multiplicaron en gran manera.
Tu salud esperé, oh Jehová.
Y viendo los moradores de la tierra, los Cananeos, el llanto en la era de Atad, dijeron: Llanto grande es este de los Egipcios: por eso fué llamado su nombre Abelmizraim, que está á la otra parte del Jordán.
Y todas las almas de los que salieron del muslo de Jacob, fueron setenta. Y José estaba en Egipto.
Un varón de la familia de Leví fué, y tomó por mujer una hija de Leví:
Y dijo: No te llegues acá: quita tus zapatos de tus pies, porque el lugar en que tú estás, tierra santa es.
Y ellos dijeron: El Dios de los Hebreos nos ha encontrado: iremos, pues, ahora camino de tres días por el desierto, y sacrificaremos á Jehová nuestro Dios; porque no venga sobre nosotros con pestilencia ó con espada.
Y en todo Egipto hicieron pozos alrededor del río para beber, porque no podían beber de las aguas del río.
Y Moisés respondió: No conviene que hagamos así, porque sacrificaríamos á Jehová nuestro Dios la abominación de los Egipcios. He aquí, si sacrificáramos la abominación de los Egipcios delante de ellos, ¿no nos apedrearían?
Y dijo Faraón: Yo os dejaré ir para que sacrifiquéis á Jehová vuestro Dios en el desierto, con tal que no vayáis más lejos: orad por mí.
Y el corazón de Faraón se endureció, y no dejó ir á los hijos de Israel; como Jehová lo había dicho por medio de Moisés.
Ninguno vió á su prójimo, ni nadie se levantó de su lugar en tres días; mas todos los hijos de Israel tenían luz en sus habitaciones.
Hablad á toda la congregación de Israel, diciendo: En el diez de aqueste mes tómese cada uno un cordero por las familias de los padres, un cordero por familia:
Y tomarán de la sangre, y pondrán en los dos postes y en el dintel de las casas en que lo han de comer.
E hizo llamar á Moisés y á Aarón de noche, y díjoles: Salid de en medio de mi pueblo vosotros, y los hijos de Israel; é id, servid á Jehová, como habéis dicho.
Por los siete días se comerán los panes sin levadura; y no se verá contigo leudado, ni levadura en todo tu término.
Nunca se partió de delante del pueblo la columna de nube de día, ni de noche la columna de fuego.
Y volvieron las aguas, y cubrieron los carros y la caballería, y todo el ejército de Faraón que había entrado tras ellos en la mar; no quedó de ellos ni uno.
Y Jehová habló á Moisés, diciendo:
Y tomó Jethro, suegro de Moisés, á Séphora la mujer de Moisés, después que él la envió,
Y que hago misericordia en millares á los que me aman, y guardan mis mandamientos.
No matarás.
Y estos son los derechos que les propondrás.
Igualmente el que maldijere á su padre ó á su madre, morirá.
Y habéis de serme varones santos: y no comeréis carne arrebatada de las fieras en el campo; á los perros la echaréis.
Seis días harás tus negocios, y al séptimo día holgarás, á fin que descanse tu buey y tu asno, y tome refrigerio el hijo de tu sierva, y el extranjero.
Las primicias de los primeros frutos de tu tierra traerás á la casa de Jehová tu Dios. No guisarás el cabrito con la leche de su madre.
Y jacinto, y púrpura, y carmesí, y lino fino, y pelo de cabras,
Y cueros de carneros teñidos de rojo, y cueros de tejones, y madera de Sittim;
Harás también á la tienda una cubierta de cueros de carneros, teñidos de rojo, y una cubierta de cueros de tejones encima.
Y harán el ephod de oro y cárdeno, y púrpura, y carmesí, y lino torcido de obra de bordador.
Será cuadrado y doble, de un palmo de largo y un palmo de ancho:
El tercer orden, un rubí, un ágata, y una amatista;
Y matarás el carnero, y tomarás su sangre, y rociarás sobre el altar alrededor.
Y harás de ello una confección aromática de obra de perfumador, bien mezclada, pura y santa:
Cualquiera que hiciere otra como ella para olerla, será cortado de sus pueblos.
Y la mesa y sus vasos, y el candelero limpio y todos sus vasos, y el altar del perfume;
El cual los tomó de las manos de ellos, y formólo con buril, é hizo de ello un becerro de fundición. Entonces dijeron: Israel, estos son tus dioses, que te sacaron de la tierra de Egipto.
¿Y en qué se conocerá aquí que he hallado gracia en tus ojos, yo y tu pueblo, sino en andar tú con nosotros, y que yo y tu pueblo seamos apartados de todos los pueblos que están sobre la faz de la tierra?
Y dijo aún Jehová: He aquí lugar junto á mí, y tú estarás sobre la peña:
Y él dijo: He aquí, yo hago concierto delante de todo tu pueblo: haré maravillas que no han sido hechas en toda la tierra, ni en nación alguna; y verá todo el pueblo en medio del cual estás tú, la obra de Jehová; porque ha de ser cosa terrible la que yo haré contigo.
Seis días trabajarás, mas en el séptimo día cesarás: cesarás aun en la arada y en la siega.
No encenderéis fuego en todas vuestras moradas en el día del sábado.
Para proyectar inventos, para trabajar en oro, y en plata, y en metal,
Hizo asimismo cortinas de pelo de cabras para la tienda sobre el tabernáculo, é hízolas en número de once.
A la parte del occidente cortinas de cincuenta codos: sus columnas diez, y sus diez basas; los capiteles de las columnas y sus molduras, de plata.
Todo el oro empleado en la obra, en toda la obra del santuario, el cual fué oro de ofrenda, fué veintinueve talentos, y setecientos y treinta siclos, según el siclo del santuario.
Y el cuarto orden, un berilo, un onix, y un jaspe: cercadas y encajadas en sus engastes de oro.
E hicieron dos anillos de oro, que pusieron en los dos cabos del racional en su orilla, á la parte baja del ephod.
Las vestimentas del servicio para ministrar en el santuario, las sagradas vestiduras para Aarón el sacerdote, y las vestiduras de sus hijos, para ministrar en el sacerdocio.
En la ofrenda de las primicias las ofreceréis á Jehová: mas no subirán sobre el altar en olor de suavidad.
Y los dos riñones, y el sebo que está sobre ellos, y el que está sobre los ijares, y con los riñones quitará el redaño de sobre el hígado,
Después tomará el sacerdote con su dedo de la sangre de la expiación, y pondrá sobre los cuernos del altar del holocausto; y derramará toda la sangre al pie del altar:
Esta es la ofrenda de Aarón y de sus hijos, que ofrecerán á Jehová el día que serán ungidos: la décima parte de un epha de flor de harina, presente perpetuo, la mitad á la mañana y la mitad á la tarde.
De la manera que hoy se ha hecho, mandó hacer Jehová para expiaros.
Y estos tendréis por inmundos de los reptiles que van arrastrando sobre la tierra: la comadreja, y el ratón, y la rana según su especie,
Y si algún animal que tuviereis para comer se muriere, el que tocare su cuerpo muerto será inmundo hasta la tarde:
Y todo reptil que va arrastrando sobre la tierra, es abominación; no se comerá.
Y si reconociéndolo el sacerdote, ve que la postilla ha crecido en la piel, el sacerdote lo dará por inmundo: es lepra.
Entonces el sacerdote le reconocerá; y si la lepra hubiere cubierto toda su carne, dará por limpio al llagado: hase vuelto toda ella blanca; y él es limpio.
Y si se fuere extendiendo por la piel, entonces el sacerdote lo dará por inmundo: es llaga.
Y al séptimo día mirará el sacerdote la tiña; y si la tiña no hubiere cundido en la piel, ni pareciere estar más profunda que la tez, el sacerdote lo dará por limpio; y lavará sus vestidos, y será limpio.
Todo el tiempo que la llaga estuviere en él, será inmundo; estará impuro: habitará solo; fuera del real será su morada.
Y de lo que quedare del aceite que tiene en su mano, pondrá el sacerdote sobre la ternilla de la oreja derecha del que se purifica, y sobre el pulgar de su mano derecha, y sobre el pulgar de su pie derecho, sobre la sangre de la expiación por la culpa:
Y la vasija de barro en que tocare el que tiene flujo, será quebrada; y toda vasija de madera será lavada con agua.
Cualquiera que tocare en esas cosas será inmundo; y lavará sus vestidos, y á sí mismo se lavará con agua, y será inmundo hasta la tarde.
Y esto tendréis por estatuto perpetuo, para expiar á los hijos de Israel de todos sus pecados una vez en el año. Y Moisés lo hizo como Jehová le mandó.
Y habló Jehová á Moisés, diciendo:
La desnudez de la mujer de tu padre no descubrirás; es la desnudez de tu padre.
Y cuando hubiereis entrado en la tierra, y plantareis todo árbol de comer, quitaréis su prepucio, lo primero de su fruto: tres años os será incircunciso: su fruto no se comerá.
Y habló Jehová á Moisés diciendo:
Dirás asimismo á los hijos de Israel: Cualquier varón de los hijos de Israel, ó de los extranjeros que peregrinan en Israel, que diere de su simiente á Moloch, de seguro morirá: el pueblo de la tierra lo apedreará con piedras.
Y tomará él mujer con su virginidad.
El pan de su Dios, de lo muy santo y las cosas santificadas, comerá.
Seis días se trabajará, y el séptimo día sábado de reposo será, convocación santa: ninguna obra haréis; sábado es de Jehová en todas vuestras habitaciones.
Ninguna obra servil haréis; y ofreceréis ofrenda encendida á Jehová.
Seis años sembrarás tu tierra, y seis años podarás tu viña, y cogerás sus frutos;
Entonces harás pasar la trompeta de jubilación en el mes séptimo á los diez del mes; el día de la expiación haréis pasar la trompeta por toda vuestra tierra.
Y cuando tu hermano empobreciere, y se acogiere á ti, tú lo ampararás: como peregrino y extranjero vivirá contigo.
Y cuando tu hermano empobreciere, estando contigo, y se vendiere á ti, no le harás servir como siervo:
No te enseñorearás de él con dureza, mas tendrás temor de tu Dios.
Si aun fueren muchos años, conforme á ellos volverá para su rescate del dinero por el cual se vendió.
Y comeréis las carnes de vuestros hijos, y comeréis las carnes de vuestras hijas:
Y si fuere de un mes hasta cinco años, tu estimación será en orden al varón, cinco siclos de plata; y por la hembra será tu estimación tres siclos de plata.
Y cuando alguno santificare su casa consagrándola á Jehová, la apreciará el sacerdote, sea buena ó sea mala: según la apreciare el sacerdote, así quedará.
Y su hueste, con los contados de ellos, cuarenta mil y quinientos.
Todos los contados en el ejército de Dan, ciento cincuenta y siete mil y seiscientos: irán los postreros tras sus banderas.
Porque mío es todo primogénito; desde el día que yo maté todos los primogénitos en la tierra de Egipto, yo santifiqué á mí todos los primogénitos en Israel, así de hombres como de animales: míos serán: Yo Jehová.
Las familias de Gersón asentarán sus tiendas á espaldas del tabernáculo, al occidente;
Haga resplandecer Jehová su rostro sobre ti, y haya de ti misericordia:
Y para sacrificio de paces, dos bueyes, cinco carneros, cinco machos de cabrío, cinco corderos de un año. Esta fué la ofrenda de Ahira, hijo de Enán.
Que todos los que vieron mi gloria y mis señales que he hecho en Egipto y en el desierto, y me han tentado ya diez veces, y no han oído mi voz,
Y por cada carnero harás presente de dos décimas de flor de harina, amasada con el tercio de un hin de aceite:
Conforme al número así haréis con cada uno según el número de ellos.
De lo primero que amasareis, ofreceréis una torta en ofrenda; como la ofrenda de la era, así la ofreceréis.
Y cuando errareis, y no hiciereis todos estos mandamientos que Jehová ha dicho á Moisés,
Y estando los hijos de Israel en el desierto, hallaron un hombre que recogía leña en día de sábado.
Habla á los hijos de Israel, y diles que se hagan pezuelos (franjas) en los remates de sus vestidos, por sus generaciones; y pongan en cada pezuelo de los remates un cordón de cárdeno:
Y Coré, hijo de Ishar, hijo de Coath, hijo de Leví; y Dathán y Abiram, hijos de Eliab; y Hon, hijo de Peleth, de los hijos de Rubén, tomaron gente,
Di á Eleazar, hijo de Aarón sacerdote, que tome los incensarios de en medio del incendio, y derrame más allá el fuego; porque son santificados:
Y Moisés puso las varas delante de Jehová en el tabernáculo del testimonio.
Entonces los hijos de Israel hablaron á Moisés, diciendo: He aquí nosotros somos muertos, perdidos somos, todos nosotros somos perdidos.
Y Jehová dijo á Aarón: De la tierra de ellos no tendrás heredad, ni entre ellos tendrás parte: Yo soy tu parte y tu heredad en medio de los hijos de Israel.
De todos vuestros dones ofreceréis toda ofrenda á Jehová; de todo lo mejor de ellos ofreceréis la porción que ha de ser consagrada.
Y viendo el asna al ángel de Jehová, echóse debajo de Balaam: y enojóse Balaam, é hirió al asna con el palo.
Y el asna dijo á Balaam: ¿No soy yo tu asna? sobre mí has cabalgado desde que tú me tienes hasta este día; ¿he acostumbrado á hacerlo así contigo? Y él respondió: No.
Y fué tras el varón de Israel á la tienda, y alanceólos á ambos, al varón de Israel, y á la mujer por su vientre. Y cesó la mortandad de los hijos de Israel.
Los hijos de Issachâr por sus familias: de Thola, la familia de los Tholaitas; de Puá la familia de los Puanitas;
Y el quinto día, nueve becerros, dos carneros, catorce corderos de un año sin defecto;
Matad pues ahora todos los varones entre los niños: matad también toda mujer que haya conocido varón carnalmente.
Y de las personas, diez y seis mil:)
¿Y por qué prevenís el ánimo de los hijos de Israel, para que no pasen á la tierra que les ha dado Jehová?
Que subieron hasta la arroyada de Escol, y después que vieron la tierra, preocuparon el ánimo de los hijos de Israel, para que no viniesen á la tierra que Jehová les había dado.
Excepto Caleb, hijo de Jephone Cenezeo, y Josué hijo de Nun, que fueron perfectos en pos de Jehová.
Y saldrá este término á Ziphón, y serán sus remates en Hasar-enán: este os será el término del norte.
Después que hirió á Sehón rey de los Amorrheos, que habitaba en Hesbón, y á Og rey de Basán, que habitaba en Astarot en Edrei:
Mas Jehová nuestro Dios lo entregó delante de nosotros; y herimos á él y á sus hijos, y á todo su pueblo.
Porque no os corrompáis, y hagáis para vosotros escultura, imagen de figura alguna, efigie de varón ó hembra,
¡Quién diera que tuviesen tal corazón, que me temiesen, y guardasen todos los días todos mis mandamientos, para que á ellos y á sus hijos les fuese bien para siempre!
Y dió Jehová señales y milagros grandes y nocivos en Egipto, sobre Faraón y sobre toda su casa, delante de nuestros ojos;
Y sacónos de allá, para traernos y darnos la tierra que juró á nuestros padres;
Por tanto, sabe que no por tu justicia Jehová tu Dios te da esta buena tierra para poseerla; que pueblo duro de cerviz eres tú.
Y díjome Jehová: Levántate, desciende presto de aquí; que tu pueblo que sacaste de Egipto se ha corrompido: pronto se han apartado del camino que yo les mandé: hanse hecho una efigie de fundición.
Contra Aarón también se enojó Jehová en gran manera para destruirlo: y también oré por Aarón entonces.
Y tomé vuestro pecado, el becerro que habíais hecho, y quemélo en el fuego, y lo desmenucé moliéndole muy bien, hasta que fué reducido á polvo: y eché el polvo de él en el arroyo que descendía del monte.
Y yo estuve en el monte como los primeros días, cuarenta días y cuarenta noches; y Jehová me oyó también esta vez, y no quiso Jehová destruirte.
Nadie se sostendrá delante de vosotros: miedo y temor de vosotros pondrá Jehová vuestro Dios sobre la haz de toda la tierra que hollareis, como él os ha dicho.
Empero estos no comeréis de los que rumian, ó tienen uña hendida: camello, y liebre, y conejo, porque rumian, mas no tienen uña hendida, os serán inmundos;
Cuando hubiere en ti menesteroso de alguno de tus hermanos en alguna de tus ciudades, en tu tierra que Jehová tu Dios te da, no endurecerás tu corazón, ni cerrarás tu mano á tu hermano pobre:
Y si hubiere en él tacha, ciego ó cojo, ó cualquiera mala falta, no lo sacrificarás á Jehová tu Dios.
Y la asarás y comerás en el lugar que Jehová tu Dios hubiere escogido; y por la mañana te volverás y restituirás á tu morada.
Y te alegrarás en tus solemnidades, tú, y tu hijo, y tu hija, y tu siervo, y tu sierva, y el Levita, y el extranjero, y el huérfano, y la viuda, que están en tus poblaciones.
Empero que no se aumente caballos, ni haga volver el pueblo á Egipto para acrecentar caballos: porque Jehová os ha dicho: No procuraréis volver más por este camino.
Ni fraguador de encantamentos, ni quien pregunte á pitón, ni mágico, ni quien pregunte á los muertos.
Profeta les suscitaré de en medio de sus hermanos, como tú; y pondré mis palabras en su boca, y él les hablará todo lo que yo le mandare.
Cuando salieres á la guerra contra tus enemigos, y Jehová tu Dios los entregare en tu mano, y tomares de ellos cautivos,
Del extraño tomarás logro, mas de tu hermano no lo tomarás, porque te bendiga Jehová tu Dios en toda obra de tus manos sobre la tierra á la cual entras para poseerla.
No tendrás en tu bolsa pesa grande y pesa chica.
Acuérdate de lo que te hizo Amalec en el camino, cuando salisteis de Egipto:
Entonces tomarás de las primicias de todos los frutos de la tierra, que sacares de tu tierra que Jehová tu Dios te da, y lo pondrás en un canastillo, é irás al lugar que Jehová tu Dios escogiere para hacer habitar allí su nombre.
Y el sacerdote tomará el canastillo de tu mano, y pondrálo delante del altar de Jehová tu Dios.
Y para ponerte alto sobre todas las gentes que hizo, para loor, y fama, y gloria; y para que seas pueblo santo á Jehová tu Dios, como él ha dicho.
Maldito el que redujere el término de su prójimo. Y dirá todo el pueblo: Amén.
Maldito serás tu en la ciudad, y maldito en el campo.
Jehová aumentará maravillosamente tus plagas y las plagas de tu simiente, plagas grandes y estables, y enfermedades malignas y duraderas;
Jehová también volverá tus cautivos, y tendrá misericordia de ti, y tornará á recogerte de todos los pueblos á los cuales te hubiere esparcido Jehová tu Dios.
Protéstoos hoy que de cierto pereceréis: no tendréis largos días sobre la tierra, para ir á la cual pasas el Jordán para poseerla.
Que ames á Jehová tu Dios, que oigas su voz, y te allegues á él; porque él es tu vida, y la longitud de tus días; á fin de que habites sobre la tierra que juró Jehová á tus padres Abraham, Isaac, y Jacob, que les había de dar.
¿Cómo podría perseguir uno á mil, y dos harían huir á diez mil, si su Roca no los hubiese vendido, y Jehová no los hubiera entregado?
¿No tengo yo esto guardado, sellado en mis tesoros?
Mía es la venganza y el pago, al tiempo que su pie vacilará; porque el día de su aflicción está cercano, y lo que les está preparado se apresura.
Y ellos le dijeron: Nosotros seremos desobligados de este juramento con que nos has conjurado.
Y caminando ellos, llegaron al monte, y estuvieron allí tres días, hasta que los que los seguían se hubiesen vuelto: y los que los siguieron, buscaron por todo el camino, mas no los hallaron.
Entonces Josué habló á Jehová el día que Jehová entregó al Amorrheo delante de los hijos de Israel, y dijo en presencia de los Israelitas: Sol, detente en Gabaón; y tú, Luna, en el valle de Ajalón.
Y fué el término de ellos desde Aroer, que está á la orilla del arroyo de Arnón, y la ciudad que está en medio del arroyo, y toda la campiña, hasta Medeba;
También mataron á cuchillo los hijos de Israel á Balaam adivino, hijo de Beor, con los demás que mataron.
Dióse además la mitad de Galaad, y Astaroth, y Edrei, ciudades del reino de Og en Basán, á los hijos de Machîr, hijo de Manasés, á la mitad de los hijos de Machîr conforme á sus familias.
Esto pues es lo que los hijos de Israel tomaron por heredad en la tierra de Canaán, lo cual les repartieron Eleazar sacerdote, y Josué hijo de Nun, y los principales de los padres de las tribus de los hijos de Israel.
Porque los hijos de José fueron dos tribus, Manasés y Ephraim: y no dieron parte á los Levitas en la tierra, sino ciudades en que morasen, con sus ejidos para sus ganados y rebaños.
Ahora bien, Jehová me ha hecho vivir, como él dijo, estos cuarenta y cinco años, desde el tiempo que Jehová habló estas palabras á Moisés, cuando Israel andaba por el desierto: y ahora, he aquí, soy hoy día de ochenta y cinco años:
Y fué la suerte de la tribu de los hijos de Judá, por sus familias, junto al término de Edom, del desierto de Zin al mediodía, al lado del sur.
Y dijo Caleb: Al que hiriere á Chîriath-sepher, y la tomare, yo le daré á mi hija Axa por mujer.
Y Asor-hadatta, y Chêrioth-hesron, que es Asor,
Y Asar-gadda, y Hesmón, y Beth-pelet,
Libna, y Ether, y Asán,
Maón, Carmel, y Ziph, y Juta,
Y el Jordán acaba aqueste término al lado del oriente. Esta es la heredad de los hijos de Benjamín por sus términos alrededor, conforme á sus familias.
Aín, Rimmón, Eter, y Asán; cuatro ciudades con sus aldeas:
Y de aquí torna este término al norte á Hanatón, viniendo á salir al valle de Iphtael;
Y Rabbit, y Chisión, y Ebes,
Y de la tribu de Issachâr, á Cesión con sus ejidos, á Dabereth con sus ejidos,
Nosotros, pues, dijimos: Si aconteciere que tal digan á nosotros, ó á nuestras generaciones en lo por venir, entonces responderemos: Mirad el símil del altar de Jehová, el cual hicieron nuestros padres, no para holocaustos ó sacrificios, sino para que fuese testimonio entre nosotros y vosotros.
Y el negocio plugo á los hijos de Israel, y bendijeron á Dios los hijos de Israel; y no hablaron más de subir contra ellos en guerra, para destruir la tierra en que habitaban los hijos de Rubén y los hijos de Gad.
Un varón de vosotros perseguirá á mil: porque Jehová vuestro Dios pelea por vosotros, como él os dijo.
Y envié tábanos delante de vosotros, los cuales los echaron de delante de vosotros, á saber, á los dos reyes de los Amorrheos; no con tu espada, ni con tu arco.
El pueblo entonces dijo á Josué: No, antes á Jehová serviremos.
Y tomaron de sus hijas por mujeres, y dieron sus hijas á los hijos de ellos, y sirvieron á sus dioses.
Y á la mañana, cuando los de la ciudad se levantaron, he aquí que el altar de Baal estaba derribado, y cortado el bosque que junto á él estaba, y sacrificado aquel segundo toro en holocausto sobre el altar edificado.
Y estuviéronse en sus lugares en derredor del campo: y todo el campo fué alborotado, y huyeron gritando.
Mas los trescientos tocaban las bocinas: y Jehová puso la espada de cada uno contra su compañero en todo el campo. Y el ejército huyó hasta Beth-sitta, hacia Cerera, y hasta el término de Abel-mehola en Tabbat.
Y Gedeón dijo: Pues cuando Jehová hubiere entregado en mi mano á Zeba y á Zalmunna, yo trillaré vuestra carne con espinas y abrojos del desierto.
Y respondió la higuera: ¿Tengo de dejar mi dulzura y mi buen fruto, por ir á ser grande sobre los árboles?
Y después que Abimelech hubo dominado sobre Israel tres años,
Mas una mujer dejó caer un pedazo de una rueda de molino sobre la cabeza de Abimelech, y quebróle los cascos.
Y Jephté hizo voto á Jehová, diciendo: Si entregares á los Ammonitas en mis manos,
Y ellos le respondieron, diciendo: No, solamente te prenderemos, y te entregaremos en sus manos; mas no te mataremos. Entonces le ataron con dos cuerdas nuevas, é hiciéronle venir de la peña.
Entonces los príncipes de los Filisteos se juntaron para ofrecer sacrificio á Dagón su dios, y para alegrarse; y dijeron: Nuestro dios entregó en nuestras manos á Samsón nuestro enemigo.
Entonces clamó Samsón á Jehová, y dijo: Señor Jehová, acuérdate ahora de mí, y esfuérzame, te ruego, solamente esta vez, oh Dios, para que de una vez tome venganza de los Filisteos, por mis dos ojos.
Porque los hijos de Israel subieron, y lloraron delante de Jehová hasta la tarde, y consultaron con Jehová, diciendo: ¿Tornaré á pelear con los hijos de Benjamín mi hermano? Y Jehová les respondió: Subid contra él.
Y aquel segundo día, saliendo Benjamín de Gabaa contra ellos, derribaron por tierra otros diez y ocho mil hombres de los hijos de Israel, todos los cuales sacaban espada.
Y ha dicho: Ruégote que me dejes coger y juntar tras los segadores entre las gavillas: entró pues, y está desde por la mañana hasta ahora, menos un poco que se detuvo en casa.
Ella entonces bajando su rostro inclinóse á tierra, y díjole: ¿Por qué he hallado gracia en tus ojos para que tú me reconozcas, siendo yo extranjera?
Descendió pues á la era, é hizo todo lo que su suegra le había mandado.
Y él dijo: Bendita seas tú de Jehová, hija mía; que has hecho mejor tu postrera gracia que la primera, no yendo tras los mancebos, sean pobres ó ricos.
Y levantóse Anna después que hubo comido y bebido en Silo; y mientras el sacerdote Eli estaba sentado en una silla junto á un pilar del templo de Jehová,
Y Elcana se volvió á su casa en Ramatha; y el niño ministraba á Jehová delante del sacerdote Eli.
Y luego que Samuel vió á Saúl, Jehová le dijo: He aquí éste es el varón del cual te hablé; éste señoreará á mi pueblo.
Mostráronse pues ambos á la guarnición de los Filisteos, y los Filisteos dijeron: He aquí los Hebreos, que salen de las cavernas en que se habían escondido.
Asimismo todos los Israelitas que se habían escondido en el monte de Ephraim, oyendo que los Filisteos huían, ellos también los persiguieron en aquella batalla.
Entonces Saúl dijo á Jonathán: Declárame qué has hecho. Y Jonathán se lo declaró, y dijo: Cierto que gusté con la punta de la vara que traía en mi mano, un poco de miel: ¿y he aquí he de morir?
Y el nombre de la mujer de Saúl era Ahinoam, hija de Aimaas. Y el nombre del general de su ejército era Abner, hijo de Ner tío de Saúl.
Entonces Saúl dijo á Samuel: Yo he pecado; que he quebrantado el dicho de Jehová y tus palabras: porque temí al pueblo, consentí á la voz de ellos. Perdona pues ahora mi pecado,
Y dijo Samuel: ¿Cómo iré? Si Saúl lo entendiere, me matará. Jehová respondió: Toma contigo una becerra de la vacada, y di: A sacrificar á Jehová he venido.
Y llama á Isaí al sacrificio, y yo te enseñaré lo que has de hacer; y ungirme has al que yo te dijere.
Y el pueblo le respondió las mismas palabras, diciendo: Así se hará al hombre que lo venciere.
E hicieron alianza Jonathán y David, porque él le amaba como á su alma.
Que todos vosotros habéis conspirado contra mí, y no hay quien me descubra al oído como mi hijo ha hecho alianza con el hijo de Isaí, ni alguno de vosotros que se duela de mí, y me descubra como mi hijo ha levantado á mi siervo contra mí, para que me aceche, según hace hoy día?
Y dieron aviso á David, diciendo: He aquí que los Filisteos combaten á Keila, y roban las eras.
Mas los que estaban con David le dijeron: He aquí que nosotros aquí en Judá estamos con miedo; ¿cuánto más si fuéremos á Keila contra el ejército de los Filisteos?
¿Me entregarán los vecinos de Keila en sus manos? ¿descenderá Saúl, como tu siervo tiene oído? Jehová Dios de Israel, ruégote que lo declares á tu siervo. Y Jehová dijo: Sí, descenderá.
Y subieron los de Ziph á decir á Saúl en Gabaa: ¿No está David escondido en nuestra tierra en las peñas del bosque, en el collado de Hachîla que está á la mano derecha del desierto?
¿He de tomar yo ahora mi pan, mi agua, y mi víctima que he preparado para mis esquiladores, y la daré á hombres que no sé de dónde son?
Y he aquí, como tu vida ha sido estimada hoy en mis ojos, así sea mi vida estimada en los ojos de Jehová, y me libre de toda aflicción.
Y Achîs llamó á David, y díjole: Vive Jehová, que tú has sido recto, y que me ha parecido bien tu salida y entrada en el campo conmigo, y que ninguna cosa mala he hallado en ti desde el día que viniste á mí hasta hoy: mas en los ojos de los príncipes no agradas.
Y cuando David y los suyos vinieron á Siclag al tercer día, los de Amalec habían invadido el mediodía y á Siclag, y habían desolado á Siclag, y puéstola á fuego.
Y libró David todo lo que los Amalecitas habían tomado: y asimismo libertó David á sus dos mujeres.
Y cortáronle la cabeza, y desnudáronle las armas; y enviaron á tierra de los Filisteos al contorno, para que lo noticiaran en el templo de sus ídolos, y por el pueblo.
Y enojóse Abner en gran manera por las palabras de Is-boseth, y dijo: ¿Soy yo cabeza de perros respecto de Judá? Yo he hecho hoy misericordia con la casa de Saúl tu padre, con sus hermanos, y con sus amigos, y no te he entregado en las manos de David: ¿y tú me haces hoy cargo del pecado de esta mujer?
No quiso pues David traer á sí el arca de Jehová á la ciudad de David; mas llevóla David á casa de Obed-edom Getheo.
Entonces el rey le dijo: ¿Y ése dónde está? Y Siba respondió al rey: He aquí, está en casa de Machîr hijo de Amiel, en Lodebar.
Y mandó al mensajero, diciendo: Cuando acabares de contar al rey todos los negocios de la guerra,
Y dijo el mensajero á David: Prevalecieron contra nosotros los hombres, que salieron á nosotros al campo, bien que nosotros les hicimos retroceder hasta la entrada de la puerta;
Y pasado el luto, envió David y recogióla á su casa: y fué ella su mujer, y parióle un hijo. Mas esto que David había hecho, fué desagradable á los ojos de Jehová.
Acostóse pues Amnón, y fingió que estaba enfermo, y vino el rey á visitarle: y dijo Amnón al rey: Yo te ruego que venga mi hermana Thamar, y haga delante de mí dos hojuelas, que coma yo de su mano.
Y que yo he venido ahora para decir esto al rey mi señor, es porque el pueblo me ha puesto miedo. Mas tu sierva dijo: Hablaré ahora al rey: quizá él hará lo que su sierva diga.
Y cuando se cortaba el cabello, (lo cual hacía al fin de cada año, pues le causaba molestia, y por eso se lo cortaba), pesaba el cabello de su cabeza doscientos siclos de peso real.
Aconteció después de esto, que Absalom se hizo de carros y caballos, y cincuenta hombres que corriesen delante de él.
También envió Absalom por Achitophel Gilonita, del consejo de David, á Gilo su ciudad, mientras hacía sus sacrificios. Y la conjuración vino á ser grande, pues se iba aumentando el pueblo con Absalom.
Y todo el país lloró en alta voz; pasó luego toda la gente el torrente de Cedrón; asimismo pasó el rey, y todo el pueblo pasó, al camino que va al desierto.
Y díjole David: Si pasares conmigo, serme has de carga;
Y como David y los suyos iban por el camino, Semei iba por el lado del monte delante de él, andando y maldiciendo, y arrojando piedras delante de él, y esparciendo polvo.
Y luego que vino él á Jerusalem á recibir al rey, el rey le dijo: Mephi-boseth, ¿por qué no fuiste conmigo?
Dénsenos siete varones de sus hijos, para que los ahorquemos á Jehová en Gabaa de Saúl, el escogido de Jehová. Y el rey dijo: Yo los daré.
Y habló David á Jehová las palabras de este cántico, el día que Jehová le había librado de la mano de todos sus enemigos, y de la mano de Saúl.
Los consumiré, y los heriré, y no se levantarán; y caerán debajo de mis pies.
Y Arauna dijo: ¿Por qué viene mi señor el rey á su siervo? Y David respondió: Para comprar de ti la era, para edificar altar á Jehová, á fin de que la mortandad cese del pueblo.
Entonces Benaía hijo de Joiada respondió al rey, y dijo: Amén. Así lo diga Jehová, Dios de mi señor el rey.
Y entró Benaía al tabernáculo de Jehová, y díjole: El rey ha dicho que salgas. Y él dijo: No, sino aquí moriré. Y Benaía volvió con esta respuesta al rey, diciendo: Así habló Joab, y así me respondió.
Y si anduvieres en mis caminos, guardando mis estatutos y mis mandamientos, como anduvo David tu padre, yo alargaré tus días.
Y dijo la una mujer: ¡Ah, señor mío! yo y esta mujer morábamos en una misma casa, y yo parí estando con ella en la casa.
En seguida el rey dijo: Partid por medio el niño vivo, y dad la mitad á la una, y la otra mitad á la otra.
Y estos son los nombres de ellos: el hijo de Hur en el monte de Ephraim;
El hijo de Hesed, en Aruboth; éste tenía también á Sochô y toda la tierra de Ephet.
También disertó de los árboles, desde el cedro del Líbano hasta el hisopo que nace en la pared. Asimismo disertó de los animales, de las aves, de los reptiles, y de los peces.
Y la casa estaba cubierta de cedro por de dentro, y tenía entalladuras de calabazas silvestres y de botones de flores. Todo era cedro; ninguna piedra se veía.
Y los sacerdotes metieron el arca del pacto de Jehová en su lugar, en el oráculo de la casa, en el lugar santísimo, debajo de las alas de los querubines.
Y levantáronse de Madián, y vinieron á Parán; y tomando consigo hombres de Parán, viniéronse á Egipto, á Faraón rey de Egipto, el cual le dió casa, y le señaló alimentos, y aun le dió tierra.
Y á su hijo daré una tribu, para que mi siervo David tenga lámpara todos los días delante de mí en Jerusalem, ciudad que yo me elegí para poner en ella mi nombre.
Ve, y di á Jeroboam: Así dijo Jehová Dios de Israel: Por cuanto yo te levanté de en medio del pueblo, y te hice príncipe sobre mi pueblo Israel,
Antes hiciste lo malo sobre todos los que han sido antes de ti: que fuiste y te hiciste dioses ajenos y de fundición para enojarme, y á mí me echaste tras tus espaldas:
Al quinto año del rey Roboam subió Sisac rey de Egipto contra Jerusalem.
Y en lugar de ellos hizo el rey Roboam escudos de metal, y diólos en manos de los capitanes de los de la guardia, quienes custodiaban la puerta de la casa real.
Y clamando á Jehová, dijo: Jehová Dios mío, ¿aun á la viuda en cuya casa yo estoy hospedado has afligido, matándole su hijo?
Levantóse pues, y comió y bebió; y caminó con la fortaleza de aquella comida cuarenta días y cuarenta noches, hasta el monte de Dios, Horeb.
Y tú, fórmate otro ejército como el ejército que perdiste, caballos por caballos, y carros por carros; luego pelearemos con ellos en campo raso, y veremos si no los vencemos. Y él les dió oído, é hízolo así.
Mas ellos le importunaron, hasta que avergonzándose dijo: Enviad. Entonces ellos enviaron cincuenta hombres, los cuales lo buscaron tres días, mas no lo hallaron.
Mas allegóse á los pecados de Jeroboam, hijo de Nabat, que hizo pecar á Israel; y no se apartó de ellos.
Y vosotros heriréis á toda ciudad fortalecida y á toda villa hermosa, y talaréis todo buen árbol, y cegaréis todas las fuentes de aguas, y destruiréis con piedras toda tierra fértil.
Y como los vasos fueron llenos, dijo á un hijo suyo: Tráeme aún otro vaso. Y él dijo: No hay más vasos. Entonces cesó el aceite.
La lepra de Naamán se te pegará á ti, y á tu simiente para siempre. Y salió de delante de él leproso, blanco como la nieve.
Y dijéronse el uno al otro: No hacemos bien: hoy es día de buena nueva, y nosotros callamos: y si esperamos hasta la luz de la mañana, nos alcanzará la maldad. Vamos pues ahora, entremos, y demos la nueva en casa del rey.
Aconteció pues de la manera que el varón de Dios había hablado al rey, diciendo: Dos seah de cebada por un siclo, y el seah de flor de harina será vendido por un siclo mañana á estas horas, á la puerta de Samaria.
Y preguntando el rey á la mujer, ella se lo contó. Entonces el rey le dió un eunuco, diciéndole: Hazle volver todas las cosas que eran suyas, y todos los frutos de las tierras desde el día que dejó el país hasta ahora.
El atalaya volvió á decir: También éste llegó á ellos y no vuelve: mas el marchar del que viene es como el marchar de Jehú hijo de Nimsi, porque viene impetuosamente.
Desde el Jordán al nacimiento del sol, toda la tierra de Galaad, de Gad, de Rubén, y de Manasés, desde Aroer que está junto al arroyo de Arnón, á Galaad y á Basán.
Y todo el pueblo de la tierra entró en el templo de Baal, y derribáronlo: asimismo despedazaron enteramente sus altares y sus imágenes, y mataron á Mathán sacerdote de Baal delante de los altares. Y el sacerdote puso guarnición sobre la casa de Jehová.
(Y dió Jehová salvador á Israel, y salieron de bajo la mano de los Siros; y habitaron los hijos de Israel en sus estancias, como antes.
Ciertamente has herido á Edom, y tu corazón te ha envanecido: gloríate pues, mas estáte en tu casa. ¿Y por qué te entrometerás en un mal, para que caigas tú, y Judá contigo?
E hizo lo malo en ojos de Jehová, y no se apartó de todos los pecados de Jeroboam hijo de Nabat, el que hizo pecar á Israel.
En el año veintisiete de Jeroboam, rey de Israel, comenzó á reinar Azarías hijo de Amasías rey de Judá.
Y durmió Azarías con sus padres, y sepultáronlo con sus padres en la ciudad de David: y reinó en su lugar Jotham su hijo.
Lo demás de los hechos de Sallum, y su conjuración con que conspiró, he aquí está escrito en el libro de las crónicas de los reyes de Israel.
Entonces hirió Manahem á Tiphsa, y á todos los que estaban en ella, y también sus términos desde Thirsa; é hirióla porque no le habían abierto; y abrió á todas sus preñadas.
En el año cincuenta y dos de Azarías rey de Judá, reinó Peka hijo de Remalías sobre Israel en Samaria; y reinó veinte años.
Y Urías el sacerdote edificó el altar; conforme á todo lo que el rey Achâz había enviado de Damasco, así lo hizo el sacerdote Urías, entre tanto que el rey Achâz venía de Damasco.
Entonces dijeron ellos al rey de Asiria: Las gentes que tú traspasaste y pusiste en las ciudades de Samaria, no saben la costumbre del Dios de aquella tierra, y él ha echado leones en ellos, y he aquí los matan, porque no saben la costumbre del Dios de la tierra.
Y el rey de Asiria mandó, diciendo: Llevad allí á alguno de los sacerdotes que trajisteis de allá, y vayan y habiten allí, y enséñenles la costumbre del Dios del país.
Mas temed á Jehová vuestro Dios, y él os librará de mano de todos vuestros enemigos.
Y si me decís: Nosotros confiamos en Jehová nuestro Dios: ¿no es aquél cuyos altos y altares ha quitado Ezechîas, y ha dicho á Judá y á Jerusalem: Delante de este altar adoraréis en Jerusalem?
E Isaías les respondió: Así diréis á vuestro señor: Así ha dicho Jehová; No temas por las palabras que has oído, con las cuales me han blasfemado los siervos del rey de Asiria.
He aquí pondré yo en él un espíritu, y oirá rumor, y volveráse á su tierra: y yo haré que en su tierra caiga á cuchillo.
Y oró Ezechîas delante de Jehová, diciendo: Jehová Dios de Israel, que habitas entre los querubines, tú solo eres Dios de todos los reinos de la tierra; tú hiciste el cielo y la tierra.
Y que pusieron en el fuego á sus dioses, por cuanto ellos no eran dioses, sino obra de manos de hombres, madera ó piedra, y así los destruyeron.
Entonces Isaías hijo de Amós envió á decir á Ezechîas: Así ha dicho Jehová, Dios de Israel: Lo que me rogaste acerca de Sennachêrib rey de Asiria, he oído.
Y esto te será por señal Ezechîas: Este año comerás lo que nacerá de suyo, y el segundo año lo que nacerá de suyo; y el tercer año haréis sementera, y segaréis, y plantaréis viñas, y comeréis el fruto de ellas.
De doce años era Manasés cuando comenzó á reinar, y reinó en Jerusalem cincuenta y cinco años: el nombre de su madre fué Hepsiba.
Derribó además el rey los altares que estaban sobre la techumbre de la sala de Achâz, que los reyes de Judá habían hecho, y los altares que había hecho Manasés en los dos atrios de la casa de Jehová; y de allí corrió y arrojó el polvo en el torrente de Cedrón.
De veintitrés años era Joachâz cuando comenzó á reinar, y reinó tres meses en Jerusalem. El nombre de su madre fué Amutal, hija de Jeremías de Libna.
En el mes quinto, á los siete del mes, siendo el año diecinueve de Nabucodonosor rey de Babilonia, vino á Jerusalem Nabuzaradán, capitán de los de la guardia, siervo del rey de Babilonia.
Y á los del pueblo que habían quedado en la ciudad, y á los que se habían juntado al rey de Babilonia, y á los que habían quedado del vulgo, trasportólos Nabuzaradán, capitán de los de la guardia.
Incensarios, cuencos, los que de oro, en oro, y los que de plata, en plata, todo lo llevó el capitán de los de la guardia;
Y el rey de Babilonia los hirió y mató en Ribla, en tierra de Hamath. Así fué trasportado Judá de sobre su tierra.
Canaán engendró á Sidón, su primogénito;
Hebal, Abimael, Seba,
Heber, Peleg, Reu,
Y Abram, el cual es Abraham.
Disón fué hijo de Ana: y los hijos de Disón; Hamrán, Hesbán, Ithran y Chêrán.
Y muerto Saúl, reinó en su lugar Baal-hanán hijo de Achbor.
Hijo de Chârmi fué Achâr, el que alborotó á Israel, porque prevaricó en el anatema.
El sexto Osem, el séptimo David:
Y Azarías engendró á Heles, y Heles engedró á Elasa;
Noga, Nepheg, y Japhia,
Los hijos de Hananías: Pelatías, y Jesaías, hijo de Rephaías, hijo de Arnán, hijo de Obdías, hijo de Sechânías.
Y los hijos de Helea: Sereth, Jesohar, Ethnán.
E hirieron á las reliquias que habían quedado de Amalec, y habitaron allí hasta hoy.
Hijo de este Bería fué Repha, y Reseph, y Thela su hijo, y Taán su hijo,
Y Gera, Sephuphim, y Huram.
Y Mosa engendró á Bina, hijo del cual fué Rapha, hijo del cual fué Elasa, cuyo hijo fué Asel.
Y Mathathías, uno de los Levitas, primogénito de Sallum Coraita, tenía cargo de las cosas que se hacían en sartén.
Ahiam hijo de Sachâr Ararita, Eliphal hijo de Ur;
El principal Ahiezer, después Joas, hijos de Semaa Gabaathita; y Jeziel, y Pheleth, hijos de Azmaveth, y Beracah, y Jehú Anathothita;
Porque entonces todos los días venía ayuda á David, hasta hacerse un grande ejército, como ejército de Dios.
Entonces David tomó también mujeres en Jerusalem y aun engendró David hijos é hijas.
Cantad á Jehová, toda la tierra, anunciad de día en día su salud.
Atribuid á Jehová, oh familias de los pueblos, atribuid á Jehová gloria y potencia.
Ahora pues, Jehová, la palabra que has hablado acerca de tu siervo y de su casa, sea firme para siempre, y haz como has dicho.
Y Sadoc hijo de Achîtob, y Abimelec hijo de Abiathar, eran sacerdotes; y Sausa, secretario;
Y Benaías hijo de Joiada era sobre los Ceretheos y Peletheos; y los hijos de David eran los príncipes cerca del rey.
Y dijo David: Salomón mi hijo es muchacho y tierno, y la casa que se ha de edificar á Jehová ha de ser magnífica por excelencia, para nombre y honra en todas las tierras; ahora pues yo le aparejaré lo necesario. Y preparó David antes de su muerte en grande abundancia.
¿No es con vosotros Jehová vuestro Dios, el cual os ha dado quietud de todas partes? porque él ha entregado en mi mano los moradores de la tierra, y la tierra ha sido sujetada delante de Jehová, y delante de su pueblo.
Hijo de Uzziel, Michâ; é hijo de Michâ, Samir.
La vigésimasegunda á Giddalthi, con sus hijos y sus hermanos, doce;
También de Semeías su hijo nacieron hijos que fueron señores sobre la casa de sus padres; porque eran varones muy valerosos.
Cuanto á los hijos de Ladán, hijos de Gersón: de Ladán, los príncipes de las familias de Ladán fueron Gersón, y Jehieli.
Este Selomith y sus hermanos tenían cargo de todos los tesoros de todas las cosas santificadas, que había consagrado el rey David, y los príncipes de las familias, y los capitanes de millares y de cientos, y los jefes del ejército;
De lo que habían consagrado de las guerras y de los despojos, para reparar la casa de Jehová.
Y no tomó David el número de los que eran de veinte años abajo, por cuanto Jehová había dicho que él había de multiplicar á Israel como las estrellas del cielo.
Asimismo yo confirmaré su reino para siempre, si él se esforzare á poner por obra mis mandamientos y mis juicios, como aqueste día.
Y he aquí para los operarios tus siervos, cortadores de la madera, he dado veinte mil coros de trigo en grano, y veinte mil coros de cebada, y veinte mil batos de vino, y veinte mil batos de aceite.
Así fortificaron el reino de Judá, y confirmaron á Roboam hijo de Salomón, por tres años; porque tres años anduvieron en el camino de David y de Salomón.
Y como Roboam hubo confirmado el reino, dejó la ley de Jehová, y con él todo Israel.
Pero Jeroboam hijo de Nabat, siervo de Salomón hijo de David, se levantó y rebeló contra su señor.
En aquel tiempo vino Hanani vidente á Asa rey de Judá, y díjole: Por cuanto te has apoyado en el rey de Siria, y no te apoyaste en Jehová tu Dios, por eso el ejército del rey de Siria ha escapado de tus manos.
Subió pues el rey de Israel, y Josaphat rey de Judá, á Ramoth de Galaad.
Sea pues con vosotros el temor de Jehová; guardad y haced: porque en Jehová nuestro Dios no hay iniquidad, ni acepción de personas, ni recibir cohecho.
Y puso también Josaphat en Jerusalem algunos de los Levitas y sacerdotes, y de los padres de familias de Israel, para el juicio de Jehová y para las causas. Y volviéronse á Jerusalem.
Y viniéronle letras del profeta Elías, que decían: Jehová, el Dios de David tu padre, ha dicho así: Por cuanto no has andado en los caminos de Josaphat tu padre, ni en los caminos de Asa, rey de Judá,
Regresando luego Amasías de la matanza de los Idumeos, trajo también consigo los dioses de los hijos de Seir, y púsoselos para sí por dioses, y encorvóse delante de ellos, y quemóles perfumes.
Y hablándole el profeta estas cosas, él le respondió: ¿Hante puesto á ti por consejero del rey? Déjate de eso: ¿por qué quieres que te maten? Y al cesar, el profeta dijo luego: Yo sé que Dios ha acordado destruirte, porque has hecho esto, y no obedeciste á mi consejo.
Asimismo Zichri, hombre poderoso de Ephraim, mató á Maasías hijo del rey, y á Azricam su mayordomo, y á Elcana, segundo después del rey.
Había entonces allí un profeta de Jehová, que se llamaba Obed, el cual salió delante del ejército cuando entraba en Samaria, y díjoles: He aquí Jehová el Dios de vuestros padres, por el enojo contra Judá, los ha entregado en vuestras manos; y vosotros los habéis muerto con ira, que hasta el cielo ha llegado.
Y determinaron hacer pasar pregón por todo Israel, desde Beer-seba hasta Dan, para que viniesen á celebrar la pascua á Jehová Dios de Israel, en Jerusalem: porque en mucho tiempo no la habían celebrado al modo que está escrito.
No seáis como vuestros padres y como vuestros hermanos, que se rebelaron contra Jehová el Dios de sus padres, y él los entregó á desolación, como vosotros veis.
Hízose también ciudades, y hatos de ovejas y de vacas en gran copia; porque Dios le había dado mucha hacienda.
Y Saphán lo llevó al rey, y contóle el negocio, diciendo: Tus siervos han cumplido todo lo que les fué dado á cargo.
Asimismo los cantores hijos de Asaph estaban en su puesto, conforme al mandamiento de David, de Asaph y de Hemán, y de Jeduthún vidente del rey; también los porteros estaban á cada puerta; y no era menester que se apartasen de su ministerio, porque sus hermanos los Levitas aparejaban para ellos.
Los hijos de Rama y Gabaa, seiscientos veinte y uno;
Los hijos de Basluth, los hijos de Mehida, los hijos de Harsa;
Desde el primer día del mes séptimo comenzaron á ofrecer holocaustos á Jehová; mas el templo de Jehová no estaba aún fundado.
Y en días de Artajerjes, Bislam, Mitrídates, Tabeel, y los demás sus compañeros, escribieron á Artajerjes rey de Persia; y la escritura de la carta estaba hecha en siriaco, y declarada en siriaco.
Entonces este Sesbassar vino, y puso los fundamentos de la casa de Dios que estaba en Jerusalem, y desde entonces hasta ahora se edifica, y aun no está acabada.
Porque el día primero del primer mes fué el principio de la partida de Babilonia, y al primero del mes quinto llegó á Jerusalem, según la buena mano de su Dios sobre él.
Todo lo que es mandado por el Dios del cielo, sea hecho prestamente para la casa del Dios del cielo: pues, ¿por qué habría de ser su ira contra el reino del rey y de sus hijos?
Y díjeles: Vosotros sois consagrados á Jehová, y santos los vasos; y la plata y el oro ofrenda voluntaria á Jehová, Dios de nuestros padres.
Levántate, porque á ti toca el negocio, y nosotros seremos contigo; esfuérzate, y ponlo por obra.
Y de los hijos de Immer: Hanani y Zebadías.
Después de él restauró Malchîas hijo del platero, hasta la casa de los Nethineos y de los tratantes, enfrente de la puerta del Juicio, y hasta la sala de la esquina.
Oye, oh Dios nuestro, que somos en menosprecio, y vuelve el baldón de ellos sobre su cabeza, y dalos en presa en la tierra de su cautiverio:
Entonces puse por los bajos del lugar, detrás del muro, en las alturas de los peñascos, puse el pueblo por familias con sus espadas, con sus lanzas, y con sus arcos.
También yo, y mis hermanos, y mis criados, les hemos prestado dinero y grano: relevémosles ahora de este gravamen.
Los cuales vinieron con Zorobabel, Jesuá, Nehemías, Azarías, Raamías, Nahamani, Mardochêo, Bilsán, Misperet, Bigvai, Nehum, Baana. La cuenta de los varones del pueblo de Israel:
Los hijos de Zattu, ochocientos cuarenta y cinco;
Los varones de Beth-azmaveth, cuarenta y dos;
Los hijos de Chêros, los hijos de Siaa, los hijos de Phadón,
Y juntóse todo el pueblo como un solo hombre en la plaza que está delante de la puerta de las Aguas, y dijeron á Esdras el escriba, que trajese el libro de la ley de Moisés, la cual mandó Jehová á Israel.
Y hallaste fiel su corazón delante de ti, é hiciste con él alianza para darle la tierra del Cananeo, del Hetheo, y del Amorrheo, y del Pherezeo, y del Jebuseo, y del Gergeseo, para darla á su simiente: y cumpliste tu palabra, porque eres justo.
Hoseas, Hananías, Asub,
Porque á las cámaras han de llevar los hijos de Israel y los hijos de Leví la ofrenda del grano, del vino, y del aceite; y allí estarán los vasos del santuario, y los sacerdotes que ministran, y los porteros, y los cantores; y no abandonaremos la casa de nuestro Dios.
De los sacerdotes: Jedaías hijo de Joiarib, Jachîn,
Hasor, Rama, Gitthaim;
Y venido á Jerusalem, entendí el mal que había hecho Eliasib en atención á Tobías, haciendo para él cámara en los patios de la casa de Dios.
En aquellos días ví en Judá algunos que pisaban en lagares el sábado, y que acarreaban haces, y cargaban asnos con vino, y también de uvas, de higos, y toda suerte de carga, y traían á Jerusalem en día de sábado; y protestéles acerca del día que vendían el mantenimiento.
Y sus hijos la mitad hablaban asdod, y conforme á la lengua de cada pueblo; que no sabían hablar judaico.
Y dijo Memucán delante del rey y de los príncipes: No solamente contra el rey ha pecado la reina Vasthi, sino contra todos los príncipes, y contra todos los pueblos que hay en todas las provincias del rey Assuero.
Y ponga el rey personas en todas las provincias de su reino, que junten todas las mozas vírgenes de buen parecer en Susán residencia regia, en la casa de las mujeres, al cuidado de Hegai, eunuco del rey, guarda de las mujeres, dándoles sus atavíos;
El cual había sido trasportado de Jerusalem con los cautivos que fueron llevados con Jechônías rey de Judá, á quien hizo trasportar Nabucodonosor rey de Babilonia.
Porque vendidos estamos yo y mi pueblo, para ser destruídos, para ser muertos y exterminados. Y si para siervos y siervas fuéramos vendidos, callárame, bien que el enemigo no compensara el daño del rey.
Escribid pues vosotros á los Judíos como bien os pareciere en el nombre del rey, y sellad lo con el anillo del rey; porque la escritura que se escribe en nombre del rey, y se sella con el anillo del rey, no es para revocarla.
Y dijo el rey á la reina Esther: En Susán, capital del reino, han muerto los Judíos y destruído á quinientos hombres, y á diez hijos de Amán; ¿qué habrán hecho en las otras provincias del rey? ¿Cuál pues es tu petición, y te será concedida? ¿ó qué más es tu demanda, y será hecho?
Mas como Esther vino á la presencia del rey, él intimó por carta: El perverso designio que aquél trazó contra los Judíos, recaiga sobre su cabeza; y cuélguenlo á él y á sus hijos en la horca.
Y envió Mardochêo letras á todos los Judíos, á las ciento veintisiete provincias del rey Assuero, con palabras de paz y de verdad,
Ahora pues da voces, si habrá quien te responda; ¿y á cuál de los santos te volverás?
Cuando estoy acostado, digo: ¿Cuándo me levantaré? Y mide mi corazón la noche, y estoy harto de devaneos hasta el alba.
No tornará más á su casa, ni su lugar le conocerá más.
Que sale como una flor y es cortado; y huye como la sombra, y no permanece.
Y ciertamente el monte que cae se deshace, y las peñas son traspasadas de su lugar;
Muchas veces he oído cosas como estas: consoladores molestos sois todos vosotros.
Al cual yo tengo de ver por mí, y mis ojos lo verán, y no otro, aunque mis riñones se consuman dentro de mí.
Desenvainará y sacará saeta de su aljaba, y relumbrante pasará por su hiel: sobre él vendrán terrores.
¡Quién me diera el saber dónde hallar á Dios! yo iría hasta su silla.
El señorío y el temor están con él: él hace paz en sus alturas.
¿Cuánto menos el hombre que es un gusano, y el hijo de hombre, también gusano?
Ata las aguas en sus nubes, y las nubes no se rompen debajo de ellas.
Esta es para con Dios la suerte del hombre impío, y la herencia que los violentos han de recibir del Omnipotente.
Nunca la pisaron animales fieros, ni león pasó por ella.
De los peñascos cortó ríos, y sus ojos vieron todo lo preciado.
Y volvió Job á tomar su propósito, y dijo:
Cuando lavaba yo mis caminos con manteca, y la piedra me derramaba ríos de aceite!
Mi raíz estaba abierta junto á las aguas, y en mis ramas permanecía el rocío.
Porque ¿para qué yo habría menester la fuerza de sus manos, en los cuales había perecido con el tiempo?
Habitaban en las barrancas de los arroyos, en las cavernas de la tierra, y en las rocas.
Haste tornado cruel para mí: con la fortaleza de tu mano me amenazas.
He aquí yo abriré ahora mi boca, y mi lengua hablará en mi garganta.
Heme aquí á mí en lugar de Dios, conforme á tu dicho: de lodo soy yo también formado.
Si tuviera cerca de él algún elocuente anunciador muy escogido, que anuncie al hombre su deber;
Sí, por cierto, Dios no hará injusticia, y el Omnipotente no pervertirá el derecho.
No carga pues él al hombre más de lo justo, para que vaya con Dios á juicio.
A esto también se espanta mi corazón, y salta de su lugar.
¿Quién puso por cuenta los cielos con sabiduría? y los odres de los cielos, ¿quién los hace parar,
Hace hervir como una olla la profunda mar, y tórnala como una olla de ungüento.
El que mora en los cielos se reirá; el Señor se burlará de ellos.
Salmo de David, cuando huía de delante de Absalom su hijo. ¡Oh Jehová, cuánto se han multiplicado mis enemigos! muchos se levantan contra mí.
Ofreced sacrificios de justicia, y confiad en Jehová.
Oh Jehová, de mañana oirás mi voz; de mañana me presentaré á ti, y esperaré.
Al Músico principal: Salmo de David. En Jehová he confiado; ¿cómo decís á mi alma: Escapa al monte cual ave?
Michtham de David. Guárdame, oh Dios, porque en ti he confiado.
Y dísteme la cerviz de mis enemigos, y destruí á los que me aborrecían.
Librásteme de contiendas de pueblo: pusísteme por cabecera de gentes: pueblo que yo no conocía, me sirvió.
El Dios que me da las venganzas, y sujetó pueblos á mí.
Hanme rodeado muchos toros; fuertes toros de Basán me han cercado.
Alzad, oh puertas, vuestras cabezas, y alzaos vosotras, puertas eternas, y entrará el Rey de gloria.
Salva á tu pueblo, y bendice á tu heredad; y pastoréalos y ensálzalos para siempre.
Salmo cantado en la dedicación de la Casa: Salmo de David. Glorificarte he, oh Jehová; porque me has ensalzado, y no hiciste á mis enemigos alegrarse de mí.
Véngale el quebrantamiento que no sepa, y su red que escondió lo prenda: con quebrantamiento en ella caiga.
Y ensancharon sobre mí su boca; dijeron: ¡Ea, ea, nuestros ojos lo han visto!
Fuí pues como un hombre que no oye, y que en su boca no tiene reprensiones.
Quieras, oh Jehová, librarme; Jehová, apresúrate á socorrerme.
Jehová lo guarde, y le dé vida: sea bienaventurado en la tierra, y no lo entregues á la voluntad de sus enemigos.
¿Por qué te abates, oh alma mía, y por qué te conturbas en mí? Espera á Dios; porque aun le tengo de alabar; es él salvamento delante de mí, y el Dios mío.
Porque nuestra alma está agobiada hasta el polvo: nuestro vientre está pegado con la tierra.
Si bien mientras viviere, dirá dichosa á su alma: y tú serás loado cuando bien te tratares.
Y denunciarán los cielos su justicia; porque Dios es el juez. (Selah.)
Lávame más y más de mi maldad, y límpiame de mi pecado.
¿No tienen conocimiento todos esos que obran iniquidad? que comen á mi pueblo como si comiesen pan: á Dios no han invocado.
Mas tú, hombre, al parecer íntimo mío, mi guía, y mi familiar:
Sin delito mío corren y se aperciben: despierta para venir á mi encuentro, y mira.
Al Músico principal: sobre Neginoth: Salmo de David. Oye, oh Dios, mi clamor; á mi oración atiende.
Así te bendeciré en mi vida: en tu nombre alzaré mis manos.
Decid á Dios: ¡Cuán terribles tus obras! Por lo grande de tu fortaleza te mentirán tus enemigos.
Oh Dios, enseñásteme desde mi mocedad; y hasta ahora he manifestado tus maravillas.
Los reyes de Tharsis y de las islas traerán presentes: los reyes de Sheba y de Seba ofrecerán dones.
Verdaderamente en vano he limpiado mi corazón, y lavado mis manos en inocencia;
No vemos ya nuestras señales: no hay más profeta; ni con nosotros hay quien sepa hasta cuándo.
Empero Dios es mi rey ya de antiguo; el que obra saludes en medio de la tierra.
No entregues á las bestias el alma de tu tórtola: y no olvides para siempre la congregación de tus afligidos.
Empero aun tornaron á pecar contra él, enojando en la soledad al Altísimo.
Y comieron, y hartáronse mucho: cumplióles pues su deseo.
Mas tentaron y enojaron al Dios Altísimo, y no guardaron sus testimonios;
El fuego devoró sus mancebos, y sus vírgenes no fueron loadas en cantos nupciales.
No habrá en ti dios ajeno, ni te encorvarás á dios extraño.
Canción: Salmo de Asaph. Oh Dios, no tengas silencio: no calles, oh Dios, ni te estés quieto.
Sean afrentados y turbados para siempre; y sean deshonrados, y perezcan.
Codicia y aun ardientemente desea mi alma los atrios de Jehová: mi corazón y mi carne cantan al Dios vivo.
Mira, oh Dios, escudo nuestro, y pon los ojos en el rostro de tu ungido.
El hombre necio no sabe, y el insensato no entiende esto:
Que brotan los impíos como la hierba, y florecen todos los que obran iniquidad, para ser destruídos para siempre.
Porque he aquí tus enemigos, oh Jehová, porque he aquí, perecerán tus enemigos; serán disipados todos los que obran maldad.
Y dijeron: No verá JAH, ni entenderá el Dios de Jacob.
Delante de Jehová que vino: porque vino á juzgar la tierra. Juzgará al mundo con justicia, y á los pueblos con su verdad.
Escondes tu rostro, túrbanse: les quitas el espíritu, dejan de ser, y tórnanse en su polvo.
Y sacrificaron sus hijos y sus hijas á los demonios;
Y derramaron la sangre inocente, la sangre de sus hijos y de sus hijas, que sacrificaron á los ídolos de Canaán: y la tierra fué contaminada con sangre.
Vuelve el desierto en estanques de aguas, y la tierra seca en manantiales.
El derrama menosprecio sobre los príncipes, y les hace andar errados, vagabundos, sin camino:
El levanta del polvo al pobre, y al menesteroso alza del estiércol,
Para hacerlos sentar con los príncipes, con los príncipes de su pueblo.
Judá fué su consagrada heredad, Israel su señorío.
La mar vió, y huyó; el Jordán se volvió atrás.
Porque ha inclinado á mí su oído, invocaré le por tanto en todos mis días.
Jehová guarda á los sinceros: estaba yo postrado, y salvóme.
Digan ahora los que temen á Jehová: Que para siempre es su misericordia.
No moriré, sino que viviré, y contaré las obras de JAH.
Aparta mis ojos, que no vean la vanidad; avívame en tu camino.
Los impíos me han aguardado para destruirme: mas yo entenderé en tus testimonios.
AIN. Juicio y justicia he hecho; no me dejes á mis opresores.
TZADDI. Justo eres tú, oh Jehová, y rectos tus juicios.
Cántico gradual. Alzaré mis ojos á los montes, de donde vendrá mi socorro.
El sol no te fatigará de día, ni la luna de noche.
Cántico gradual. Los que confían en Jehová son como el monte de Sión, que no deslizará: estará para siempre.
Al que dividió el mar Bermejo en partes, porque para siempre es su misericordia;
Porque ha perseguido el enemigo mi alma; ha postrado en tierra mi vida; hame hecho habitar en tinieblas como los ya muertos.
Tú, el que da salud á los reyes, el que redime á David su siervo de maligna espada.
La hermosura de la gloria de tu magnificencia, y tus hechos maravillosos, hablaré.
Alabadle, cielos de los cielos, y las aguas que están sobre los cielos.
Los proverbios de Salomón, hijo de David, rey de Israel:
Mas el que me oyere, habitará confiadamente, y vivirá reposado, sin temor de mal.
Porque será medicina á tu ombligo, y tuétano á tus huesos.
Porque el perverso es abominado de Jehová: mas su secreto es con los rectos.
Aparta de ti la perversidad de la boca, y aleja de ti la iniquidad de labios.
Porque á muchos ha hecho caer heridos; y aun los más fuertes han sido muertos por ella.
Las riquezas y la honra están conmigo; sólidas riquezas, y justicia.
Para hacer heredar á mis amigos el ser, y que yo hincha sus tesoros.
Antes de los abismos fuí engendrada; antes que fuesen las fuentes de las muchas aguas.
Da al sabio, y será más sabio: enseña al justo, y acrecerá su saber.
La mano negligente hace pobre: mas la mano de los diligentes enriquece.
El odio despierta rencillas: mas la caridad cubrirá todas las faltas.
Los sabios guardan la sabiduría: mas la boca del loco es calamidad cercana.
Hay quienes reparten, y les es añadido más: y hay quienes son escasos más de lo que es justo, mas vienen á pobreza.
El que ama la corrección ama la sabiduría: mas el que aborrece la reprensión, es ignorante.
El justo aborrece la palabra de mentira: mas el impío se hace odioso é infame.
Por su maldad será lanzado el impío: mas el justo en su muerte tiene esperanza.
La benevolencia del rey es para con el ministro entendido: mas su enojo contra el que lo avergüenza.
La lengua de los sabios adornará la sabiduría: mas la boca de los necios hablará sandeces.
El necio menosprecia el consejo de su padre: mas el que guarda la corrección, vendrá á ser cuerdo.
Mejor es adquirir sabiduría que oro preciado; y adquirir inteligencia vale más que la plata.
Tener respeto á la persona del impío, para hacer caer al justo de su derecho, no es bueno.
El que halló esposa halló el bien, y alcanzó la benevolencia de Jehová.
El perezoso no ara á causa del invierno; pedirá pues en la siega, y no hallará.
¿Quién podrá decir: Yo he limpiado mi corazón, limpio estoy de mi pecado?
El testigo mentiroso perecerá: mas el hombre que oye, permanecerá en su dicho.
El que oprime al pobre para aumentarse él, y que da al rico, ciertamente será pobre.
No tengas envidia de los hombres malos, ni desees estar con ellos:
Si dejares de librar los que son tomados para la muerte, y los que son llevados al degolladero;
Como quien liga la piedra en la honda, así hace el que al necio da honra.
Cuando los justos se alegran, grande es la gloria; mas cuando los impíos son levantados, es buscado el hombre.
El hombre de verdad tendrá muchas bendiciones: mas el que se apresura á enriquecer, no será sin culpa.
Abominación es á los justos el hombre inicuo; y abominación es al impío el de rectos caminos.
Por tres cosas se alborota la tierra, y la cuarta no puede sufrir:
Más vale vista de ojos que deseo que pasa. Y también esto es vanidad y aflicción de espíritu.
Yo he rodeado con mi corazón por saber, y examinar, é inquirir la sabiduría, y la razón; y por conocer la maldad de la insensatez, y el desvarío del error;
Ciertamente dado he mi corazón á todas estas cosas, para declarar todo esto: que los justos y los sabios, y sus obras, están en la mano de Dios; y que no sabe el hombre ni el amor ni el odio por todo lo que pasa delante de él.
También vi esta sabiduría debajo del sol, la cual me parece grande:
Hay un mal que debajo del sol he visto, á manera de error emanado del príncipe:
Por el placer se hace el convite, y el vino alegra los vivos: y el dinero responde á todo.
Y las puertas de afuera se cerrarán, por la bajeza de la voz de la muela; y levantaráse á la voz del ave, y todas las hijas de canción serán humilladas;
Las palabras de los sabios son como aguijones; y como clavos hincados, las de los maestros de las congregaciones, dadas por un Pastor.
Ahora, hijo mío, á más de esto, sé avisado. No hay fin de hacer muchos libros; y el mucho estudio aflicción es de la carne.
Tus renuevos paraíso de granados, con frutos suaves, de cámphoras y nardos,
Fuente de huertos, pozo de aguas vivas, que corren del Líbano.
Venid luego, dirá Jehová, y estemos á cuenta: si vuestros pecados fueren como la grana, como la nieve serán emblanquecidos: si fueren rojos como el carmesí, vendrán á ser como blanca lana.
Asimismo dice Jehová: Por cuanto las hijas de Sión se ensoberbecen, y andan cuellierguidas y los ojos descompuestos; cuando andan van danzando, y haciendo son con los pies:
Y habrá sombrajo para sombra contra el calor del día, para acogida y escondedero contra el turbión y contra el aguacero.
Ha llegado á mis oídos de parte de Jehová de los ejércitos, que las muchas casas han de quedar asoladas, sin morador las grandes y hermosas.
Por tanto, como la lengua del fuego consume las aristas, y la llama devora la paja, así será su raíz como pudrimiento, y su flor se desvanecerá como polvo: porque desecharon la ley de Jehová de los ejércitos, y abominaron la palabra del Santo de Israel.
Y los quiciales de las puertas se estremecieron con la voz del que clamaba, y la casa se hinchió de humo.
Los ladrillos cayeron, mas edificaremos de cantería; cortaron los cabrahigos, mas cedros pondremos en su lugar.
¿No es Calno como Carchêmis, Hamath como Arphad, y Samaria como Damasco?
Como hice á Samaria y á sus ídolos, ¿no haré también así á Jerusalem y á sus ídolos?
Y cortará con hierro la espesura del bosque, y el Líbano caerá con fortaleza.
Por tanto mis entrañas sonarán como arpa acerca de Moab, y mi interior en orden á Kir-hareseth.
Las verduras de junto al río, de junto á la ribera del río, y toda sementera del río, se secarán, se perderán, y no serán.
Porque fuiste fortaleza al pobre, fortaleza al menesteroso en su aflicción, amparo contra el turbión, sombra contra el calor: porque el ímpetu de los violentos es como turbión contra frontispicio.
Muertos son, no vivirán: han fallecido, no resucitarán: porque los visitaste, y destruiste, y deshiciste toda su memoria.
Con medida la castigarás en sus vástagos. El reprime su recio viento en el día del aire solano.
De Jehová de los ejércitos serás visitada con truenos y con terremotos y con gran ruido, con torbellino y tempestad, y llama de fuego consumidor.
Y la luz de la luna será como la luz del sol, y la luz del sol siete veces mayor, como la luz de siete días, el día que soldará Jehová la quebradura de su pueblo, y curará la llaga de su herida.
Porque los palacios serán desiertos, la multitud de la ciudad cesará: las torres y fortalezas se tornarán cuevas para siempre, donde huelguen asnos monteses, y ganados hagan majada:
¡Ay de ti, el que saqueas, y nunca fuiste saqueado; el que haces deslealtad, bien que nadie contra ti la hizo! Cuando acabares de saquear, serás tú saqueado; y cuando acabares de hacer deslealtad, haráse contra ti.
Oid, los que estáis lejos, lo que he hecho; y vosotros los cercanos, conoced mi potencia.
Allí anidará el cuclillo, conservará sus huevos, y sacará sus pollos, y juntarálos debajo de sus alas: también se ayuntarán allí buitres, cada uno con su compañera.
Y dijo Rabsaces: ¿Envióme mi señor á ti y á tu señor, á que dijese estas palabras, y no á los hombres que están sobre el muro, para comer su estiércol y beber su orina con vosotros?
Cada cual ayudó á su cercano; y á su hermano dijo: Esfuérzate.
Cortaráse cedros, y tomará encina y alcornoque, y entre los árboles del bosque se esforzará; plantará pino, que se críe con la lluvia.
No discurre para consigo, no tiene sentido ni entendimiento para decir: Parte de esto quemé en el fuego, y sobre sus brasas cocí pan, asé carne, y comíla; ¿he de tornar en una abominación lo restante de ello? ¿delante de un tronco de árbol tengo de humillarme?
Así dice Jehová, el Santo de Israel, y su Formador: Preguntadme de las cosas por venir; mandadme acerca de mis hijos, y acerca de la obra de mis manos.
Yo hice la tierra, y crié sobre ella al hombre. Yo, mis manos, extendieron los cielos, y á todo su ejército mandé.
Nuestro Redentor, Jehová de los ejércitos es su nombre, el Santo de Israel.
Y puso mi boca como espada aguda, cubrióme con la sombra de su mano; y púsome por saeta limpia, guardóme en su aljaba;
Porque como á vestidura los comerá polilla, como á lana los comerá gusano; mas mi justicia permanecerá perpetuamente, y mi salud por siglos de siglos.
¿No eres tú el que secó la mar, las aguas del grande abismo; el que al profundo de la mar tornó en camino, para que pasasen los redimidos?
Y en tu boca he puesto mis palabras, y con la sombra de mi mano te cubrí, para que plantase los cielos y fundase la tierra, y que dijese á Sión: Pueblo mío eres tú.
Con todo eso Jehová quiso quebrantarlo, sujetándole á padecimiento. Cuando hubiere puesto su vida en expiación por el pecado, verá linaje, vivirá por largos días, y la voluntad de Jehová será en su mano prosperada.
Con un poco de ira escondí mi rostro de ti por un momento; mas con misericordia eterna tendré compasión de ti, dijo tu Redentor Jehová.
Porque los montes se moverán, y los collados temblarán; mas no se apartará de ti mi misericordia, ni el pacto de mi paz vacilará, dijo Jehová, el que tiene misericordia de ti.
Porque con alegría saldréis, y con paz seréis vueltos; los montes y los collados levantarán canción delante de vosotros, y todos los árboles del campo darán palmadas de aplauso.
Crío fruto de labios: Paz, paz al lejano y al cercano, dijo Jehová; y sanarélo.
Y vendrán á ti humillados los hijos de los que te afligieron, y á las pisadas de tus pies se encorvarán todos los que te escarnecían, y llamarte han Ciudad de Jehová, Sión del Santo de Israel.
De las misericordias de Jehová haré memoria, de las alabanzas de Jehová, conforme á todo lo que Jehová nos ha dado, y de la grandeza de su beneficencia hacia la casa de Israel, que les ha hecho según sus misericordias, y según la multitud de sus miseraciones.
Hemos venido á ser como aquellos de quienes nunca te enseñoreaste, sobre los cuales nunca fué llamado tu nombre.
Cuando, haciendo terriblezas cuales nunca esperábamos, descendiste, fluyeron los montes delante de ti.
Extendí mis manos todo el día á pueblo rebelde, el cual anda por camino no bueno, en pos de sus pensamientos;
Y edificarán casas, y morarán en ellas; plantarán viñas, y comerán el fruto de ellas.
Jehová dijo así: El cielo es mi solio, y la tierra estrado de mis pies: ¿dónde está la casa que me habréis de edificar, y dónde este lugar de mi reposo?
Y yo te planté de buen vidueño, simiente verdadera toda ella: ¿cómo pues te me has tornado sarmientos de vid extraña?
Por tanto, león del monte los herirá, destruirálos lobo del desierto, tigre acechará sobre sus ciudades; cualquiera que de ellas saliere, será arrebatado: porque sus rebeliones se han multiplicado, hanse aumentado sus deslealtades.
Y no dijeron en su corazón: Temamos ahora á Jehová Dios nuestro, que da lluvia temprana y tardía en su tiempo; los tiempos establecidos de la siega nos guarda.
¿A quién tengo de hablar y amonestar, para que oigan? He aquí que sus orejas son incircuncisas, y no pueden escuchar; he aquí que la palabra de Jehová les es cosa vergonzosa, no la aman.
Por tanto estoy lleno de saña de Jehová, trabajado he por contenerme; derramaréla sobre los niños en la calle, y sobre la reunión de los jóvenes juntamente; porque el marido también será preso con la mujer, el viejo con el lleno de días.
Palabra que fué de Jehová á Jeremías, diciendo:
Porque no hablé yo con vuestros padres, ni les mandé el día que los saqué de la tierra de Egipto, acerca de holocaustos y de víctimas:
¡Oh si mi cabeza se tornase aguas, y mis ojos fuentes de aguas, para que llore día y noche los muertos de la hija de mi pueblo!
E hicieron que su lengua, como su arco, tirase mentira; y no se fortalecieron por verdad en la tierra: porque de mal en mal procedieron, y me han desconocido, dice Jehová.
Y no quedará resto de ellos: porque yo traeré mal sobre los varones de Anathoth, año de su visitación.
Fué para mí mi heredad como león en breña: contra mí dió su voz; por tanto la aborrecí.
Y será que, si cuidadosamente aprendieren los caminos de mi pueblo, para jurar en mi nombre, diciendo, Vive Jehová, así como enseñaron á mi pueblo á jurar por Baal; ellos serán prosperados en medio de mi pueblo.
Así ha dicho Jehová: Así haré podrir la soberbia de Judá, y la mucha soberbia de Jerusalem,
Y á la casa del rey de Judá dirás: Oid palabra de Jehová.
Y te entregaré en mano de los que buscan tu alma, y en mano de aquellos cuya vista temes; sí, en mano de Nabucodonosor rey de Babilonia, y en mano de los Caldeos.
¿Hasta cuándo será esto en el corazón de los profetas que profetizan mentira, y que profetizan el engaño de su corazón?
Así dirás al profeta: ¿Qué te respondió Jehová, y qué habló Jehová?
Y á toda la mezcla de gente, y á todos los reyes de tierra de Hus, y á todos los reyes de tierra de Palestina, y á Ascalón, y Gaza, y Ecrón, y al residuo de Asdod;
Hubo también un hombre que profetizaba en nombre de Jehová, Urías, hijo de Semaías de Chîriath-jearim, el cual profetizó contra esta ciudad y contra esta tierra, conforme á todas las palabras de Jeremías:
Que no quitó Nabucodonosor rey de Babilonia, cuando trasportó de Jerusalem á Babilonia á Jechônías hijo de Joacim, rey de Judá, y á todos los nobles de Judá y de Jerusalem:
Casaos, y engendrad hijos é hijas; dad mujeres á vuestros hijos, y dad maridos á vuestras hijas, para que paran hijos é hijas; y multiplicaos ahí, y no os hagáis pocos.
Así empero ha dicho Jehová, del rey que está sentado sobre el trono de David, y de todo el pueblo que mora en esta ciudad, de vuestros hermanos que no salieron con vosotros en cautiverio;
Y todo el valle de los cuerpos muertos y de la ceniza, y todas las llanuras hasta el arroyo de Cedrón, hasta la esquina de la puerta de los caballos al oriente, será santo á Jehová: no será arrancada, ni destruída más para siempre.
Y Sedechîas rey de Judá no escapará de la mano de los Caldeos, sino que de cierto será entregado en mano del rey de Babilonia, y hablará con él boca á boca, y sus ojos verán sus ojos;
He aquí que Hanameel, hijo de Sallum tu tío, viene á ti, diciendo: Cómprame mi heredad que está en Anathoth; porque tú tienes derecho á ella para comprarla.
Y de los sacerdotes y Levitas no faltará varón de mi presencia que ofrezca holocausto, y encienda presente, y que haga sacrificio todos los días.
Tómate un rollo de libro, y escribe en él todas las palabras que te he hablado contra Israel y contra Judá, y contra todas las gentes, desde el día que comencé á hablarte, desde los días de Josías hasta hoy.
Y tomó Jeremías otro rollo, y diólo á Baruch hijo de Nerías escriba; y escribió en él de boca de Jeremías todas las palabras del libro que quemó en el fuego Joacim rey de Judá; y aun fueron añadidas sobre ellas muchas otras palabras semejantes.
Y tomó Ebed-melec en su poder hombres, y entró á la casa del rey al lugar debajo de la tesorería, y tomó de allí trapos viejos, traídos, viejos, y andrajosos, y echólos á Jeremías con sogas en la mazmorra.
Sacarán pues, todas tus mujeres y tus hijos á los Caldeos, y tú no escaparás de sus manos, sino que por mano del rey de Babilonia serás preso, y á esta ciudad quemará á fuego.
Ve, y habla á Ebed-melec Etiope, diciendo: Así ha dicho Jehová de los ejércitos, Dios de Israel: He aquí traigo yo mis palabras sobre esta ciudad para mal, y no para bien; y vendrán á ser en aquel día á presencia tuya.
Será que el cuchillo que teméis, os alcanzará allí en tierra de Egipto, y el hambre de que tenéis temor, allá en Egipto se os pegará; y allí moriréis.
Entonces todos los que sabían que sus mujeres habían ofrecido sahumerios á dioses ajenos, y todas las mujeres que estaban presentes, una gran concurrencia, y todo el pueblo que habitaba en tierra de Egipto, en Pathros, respondieron á Jeremías, diciendo:
Y habló Jeremías á todo el pueblo, á los hombres y á las mujeres, y á todo el vulgo que le había respondido esto, diciendo:
Tú dijiste: ¡Ay de mí ahora! porque me ha añadido Jehová tristeza sobre mi dolor; trabajé en mi gemido, y no he hallado descanso.
Subid, caballos, y alborotaos, carros; y salgan los valientes: los de Cus y los de Phut que toman escudo, y los de Lut que toman y entesan arco.
Porque así ha dicho Jehová: He aquí que los que no estaban condenados á beber del cáliz, beberán ciertamente; ¿y serás tú absuelto del todo? No serás absuelto, sino que de cierto beberás.
Tu arrogancia te engañó, y la soberbia de tu corazón, tú que habitas en cavernas de peñas, que tienes la altura del monte: aunque alces como águila tu nido, de allí te haré descender, dice Jehová.
Y el soberbio tropezará y caerá, y no tendrá quien lo levante: y encenderé fuego en sus ciudades, y quemaré todos sus alrededores.
Cuchillo sobre sus caballos, y sobre sus carros, y sobre todo el vulgo que está en medio de ella, y serán como mujeres: cuchillo sobre sus tesoros, y serán saqueados.
Oyó su fama el rey de Babilonia, y sus manos se descoyuntaron: angustia le tomó, dolor como de mujer de parto.
Del grito de la toma de Babilonia la tierra tembló, y el clamor se oyó entre las gentes.
Y porque no desmaye vuestro corazón, y temáis á causa de la fama que se oirá por la tierra, en un año vendrá la fama, y después en otro año el rumor, y la violencia en la tierra, y el enseñoreador sobre el que enseñorea.
Asentóme en oscuridades, como los ya muertos de mucho tiempo.
Fuí escarnio á todo mi pueblo, canción de ellos todos los días.
Dará la mejilla al que le hiriere; hartaráse de afrenta.
Mis enemigos me dieron caza como á ave, sin por qué.
Cazaron nuestros pasos, que no anduviésemos por nuestras calles: acercóse nuestro fin, cumpliéronse nuestros días; porque nuestro fin vino.
Violaron á las mujeres en Sión, á las vírgenes en las ciudades de Judá.
Llevaron los mozos á moler, y los muchachos desfallecieron en la leña.
Yo pues te envío á hijos de duro rostro y de empedernido corazón; y les dirás: Así ha dicho el Señor Jehová.
Y haré se pegue tu lengua á tu paladar, y estarás mudo, y no serás á ellos varón que reprende: porque son casa rebelde.
Y haré en ti lo que nunca hice, ni jamás haré cosa semejante, á causa de todas tus abominaciones.
Y miré, y he aquí una semejanza que parecía de fuego: desde donde parecían sus lomos para abajo, fuego; y desde sus lomos arriba parecía como resplandor, como la vista de ámbar.
A las ruedas, oyéndolo yo, se les gritaba: ¡Rueda!
Y la gloria de Jehová se salió de sobre el umbral de la casa, y paró sobre los querubines.
Y al príncipe que está en medio de ellos llevarán á cuestas de noche, y saldrán; horadarán la pared para sacarlo por ella; cubrirá su rostro para no ver con sus ojos la tierra.
Y fué á mí palabra de Jehová, diciendo:
Y fué á mí palabra de Jehová, diciendo:
Hijo del hombre, profetiza contra los profetas de Israel que profetizan, y di á los que profetizan de su corazón: Oid palabra de Jehová.
En toda cabeza de camino edificaste tu altar, y tornaste abominable tu hermosura, y abriste tus piernas á cuantos pasaban, y multiplicaste tus fornicaciones.
Por tanto, he aquí que yo extendí sobre ti mi mano, y disminuí tu provisión ordinaria, y te entregué á la voluntad de las hijas de los Filisteos que te aborrecen, las cuales se avergüenzan de tu camino deshonesto.
Por tanto, ramera, oye palabra de Jehová:
Y confirmaré mi pacto contigo, y sabrás que yo soy Jehová;
Y he aquí que plantada está ella, ¿será prosperada? ¿No se secará del todo cuando el viento solano la tocare? En los surcos de su verdor se secará.
En mis ordenanzas caminare, y guardare mis derechos para hacer verdad, éste es justo: éste vivirá, dice el Señor Jehová.
Saquélos pues de la tierra de Egipto, y trájelos al desierto;
Mas rebeláronse contra mí la casa de Israel en el desierto; no anduvieron en mis ordenanzas, y desecharon mis derechos, los cuales el hombre que los hiciere, vivirá en ellos; y mis sábados profanaron en gran manera; dije, por tanto, que había de derramar sobre ellos mi ira en el desierto para consumirlos.
Y fué á mí palabra de Jehová, diciendo:
El pueblo de la tierra usaba de opresión, y cometía robo, y al afligido y menesteroso hacían violencia, y al extranjero oprimían sin derecho.
Y te desnudarán de tus vestidos, y tomarán los vasos de tu gloria.
Habiendo, pues, hecho subir la ira para hacer venganza, yo pondré su sangre sobre la dura piedra, para que no sea cubierta.
Y demolerán los muros de Tiro, y derribarán sus torres: y raeré de ella su polvo, y la dejaré como una peña lisa.
Harán, y Canneh, y Edén, los mercaderes de Seba, de Asiria, y Chilmad, contigo contrataban.
Las naves de Tarsis, tus cuadrillas, fueron en tu negociación: y fuiste llena, y fuiste multiplicada en gran manera en medio de los mares.
En el año décimo, en el mes décimo, á los doce del mes, fué á mí palabra de Jehová, diciendo:
Y pondré fuego á Egipto; Sin tendrá gran dolor, y No será destrozada, y Memphis tendrá continuas angustias.
Y esparciré los Egipcios entre las gentes, y los aventaré por las tierras; y sabrán que yo soy Jehová.
También ellos descendieron con él á la fosa, con los muertos á cuchillo, los que fueron su brazo, los que estuvieron á su sombra en medio de las gentes.
El sonido de la corneta oyó, y no se apercibió; su sangre será sobre él: mas el que se apercibiere, librará su vida.
Estuvisteis sobre vuestras espadas, hicisteis abominación, y contaminasteis cada cual la mujer de su prójimo: ¿y habréis de poseer la tierra?
Y multiplicaré sobre vosotros hombres y bestias, y serán multiplicados y crecerán: y os haré morar como solíais antiguamente, y os haré más bien que en vuestros principios; y sabréis que yo soy Jehová.
Y haré andar hombres sobre vosotros, á mi pueblo Israel; y te poseerán, y les serás por heredad, y nunca más les matarás los hijos.
Y tú, hijo del hombre, así ha dicho el Señor Jehová: Di á las aves, á todo volátil, y á toda bestia del campo: Juntaos, y venid; reuníos de todas partes á mi víctima que os sacrifico, un sacrificio grande sobre los montes de Israel, y comeréis carne y beberéis sangre.
Y miré la altura de la casa alrededor: los cimientos de las cámaras eran una caña entera de seis codos de grandor.
Darás á los sacerdotes Levitas que son del linaje de Sadoc, que se allegan á mí, dice el Señor Jehová, para ministrarme, un becerro de la vacada para expiación.
Y enseñarán á mi pueblo á hacer diferencia entre lo santo y lo profano, y les enseñarán á discernir entre lo limpio y lo no limpio.
Y midió otros mil, é iba ya el arroyo que yo no podía pasar: porque las aguas se habían alzado, y el arroyo no se podía pasar sino á nado.
Consintió pues con ellos en esto, y probó con ellos diez días.
Y fué Daniel hasta el año primero del rey Ciro.
Fuése luego Daniel á su casa, y declaró el negocio á Ananías, Misael, y Azarías, sus compañeros,
Mas hay un Dios en los cielos, el cual revela los misterios, y él ha hecho saber al rey Nabucodonosor lo que ha de acontecer á cabo de días. Tu sueño, y las visiones de tu cabeza sobre tu cama, es esto:
Tú, oh rey, pusiste ley que todo hombre en oyendo el son de la bocina, del pífano, del tamboril, del arpa, del salterio, de la zampoña, y de todo instrumento músico, se postrase y adorase la estatua de oro:
Las señales y milagros que el alto Dios ha hecho conmigo, conviene que yo las publique.
Por cuanto fué hallado en él mayor espíritu, y ciencia, y entendimiento, interpretando sueños, y declarando preguntas, y deshaciendo dudas, es á saber, en Daniel; al cual el rey puso por nombre Beltsasar. Llámese pues ahora á Daniel, y él mostrará la declaración.
Entonces se juntaron aquellos hombres, y hallaron á Daniel orando y rogando delante de su Dios.
Entonces se alegró el rey en gran manera á causa de él, y mandó sacar á Daniel del foso: y fué Daniel sacado del foso, y ninguna lesión se halló en él, porque creyó en su Dios.
Y con su sagacidad hará prosperar el engaño en su mano; y en su corazón se engrandecerá, y con paz destruirá á muchos: y contra el príncipe de los príncipes se levantará; mas sin mano será quebrantado.
Y el que vendrá contra él, hará á su voluntad, ni habrá quien se le pueda parar delante; y estará en la tierra deseable, la cual será consumida en su poder.
Comen del pecado de mi pueblo, y en su maldad levantan su alma.
Fornicación, y vino, y mosto quitan el corazón.
Porque de Israel es, y artífice lo hizo; que no es Dios: por lo que en pedazos será deshecho el becerro de Samaria.
Sembrad para vosotros en justicia, segad para vosotros en misericordia; arad para vosotros barbecho: porque es el tiempo de buscar á Jehová, hasta que venga y os enseñe justicia.
Y las eras se henchirán de trigo, y los lagares rebosarán de vino y aceite.
He aquí los levantaré yo del lugar donde los vendisteis, y volveré vuestra paga sobre vuestra cabeza:
Y venderé vuestros hijos y vuestras hijas en la mano de los hijos de Judá, y ellos los venderán á los Sabeos, nación apartada; porque Jehová ha hablado.
¿Tocaráse la trompeta en la ciudad, y no se alborotará el pueblo? ¿habrá algún mal en la ciudad, el cual Jehová no haya hecho?
Así ha dicho Jehová: De la manera que el pastor libra de la boca del león dos piernas, ó la punta de una oreja, así escaparán los hijos de Israel que moran en Samaria en el rincón de la cama, y al canto del lecho.
¿Correrán los caballos por las peñas? ¿ararán en ellas con vacas? ¿por qué habéis vosotros tornado el juicio en veneno, y el fruto de justicia en ajenjo?
Y no profetices más en Beth-el, porque es santuario del rey, y cabecera del reino.
Y dijo: ¿Qué ves, Amós? Y dije: Un canastillo de fruta de verano. Y díjome Jehová: Venido ha el fin sobre mi pueblo Israel; no le pasaré más.
Y tus valientes, oh Temán, serán quebrantados; porque todo hombre será talado del monte de Esaú por el estrago.
Y DIJE: Oid ahora, príncipes de Jacob, y cabezas de la casa de Israel: ¿No pertenecía á vosotros saber el derecho?
Y acontecerá en los postreros tiempos, que el monte de la casa de Jehová será constituído por cabecera de montes, y más alto que los collados, y correrán á él pueblos.
Para completar la maldad con sus manos, el príncipe demanda, y el juez juzga por recompensa; y el grande habla el antojo de su alma, y lo confirman.
Caballero enhiesto, y resplandor de espada, y resplandor de lanza; y multitud de muertos, y multitud de cadáveres; y de sus cadáveres no habrá fin, y en sus cadáveres tropezarán:
Y será que todos los que te vieren, se apartarán de ti, y dirán: Nínive es asolada: ¿quién se compadecerá de ella? ¿dónde te buscaré consoladores?
Allí te consumirá el fuego, te talará la espada, te devorará como pulgón: multiplícate como langosta, multiplícate como langosta.
Y haces que sean los hombres como los peces de la mar, como reptiles que no tienen señor?
Y habrá en aquel día, dice Jehová, voz de clamor desde la puerta del pescado, y aullido desde la segunda, y grande quebrantamiento desde los collados.
Buscad á Jehová todos los humildes de la tierra, que pusisteis en obra su juicio; buscad justicia, buscad mansedumbre: quizás seréis guardados en el día del enojo de Jehová.
Sus príncipes en medio de ella son leones bramadores: sus jueces, lobos de tarde que no dejan hueso para la mañana:
En aquel día no serás avergonzada por ninguna de tus obras con que te rebelaste contra mí; porque entonces quitaré de en medio de ti los que se alegran en tu soberbia, y nunca más te ensoberbecerás del monte de mi santidad.
El resto de Israel no hará iniquidad, ni dirá mentira, ni en boca de ellos se hallará lengua engañosa: porque ellos serán apacentados y dormirán, y no habrá quien los espante.
¿Es para vosotros tiempo, para vosotros, de morar en vuestras casas enmaderadas, y esta casa está desierta?
Y oyó Zorobabel hijo de Sealtiel, y Josué hijo de Josadac, gran sacerdote, y todo el demás pueblo, la voz de Jehová su Dios, y las palabras del profeta Haggeo, como lo había enviado Jehová el Dios de ellos; y temió el pueblo delante de Jehová.
Y vendrán muchos pueblos y fuertes naciones á buscar á Jehová de los ejércitos en Jerusalem, y á implorar el favor de Jehová.
Y yo los fortificaré en Jehová, y caminarán en su nombre, dice Jehová.
Increparé también por vosotros al devorador, y no os corromperá el fruto de la tierra; ni vuestra vid en el campo abortará, dice Jehová de los ejércitos.
Y Ozías engendró á Joatam: y Joatam engendró á Achâz: y Achâz engendró á Ezechîas:
Y siendo avisados por revelación en sueños que no volviesen á Herodes, se volvieron á su tierra por otro camino.
Bienaventurados los pobres en espíritu: porque de ellos es el reino de los cielos.
Vosotros sois la luz del mundo: una ciudad asentada sobre un monte no se puede esconder.
Cuando pues haces limosna, no hagas tocar trompeta delante de ti, como hacen los hipócritas en las sinagogas y en las plazas, para ser estimados de los hombres: de cierto os digo, que ya tienen su recompensa.
La lámpara del cuerpo es el ojo: así que, si tu ojo fuere sincero, todo tu cuerpo será luminoso:
Mas si tu ojo fuere malo, todo tu cuerpo será tenebroso. Así que, si la lumbre que en ti hay son tinieblas, ¿cuántas serán las mismas tinieblas?
Y por el vestido ¿por qué os congojáis? Reparad los lirios del campo, cómo crecen; no trabajan ni hilan;
Y respondió el centurión, y dijo: Señor, no soy digno de que entres debajo de mi techado; mas solamente di la palabra, y mi mozo sanará.
Y llegado á la casa, vinieron á él los ciegos; y Jesús les dice: ¿Creéis que puedo hacer esto? Ellos dicen: Sí, Señor.
En aquel tiempo iba Jesús por los sembrados en sábado; y sus discípulos tenían hambre, y comenzaron á coger espigas, y á comer.
Mas durmiendo los hombres, vino su enemigo, y sembró cizaña entre el trigo, y se fué.
Y como la hierba salió é hizo fruto, entonces apareció también la cizaña.
Dejad crecer juntamente lo uno y lo otro hasta la siega; y al tiempo de la siega yo diré á los segadores: Coged primero la cizaña, y atadla en manojos para quemarla; mas recoged el trigo en mi alfolí.
El cual á la verdad es la más pequeña de todas las simientes; mas cuando ha crecido, es la mayor de las hortalizas, y se hace árbol, que vienen las aves del cielo y hacen nidos en sus ramas.
Y enviando, degolló á Juan en la cárcel.
No deberá honrar á su padre ó á su madre con socorro. Así habéis invalidado el mandamiento de Dios por vuestra tradición.
Entonces, respondiendo Jesús, le dijo: Bienaventurado eres, Simón, hijo de Jonás; porque no te lo reveló carne ni sangre, mas mi Padre que está en los cielos.
Entonces mandó á sus discípulos que á nadie dijesen que él era Jesús el Cristo.
Y oyendo esto los discípulos, cayeron sobre sus rostros, y temieron en gran manera.
Mas porque no los escandalicemos, ve á la mar, y echa el anzuelo, y el primer pez que viniere, tómalo, y abierta su boca, hallarás un estatero: tómalo, y dáselo por mí y por ti.
Y trajeron el asna y el pollino, y pusieron sobre ellos sus mantos; y se sentó sobre ellos.
Porque muchos son llamados, y pocos escogidos.
Y vuestro padre no llaméis á nadie en la tierra; porque uno es vuestro Padre, el cual está en los cielos.
Y el que en el campo, no vuelva atrás á tomar sus vestidos.
Y si aquellos días no fuesen acortados, ninguna carne sería salva; mas por causa de los escogidos, aquellos días serán acortados.
Y luego después de la aflicción de aquellos días, el sol se obscurecerá, y la luna no dará su lumbre, y las estrellas caerán del cielo, y las virtudes de los cielos serán conmovidas.
Entonces todas aquellas vírgenes se levantaron, y aderezaron sus lámparas.
Mas las prudentes respondieron, diciendo: Porque no nos falte á nosotras y á vosotras, id antes á los que venden, y comprad para vosotras.
Lo cual viendo sus discípulos, se enojaron, diciendo: ¿Por qué se pierde esto?
Entonces vino á sus discípulos y díceles: Dormid ya, y descansad: he aquí ha llegado la hora, y el Hijo del hombre es entregado en manos de pecadores.
Y estando él sentado en el tribunal, su mujer envió á él, diciendo: No tengas que ver con aquel justo; porque hoy he padecido muchas cosas en sueños por causa de él.
Y escupiendo en él, tomaron la caña, y le herían en la cabeza.
Diciendo: Decid: Sus discípulos vinieron de noche, y le hurtaron, durmiendo nosotros.
Y de Jerusalem, y de Idumea, y de la otra parte del Jordán. Y los de alrededor de Tiro y de Sidón, grande multitud, oyendo cuán grandes cosas hacía, vinieron á él.
Mas salido el sol, se quemó; y por cuanto no tenía raíz, se secó.
Y otra parte cayó en espinas; y subieron las espinas, y la ahogaron, y no dió fruto.
Y asimismo éstos son los que son sembrados en pedregales: los que cuando han oído la palabra, luego la toman con gozo;
Y á ellos dijo: ¿Por qué estáis así amedrentados? ¿Cómo no tenéis fe?
Y vienen á Jesús, y ven al que había sido atormentado del demonio, y que había tenido la legión, sentado y vestido, y en su juicio cabal; y tuvieron miedo.
Mas Herodías le acechaba, y deseaba matarle, y no podía:
Envíalos para que vayan á los cortijos y aldeas de alrededor, y compren para sí pan; porque no tienen qué comer.
Y saliendo ellos del barco, luego le conocieron.
Y donde quiera que entraba, en aldeas, ó ciudades, ó heredades, ponían en las calles á los que estaban enfermos, y le rogaban que tocasen siquiera el borde de su vestido; y todos los que le tocaban quedaban sanos.
Y en vano me honran, enseñando como doctrinas mandamientos de hombres.
Todas estas maldades de dentro salen, y contaminan al hombre.
Y se habían olvidado de tomar pan, y no tenían sino un pan consigo en el barco.
Y llamando á la gente con sus discípulos, les dijo: Cualquiera que quisiere venir en pos de mí, niéguese á sí mismo, y tome su cruz, y sígame.
También les dijo: De cierto os digo que hay algunos de los que están aquí, que no gustarán la muerte hasta que hayan visto el reino de Dios que viene con potencia.
Y sus vestidos se volvieron resplandecientes, muy blancos, como la nieve; tanto que ningún lavador en la tierra los puede hacer tan blancos.
Empero os digo que Elías ya vino, y le hicieron todo lo que quisieron, como está escrito de él.
Que no reciba cien tantos ahora en este tiempo, casas, y hermanos, y hermanas, y madres, é hijos, y heredades, con persecuciones; y en el siglo venidero la vida eterna.
Y pasando por la mañana, vieron que la higuera se había secado desde las raíces.
Por el Señor es hecho esto, y es cosa maravillosa en nuestros ojos?
Y respondiendo Jesús, les dijo: Dad lo que es de César á César; y lo que es de Dios, á Dios. Y se maravillaron de ello.
Porque cuando resucitarán de los muertos, ni se casarán, ni serán dados en casamiento, mas son como los ángeles que están en los cielos.
Y Jesús le respondió: El primer mandamiento de todos es: Oye, Israel, el Señor nuestro Dios, el Señor uno es.
Jesús entonces, viendo que había respondido sabiamente, le dice: No estás lejos del reino de Dios. Y ya ninguno osaba preguntarle.
Dinos, ¿cuándo serán estas cosas? ¿y qué señal habrá cuando todas estas cosas han de cumplirse?
Entonces el sumo sacerdote, rasgando sus vestidos, dijo: ¿Qué más tenemos necesidad de testigos?
Porque he aquí, como llegó la voz de tu salutación á mis oídos, la criatura saltó de alegría en mi vientre.
Bendito el Señor Dios de Israel, que ha visitado y hecho redención á su pueblo,
Y una espada traspasará tu alma de ti misma, para que sean manifestados los pensamientos de muchos corazones.
Y Jesús volvió en virtud del Espíritu á Galilea, y salió la fama de él por toda la tierra de alrededor.
Empero tanto más se extendía su fama: y se juntaban muchas gentes á oir y ser sanadas de sus enfermedades.
Y ellos se llenaron de rabia; y hablaban los unos á los otros qué harían á Jesús.
¿Por qué miras la paja que está en el ojo de tu hermano, y la viga que está en tu propio ojo no consideras?
Semejante es al hombre que edifica una casa, el cual cavó y ahondó, y puso el fundamento sobre la peña; y cuando vino una avenida, el río dió con ímpetu en aquella casa, mas no la pudo menear: porque estaba fundada sobre la peña.
Y en la misma hora sanó á muchos de enfermedades y plagas, y de espíritus malos; y á muchos ciegos dió la vista.
Y le rogó uno de los Fariseos, que comiese con él. Y entrado en casa del Fariseo, sentóse á la mesa.
Y á ella dijo: Los pecados te son perdonados.
Ninguno que enciende la antorcha la cubre con vasija, ó la pone debajo de la cama; mas la pone en un candelero, para que los que entran vean la luz.
Porque no hay cosa oculta, que no haya de ser manifestada; ni cosa escondida, que no haya de ser entendida, y de venir á luz.
Y saliendo él á tierra, le vino al encuentro de la ciudad un hombre que tenía demonios ya de mucho tiempo; y no vestía vestido, ni estaba en casa, sino por los sepulcros.
Y le preguntó Jesús, diciendo: ¿Qué nombre tienes? Y él dijo: Legión. Porque muchos demonios habían entrado en él.
Y una mujer, que tenía flujo de sangre hacía ya doce años, la cual había gastado en médicos toda su hacienda, y por ninguno había podido ser curada,
Y les dice: No toméis nada para el camino, ni báculo, ni alforja, ni pan, ni dinero; ni tengáis dos vestidos cada uno.
Y como lo entendieron las gentes, le siguieron; y él las recibió, y les hablaba del reino de Dios, y sanaba á los que tenían necesidad de cura.
Porque ¿qué aprovecha al hombre, si granjeare todo el mundo, y se pierda él á sí mismo, ó corra peligro de sí?
Y como aun se acercaba, el demonio le derribó y despedazó: mas Jesús increpó al espíritu inmundo, y sanó al muchacho, y se lo volvió á su padre.
Y le dijo Jesús: Las zorras tienen cuevas, y las aves de los cielos nidos; mas el Hijo del hombre no tiene donde recline la cabeza.
Aun el polvo que se nos ha pegado de vuestra ciudad á nuestros pies, sacudimos en vosotros: esto empero sabed, que el reino de los cielos se ha llegado á vosotros.
Y os digo que los de Sodoma tendrán más remisión aquel día, que aquella ciudad.
Y aconteció que diciendo estas cosas, una mujer de la compañía, levantando la voz, le dijo: Bienaventurado el vientre que te trajo, y los pechos que mamaste.
¡Ay de vosotros! que edificáis los sepulcros de los profetas, y los mataron vuestros padres.
Por tanto, la sabiduría de Dios también dijo: Enviaré á ellos profetas y apóstoles; y de ellos á unos matarán y á otros perseguirán;
Mas cuando haces banquete, llama á los pobres, los mancos, los cojos, los ciegos;
Si alguno viene á mí, y no aborrece á su padre, y madre, y mujer, é hijos, y hermanos, y hermanas, y aun también su vida, no puede ser mi discípulo.
Y dijo también á sus discípulos: Había un hombre rico, el cual tenía un mayordomo, y éste fué acusado delante de él como disipador de sus bienes.
Y preguntado por los Fariseos, cuándo había de venir el reino de Dios, les respondió y dijo: El reino de Dios no vendrá con advertencia;
Pues yo os digo que á cualquiera que tuviere, le será dado; mas al que no tuviere, aun lo que tiene le será quitado.
Y dicho esto, iba delante subiendo á Jerusalem.
Y mirando, vió á los ricos que echaban sus ofrendas en el gazofilacio.
Velad pues, orando en todo tiempo, que seáis tenidos por dignos de evitar todas estas cosas que han de venir, y de estar en pie delante del Hijo del hombre.
Entonces, vuelto el Señor, miró á Pedro: y Pedro se acordó de la palabra del Señor como le había dicho: Antes que el gallo cante, me negarás tres veces.
Y el sol se obscureció: y el velo del templo se rompió por medio.
¿No era necesario que el Cristo padeciera estas cosas, y que entrara en su gloria?
Y estaba cerca la Pascua de los Judíos; y subió Jesús á Jerusalem.
Vosotros mismos me sois testigos que dije: Yo no soy el Cristo, sino que soy enviado delante de él.
Y el que había sido sanado, no sabía quién fuese; porque Jesús se había apartado de la gente que estaba en aquel lugar.
Dijéronle entonces: ¿Qué señal pues haces tú, para que veamos, y te creamos? ¿Qué obras?
No juzguéis según lo que parece, mas juzgad justo juicio.
Entonces procuraban prenderle; mas ninguno puso en él mano, porque aun no había venido su hora.
Y enderezándose Jesús, y no viendo á nadie más que á la mujer, díjole: ¿Mujer, dónde están los que te acusaban? ¿Ninguno te ha condenado?
Empero ahora procuráis matarme, hombre que os he hablado la verdad, la cual he oído de Dios: no hizo esto Abraham.
Y no le conocéis: mas yo le conozco; y si dijere que no le conozco, seré como vosotros mentiroso: mas le conozco, y guardo su palabra.
Vuelven á decir al ciego: ¿Tú, qué dices del que te abrió los ojos? Y él dijo: Que es profeta.
Entonces volvieron á tomar piedras los Judíos para apedrearle.
Mas el que anduviere de noche, tropieza, porque no hay luz en él.
Y Jesús, conmoviéndose otra vez en sí mismo, vino al sepulcro. Era una cueva, la cual tenía una piedra encima.
Porque á los pobres siempre los tenéis con vosotros, mas á mí no siempre me tenéis.
Estas cosas dijo Isaías cuando vió su gloria, y habló de él.
Porque amaban más la gloria de los hombres que la gloria de Dios.
Como hubo dicho Jesús esto, fué conmovido en el espíritu, y protestó, y dijo: De cierto, de cierto os digo, que uno de vosotros me ha de entregar.
Dícele Pedro: Señor, ¿por qué no te puedo seguir ahora? mi alma pondré por ti.
Y ya no estoy en el mundo; mas éstos están en el mundo, y yo á ti vengo. Padre santo, á los que me has dado, guárdalos por tu nombre, para que sean una cosa, como también nosotros.
Dícele Pilato: ¿Qué cosa es verdad? Y como hubo dicho esto, salió otra vez á los Judíos, y díceles: Yo no hallo en él ningún crimen.
Y volvieron los discípulos á los suyos.
Y dijéronle: Mujer, ¿por qué lloras? Díceles: Porque se han llevado á mi Señor, y no sé dónde le han puesto.
Dícele Jesús: Mujer, ¿por qué lloras? ¿á quién buscas? Ella, pensando que era el hortelano, dícele: Señor, si tú lo has llevado, dime dónde lo has puesto, y yo lo llevaré.
Fué María Magdalena dando las nuevas á los discípulos de que había visto al Señor, y que él le había dicho estas cosas.
Y venida la mañana, Jesús se puso á la ribera: mas los discípulos no entendieron que era Jesús.
Conviene, pues, que de estos hombres que han estado juntos con nosotros todo el tiempo que el Señor Jesús entró y salió entre nosotros,
Y de cierto sobre mis siervos y sobre mis siervas en aquellos días derramaré de mi Espíritu, y profetizarán.
Y aconteció al día siguiente, que se juntaron en Jerusalem los príncipes de ellos, y los ancianos, y los escribas;
Y por las manos de los apóstoles eran hechos muchos milagros y prodigios en el pueblo; y estaban todos unánimes en el pórtico de Salomón.
Y de los otros, ninguno osaba juntarse con ellos; mas el pueblo los alababa grandemente.
Después de éste, se levantó Judas el Galileo en los días del empadronamiento, y llevó mucho pueblo tras sí. Pereció también aquél; y todos los que consintieron con él, fueron derramados.
Mas no podían resistir á la sabiduría y al Espíritu con que hablaba.
Y Dios se apartó, y los entregó que sirviesen al ejército del cielo; como está escrito en el libro de los profetas: ¿Me ofrecisteis víctimas y sacrificios en el desierto por cuarenta años, casa de Israel?
Y ellos, habiendo testificado y hablado la palabra de Dios, se volvieron á Jerusalem, y en muchas tierras de los Samaritanos anunciaron el evangelio.
Empero el ángel del Señor habló á Felipe, diciendo: Levántate y ve hacia el mediodía, al camino que desciende de Jerusalem á Gaza, el cual es desierto.
Y demandó de él letras para Damasco á las sinagogas, para que si hallase algunos hombres ó mujeres de esta secta, los trajese presos á Jerusalem.
Y viéronle todos los que habitaban en Lydda y en Sarona, los cuales se convirtieron al Señor.
Y había un varón en Cesarea llamado Cornelio, centurión de la compañía que se llamaba la Italiana,
Este vió en visión manifiestamente, como á la hora nona del día, que un ángel de Dios entraba á él, y le decía: Cornelio.
Envía pues ahora hombres á Joppe, y haz venir á un Simón, que tiene por sobrenombre Pedro.
Entonces Pedro, abriendo su boca, dijo: Por verdad hallo que Dios no hace acepción de personas;
Y como Pedro subió á Jerusalem, contendían contra él los que eran de la circuncisión,
Mas él haciéndoles con la mano señal de que callasen, les contó cómo el Señor le había sacado de la cárcel. Y dijo: Haced saber esto á Jacobo y á los hermanos. Y salió, y partió á otro lugar.
Mas les resistía Elimas el encantador (que así se interpreta su nombre), procurando apartar de la fe al procónsul.
Y entonces demandaron rey; y les dió Dios á Saúl, hijo de Cis, varón de la tribu de Benjamín, por cuarenta años.
De la simiente de éste, Dios, conforme á la promesa, levantó á Jesús por Salvador á Israel;
Y que le levantó de los muertos para nunca más volver á corrupción, así lo dijo: Os daré las misericordias fieles de David.
Mas los Judíos, visto el gentío, llenáronse de celo, y se oponían á lo que Pablo decía, contradiciendo y blasfemando.
Con todo eso se detuvieron allí mucho tiempo, confiados en el Señor, el cual daba testimonio á la palabra de su gracia, dando que señales y milagros fuesen hechos por las manos de ellos.
Y después que hubieron callado, Jacobo respondió, diciendo: Varones hermanos, oidme:
Y pasando allí algún tiempo, fueron enviados de los hermanos á los apóstoles en paz.
Y Pablo escogiendo á Silas, partió encomendado de los hermanos á la gracia del Señor.
Y presentándolos á los magistrados, dijeron: Estos hombres, siendo Judíos, alborotan nuestra ciudad,
Y como fué de día, los magistrados enviaron los alguaciles, diciendo: Deja ir á aquellos hombres.
Entonces salidos de la cárcel, entraron en casa de Lidia; y habiendo visto á los hermanos, los consolaron, y se salieron.
Y fueron éstos más nobles que los que estaban en Tesalónica, pues recibieron la palabra con toda solicitud, escudriñando cada día las Escrituras, si estas cosas eran así.
Los cuales le rogaban que se quedase con ellos por más tiempo; mas no accedió,
Y ahora, hermanos, os encomiendo á Dios, y á la palabra de su gracia: el cual es poderoso para sobreedificar, y daros heredad con todos los santificados.
En todo os he enseñado que, trabajando así, es necesario sobrellevar á los enfermos, y tener presente las palabras del Señor Jesús, el cual dijo: Más bienaventurada cosa es dar que recibir.
Y ellos como lo oyeron, glorificaron á Dios, y le dijeron: Ya ves, hermano, cuántos millares de Judíos hay que han creído; y todos son celadores de la ley:
Entonces Pablo, poniendo los ojos en el concilio, dice: Varones hermanos, yo con toda buena conciencia he conversado delante de Dios hasta el día de hoy.
Ahora pues, vosotros, con el concilio, requerid al tribuno que le saque mañana á vosotros como que queréis entender de él alguna cosa más cierta; y nosotros, antes que él llegue, estaremos aparejados para matarle.
Y mandó al centurión que Pablo fuese guardado, y aliviado de las prisiones; y que no vedase á ninguno de sus familiares servirle, ó venir á él.
Mayormente sabiendo tú todas las costumbres y cuestiones que hay entre los Judíos: por lo cual te ruego que me oigas con paciencia.
Y otro día llegamos á Sidón; y Julio, tratando á Pablo con humanidad, permitióle que fuese á los amigos, para ser de ellos asistido.
El cual tomado, usaban de remedios, ciñendo la nave; y teniendo temor de que diesen en la Sirte, abajadas las velas, eran así llevados.
Y echando la sonda, hallaron veinte brazas; y pasando un poco más adelante, volviendo á echar la sonda, hallaron quince brazas.
Porque la circuncisión en verdad aprovecha, si guardares la ley; mas si eres rebelde á la ley, tu circuncisión es hecha incircuncisión.
Siendo justificados gratuitamente por su gracia, por la redención que es en Cristo Jesús;
Y si hago lo que no quiero, ya no lo obro yo, sino el pecado que mora en mí.
Porque si viviereis conforme á la carne, moriréis; mas si por el espíritu mortificáis las obras de la carne, viviréis.
No paguéis á nadie mal por mal; procurad lo bueno delante de todos los hombres.
Mas os he escrito, hermanos, en parte resueltamente, como amonestándoos por la gracia que de Dios me es dada,
Y el Dios de paz sea con todos vosotros. Amén.
Que en todas las cosas sois enriquecidos en él, en toda lengua y en toda ciencia;
Y el que planta y el que riega son una misma cosa; aunque cada uno recibirá su recompensa conforme á su labor.
Por lo cual os he enviado á Timoteo, que es mi hijo amado y fiel en el Señor, el cual os amonestará de mis caminos cuáles sean en Cristo, de la manera que enseño en todas partes en todas las iglesias.
Para avergonzaros lo digo. ¿Pues qué, no hay entre vosotros sabio, ni aun uno que pueda juzgar entre sus hermanos;
Y por tu ciencia se perderá el hermano flaco por el cual Cristo murió.
¿Cuál, pues, es mi merced? Que predicando el evangelio, ponga el evangelio de Cristo de balde, para no usar mal de mi potestad en el evangelio.
Y esto hago por causa del evangelio, por hacerme juntamente participante de él.
Y si algún infiel os llama, y queréis ir, de todo lo que se os pone delante comed, sin preguntar nada por causa de la conciencia.
Por tanto os hago saber, que nadie que hable por Espíritu de Dios, llama anatema á Jesús; y nadie puede llamar á Jesús Señor, sino por Espíritu Santo.
Y hay repartimiento de ministerios; mas el mismo Señores.
No es injuriosa, no busca lo suyo, no se irrita, no piensa el mal;
Tantos géneros de voces, por ejemplo, hay en el mundo, y nada hay mudo;
Vuestras mujeres callen en las congregaciones; porque no les es permitido hablar, sino que estén sujetas, como también la ley dice.
Empero hágase todo decentemente y con orden.
Gracia y paz á vosotros de Dios nuestro Padre, y del Señor Jesucristo.
Porque hermanos, no queremos que ignoréis de nuestra tribulación que nos fué hecha en Asia; que sobremanera fuimos cargados sobre nuestras fuerzas de tal manera que estuviésemos en duda de la vida.
Y tal confianza tenemos por Cristo para con Dios:
Perseguidos, mas no desamparados; abatidos, mas no perecemos;
Porque ciertamente Dios estaba en Cristo reconciliando el mundo á sí, no imputándole sus pecados, y puso en nosotros la palabra de la reconciliación.
Antes habiéndonos en todas cosas como ministros de Dios, en mucha paciencia, en tribulaciones, en necesidades, en angustias;
Me gozo de que en todo estoy confiado de vosotros.
Ora en orden á Tito, es mi compañero y coadjutor para con vosotros; ó acerca de nuestros hermanos, los mensajeros son de las iglesias, y la gloria de Cristo.
¿Pequé yo humillándome á mí mismo, para que vosotros fueseis ensalzados, porque os he predicado el evangelio de Dios de balde?
Es la verdad de Cristo en mí, que esta gloria no me será cerrada en las partes de Acaya.
¿Por qué? ¿porque no os amo? Dios lo sabe.
Porque éstos son falsos apóstoles, obreros fraudulentos, transfigurándose en apóstoles de Cristo.
He aquí estoy aparejado para ir á vosotros la tercera vez, y no os seré gravoso; porque no busco vuestras cosas, sino á vosotros: porque no han de atesorar los hijos para los padres, sino los padres para los hijos.
Y como vieron la gracia que me era dada, Jacobo y Cefas y Juan, que parecían ser las columnas, nos dieron las diestras de compañía á mí y á Bernabé, para que nosotros fuésemos á los Gentiles, y ellos á la circuncisión.
Mas por cuanto por la ley ninguno se justifica para con Dios, queda manifiesto: Que el justo por la fe vivirá.
Empero antes que viniese la fe, estábamos guardados bajo la ley, encerrados para aquella fe que había de ser descubierta.
Porque en Cristo Jesús ni la circuncisión vale algo, ni la incircuncisión; sino la fe que obra por la caridad.
Por lo cual también yo, habiendo oído de vuestra fe en el Señor Jesús, y amor para con todos los santos,
Para mostrar en los siglos venideros las abundantes riquezas de su gracia en su bondad para con nosotros en Cristo Jesús.
A mí, que soy menos que el más pequeño de todos los santos, es dada esta gracia de anunciar entre los Gentiles el evangelio de las inescrutables riquezas de Cristo,
Del cual es nombrada toda la parentela en los cielos y en la tierra,
Con toda humildad y mansedumbre, con paciencia soportando los unos á los otros en amor;
Un Dios y Padre de todos, el cual es sobre todas las cosas, y por todas las cosas, y en todos vosotros.
Pero fornicación y toda inmundicia, ó avaricia, ni aun se nombre entre vosotros, como conviene á santos;
Nadie os engañe con palabras vanas; porque por estas cosas viene la ira de Dios sobre los hijos de desobediencia.
Para que te vaya bien, y seas de larga vida sobre la tierra.
Y tomad el yelmo de salud, y la espada del Espíritu; que es la palabra de Dios;
Pues en verdad estuvo enfermo á la muerte: mas Dios tuvo misericordia de él; y no solamente de él, sino aun de mí, para que yo no tuviese tristeza sobre tristeza.
Y sabéis también vosotros, oh Filipenses, que al principio del evangelio, cuando partí de Macedonia, ninguna iglesia me comunicó en razón de dar y recibir, sino vosotros solos.
A los santos y hermanos fieles en Cristo que están en Colosas: Gracia y paz á vosotros de Dios Padre nuestro, y del Señor Jesucristo.
Como habéis aprendido de Epafras, nuestro consiervo amado, el cual es un fiel ministro de Cristo á favor vuestro;
El cual es la imagen del Dios invisible, el primogénito de toda criatura.
Y él es antes de todas las cosas, y por él todas las cosas subsisten:
Y á vosotros, estando muertos en pecados y en la incircuncisión de vuestra carne, os vivificó juntamente con él, perdonándoos todos los pecados,
Casadas, estad sujetas á vuestros maridos, como conviene en el Señor.
Perseverad en oración, velando en ella con hacimiento de gracias:
Prohibiéndonos hablar á los Gentiles, á fin de que se salven, para henchir la medida de sus pecados siempre: pues vino sobre ellos la ira hasta el extremo.
Por lo cual, también yo, no esperando más, he enviado á reconocer vuestra fe, no sea que os haya tentado el tentador, y que nuestro trabajo haya sido en vano.
Orando de noche y de día con grande instancia, que veamos vuestro rostro, y que cumplamos lo que falta á vuestra fe?
Y el Señor enderece vuestros corazones en el amor de Dios, y en la paciencia de Cristo.
Salud de mi mano, Pablo, que es mi signo en toda carta mía: así escribo.
Pues el fin del mandamiento es la caridad nacida de corazón limpio, y de buena conciencia, y de fe no fingida:
Y doy gracias al que me fortificó, á Cristo Jesús nuestro Señor, de que me tuvo por fiel, poniéndome en el ministerio:
Condenadas ya, por haber falseado la primera fe.
Porque no nos ha dado Dios el espíritu de temor, sino el de fortaleza, y de amor, y de templanza.
El labrador, para recibir los frutos, es menester que trabaje primero.
Recuérdales esto, protestando delante del Señor que no contiendan en palabras, lo cual para nada aprovecha, antes trastorna á los oyentes.
Persecuciones, aflicciones, cuales me sobrevinieron en Antioquía, en Iconio, en Listra, cuales persecuciones he sufrido; y de todas me ha librado el Señor.
Exhorta á los siervos á que sean sujetos á sus señores, que agraden en todo, no respondones;
Te he escrito confiando en tu obediencia, sabiendo que aun harás más de lo que digo.
Porque en cuanto él mismo padeció siendo tentado, es poderoso para socorrer á los que son tentados.
Porque toda casa es edificada de alguno: mas el que crió todas las cosas es Dios.
Así también Cristo no se glorificó á sí mismo haciéndose Pontífice, mas el que le dijo: Tú eres mi Hijo, yo te he engendrado hoy;
Y esto haremos á la verdad, si Dios lo permitiere.
Mas aquél cuya genealogía no es contada de ellos, tomó de Abraham los diezmos, y bendijo al que tenía las promesas.
Mantengamos firme la profesión de nuestra fe sin fluctuar; que fiel es el que prometió:
Y si alguno de vosotros tiene falta de sabiduría, demándela á Dios, el cual da á todos abundantemente, y no zahiere; y le será dada.
¿No juzgáis en vosotros mismos, y venís á ser jueces de pensamientos malos?
Porque el que dijo: No cometerás adulterio, también ha dicho: No matarás. Ahora bien, si no hubieres cometido adulterio, pero hubieres matado, ya eres hecho transgresor de la ley.
Así hablad, y así obrad, como los que habéis de ser juzgados por la ley de libertad.
¿No ves que la fe obró con sus obras, y que la fe fué perfecta por las obras?
Y la lengua es un fuego, un mundo de maldad. Así la lengua está puesta entre nuestros miembros, la cual contamina todo el cuerpo, é inflama la rueda de la creación, y es inflamada del infierno.
Porque toda naturaleza de bestias, y de aves, y de serpientes, y de seres de la mar, se doma y es domada de la naturaleza humana:
Codiciáis, y no tenéis; matáis y ardéis de envidia, y no podéis alcanzar; combatís y guerreáis, y no tenéis lo que deseáis, porque no pedís.
El pecado, pues, está en aquel que sabe hacer lo bueno, y no lo hace.
Bendito el Dios y Padre de nuestro Señor Jesucristo, que según su grande misericordia nos ha regenerado en esperanza viva, por la resurrección de Jesucristo de los muertos,
Vosotros, que en el tiempo pasado no erais pueblo, mas ahora sois pueblo de Dios; que en el tiempo pasado no habíais alcanzado misericordia, mas ahora habéis alcanzado misericordia.
Como Sara obedecía á Abraham, llamándole señor; de la cual vosotras sois hechas hijas, haciendo bien, y no sois espantadas de ningún pavor.
Teniendo buena conciencia, para que en lo que murmuran de vosotros como de malhechores, sean confundidos los que blasfeman vuestra buena conversación en Cristo.
Carísimos, no os maravilléis cuando sois examinados por fuego, lo cual se hace para vuestra prueba, como si alguna cosa peregrina os aconteciese;
El Señor no tarda su promesa, como algunos la tienen por tardanza; sino que es paciente para con nosotros, no queriendo que ninguno perezca, sino que todos procedan al arrepentimiento.
Os escribo á vosotros, hijitos, porque vuestros pecados os son perdonados por su nombre.
Cualquiera que permanece en él, no peca; cualquiera que peca, no le ha visto, ni le ha conocido.
Nosotros le amamos á él, porque él nos amó primero.
Si alguno dice, Yo amo á Dios, y aborrece á su hermano, es mentiroso. Porque el que no ama á su hermano al cual ha visto, ¿cómo puede amar á Dios á quien no ha visto?
Toda maldad es pecado; mas hay pecado no de muerte.
De la misma manera también estos soñadores amancillan la carne, y menosprecian la potestad, y vituperan las potestades superiores.
Al Dios solo sabio, nuestro Salvador, sea gloria y magnificencia, imperio y potencia, ahora y en todos los siglos. Amén.
Yo sé tus obras, y dónde moras, donde está la silla de Satanás; y retienes mi nombre, y no has negado mi fe, aun en los días en que fué Antipas mi testigo fiel, el cual ha sido muerto entre vosotros, donde Satanás mora.
Y al que hubiere vencido, y hubiere guardado mis obras hasta el fin, yo le daré potestad sobre las gentes;
Y escribe al ángel de la iglesia en FILADELFIA: Estas cosas dice el Santo, el Verdadero, el que tiene la llave de David, el que abre y ninguno cierra, y cierra y ninguno abre:
Yo te amonesto que de mí compres oro afinado en fuego, para que seas hecho rico, y seas vestido de vestiduras blancas, para que no se descubra la vergüenza de tu desnudez; y unge tus ojos con colirio, para que veas.
Y del trono salían relámpagos y truenos y voces: y siete lámparas de fuego estaban ardiendo delante del trono, las cuales son los siete Espíritus de Dios.
Señor, digno eres de recibir gloria y honra y virtud: porque tú criaste todas las cosas, y por tu voluntad tienen ser y fueron criadas.
Y los siete ángeles que tenían las siete trompetas, se aparejaron para tocar.
Y fueron desatados los cuatro ángeles que estaban aparejados para la hora y día y mes y año, para matar la tercera parte de los hombres.
De estas tres plagas fué muerta la tercera parte de los hombres: del fuego, y del humo, y del azufre, que salían de la boca de ellos.
Y oyeron una grande voz del cielo, que les decía: Subid acá. Y subieron al cielo en una nube, y sus enemigos los vieron.
Y se han airado las naciones, y tu ira es venida, y el tiempo de los muertos, para que sean juzgados, y para que des el galardón á tus siervos los profetas, y á los santos, y á los que temen tu nombre, á los pequeñitos y á los grandes, y para que destruyas los que destruyen la tierra.
Y adoraron al dragón que había dado la potestad á la bestia, y adoraron á la bestia, diciendo: ¿Quién es semejante á la bestia, y quién podrá lidiar con ella?
Y de su boca sale una espada aguda, para herir con ella las gentes: y él los regirá con vara de hierro; y él pisa el lagar del vino del furor, y de la ira del Dios Todopoderoso.
Y saldrá para engañar las naciones que están sobre los cuatro ángulos de la tierra, á Gog y á Magog, á fin de congregarlos para la batalla; el número de los cuales es como la arena del mar.
El que venciere, poseerá todas las cosas; y yo seré su Dios, y él será mi hijo.
