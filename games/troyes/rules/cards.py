"""Every card and number of Troyes the engine uses, with where each comes from.

Provenance: `PUBLISHED` marks a fact stated by a source of the research file
(shared/data/troyes_research.md, its mark V), with the source id in a comment
beside it; `OURS` marks a value we chose to fill a gap. Values of ours stay
within what is known of the published game (hire cost against first-space
points between 3 points for 5 deniers and 1 point for 3 deniers; the nine
level-III cards are point cards; the kinds of effect seen for events) and are
balanced by playouts (bench/troyes_balance.py). When real values are found,
they replace ours here and `TroyesEngine.version` goes up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PUBLISHED = "published"
OURS = "ours"

RED, WHITE, YELLOW = "red", "white", "yellow"
COLOURS = (RED, WHITE, YELLOW)
COLOUR_NAMES = {RED: "red", WHITE: "white", YELLOW: "yellow"}
NEUTRAL = -1

# -- setup and economy (TRO-1, TRO-OP1, TRO-OP1a; research §6) -----------------
ROUNDS = {2: 4, 3: 5, 4: 6}  # TRO-1.2 (BRIEF, superfred, BGA-PL)
START_INFLUENCE = 4  # TRO-OP1 (BRIEF, snackbar, goblins, BGA-JA)
START_DENIERS = 5  # TRO-OP1 (BRIEF, snackbar, goblins, BGA-JA)
START_CITIZENS = {2: 6, 3: 5, 4: 4}  # TRO-OP1 (BRIEF, CVC07, BGA-JA)
CHARACTERS_EACH = {2: 2, 3: 1, 4: 1}  # TRO-OP1a (snackbar, LUDOL, BGA-JA)
MAX_CITIZENS = 12  # TRO-OP1 (BRIEF, ultraboardgames)
GREY_CITIZENS = 8  # research §6, components
MAX_INFLUENCE = 20  # TRO-1.5 (BGA-PL, bdml)
INCOME = 10  # TRO-7.1
WAGES = {WHITE: 1, RED: 2, YELLOW: 0}  # TRO-7.1
PENALTY = 2  # TRO-7.2, TRO-9.6, TRO-OP5 (TT-CLAR, VR)
DIE_PRICE = 2  # per die in the action, so 2/4/6 (TRO-10.4; BGA-RU54, TT-CLAR)
REROLL_COST, RECRUIT_COST, TURN_COST = 1, 2, 4  # TRO-10.5 (BRIEF, TT-CLAR)
PASS_DENIERS, PASS_AGAIN = 2, 1  # TRO-16.1
CATHEDRAL_COLUMNS, CATHEDRAL_LEVELS = 6, 3  # TRO-2.2
# TRO-12.5: a marker in columns 1-3 gives 1 influence, in 4-6 gives 2.
CATHEDRAL_INFLUENCE = (1, 1, 1, 2, 2, 2)
# TRO-15.2: Agriculture pays the yellow pips divided by 2.
AGRICULTURE_DIVISOR = 2
# TRO-11.4 (DOJ): only the first two supervisors of a card score.
SCORING_SUPERVISORS = 2
CATHEDRAL_MISSING_LEVEL = 2  # TRO-OP26, -2 VP per level without a marker (BRIEF, VR)
UNFOUGHT_EVENT_VP = 1  # +1 VP per undefeated event bearing one's markers (BRIEF)
WON_EVENT_VP = 1  # OURS: what an event card won is worth at the end (TRO-18.1)


@dataclass(frozen=True)
class Row:
    """A row of citizen spaces and the die faces pictured beside it (TRO-14.3)."""

    faces: tuple[int, ...]
    spaces: int


# TRO-14.3, research §6. The Palace has one space per die face, and a
# newcomer expels the occupant (PUBLISHED: JP-FC2, KARI). The Monastery's
# rows carry die numbers (SOLO-TT) but their layout is not known; both the
# Monastery's and the City Hall's rows below are OURS, six spaces each
# (PUBLISHED: timwingame, goblins).
BUILDINGS: dict[str, tuple[Row, ...]] = {
    RED: tuple(Row((face,), 1) for face in range(1, 7)),
    WHITE: (Row((1, 2), 2), Row((3, 4), 2), Row((5, 6), 2)),
    YELLOW: (Row((1, 2, 3), 3), Row((4, 5, 6), 3)),
}
BUILDING_NAMES = {RED: "Palace", WHITE: "Monastery", YELLOW: "City Hall"}
LAYOUT_SOURCE = {RED: PUBLISHED, WHITE: OURS, YELLOW: OURS}

# TRO-OP2: with 2 players the neutral citizens are placed before the
# players' (PUBLISHED: SOLO-TT, KR-H); with 3 or 4 they fill what is left
# after. Which spaces they take is not known: OURS, two in each building, so
# that every building keeps 4 free spaces for the two players. (row, space)
# per building: the Palace's spaces for 1 and 6, the last space of the
# Monastery's rows 1-2 and 5-6 and of both City Hall rows.
NEUTRAL_FIRST_PLAYERS = 2
NEUTRAL_FIRST: dict[str, tuple[tuple[int, int], ...]] = {
    RED: ((0, 0), (5, 0)),
    WHITE: ((0, 1), (2, 1)),
    YELLOW: ((0, 2), (1, 2)),
}
NEUTRAL_FIRST_SOURCE = OURS


# -- activity cards (TRO-11; research §2, §3) ------------------------------------

# Effect kinds. Immediate: `gain` (each use gives `gives`), `trade` (each use
# pays `pays` for `gives`; the player chooses how many uses), and the
# conditional point cards. Delayed (hourglass): each use is a marker that
# later changes one action.
GAIN, TRADE = "gain", "trade"
MILLER, PROCESSION, GLASSMAKER, CAPTAIN = "miller", "procession", "glassmaker", "captain"
PLUS_FIVE_RED = "plus_five_red"  # Blacksmith
YELLOW_AS_RED = "yellow_as_red"  # Militia
FREE_YELLOW = "free_yellow"  # Tithing
WHITE_AS_THREE_YELLOW = "white_as_three_yellow"  # Monk
PLUS_THREE_YELLOW = "plus_three_yellow"  # Priest
ALL_FIVES = "all_fives"  # Apprenticeship
PLUS_ONE_EACH = "plus_one_each"  # Copyist (ours)
DELAYED = frozenset(
    {
        PLUS_FIVE_RED,
        YELLOW_AS_RED,
        FREE_YELLOW,
        WHITE_AS_THREE_YELLOW,
        PLUS_THREE_YELLOW,
        ALL_FIVES,
        PLUS_ONE_EACH,
    }
)


@dataclass(frozen=True)
class ActivityCard:
    id: str
    name: str
    colour: str
    level: int
    hire: int  # deniers to hire a supervisor (TRO-11.3)
    divisor: int  # effectiveness = pips // divisor (TRO-10.6)
    slots: tuple[int, int]  # end-game VP of the first two supervisors (DOJ)
    effect: str
    text: str
    gives: dict[str, int] = field(default_factory=dict)
    pays: dict[str, int] = field(default_factory=dict)
    dice: tuple[int, int] = (1, 3)
    # Provenance of the name (and level/colour) and of the effect; the
    # hire cost, divisor and slot points are OURS for every card (research §2).
    name_source: str = PUBLISHED
    effect_source: str = PUBLISHED
    article: str = "the"  # in a sentence: "the Merchant", but "Hunting"

    @property
    def delayed(self) -> bool:
        return self.effect in DELAYED

    @property
    def house(self) -> bool:
        """Whether the card's effect, as played here, is one of ours."""
        return self.effect_source == OURS


