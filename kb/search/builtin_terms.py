"""Term pairs the database does not hold: Russian and German rule words and players' slang.

Each line is ``lang<TAB>term<TAB>English term``; the English term is the pivot that
links the words of all languages (the database's ``terms`` and ``glossary`` tables,
then ``data/terms_curated.tsv`` when present, then these). Russian words follow the
official Russian card text where there is one; slang is listed as English.
"""

TERMS = """
# German: rules words not in data/terms_curated.tsv (the keyword names live there, with their sources)
de	Spielsteine	Token
de	Planeswalker	Planeswalker
de	Schlachtfeld	Battlefield
de	Weltenwandel	Planeswalk
de	Weltentor	Plane
de	Kommandeur	Commander
de	Handkarten	Hand
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
en	LKI	last known information
en	last known info	last known information
en	CDA	characteristic-defining ability
en	CDAs	characteristic-defining ability
en	APNAP	APNAP Order
en	fizzle	doesn't resolve
en	fizzles	doesn't resolve
en	fizzled	doesn't resolve
en	LTB	Leaves-the-battlefield abilities
en	on the stack	Stack
"""
