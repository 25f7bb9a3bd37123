"""Term pairs the database does not hold: Russian and German rule words and players' slang.

Each line is ``lang<TAB>term<TAB>English term``; the English term is the pivot that
links the words of all languages (the database's ``terms`` and ``glossary`` tables,
then ``data/terms_curated.tsv`` when present, then these). Russian words follow the
official Russian card text where there is one; slang is listed as English.
"""

TERMS = """
# German: the rules' words of the German translation (Regelwerk)
de	Spielstein	Token
de	Spielsteine	Token
de	bleibende Karte	Permanent
de	Enttappsegment	Untap Step
de	Todesberührung	Deathtouch
de	Erstschlag	First Strike
de	Doppelschlag	Double Strike
de	Trampelschaden	Trample
de	Fliegend	Flying
de	Eile	Haste
de	Wachsamkeit	Vigilance
de	Lebensverknüpfung	Lifelink
de	Fluchsicherheit	Hexproof
de	Unzerstörbar	Indestructible
de	Reichweite	Reach
de	Verteidiger	Defender
de	Schutz	Protection
de	Aufblitzen	Flash
de	Zustandsbasierte Aktion	State-Based Actions
de	Zustandsbasierte Aktionen	State-Based Actions
de	automatische Spielstatus-Aktion	State-Based Actions
de	Stapel	Stack
de	Friedhof	Graveyard
de	Bibliothek	Library
de	Exil	Exile
de	Kommandozone	Command Zone
de	Schlachtfeld	Battlefield
de	Kreatur	Creature
de	Planeswalker	Planeswalker
de	Phänomen	Phenomenon
de	Weltenwandel	Planeswalk
de	Weltentor	Plane
de	Verzauberung	Enchantment
de	Aura	Aura
de	Ausrüstung	Equipment
de	Kampfphase	Combat Phase
de	Kampfschaden	Combat Damage
de	Mulligan	Mulligan
de	Beschwörungskrankheit	Summoning Sickness
de	Manakosten	Mana Cost
de	Fähigkeit	Ability
de	ausgelöste Fähigkeit	Triggered Ability
de	aktivierte Fähigkeit	Activated Ability
de	statische Fähigkeit	Static Ability
de	Kommandeur	Commander
de	Handkarten	Hand
de	Spieler	Player
de	Gegner	Opponent
de	tappen	Tap
de	enttappen	Untap
de	opfern	Sacrifice
de	zerstören	Destroy
de	abwerfen	Discard
de	Marke	Counter
de	Marken	Counter
# Russian: official card and rules words, and what players say
ru	фазирование	Phasing
ru	фазинг	Phasing
ru	фаза	Phase
ru	исчезновение из фазы	Phasing
ru	выход из фазы	Phasing
ru	фишка	Token
ru	фишки	Token
ru	токен	Token
ru	феномен	Phenomenon
ru	феномены	Phenomenon
ru	планар	Plane
ru	план	Plane
ru	путешествие по планам	Planeswalk
ru	планарный кубик	Planar Die
ru	планарная колода	Planar Deck
ru	смертельное касание	Deathtouch
ru	смертельное прикосновение	Deathtouch
ru	первый удар	First Strike
ru	двойной удар	Double Strike
ru	пробивной удар	Trample
ru	полет	Flying
ru	ускорение	Haste
ru	бдительность	Vigilance
ru	цепь жизни	Lifelink
ru	порчеустойчивость	Hexproof
ru	неразрушимость	Indestructible
ru	защитник	Defender
ru	защита	Protection
ru	миг	Flash
ru	действия, вызванные состоянием	State-Based Actions
ru	действия по состоянию	State-Based Actions
ru	стек	Stack
ru	кладбище	Graveyard
ru	библиотека	Library
ru	изгнание	Exile
ru	командная зона	Command Zone
ru	поле битвы	Battlefield
ru	существо	Creature
ru	перманент	Permanent
ru	чары	Enchantment
ru	аура	Aura
ru	снаряжение	Equipment
ru	шаг разворота	Untap Step
ru	фаза боя	Combat Phase
ru	боевые повреждения	Combat Damage
ru	муллиган	Mulligan
ru	болезнь вызова	Summoning Sickness
ru	мана	Mana
ru	способность	Ability
ru	активируемая способность	Activated Ability
ru	срабатывающая способность	Triggered Ability
ru	статическая способность	Static Ability
ru	командир	Commander
ru	игрок	Player
ru	оппонент	Opponent
ru	повернуть	Tap
ru	развернуть	Untap
ru	пожертвовать	Sacrifice
ru	уничтожить	Destroy
ru	сбросить	Discard
ru	жетон	Counter
ru	счетчик	Counter
# English slang and abbreviations
en	ETB	Enters the Battlefield
en	LTB	Leaves the Battlefield
en	SBA	State-Based Actions
en	SBAs	State-Based Actions
en	state based	State-Based Actions
en	summoning sick	Summoning Sickness
en	first striker	First Strike
en	lifelinker	Lifelink
en	deathtoucher	Deathtouch
en	trampler	Trample
en	flyer	Flying
en	flier	Flying
en	board	Battlefield
en	graveyard	Graveyard
en	yard	Graveyard
en	GY	Graveyard
en	EDH	Commander
en	mull	Mulligan
en	counterspell	Counter
en	PW	Planeswalker
en	walker	Planeswalker
en	planechase	Planechase
en	planar die	Planar Die
en	chaos roll	Planar Die
"""