def _card(*args, **kwargs) -> ActivityCard:
    return ActivityCard(*args, **kwargs)


ACTIVITY_CARDS: tuple[ActivityCard, ...] = (
    # Yellow, from the order of the UBG page (D-1) and TT-S1, TT-S2, BGG-CF.
    _card("artisan", "Artisan", YELLOW, 1, 3, 3, (1, 0), TRADE,
          "Pay 1 influence for 6 deniers.", gives={"deniers": 6}, pays={"ip": 1}),  # UBG
    _card("merchant", "Merchant", YELLOW, 1, 3, 2, (1, 0), GAIN,
          "Gain 2 deniers.", gives={"deniers": 2}),  # UBG, BGG-CF
    _card("miller", "Miller", YELLOW, 1, 3, 4, (1, 0), MILLER,
          "Gain 2 deniers per citizen of yours in the Palace, or in the Monastery, "
          "whichever gives more."),  # UBG; the better choice is taken for the player
    _card("innkeeper", "Innkeeper", YELLOW, 2, 4, 2, (2, 1), TRADE,
          "Pay 1 denier for 1 influence.", gives={"ip": 1}, pays={"deniers": 1}),  # UBG
    _card("blacksmith", "Blacksmith", YELLOW, 2, 4, 3, (2, 1), PLUS_FIVE_RED,
          "Marker: +5 to the total of one group of red dice (not to place a citizen)."),  # UBG
    _card("militia", "Militia", YELLOW, 2, 4, 3, (2, 1), YELLOW_AS_RED,
          "Marker: use yellow dice as red dice, keeping their values, in one action "
          "of yellow dice only."),  # UBG
    _card("journeyman", "Journeyman", YELLOW, 3, 5, 3, (3, 1), TRADE,
          "Pay 3 deniers for 2 victory points.", gives={"vp": 2}, pays={"deniers": 3}),  # UBG
    _card("goldsmith", "Goldsmith", YELLOW, 3, 5, 5, (3, 1), GAIN,
          "Gain 1 victory point and 2 deniers.", gives={"vp": 1, "deniers": 2}),  # UBG
    _card("sculptor", "Sculptor", YELLOW, 3, 5, 4, (3, 1), GAIN,
          "Gain 1 victory point.", gives={"vp": 1}),  # UBG, CVC19
    # White: Tithing, Monk (KARI, TT-S1), Priest (UBG order), Apprenticeship (TT-S1).
    _card("tithing", "Tithing", WHITE, 1, 3, 3, (1, 0), FREE_YELLOW,
          "Marker: take yellow dice from other districts free, one from each, in one "
          "action.", article=""),  # UBG, KARI
    _card("monk", "Monk", WHITE, 1, 3, 3, (1, 0), WHITE_AS_THREE_YELLOW,
          "Marker: one white die counts as three yellow dice of its value in one "
          "action (not to place a citizen)."),  # UBG, KARI
    _card("priest", "Priest", WHITE, 1, 3, 3, (1, 0), PLUS_THREE_YELLOW,
          "Marker: +3 to each yellow die of one group (not to place a citizen)."),  # UBG
    _card("apprenticeship", "Apprenticeship", WHITE, 2, 4, 3, (2, 1), ALL_FIVES,
          "Marker: every die of one group counts 5 (not to place a citizen or build).",
          article=""),
    # UBG (its text is cut short: the exclusion is ours).
    _card("almoner", "Almoner", WHITE, 2, 4, 3, (2, 1), GAIN,
          "Gain 1 influence.", gives={"ip": 1}, name_source=OURS, effect_source=OURS),
    _card("copyist", "Copyist", WHITE, 2, 4, 3, (2, 1), PLUS_ONE_EACH,
          "Marker: +1 to each die of one group (not to place a citizen or build).",
          name_source=OURS, effect_source=OURS),
    _card("pilgrimage", "Pilgrimage", WHITE, 3, 5, 4, (3, 1), GAIN,
          "Gain 1 victory point.", gives={"vp": 1}, effect_source=OURS,
          article=""),  # CVC19: plain points
    _card("procession", "Procession", WHITE, 3, 5, 4, (3, 1), PROCESSION,
          "Gain 1 victory point, 2 if you have at least 2 citizens in the Monastery.",
          effect_source=OURS, article=""),  # CVC19: a conditional point card; its colour is ours
    _card("glassmaker", "Glassmaker", WHITE, 3, 5, 5, (3, 1), GLASSMAKER,
          "Gain 1 victory point per Cathedral level bearing a marker of yours.",
          effect_source=OURS),  # CVC19, TIER: scores Cathedral markers, large divisor
    # Red: Diplomat (TT-S1 R1), Hunting (TT-S1 R2), Jousting, Captain (CVC19).
    _card("diplomat", "Diplomat", RED, 1, 3, 3, (1, 0), GAIN,
          "Gain 1 influence.", gives={"ip": 1}, effect_source=OURS),
    _card("archer", "Archer", RED, 1, 3, 2, (1, 0), GAIN,
          "Gain 2 deniers.", gives={"deniers": 2}, name_source=OURS, effect_source=OURS),
    # A card of this name was seen (TT-S2) in a game mixing in the expansion.
    _card("squire", "Squire", RED, 1, 3, 4, (1, 0), GAIN,
          "Take 1 citizen from the general pool.", gives={"citizens": 1},
          name_source=OURS, effect_source=OURS),
    _card("hunting", "Hunting", RED, 2, 4, 4, (2, 1), GAIN,
          "Gain 1 influence and 1 denier.", gives={"ip": 1, "deniers": 1},
          effect_source=OURS, article=""),  # TT-S1; linked to influence (Hugues de Payns)
    _card("sergeant", "Sergeant", RED, 2, 4, 3, (2, 1), TRADE,
          "Pay 2 deniers for 1 victory point.", gives={"vp": 1}, pays={"deniers": 2},
          name_source=OURS, effect_source=OURS),
    _card("watchman", "Watchman", RED, 2, 4, 3, (2, 1), GAIN,
          "Gain 3 deniers.", gives={"deniers": 3}, name_source=OURS, effect_source=OURS),
    _card("jousting", "Jousting", RED, 3, 5, 3, (3, 1), GAIN,
          "With one red die only: gain 2 victory points.", gives={"vp": 2}, dice=(1, 1),
          effect_source=OURS, article=""),  # CVC19: a point card good with few red dice
    _card("captain", "Captain", RED, 3, 5, 5, (3, 1), CAPTAIN,
          "Gain 1 victory point per event card bearing your markers or won by you.",
          effect_source=OURS),  # CVC19: scores cubes on event cards
    _card("troubadour", "Troubadour", RED, 3, 5, 3, (3, 1), TRADE,
          "Pay 2 influence for 2 victory points.", gives={"vp": 2}, pays={"ip": 2},
          effect_source=OURS),  # CVC19: pays resources for points; its colour is ours
)  # fmt: skip

