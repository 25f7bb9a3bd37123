"""Term pairs the database does not hold: Russian and German rule words and players' slang.

Each line is ``lang<TAB>term<TAB>English term``; the English term is the pivot that
links the words of all languages (the database's ``terms`` and ``glossary`` tables,
then ``data/terms_curated.tsv`` when present, then these). Russian words follow the
official Russian card text where there is one; slang is listed in the language players say it in,
with the English rules word it means (a phrase of the rules where no term names it: "blink" is
what becomes a "new object").
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
en	tutor	Search
en	tutors	Search
en	tutoring	Search
en	sac	Sacrifice
en	LIFO	Stack
en	last in first out	Stack
en	sorcery speed	Sorcery
en	instant speed	Instant
en	EOT	End Step
en	first main	first main phase
en	second main	second main phase
en	wrath	Destroy
en	board wipe	Destroy
en	sweeper	Destroy
en	blink	new object
en	flicker	new object
en	CMC	Mana Value
en	converted mana cost	Mana Value
en	MV	Mana Value
en	DFC	Double-Faced Card
en	MDFC	Modal Double-Faced Card
en	TDFC	Transforming Double-Faced Card
# Japanese: what players say beside the official words
ja	サーチ	Search
ja	立ち消え	doesn't resolve
ja	立ち消える	doesn't resolve
ja	ブリンク	new object
ja	全体除去	Destroy
ja	ピッチスペル	Alternative Cost
ja	ライブラリーアウト	library with no cards
ja	第1メイン	first main phase
ja	第2メイン	second main phase
ja	点数で見たマナ・コスト	Mana Value
# Chinese: what players say beside the official words
zh	一主	first main phase
zh	第一主阶段	first main phase
zh	二主	second main phase
zh	第二主阶段	second main phase
zh	磨牌	Mill
zh	搜牌	Search
zh	找牌	Search
zh	触发异能	Triggered Ability
zh	闪烁	new object
zh	清场	Destroy
"""
