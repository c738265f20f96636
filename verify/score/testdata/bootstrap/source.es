The earth was formless and empty. Darkness was on the surface of the deep and God’s Spirit was hovering over the surface of the waters.
God called the expanse “sky”. There was evening and there was morning, a second day.
God made the two great lights: the greater light to rule the day, and the lesser light to rule the night. He also made the stars.
but a mist went up from the earth, and watered the whole surface of the ground.
Methuselah lived after he became the father of Lamech seven hundred eighty-two years, and became the father of other sons and daughters.
The earth was corrupt before God, and the earth was filled with violence.
But I will establish my covenant with you. You shall come into the ship, you, your sons, your wife, and your sons’ wives with you.
I will establish my covenant with you: All flesh will not be cut off any more by the waters of the flood. There will never again be a flood to destroy the earth.”
Arpachshad became the father of Shelah. Shelah became the father of Eber.
Abram took Sarai his wife, Lot his brother’s son, all their possessions that they had gathered, and the people whom they had acquired in Haran, and they went to go into the land of Canaan. They entered into the land of Canaan.
Please say that you are my sister, that it may be well with me for your sake, and that my soul may live because of you.”
So Lot chose the Plain of the Jordan for himself. Lot traveled east, and they separated themselves from one other.
Melchizedek king of Salem brought out bread and wine. He was priest of God Most High.
Abram said to the king of Sodom, “I have lifted up my hand to Yahweh, God Most High, possessor of heaven and earth,
He said, “Lord Yahweh, how will I know that I will inherit it?”
He brought him all these, and divided them in the middle, and laid each half opposite the other; but he didn’t divide the birds.
The birds of prey came down on the carcasses, and Abram drove them away.
He said, “Hagar, Sarai’s servant, where did you come from? Where are you going?” She said, “I am fleeing from the face of my mistress Sarai.”
Now Abimelech had not come near her. He said, “Lord, will you kill even a righteous nation?
Therefore she said to Abraham, “Cast out this servant and her son! For the son of this servant will not be heir with my son, Isaac.”
On the third day Abraham lifted up his eyes, and saw the place far off.
Abraham took the wood of the burnt offering and laid it on Isaac his son. He took in his hand the fire and the knife. They both went together.
Isaac spoke to Abraham his father, and said, “My father?” He said, “Here I am, my son.” He said, “Here is the fire and the wood, but where is the lamb for a burnt offering?”
He said to me, ‘Yahweh, before whom I walk, will send his angel with you, and prosper your way. You shall take a wife for my son from my relatives, and of my father’s house.
I bowed my head, and worshiped Yahweh, and blessed Yahweh, the God of my master Abraham, who had led me in the right way to take my master’s brother’s daughter for his son.
After the death of Abraham, God blessed Isaac, his son. Isaac lived by Beer Lahai Roi.
The same day, Isaac’s servants came, and told him concerning the well which they had dug, and said to him, “We have found water.”
Let peoples serve you, and nations bow down to you. Be lord over your brothers. Let your mother’s sons bow down to you. Cursed be everyone who curses you. Blessed be everyone who blesses you.”
She named him Joseph, saying, “May Yahweh add another son to me.”
Thus God has taken away your father’s livestock, and given them to me.
Rachel and Leah answered him, “Is there yet any portion or inheritance for us in our father’s house?
You said, ‘I will surely do you good, and make your offspring as the sand of the sea, which can’t be counted because there are so many.’”
They took Joseph’s tunic, and killed a male goat, and dipped the tunic in the blood.
She yet again bore a son, and named him Shelah. He was at Chezib when she bore him.
Onan knew that the offspring wouldn’t be his; and when he went in to his brother’s wife, he spilled his semen on the ground, lest he should give offspring to his brother.
When he heard that I lifted up my voice and cried, he left his garment by me, and ran outside.”
The food will be to supply the land against the seven years of famine, which will be in the land of Egypt; so that the land will not perish through the famine.”
Pharaoh said to Joseph, “Because God has shown you all of this, there is no one so discreet and wise as you.
Pharaoh said to Joseph, “I am Pharaoh. Without you, no man shall lift up his hand or his foot in all the land of Egypt.”
Joseph laid up grain as the sand of the sea, very much, until he stopped counting, for it was without number.
Bring your youngest brother to me. Then I will know that you are not spies, but that you are honest men. So I will deliver your brother to you, and you shall trade in the land.’”
The famine was severe in the land.
They came near to the steward of Joseph’s house, and they spoke to him at the door of the house,
They prepared the present for Joseph’s coming at noon, for they heard that they should eat bread there.
Isn’t this that from which my lord drinks, and by which he indeed divines? You have done evil in so doing.’”
He said, “Far be it from me that I should do so. The man in whose hand the cup is found, he will be my slave; but as for you, go up in peace to your father.”
it will happen, when he sees that the boy is no more, that he will die. Your servants will bring down the gray hairs of your servant, our father, with sorrow to Sheol.
Now therefore, please let your servant stay instead of the boy, my lord’s slave; and let the boy go up with his brothers.
Jacob rose up from Beersheba, and the sons of Israel carried Jacob, their father, their little ones, and their wives, in the wagons which Pharaoh had sent to carry him.
Israel lived in the land of Egypt, in the land of Goshen; and they got themselves possessions therein, and were fruitful, and multiplied exceedingly.
I have waited for your salvation, Yahweh.
When the inhabitants of the land, the Canaanites, saw the mourning in the floor of Atad, they said, “This is a grievous mourning by the Egyptians.” Therefore its name was called Abel Mizraim, which is beyond the Jordan.
All the souls who came out of Jacob’s body were seventy souls, and Joseph was in Egypt already.
A man of the house of Levi went and took a daughter of Levi as his wife.
He said, “Don’t come close. Take off your sandals, for the place you are standing on is holy ground.”
They said, “The God of the Hebrews has met with us. Please let us go three days’ journey into the wilderness, and sacrifice to Yahweh, our God, lest he fall on us with pestilence, or with the sword.”
All the Egyptians dug around the river for water to drink; for they couldn’t drink the river water.
Moses said, “It isn’t appropriate to do so; for we shall sacrifice the abomination of the Egyptians to Yahweh our God. Behold, if we sacrifice the abomination of the Egyptians before their eyes, won’t they stone us?
Pharaoh said, “I will let you go, that you may sacrifice to Yahweh your God in the wilderness, only you shall not go very far away. Pray for me.”
The heart of Pharaoh was hardened, and he didn’t let the children of Israel go, just as Yahweh had spoken through Moses.
They didn’t see one another, and nobody rose from his place for three days; but all the children of Israel had light in their dwellings.
Speak to all the congregation of Israel, saying, ‘On the tenth day of this month, they shall take to them every man a lamb, according to their fathers’ houses, a lamb for a household;
They shall take some of the blood, and put it on the two door posts and on the lintel, on the houses in which they shall eat it.
He called for Moses and Aaron by night, and said, “Rise up, get out from among my people, both you and the children of Israel; and go, serve Yahweh, as you have said!
Unleavened bread shall be eaten throughout the seven days; and no leavened bread shall be seen with you. No yeast shall be seen with you, within all your borders.
the pillar of cloud by day, and the pillar of fire by night, didn’t depart from before the people.
The waters returned, and covered the chariots and the horsemen, even all Pharaoh’s army that went in after them into the sea. There remained not so much as one of them.
Yahweh spoke to Moses, saying,
Jethro, Moses’ father-in-law, received Zipporah, Moses’ wife, after he had sent her away,
and showing loving kindness to thousands of those who love me and keep my commandments.
“You shall not murder.
“Now these are the ordinances which you shall set before them:
“Anyone who curses his father or his mother shall surely be put to death.
“You shall be holy men to me, therefore you shall not eat any meat that is torn by animals in the field. You shall cast it to the dogs.
“Six days you shall do your work, and on the seventh day you shall rest, that your ox and your donkey may have rest, and the son of your servant, and the alien may be refreshed.
You shall bring the first of the first fruits of your ground into the house of Yahweh your God. “You shall not boil a young goat in its mother’s milk.
blue, purple, scarlet, fine linen, goats’ hair,
rams’ skins dyed red, sea cow hides, acacia wood,
You shall make a covering for the tent of rams’ skins dyed red, and a covering of sea cow hides above.
“They shall make the ephod of gold, blue, purple, scarlet, and fine twined linen, the work of the skillful workman.
It shall be square and folded double; a span shall be its length, and a span its width.
and the third row a jacinth, an agate, and an amethyst;
You shall kill the ram, and you shall take its blood, and sprinkle it around on the altar.
You shall make incense of it, a perfume after the art of the perfumer, seasoned with salt, pure and holy.
Whoever shall make any like that, to smell of it, he shall be cut off from his people.”
the table and its vessels, the pure lamp stand with all its vessels, the altar of incense,
He received what they handed him, fashioned it with an engraving tool, and made it a molded calf. Then they said, “These are your gods, Israel, which brought you up out of the land of Egypt.”
For how would people know that I have found favor in your sight, I and your people? Isn’t it that you go with us, so that we are separated, I and your people, from all the people who are on the surface of the earth?”
Yahweh also said, “Behold, there is a place by me, and you shall stand on the rock.
He said, “Behold, I make a covenant: before all your people I will do marvels, such as have not been worked in all the earth, nor in any nation; and all the people among whom you are shall see the work of Yahweh; for it is an awesome thing that I do with you.
“Six days you shall work, but on the seventh day you shall rest: in plowing time and in harvest you shall rest.
You shall kindle no fire throughout your habitations on the Sabbath day.’”
and to make skillful works, to work in gold, in silver, in bronze,
He made curtains of goats’ hair for a covering over the tabernacle. He made them eleven curtains.
For the west side were hangings of fifty cubits, their pillars ten, and their sockets ten; the hooks of the pillars, and their fillets, of silver.
All the gold that was used for the work in all the work of the sanctuary, even the gold of the offering, was twenty-nine talents and seven hundred thirty shekels, according to the shekel of the sanctuary.
and the fourth row, a chrysolite, an onyx, and a jasper. They were enclosed in gold settings.
They made two rings of gold, and put them on the two ends of the breastplate, on its edge, which was toward the side of the ephod inward.
the finely worked garments for ministering in the holy place, the holy garments for Aaron the priest, and the garments of his sons, to minister in the priest’s office.
As an offering of first fruits you shall offer them to Yahweh, but they shall not rise up as a pleasant aroma on the altar.
and the two kidneys, and the fat that is on them, which is by the loins, and the cover on the liver, with the kidneys, he shall remove,
The priest shall take some of the blood of the sin offering with his finger, and put it on the horns of the altar of burnt offering; and all the rest of its blood he shall pour out at the base of the altar.
“This is the offering of Aaron and of his sons, which they shall offer to Yahweh in the day when he is anointed: one tenth of an ephah of fine flour for a meal offering perpetually, half of it in the morning, and half of it in the evening.
What has been done today, so Yahweh has commanded to do, to make atonement for you.
“‘These are they which are unclean to you among the creeping things that creep on the earth: the weasel, the rat, any kind of great lizard,
“‘If any animal of which you may eat dies, he who touches its carcass shall be unclean until the evening.
“‘Every creeping thing that creeps on the earth is an abomination. It shall not be eaten.
The priest shall examine him; and behold, if the scab has spread on the skin, then the priest shall pronounce him unclean. It is leprosy.
then the priest shall examine him. Behold, if the leprosy has covered all his flesh, he shall pronounce him clean of the plague. It has all turned white: he is clean.
If it spreads in the skin, then the priest shall pronounce him unclean. It is a plague.
On the seventh day, the priest shall examine the itch; and behold, if the itch hasn’t spread in the skin, and its appearance isn’t deeper than the skin, then the priest shall pronounce him clean. He shall wash his clothes and be clean.
All the days in which the plague is in him he shall be unclean. He is unclean. He shall dwell alone. His dwelling shall be outside of the camp.
The priest shall put some of the rest of the oil that is in his hand on the tip of the right ear of him who is to be cleansed, and on the thumb of his right hand, and on the big toe of his right foot, upon the blood of the trespass offering.
“‘The earthen vessel, which he who has the discharge touches, shall be broken; and every vessel of wood shall be rinsed in water.
Whoever touches these things shall be unclean, and shall wash his clothes and bathe himself in water, and be unclean until the evening.
“This shall be an everlasting statute for you, to make atonement for the children of Israel once in the year because of all their sins.” It was done as Yahweh commanded Moses.
Yahweh spoke to Moses, saying,
“‘You shall not uncover the nakedness of your father’s wife. It is your father’s nakedness.
“‘When you come into the land, and have planted all kinds of trees for food, then you shall count their fruit as forbidden. For three years it shall be forbidden to you. It shall not be eaten.
Yahweh spoke to Moses, saying,
“Moreover, you shall tell the children of Israel, ‘Anyone of the children of Israel, or of the strangers who live as foreigners in Israel, who gives any of his offspring to Molech shall surely be put to death. The people of the land shall stone that person with stones.
“‘He shall take a wife in her virginity.
He shall eat the bread of his God, both of the most holy, and of the holy.
“‘Six days shall work be done, but on the seventh day is a Sabbath of solemn rest, a holy convocation; you shall do no kind of work. It is a Sabbath to Yahweh in all your dwellings.
You shall do no regular work. You shall offer an offering made by fire to Yahweh.’”
You shall sow your field six years, and you shall prune your vineyard six years, and gather in its fruits;
Then you shall sound the loud trumpet on the tenth day of the seventh month. On the Day of Atonement you shall sound the trumpet throughout all your land.
“‘If your brother has become poor, and his hand can’t support himself among you, then you shall uphold him. He shall live with you like an alien and a temporary resident.
“‘If your brother has grown poor among you, and sells himself to you, you shall not make him to serve as a slave.
You shall not rule over him with harshness, but shall fear your God.
If there are yet many years, according to them he shall give back the price of his redemption out of the money that he was bought for.
You will eat the flesh of your sons, and you will eat the flesh of your daughters.
If the person is from a month old to five years old, then your valuation shall be for a male five shekels of silver, and for a female your valuation shall be three shekels of silver.
“‘When a man dedicates his house to be holy to Yahweh, then the priest shall evaluate it, whether it is good or bad. As the priest evaluates it, so it shall stand.
His division, and those who were counted of them, were forty thousand five hundred.
“All who were counted of the camp of Dan were one hundred fifty-seven thousand six hundred. They shall set out last by their standards.”
for all the firstborn are mine. On the day that I struck down all the firstborn in the land of Egypt I made holy to me all the firstborn in Israel, both man and animal. They shall be mine. I am Yahweh.”
The families of the Gershonites shall encamp behind the tabernacle westward.
Yahweh make his face to shine on you, and be gracious to you.
and for the sacrifice of peace offerings, two head of cattle, five rams, five male goats, and five male lambs a year old. This was the offering of Ahira the son of Enan.
because all those men who have seen my glory and my signs, which I worked in Egypt and in the wilderness, yet have tempted me these ten times, and have not listened to my voice;
“‘For a ram, you shall prepare for a meal offering two tenths of an ephah of fine flour mixed with the third part of a hin of oil;
According to the number that you shall prepare, so you shall do to everyone according to their number.
Of the first of your dough you shall offer up a cake for a wave offering. As the wave offering of the threshing floor, so you shall heave it.
“‘When you err, and don’t observe all these commandments which Yahweh has spoken to Moses—
While the children of Israel were in the wilderness, they found a man gathering sticks on the Sabbath day.
“Speak to the children of Israel, and tell them that they should make themselves fringes on the borders of their garments throughout their generations, and that they put on the fringe of each border a cord of blue.
Now Korah, the son of Izhar, the son of Kohath, the son of Levi, with Dathan and Abiram, the sons of Eliab, and On, the son of Peleth, sons of Reuben, took some men.
“Speak to Eleazar the son of Aaron the priest, that he take up the censers out of the burning, and scatter the fire away from the camp; for they are holy,
Moses laid up the rods before Yahweh in the Tent of the Testimony.
The children of Israel spoke to Moses, saying, “Behold, we perish! We are undone! We are all undone!
Yahweh said to Aaron, “You shall have no inheritance in their land, neither shall you have any portion among them. I am your portion and your inheritance among the children of Israel.
Out of all your gifts, you shall offer every wave offering to Yahweh, of all its best parts, even the holy part of it.’
The donkey saw Yahweh’s angel, and she lay down under Balaam. Balaam’s anger burned, and he struck the donkey with his staff.
The donkey said to Balaam, “Am I not your donkey, on which you have ridden all your life long until today? Was I ever in the habit of doing so to you?” He said, “No.”
He went after the man of Israel into the pavilion, and thrust both of them through, the man of Israel, and the woman through her body. So the plague was stopped among the children of Israel.
The sons of Issachar after their families: of Tola, the family of the Tolaites; of Puvah, the family of the Punites;
“‘On the fifth day: nine bulls, two rams, fourteen male lambs a year old without defect;
Now therefore kill every male among the little ones, and kill every woman who has known man by lying with him.
and sixteen thousand persons),
Why do you discourage the heart of the children of Israel from going over into the land which Yahweh has given them?
For when they went up to the valley of Eshcol, and saw the land, they discouraged the heart of the children of Israel, that they should not go into the land which Yahweh had given them.
except Caleb the son of Jephunneh the Kenizzite, and Joshua the son of Nun, because they have followed Yahweh completely.’
Then the border shall go to Ziphron, and it shall end at Hazar Enan. This shall be your north border.
after he had struck Sihon the king of the Amorites who lived in Heshbon, and Og the king of Bashan who lived in Ashtaroth, at Edrei.
Yahweh our God delivered him up before us; and we struck him, his sons, and all his people.
lest you corrupt yourselves, and make yourself a carved image in the form of any figure, the likeness of male or female,
Oh that there were such a heart in them that they would fear me and keep all my commandments always, that it might be well with them and with their children forever!
and Yahweh showed great and awesome signs and wonders on Egypt, on Pharaoh, and on all his house, before our eyes;
and he brought us out from there, that he might bring us in, to give us the land which he swore to our fathers.
Know therefore that Yahweh your God doesn’t give you this good land to possess for your righteousness, for you are a stiff-necked people.
Yahweh said to me, “Arise, get down quickly from here; for your people whom you have brought out of Egypt have corrupted themselves. They have quickly turned away from the way which I commanded them. They have made a molten image for themselves!”
Yahweh was angry enough with Aaron to destroy him. I prayed for Aaron also at the same time.
I took your sin, the calf which you had made, and burned it with fire, and crushed it, grinding it very small, until it was as fine as dust. I threw its dust into the brook that descended out of the mountain.
I stayed on the mountain, as at the first time, forty days and forty nights; and Yahweh listened to me that time also. Yahweh would not destroy you.
No man will be able to stand before you. Yahweh your God will lay the fear of you and the dread of you on all the land that you tread on, as he has spoken to you.
Nevertheless these you shall not eat of them that chew the cud, or of those who have the hoof split: the camel, the hare, and the rabbit. Because they chew the cud but don’t part the hoof, they are unclean to you.
If a poor man, one of your brothers, is with you within any of your gates in your land which Yahweh your God gives you, you shall not harden your heart, nor shut your hand from your poor brother;
If it has any defect—is lame or blind, or has any defect whatever, you shall not sacrifice it to Yahweh your God.
You shall roast and eat it in the place which Yahweh your God chooses. In the morning you shall return to your tents.
You shall rejoice in your feast, you, your son, your daughter, your male servant, your female servant, the Levite, the foreigner, the fatherless, and the widow who are within your gates.
Only he shall not multiply horses to himself, nor cause the people to return to Egypt, to the end that he may multiply horses; because Yahweh has said to you, “You shall not go back that way again.”
or a charmer, or someone who consults with a familiar spirit, or a wizard, or a necromancer.
I will raise them up a prophet from among their brothers, like you. I will put my words in his mouth, and he shall speak to them all that I shall command him.
When you go out to battle against your enemies, and Yahweh your God delivers them into your hands and you carry them away captive,
You may charge a foreigner interest; but you shall not charge your brother interest, that Yahweh your God may bless you in all that you put your hand to, in the land where you go in to possess it.
You shall not have in your bag diverse weights, one heavy and one light.
Remember what Amalek did to you by the way as you came out of Egypt,
that you shall take some of the first of all the fruit of the ground, which you shall bring in from your land that Yahweh your God gives you. You shall put it in a basket, and shall go to the place which Yahweh your God shall choose to cause his name to dwell there.
The priest shall take the basket out of your hand, and set it down before Yahweh your God’s altar.
He will make you high above all nations that he has made, in praise, in name, and in honor, and that you may be a holy people to Yahweh your God, as he has spoken.
‘Cursed is he who removes his neighbor’s landmark.’ All the people shall say, ‘Amen.’
You will be cursed in the city, and you will be cursed in the field.
then Yahweh will make your plagues and the plagues of your offspring fearful, even great plagues, and of long duration, and severe sicknesses, and of long duration.
that then Yahweh your God will release you from captivity, have compassion on you, and will return and gather you from all the peoples where Yahweh your God has scattered you.
I declare to you today that you will surely perish. You will not prolong your days in the land where you pass over the Jordan to go in to possess it.
to love Yahweh your God, to obey his voice, and to cling to him; for he is your life, and the length of your days, that you may dwell in the land which Yahweh swore to your fathers, to Abraham, to Isaac, and to Jacob, to give them.
How could one chase a thousand, and two put ten thousand to flight, unless their Rock had sold them, and Yahweh had delivered them up?
“Isn’t this laid up in store with me, sealed up among my treasures?
Vengeance is mine, and recompense, at the time when their foot slides, for the day of their calamity is at hand. Their doom rushes at them.”