CARDS = {card.id: card for card in ACTIVITY_CARDS}


def cards_of(colour: str, level: int) -> list[ActivityCard]:
    return [c for c in ACTIVITY_CARDS if c.colour == colour and c.level == level]


# -- events (TRO-9, TRO-13; research §4) ------------------------------------------

# Effects seen for events (research §4): a neutral citizen placed in a
# building, players losing deniers, the clergy excommunicated; `lose_die`
# takes each player's highest die of a colour, `pay_ip` influence.
PAY_DENIERS, PAY_IP, NEUTRAL_CITIZEN, LOSE_DIE, NO_EFFECT = (
    "pay_deniers",
    "pay_ip",
    "neutral_citizen",
    "lose_die",
    "none",
)


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    deck: str  # red (military), white or yellow (TRO-OP6; 8/4/4: bdml, boardsandbees)
    black: int  # black dice it rolls every round
    fight: str  # colour of the dice that fight it (CVC19, BRIEF: red)
    divisor: int
    flags: int
    rewards: tuple[int, int]  # VP to the first and second (TRO-13.3)
    effect: str
    amount: int = 0
    colour: str = ""  # of the die lost or the building of the citizen
    calls: str = ""  # the deck of the second card, for red events
    text: str = ""
    name_source: str = OURS
    effect_source: str = OURS
    permanent: bool = False
    article: str = "the"  # in a sentence: "the Siege", but "Heresy"

    @property
    def house(self) -> bool:
        return self.effect_source == OURS


