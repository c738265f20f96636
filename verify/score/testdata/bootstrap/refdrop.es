Y desordenada y vacía, las estaban sobre la haz del abismo, y el Espíritu se movía de las aguas.
Y Dios á la expansión y fué y la el día segundo.
hizo dos grandes la lumbrera para que en el día, y la menor que la noche: hizo también las estrellas.
subía de la tierra un que regaba toda la faz de la tierra.
Y vivió después que engendró á ochenta y dos y engendró hijos hijas.
Y corrompióse la tierra delante de Dios, y la tierra llena de
Mas mi pacto contigo, y el arca y tus tu y las tus hijos contigo.
mi pacto con y no fenecerá ya toda carne con de diluvio; más diluvio para destruir la
Y Arphaxad engendró Sala, y Sala engendró á Heber.
Y tomó Abram Sarai su y á Lot hijo hacienda que ganado, y las almas que habían adquirido en ir tierra de y á tierra de llegaron.
Ahora pues, di que mi hermana, para yo haya causa tuya, viva alma ti.
Entonces Lot sí toda llanura del Jordán: y partióse Lot Oriente, apartáronse el uno del otro.
Entonces rey de pan y vino; el cual era sacerdote del
Y respondió de Sodoma: He alzado mi mano á Jehová Dios alto, poseedor los y la tierra,
Y él respondió: Señor qué conoceré que la tengo de heredar?
Y él todas estas y partiólas la mitad, y puso cada mitad una otra; no partió las aves.
los muertos, y ojeábalas
Y Agar, sierva de ¿de dónde tú, y á dónde vas? Y ella delante Sarai, señora.
Mas Abimelech no llegado á y dijo: Señor, también la gente justa?
tanto dijo á Echa y á su que el hijo de esta sierva de heredar con hijo, Isaac.
Al día Abraham sus vió el lugar lejos.
Y tomó del holocausto, su hijo: y tomó en mano el fuego el cuchillo; y fueron ambos
Isaac su padre, y dijo: Padre mío. Y Heme él aquí el fuego la leña; el cordero para el holocausto?
Entonces me respondió: Jehová, en cuya he andado, su y prosperará tu camino; y tomarás para mi hijo de y la casa de mi padre:
E inclinéme, y adoré Jehová, y bendije á Jehová, Dios mi señor Abraham, me había por camino verdad para tomar hija del hermano de señor para
Y sucedió, después muerto Abraham, que Dios bendijo á Isaac y Isaac junto al del Viviente
Y en aquel día que vinieron los criados de diéronle nuevas acerca del pozo que habían abierto, y le dijeron: Agua
pueblos, y naciones á ti: sé tus hermanos, e á ti hijos tu madre: malditos los que te maldijeren, y que bendijeren.
Y su nombre José, diciendo: Jehová hijo.
Así Dios el ganado y á mí.
Y respondió Rachêl y Lea, y dijéronle: ¿Tenemos ya ni heredad en casa padre?
Y te bien, pondré tu simiente como la arena mar, que se puede por la multitud.
Entonces tomaron ellos la ropa de y un cabrito de las y tiñeron la con la sangre;
volvió á concebir, parió y su nombre Sela. Y estaba en Chezib parió.
Y sabiendo Onán que la simiente no había ser suya, que cuando entraba á la mujer su vertía no dar á su hermano.
Y viendo que yo la voz gritaba, mí ropa, y y salióse fuera.
Y esté aquella provisión en depósito para país, para siete años del hambre que en tierra de Egipto; y el país no perecerá de hambre.
Y dijo Faraón á José: Pues te ha hecho saber todo esto, no entendido ni sabio como tú:
Y Faraón Yo Faraón; sin ti ninguno alzará su mano su pie en la
Y acopió trigo como arena de la mar, extremo, hasta no poderse porque no tenía
traedme á hermano el menor, para que yo no sois espías, sino de verdad: así os á hermano, negociaréis tierra.
Y el hambre grande en
Y llegáronse al mayordomo la de le hablaron á la
Y ellos prepararon entretanto que venía al habían oído que allí de comer
es ésta en que bebe mi señor, por la suele habéis hecho en que hicisteis.
Nunca haga: varón en cuyo fué hallada la copa, él será mi siervo; vosotros en paz á vuestro padre.
Sucederá que cuando vea al mozo, morirá: tus harán descender canas de tu nuestro con á sepultura.
por que quede tu por el mozo siervo de mi señor, y que mozo
levantóse Jacob Beer-seba; y tomaron hijos Israel á su padre y á niños, á sus mujeres, en los carros Faraón había enviado para
Así Israel la tierra Egipto, en la de y aposesionáronse en ella, se aumentaron, y gran manera.
salud esperé, oh Jehová.
Y viendo los de los Cananeos, el en la era dijeron: Llanto grande este eso fué su Abelmizraim, que está á la otra parte del Jordán.
Y todas las de que salieron del muslo de setenta. Y José estaba Egipto.
Un la familia Leví fué, y por hija de Leví:
Y dijo: te llegues tus de tus pies, el en que estás, tierra santa
Y dijeron: El Dios de los Hebreos nos ha encontrado: iremos, ahora de tres días por el y sacrificaremos á Jehová nuestro Dios; porque no venga sobre pestilencia ó con espada.
Y todo Egipto hicieron alrededor del río para no podían beber de las aguas del río.
Y Moisés respondió: No hagamos así, porque sacrificaríamos á Jehová nuestro Dios la abominación los Egipcios. He aquí, sacrificáramos la abominación de los Egipcios delante de ¿no nos apedrearían?
dijo Faraón: Yo ir para sacrifiquéis á Jehová vuestro Dios en el con que no vayáis por
Y corazón de Faraón se no los de Israel; como Jehová lo había dicho por medio de Moisés.
á su prójimo, ni nadie se de su lugar en tres mas todos los de Israel tenían luz en habitaciones.
Hablad á toda la de Israel, diciendo: el diez aqueste mes tómese cada uno un por las familias los padres, un cordero por familia:
tomarán la sangre, y pondrán en los dos y en el de las casas en que lo han de
hizo á Moisés á Aarón de noche, díjoles: Salid de en medio de mi vosotros, y los hijos de Israel; é como habéis dicho.
Por los se los panes sin levadura; y no se verá contigo ni tu
se partió de delante del pueblo la de nube de día, de la de
volvieron las aguas, y cubrieron los la caballería, y Faraón tras en la mar; no de ni uno.
Y Jehová habló á diciendo:
Y Jethro, Moisés, á Séphora la de Moisés, después que él la envió,
Y hago en millares á los me aman, y guardan mis
No matarás.
estos son que les propondrás.
Igualmente el que maldijere á su padre á madre, morirá.
Y habéis de serme santos: no comeréis carne arrebatada de las en el campo; perros la echaréis.
Seis harás negocios, y al séptimo día holgarás, á fin que descanse tu buey tome refrigerio el hijo de y el
primicias de primeros frutos de tu tierra la casa de Jehová Dios. guisarás el cabrito la de su
Y carmesí, y lino fino, y pelo cabras,
cueros carneros teñidos de y cueros de tejones, y de Sittim;
también á la una cubierta de cueros de teñidos de rojo, y una cubierta de tejones encima.
el ephod de oro cárdeno, púrpura, y carmesí, lino torcido de obra bordador.
Será cuadrado y palmo largo y palmo de ancho:
El tercer un rubí, un ágata, una amatista;
matarás el carnero, tomarás su sangre, y rociarás sobre altar
Y harás de aromática de obra de bien pura y santa:
Cualquiera hiciere otra ella para olerla, será cortado de sus pueblos.
la mesa y vasos, y el candelero todos sus vasos, y el altar del perfume;
El tomó las manos de ellos, y formólo con é hizo ello becerro de fundición. dioses, que de la tierra de Egipto.
¿Y en qué se conocerá que he hallado gracia tus ojos, yo y pueblo, en andar tú con y que yo y tu pueblo seamos apartados de los pueblos la de
dijo aún Jehová: aquí lugar junto á mí, tú estarás sobre la peña:
Y dijo: He aquí, yo hago concierto delante todo haré que no han sido hechas en la y todo pueblo del cual estás la de Jehová; de ser cosa terrible la que yo haré contigo.
días trabajarás, mas en el séptimo día cesarás aun en la arada siega.
No fuego en vuestras en el del
proyectar inventos, para trabajar en oro, en plata, y metal,
Hizo asimismo cortinas pelo de para la sobre el tabernáculo, hízolas en número de once.
A la del occidente de cincuenta codos: sus columnas y sus basas; los capiteles las columnas y sus molduras, de plata.
Todo en la obra, en la obra del el oro de ofrenda, fué talentos, setecientos treinta siclos, el siclo santuario.
Y el cuarto orden, un un onix, un jaspe: cercadas y en sus engastes de oro.
E hicieron anillos de oro, pusieron dos cabos del racional orilla, la parte baja
vestimentas del servicio ministrar en el santuario, las sagradas vestiduras para Aarón el y las vestiduras de para ministrar en sacerdocio.
la de las primicias las ofreceréis á Jehová: subirán sobre el altar en suavidad.
Y dos riñones, y el sebo ellos, y el que sobre ijares, y con riñones quitará el redaño sobre el hígado,
Después tomará el sacerdote su dedo la de la pondrá sobre los del del holocausto; y sangre al pie del altar:
Esta es la ofrenda de y de sus hijos, que ofrecerán á Jehová día que serán ungidos: la parte de un epha de de harina, la mitad la y la mitad á la tarde.
De la manera que hoy se ha mandó hacer Jehová
estos tendréis de los reptiles que arrastrando sobre la tierra: la comadreja, y el ratón, y según su especie,
Y algún animal que tuviereis para comer se muriere, el tocare su cuerpo muerto será inmundo hasta tarde:
Y todo reptil que va arrastrando sobre la es abominación; no comerá.
si ve que la postilla crecido en sacerdote lo dará por inmundo: es lepra.
Entonces el le reconocerá; y si la lepra hubiere cubierto su carne, dará por limpio al llagado: hase toda blanca; él limpio.
si se fuere extendiendo por la piel, entonces sacerdote lo por inmundo: llaga.
al séptimo día mirará tiña; si tiña no hubiere cundido en piel, pareciere estar más profunda que el sus vestidos, y será
Todo el tiempo la llaga él, será inmundo; estará habitará solo; fuera del morada.
de lo que quedare del que tiene en mano, sacerdote sobre de la derecha se purifica, sobre el su mano derecha, y sobre el de pie derecho, la de la expiación culpa:
Y la de barro en que tocare el tiene será vasija de madera será lavada agua.
Cualquiera en esas será inmundo; y lavará sus vestidos, y á sí mismo lavará con agua, y será inmundo la tarde.
tendréis perpetuo, expiar á hijos de de todos sus vez en el año. Moisés hizo le mandó.
Y habló Jehová á diciendo:
La desnudez de la mujer de tu no descubrirás; es la de tu padre.
cuando hubiereis entrado en y plantareis todo árbol de comer, quitaréis su prepucio, lo de su tres os será fruto no se comerá.
Y habló Moisés diciendo:
los hijos Cualquier varón de los hijos de Israel, ó de los extranjeros que peregrinan en Israel, que diere á Moloch, seguro morirá: el pueblo de tierra lo apedreará con piedras.
tomará él mujer con su virginidad.
El de de muy santo las cosas santificadas, comerá.
Seis días se trabajará, y el sábado de convocación obra sábado es Jehová todas vuestras habitaciones.
Ninguna obra servil haréis; y ofreceréis encendida á Jehová.
Seis años tu tierra, y seis años tu cogerás sus
harás la de jubilación en mes séptimo á diez del el día la expiación pasar la trompeta
Y cuando empobreciere, y acogiere á tú lo ampararás: como y contigo.
cuando tu estando contigo, á ti, servir siervo:
te enseñorearás él con dureza, temor tu
Si muchos conforme á para rescate dinero por el cual se
las vuestros hijos, y comeréis carnes de vuestras hijas:
si fuere de un mes hasta cinco tu estimación será en orden varón, siclos de plata; por la hembra tu estimación tres siclos de plata.
Y cuando alguno santificare su consagrándola á Jehová, la apreciará el sacerdote, buena ó sea mala: según la apreciare el sacerdote, así quedará.
Y su hueste, con los contados de ellos, cuarenta
Todos en el ejército de Dan, cincuenta y seiscientos: irán los tras sus banderas.
Porque es todo primogénito; desde yo maté los primogénitos en la de Egipto, yo santifiqué mí todos los en Israel, así de hombres como de animales: míos serán:
Las familias Gersón asentarán sus espaldas al occidente;
resplandecer rostro ti, y haya de
Y para de paces, dos cinco carneros, cinco cabrío, cinco corderos de un año. de Ahira, hijo de Enán.
Que todos los vieron mi gloria y mis señales que he hecho en y en el desierto, han ya veces, no han mi
Y por cada carnero de de flor de amasada con el de un de aceite:
Conforme al número así haréis con uno según el número ellos.
De que amasareis, una torta como la era, así la
errareis, y no hiciereis todos estos mandamientos Jehová ha dicho Moisés,
hijos de Israel el hallaron un que recogía leña en sábado.
á los hijos de y diles que pezuelos en los remates sus vestidos, por generaciones; pongan en cada los remates un cordón de cárdeno:
Y hijo de Ishar, de de y Dathán y Abiram, hijos de y Hon, de Peleth, de los hijos de Rubén, gente,
á Eleazar, hijo de sacerdote, que tome los incensarios de del incendio, y allá el fuego; porque
Y puso varas delante Jehová el del testimonio.
hijos de Israel hablaron nosotros somos muertos, somos perdidos.
Y dijo á Aarón: De la tierra de ellos no tendrás heredad, entre ellos tendrás Yo soy tu parte tu heredad en medio de los hijos
De todos vuestros dones ofrenda á Jehová; de de ofreceréis la que ha de ser
Y asna al ángel de Jehová, echóse debajo de Balaam: enojóse Balaam, é hirió al asna con palo.
Y el asna dijo á Balaam: ¿No soy asna? sobre has desde que tú me tienes hasta día; ¿he á hacerlo Y él respondió: No.
Y el de á la tienda, y alanceólos á al varón de Israel, mujer por su vientre. cesó la mortandad de los hijos
hijos de Issachâr por familias: de la familia de los la familia de
Y el quinto nueve becerros, carneros, catorce de un año sin defecto;
Matad pues ahora todos los varones entre los niños: matad también mujer haya varón
Y de personas, diez y mil:)
¿Y prevenís ánimo de los Israel, para que no pasen á la tierra que dado Jehová?
Que subieron de Escol, y después vieron la tierra, de los hijos de Israel, á la tierra Jehová les había dado.
hijo de Jephone Cenezeo, Josué hijo Nun, que fueron de Jehová.
término Ziphón, y sus remates en Hasar-enán: os será el término del norte.
Después que hirió á rey de los Amorrheos, que en Hesbón, Og rey de que Astarot en Edrei:
Mas Jehová nuestro Dios entregó delante de nosotros; y á sus y á su
no os y para vosotros escultura, de figura alguna, de ó hembra,
diera que tuviesen tal me y guardasen todos todos mis mandamientos, para que á ellos á les fuese bien para siempre!
dió señales y y nocivos en Egipto, Faraón y sobre toda su casa, delante de nuestros ojos;
Y de allá, para traernos y la tierra que juró á nuestros padres;
Por tanto, sabe que no por justicia Jehová tu te da esta buena tierra para poseerla; duro eres tú.
Y díjome Jehová: Levántate, desciende de aquí; que pueblo que de Egipto ha corrompido: pronto se han apartado del camino les mandé: hanse hecho efigie de fundición.
Aarón enojó en gran destruirlo: y por Aarón entonces.
Y tomé vuestro el que habíais hecho, quemélo en el fuego, y lo desmenucé moliéndole muy bien, que fué reducido polvo: el de él el descendía del monte.
yo en el monte como los días, cuarenta días y y Jehová también esta vez, y Jehová
Nadie se sostendrá vosotros: miedo y temor de pondrá Jehová Dios sobre la haz toda la que hollareis, como os ha dicho.
Empero no comeréis de los que rumian, ó tienen uña hendida: liebre, y conejo, rumian, mas tienen hendida, serán inmundos;
Cuando en ti menesteroso de de tus en alguna de tus ciudades, en tierra Jehová tu Dios da, endurecerás tu corazón, ni tu mano tu hermano
Y si tacha, ó cojo, ó cualquiera sacrificarás á Jehová tu Dios.
Y la asarás y comerás en el lugar que Jehová tu hubiere y la mañana volverás y morada.
te en tus solemnidades, tú, tu y y siervo, tu sierva, el Levita, y huérfano, y la viuda, en tus poblaciones.
Empero que no se aumente ni haga pueblo á para acrecentar caballos: porque Jehová os ha No volver más este camino.
de encantamentos, ni quien pitón, ni mágico, ni quien los muertos.
Profeta les suscitaré en medio de sus como y pondré boca, y él les hablará lo yo le mandare.
á guerra contra y Jehová Dios entregare en y tomares de ellos
Del extraño tomarás logro, mas no lo tomarás, bendiga tu Dios en toda de manos sobre la tierra á la cual para poseerla.
No tu pesa grande y
de lo te hizo Amalec en camino, cuando salisteis de Egipto:
Entonces tomarás de las primicias de frutos de la tierra, de tu tierra que Jehová tu Dios te da, pondrás un canastillo, lugar que Dios escogiere para habitar allí
Y sacerdote tomará el canastillo tu mano, y pondrálo del de tu Dios.
Y para alto sobre todas gentes hizo, para y gloria; que seas á Dios, como él dicho.
Maldito el redujere el término su prójimo. Y dirá el pueblo: Amén.
tu la ciudad, y maldito en campo.
Jehová maravillosamente tus plagas y plagas de simiente, plagas y estables, y malignas duraderas;
también volverá tus cautivos, y tendrá misericordia de ti, y tornará á de todos los cuales hubiere tu Dios.
que cierto pereceréis: no tendréis largos la tierra, ir á la el Jordán para poseerla.
Que ames Jehová tu Dios, que oigas su y te allegues á porque él es tu la de tus á fin de que habites sobre tierra que juró á tus Abraham, que había de dar.
¿Cómo podría perseguir á mil, y huir diez si su Roca no hubiese y
¿No tengo yo esto guardado, sellado en mis tesoros?
Mía es la el al tiempo su pie vacilará; día de aflicción y lo que les está se apresura.