def _event(*args, **kwargs) -> Event:
    return Event(*args, **kwargs)


# Looting stays when defeated (TRO-13.4) and is always in play ("the
# permanent Marauding card", BGG thread 1671631); its numbers are ours.
LOOTING = _event("looting", "Looting", RED, 1, RED, 3, 4, (3, 1), NO_EFFECT,
                 text="Rolls 1 black die every round; stays when defeated.",
                 name_source=PUBLISHED, effect_source=PUBLISHED, permanent=True,
                 article="")  # fmt: skip

EVENTS: tuple[Event, ...] = (
    LOOTING,
    # The red (military) deck: as many cards are used as there are rounds.
    _event("succession", "Succession conflict", RED, 2, RED, 3, 4, (4, 2), NO_EFFECT,
           calls=WHITE, text="Rolls 2 black dice every round.",
           name_source=PUBLISHED),  # TT-S1, TT-S2 (its colour is ours)
    _event("raid", "Border raid", RED, 1, RED, 3, 3, (3, 1), PAY_DENIERS, 1, calls=YELLOW,
           text="Rolls 1 black die; each player pays 1 denier."),
    _event("siege", "Siege", RED, 2, RED, 4, 4, (4, 2), NO_EFFECT, calls=YELLOW,
           text="Rolls 2 black dice every round."),
    _event("brigands", "Brigands", RED, 1, RED, 3, 3, (3, 1), PAY_DENIERS, 2, calls=WHITE,
           text="Rolls 1 black die; each player pays 2 deniers."),
    _event("war", "War", RED, 2, RED, 4, 4, (4, 2), NO_EFFECT, calls=WHITE,
           text="Rolls 2 black dice every round."),  # "war": gamesfanatic.pl
    _event("revolt", "Mercenary revolt", RED, 1, RED, 3, 3, (3, 1), LOSE_DIE, colour=RED,
           calls=YELLOW, text="Rolls 1 black die; each player loses their highest red die."),
    _event("invasion", "Invasion", RED, 3, RED, 4, 5, (5, 2), NO_EFFECT, calls=YELLOW,
           text="Rolls 3 black dice every round."),
    _event("pillage", "Pillage", RED, 1, RED, 3, 3, (3, 1), PAY_IP, 1, calls=WHITE,
           text="Rolls 1 black die; each player loses 1 influence.", article=""),
    # The white deck.
    _event("heresy", "Heresy", WHITE, 0, WHITE, 3, 3, (3, 1), PAY_IP, 1,
           text="Each player loses 1 influence.", name_source=PUBLISHED,
           article=""),  # TT-S2 (colour ours)
    _event("excommunication", "Clergy excommunicated", WHITE, 0, WHITE, 3, 3, (3, 1),
           LOSE_DIE, colour=WHITE, text="Each player loses their highest white die.",
           article=""),
    # "clergy excommunicated": tbgl.p1.bindsite.jp
    _event("tithe", "Bishop's levy", WHITE, 0, WHITE, 3, 3, (3, 1), PAY_DENIERS, 2,
           text="Each player pays 2 deniers."),
    _event("cloister", "Cloister vows", WHITE, 0, WHITE, 3, 3, (3, 1), NEUTRAL_CITIZEN,
           colour=WHITE, text="A neutral citizen takes a free space in the Monastery."),
    # The yellow deck.
    _event("drought", "Drought", YELLOW, 0, YELLOW, 3, 3, (3, 1), PAY_DENIERS, 2,
           text="Each player pays 2 deniers.", name_source=PUBLISHED),  # TT-S1 (colour ours)
    _event("famine", "Famine", YELLOW, 0, YELLOW, 3, 3, (3, 1), LOSE_DIE, colour=YELLOW,
           text="Each player loses their highest yellow die.", article=""),
    _event("tax", "Royal tax", YELLOW, 0, YELLOW, 3, 3, (3, 1), PAY_DENIERS, 3,
           text="Each player pays 3 deniers."),
    _event("newcomers", "Newcomers", YELLOW, 0, YELLOW, 3, 3, (3, 1), NEUTRAL_CITIZEN,
           colour=YELLOW, text="A neutral citizen takes a free space in the City Hall."),
    # "a neutral citizen placed in a building": gamesfanatic.pl
)  # fmt: skip

EVENT_CARDS = {event.id: event for event in EVENTS}


def deck(colour: str) -> list[str]:
    return [e.id for e in EVENTS if e.deck == colour and not e.permanent]


# -- characters (TRO-1.7, TRO-18.1; research §5) ------------------------------------
# What each scores is PUBLISHED (POLO, LUDOL, ASM-ES); every formula is OURS.


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    scores: str
    per: int  # VP per unit
    unit: int  # units counted per VP step
    text: str
    formula_source: str = OURS


CHARACTERS: tuple[Character, ...] = (
    Character("hugues", "Hugues de Payns", "influence", 1, 3,
              "1 victory point per 3 influence."),
    Character("thibaut", "Thibaut II", "deniers", 1, 4, "1 victory point per 4 deniers."),
    Character("urbain", "Urbain IV", "cathedral", 1, 1,
              "1 victory point per Cathedral marker."),
    Character("florentin", "Le Florentin", "supervisors", 2, 1,
              "2 victory points per supervisor on an activity card."),
    Character("chretien", "Chrétien de Troyes", "citizens", 1, 1,
              "1 victory point per citizen standing in the three buildings."),
    Character("henri", "Henri Ier", "events", 2, 1,
              "2 victory points per event card won, and 1 per event card in play "
              "bearing markers."),
)  # fmt: skip

CHARACTER_CARDS = {c.id: c for c in CHARACTERS}
