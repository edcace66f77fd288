"""The 50 power cards: each card's data and its effect functions, together.

Data from shared/data/seasons_cards.md (cost, prestige points, kind); cards
1 to 23 follow the help page (SEA-11.1 to SEA-11.23; Balance of Ishtar in
its first edition, SEA-11.5). Costs are (air, water, fire, earth,
crystals); a dict gives the cost by player count (SEA-1.10).

Each card registers the hooks it needs (hooks.Card), just below its data:
`on_summon` (and `on_free_summon`, `summon_condition`), `activations` (the
parameters of each activation it offers now) and `activate`, `end_of_round`,
`season_change`, `end_of_game` (extra crystals at the final count),
`on_sacrifice`; and the permanent effects other steps ask about:
`own_summon`, `opponent_summon_fee`, `opponent_activation`,
`transmute_extra`, `reserve_limit`, `energy_discount`. A card whose effect
asks a question schedules a decision; the decisions particular to one card
are defined just below it.
"""

from __future__ import annotations

from typing import Any

from games.engine import Rng, State, line
from games.seasons.rules.data import AIR, EARTH, ELEMENTS, FIRE, ORB_ENERGY, WATER
from games.seasons.rules.hooks import (
    ACTIVATED,
    CARDS,
    END_OF_GAME,
    END_OF_ROUND,
    FAMILIAR,
    ITEM,
    ON_SUMMON,
    PERMANENT,
    SEASON_CHANGE,
    card,
    decision,
)
from games.seasons.rules.play import (
    energy_discount,
    enter_play,
    is_item,
    leave_play,
    marker_moves,
    move_marker,
    offer_cards,
    offer_energy,
    room,
    sacrifice,
    transmute_bonus,
)
from games.seasons.rules.table import (
    can_draw,
    cheapest_element,
    distinct,
    draw,
    draw_many,
    gain_crystals,
    gain_energy,
    lose_crystals,
    number,
    opponents,
    order_from,
    own_cards,
    pay_to,
    raise_gauge,
    reserve_size,
    schedule,
    spend,
    spendable,
)
from games.seasons.rules.text import card_list, card_name, crystals, energy_text
from games.words import count_of, join_words


def C(a=0, w=0, f=0, e=0, c=0) -> tuple[int, int, int, int, int]:
    return (a, w, f, e, c)


def _pop(state: State) -> None:
    state["queue"].pop(0)


# -- 1 Amulet of Air (SEA-11.1) -------------------------------------------------------

amulet_of_air = card(
    1,
    "Amulet of Air",
    ITEM,
    cost=C(a=2),
    points=6,
    timing=[ON_SUMMON],
    short="Gauge +2.",
    text="When summoned, your summoning gauge goes up by 2.",
    rule="SEA-11.1",
)


def _amulet_of_air(state, seat, cid, log):
    raise_gauge(state, seat, 2)
    log.append(line(f"{{p{seat}}}'s summoning gauge rises by 2."))


amulet_of_air.on_summon = _amulet_of_air

# -- 2 Amulet of Fire (SEA-11.2) ------------------------------------------------------

amulet_of_fire = card(
    2,
    "Amulet of Fire",
    ITEM,
    cost=C(f=2),
    points=6,
    timing=[ON_SUMMON],
    short="Draw 4, keep 1.",
    text="When summoned, draw four cards: keep one of them in your hand, discard the others.",
    rule="SEA-11.2",
)


def _amulet_of_fire(state, seat, cid, log):
    cards = draw_many(state, 4)
    log.append(line(f"{{p{seat}}} draws {count_of(len(cards), 'card')} (Amulet of Fire)."))
    offer_cards(state, seat, cards, 2, may_discard=False)


amulet_of_fire.on_summon = _amulet_of_fire

# -- 3 Amulet of Earth (SEA-11.3) -----------------------------------------------------

amulet_of_earth = card(
    3,
    "Amulet of Earth",
    ITEM,
    cost=C(e=2),
    points=6,
    timing=[ON_SUMMON],
    short="+9 crystals.",
    text="When summoned, you gain 9 crystals.",
    rule="SEA-11.3",
)


def _amulet_of_earth(state, seat, cid, log):
    gain_crystals(state, seat, 9)
    log.append(line(f"{{p{seat}}} gains 9 crystals."))


amulet_of_earth.on_summon = _amulet_of_earth

# -- 4 Amulet of Water (SEA-11.4, SEA-OP23) -------------------------------------------

amulet_of_water = card(
    4,
    "Amulet of Water",
    ITEM,
    cost=C(w=2),
    points=6,
    timing=[ON_SUMMON, PERMANENT],
    short="4 energy of your choice on it.",
    text="When summoned, put four energy tokens of your choice from the supply on this card. "
    "You may spend them like your own, but they are not in your reserve: they do not count "
    "towards its limit nor for cards that look at the reserve.",
    rule="SEA-11.4",
)


def _amulet_of_water(state, seat, cid, log):
    offer_energy(state, seat, 4, 4, onto=cid)


amulet_of_water.on_summon = _amulet_of_water

# -- 5 Balance of Ishtar (SEA-11.5, first edition, SEA-E4) ----------------------------

balance_of_ishtar = card(
    5,
    "Balance of Ishtar",
    ITEM,
    cost=C(c=6),
    points=4,
    timing=[ACTIVATED],
    short="Act: 4 alike energy → 12 crystals.",
    text="Activate: give up four energy tokens of one element to gain 12 crystals, even without "
    "a transmute symbol. Each Purse of Io adds 4 more.",
    rule="SEA-11.5",
)


def _ishtar_options(state, seat, inst):
    return [{"element": e} for e in range(4) if spendable(state, seat, e) >= 4]


def _ishtar(state, seat, inst, params, log):
    spend(state, seat, params["element"], 4)
    gain = 12 + transmute_bonus(state, seat, 4)
    gain_crystals(state, seat, gain)
    log.append(line(f"{{p{seat}}} turns 4 {ELEMENTS[params['element']]} into {crystals(gain)}."))


balance_of_ishtar.activations = _ishtar_options
balance_of_ishtar.activate = _ishtar

# -- 6 Staff of Spring (SEA-11.6) -----------------------------------------------------

staff_of_spring = card(
    6,
    "Staff of Spring",
    ITEM,
    cost=C(e=3),
    points=9,
    timing=[PERMANENT],
    short="+3 crystals per summon from hand.",
    text="Each time you summon a card from your hand, gain 3 crystals. Cards brought into play "
    "by other cards do not count.",
    rule="SEA-11.6",
)


def _staff(state, seat, summoned, log):
    gain_crystals(state, seat, 3)
    log.append(line(f"{{p{seat}}} gains 3 crystals (Staff of Spring)."))


staff_of_spring.own_summon = _staff

# -- 7 Temporal Boots (SEA-11.7, SEA-OP26) --------------------------------------------

temporal_boots = card(
    7,
    "Temporal Boots",
    ITEM,
    cost=None,
    points=8,
    timing=[ON_SUMMON],
    short="Move the season marker 1-3.",
    text="Free to summon. When summoned, move the season marker one to three months forward or "
    "back. A change of season or of year takes effect at once.",
    rule="SEA-11.7",
)


def _boots(state, seat, cid, log):
    if not state["ended"]:
        schedule(state, "boots", seat)


temporal_boots.on_summon = _boots


@decision(
    "boots",
    moves=lambda s, t: [{"action": "move_marker", "by": d} for d in marker_moves(s)],
    prompt=lambda s, t: "move the season marker with the Temporal Boots",
)
def _boots_move(state, task, move, log):
    _pop(state)
    log.append(
        line(f"{{p{task['seat']}}} moves the season marker {move['by']:+d} (Temporal Boots).")
    )
    move_marker(state, move["by"], log)


# -- 8 Purse of Io (SEA-11.8) ---------------------------------------------------------

purse_of_io = card(
    8,
    "Purse of Io",
    ITEM,
    cost=C(a=1, f=1),
    points=6,
    timing=[PERMANENT],
    short="+1 crystal per energy transmuted.",
    text="Each energy token you transmute gives 1 crystal more (Balance of Ishtar and Potion of "
    "Life too).",
    rule="SEA-11.8",
)
purse_of_io.transmute_extra = 1

# -- 9 Divine Chalice (SEA-11.9, SEA-OP31) --------------------------------------------

divine_chalice = card(
    9,
    "Divine Chalice",
    ITEM,
    cost=C(a=1, w=1, f=1, e=1),
    points=10,
    timing=[ON_SUMMON],
    short="Draw 4, summon 1 free.",
    text="When summoned, draw four cards and summon one of them for nothing if your gauge has "
    "room (otherwise it is discarded); discard the other three.",
    rule="SEA-11.9",
)


def _chalice(state, seat, cid, log):
    cards = draw_many(state, 4)
    log.append(line(f"{{p{seat}}} draws {count_of(len(cards), 'card')} (Divine Chalice)."))
    if not cards:
        return
    if room(state, seat):
        schedule(state, "chalice", seat, cards=cards)
        return
    # No room for the free card: nothing to choose, all four are discarded.
    state["discard"].extend(cards)
    log.append(line("You see " + card_list(cards) + ".", [seat]))
    log.append(line(f"{{p{seat}}} has no room in their gauge and discards them."))


divine_chalice.on_summon = _chalice


@decision(
    "chalice",
    moves=lambda s, t: [{"action": "summon_free", "card": c} for c in distinct(t["cards"])],
    prompt=lambda s, t: "choose the card to summon with the Divine Chalice",
)
def _chalice_pick(state, task, move, log):
    _pop(state)
    seat, chosen = task["seat"], move["card"]
    rest = [c for c in task["cards"] if c != chosen]
    state["discard"].extend(rest)
    named = card_name(number(chosen), article=True)
    log.append(line(f"{{p{seat}}} summons {named} for free (Divine Chalice)."))
    enter_play(state, seat, chosen, log, free=True)
    log.append(line(f"{{p{seat}}} discards {count_of(len(rest), 'card')}."))


# -- 10 Syllas the Faithful (SEA-11.10, SEA-OP27) -------------------------------------

syllas = card(
    10,
    "Syllas the Faithful",
    FAMILIAR,
    cost=C(f=3),
    points=14,
    timing=[ON_SUMMON],
    short="Each opponent sacrifices a card.",
    text="When summoned, each opponent sacrifices one of their cards in play, of their choice.",
    rule="SEA-11.10",
)


def _syllas(state, seat, cid, log):
    for o in opponents(state, seat):
        if state["p"][o]["play"]:
            schedule(state, "sacrifice", o, by=seat, why=10)


syllas.on_summon = _syllas


@decision(
    "sacrifice",
    moves=lambda s, t: [
        {"action": "sacrifice", "card": c} for c in own_cards(s, t["seat"], "play")
    ],
    prompt=lambda s, t: f"choose a card to sacrifice for {{p{t['by']}}}'s {card_name(t['why'])}",
)
def _syllas_answer(state, task, move, log):
    _pop(state)
    sacrifice(state, task["seat"], move["card"], log, " (Syllas the Faithful)")


# -- 11 Figrim the Avaricious (SEA-11.11) ---------------------------------------------

figrim = card(
    11,
    "Figrim the Avaricious",
    FAMILIAR,
    cost={2: C(c=3), 3: C(c=6), 4: C(c=9)},
    points=7,
    timing=[SEASON_CHANGE],
    short="Each new season: opponents pay you 1.",
    text="At each change of season, each opponent gives you 1 crystal if they have one.",
    rule="SEA-11.11",
)


def _figrim(state, seat, inst, log):
    for o in opponents(state, seat):
        if pay_to(state, o, seat, 1):
            log.append(line(f"{{p{o}}} gives 1 crystal to {{p{seat}}} (Figrim the Avaricious)."))


figrim.season_change = _figrim

# -- 12 Naria the Prophetess (SEA-11.12) ----------------------------------------------

naria = card(
    12,
    "Naria the Prophetess",
    FAMILIAR,
    cost=C(c=3),
    points=8,
    timing=[ON_SUMMON],
    short="Draw 1 per player, keep 1, give 1 each.",
    text="When summoned, draw one card per player. Keep one in your hand and give one of the "
    "others to each opponent, in secret.",
    rule="SEA-11.12",
)


def _naria(state, seat, cid, log):
    cards = draw_many(state, state["players"])
    log.append(line(f"{{p{seat}}} draws {count_of(len(cards), 'card')} (Naria the Prophetess)."))
    if cards:
        schedule(state, "naria", seat, cards=cards, kept=False, to=opponents(state, seat))


naria.on_summon = _naria


def _naria_moves(state, task):
    if not task["kept"]:
        return [{"action": "keep", "card": c} for c in distinct(task["cards"])]
    return [{"action": "give", "card": c, "to": task["to"][0]} for c in distinct(task["cards"])]


@decision(
    "naria",
    moves=_naria_moves,
    prompt=lambda s, t: "choose the cards Naria keeps and gives",
)
def _naria_answer(state, task, move, log):
    seat = task["seat"]
    cards = task["cards"]
    cards.remove(move["card"])
    if move["action"] == "keep":
        task["kept"] = True
        state["p"][seat]["hand"].append(move["card"])
        log.append(line(f"{{p{seat}}} keeps a card.", None))
        log.append(line(f"You keep {card_name(number(move['card']))}.", [seat]))
    else:
        _naria_give(state, seat, task["to"].pop(0), move["card"], log)
    # The last card goes to the last opponent without a question.
    if task["kept"] and len(task["to"]) == 1 and len(cards) == 1:
        _naria_give(state, seat, task["to"].pop(0), cards.pop(), log)
    if not cards or not task["to"]:
        state["discard"].extend(cards)
        cards.clear()
        _pop(state)


def _naria_give(state, seat, to, cid, log):
    state["p"][to]["hand"].append(cid)
    log.append(line(f"{{p{seat}}} gives a card to {{p{to}}}."))
    log.append(line(f"{{p{seat}}} gives {card_name(number(cid))} to {{p{to}}}.", [seat, to]))


# -- 13 Wondrous Chest (SEA-11.13) ----------------------------------------------------

wondrous_chest = card(
    13,
    "Wondrous Chest",
    ITEM,
    cost=C(w=1, f=1),
    points=4,
    timing=[END_OF_ROUND],
    short="End of round, 4+ energy: +3.",
    text="At the end of each round, if your reserve holds at least four tokens, gain 3 crystals.",
    rule="SEA-11.13",
)


def _chest(state, seat, inst, log):
    if reserve_size(state, seat) >= 4:
        gain_crystals(state, seat, 3)
        log.append(line(f"{{p{seat}}} gains 3 crystals (Wondrous Chest)."))


wondrous_chest.end_of_round = _chest

# -- 14 Beggar's Horn (SEA-11.14) -----------------------------------------------------

beggars_horn = card(
    14,
    "Beggar's Horn",
    ITEM,
    cost=C(a=1, e=1),
    points=8,
    timing=[END_OF_ROUND],
    short="End of round, 0-1 energy: +1 energy.",
    text="At the end of each round, if your reserve holds one token or none, take one energy "
    "token of your choice.",
    rule="SEA-11.14",
)


def _horn(state, seat, inst, log):
    if reserve_size(state, seat) <= 1:
        offer_energy(state, seat, 1, 14)


beggars_horn.end_of_round = _horn

# -- 15 Die of Malice (SEA-11.15, SEA-OP25, SEA-E5) -----------------------------------

die_of_malice = card(
    15,
    "Die of Malice",
    ITEM,
    cost=None,
    points=8,
    timing=[ACTIVATED],
    short="Act: reroll your die, +2 crystals.",
    text="Free to summon. Activate at the start of your turn, before using your die: reroll it "
    "and gain 2 crystals.",
    rule="SEA-11.15",
)


def _malice(state, seat, inst, params, log):
    gain_crystals(state, seat, 2)
    die = state["dice"][state["turn"]["die"]]
    rng = Rng(state["rng"])
    die["face"] = rng.below(6)
    state["rng"] = rng.state
    log.append(line(f"{{p{seat}}} gains 2 crystals and rerolls their die."))


die_of_malice.activate = _malice
die_of_malice.activations = lambda s, seat, inst: [{}]
die_of_malice.turn_start = True  # offered before the die is used

# -- 16 Kairn the Destroyer (SEA-11.16) -----------------------------------------------

kairn = card(
    16,
    "Kairn the Destroyer",
    FAMILIAR,
    cost=C(a=3),
    points=9,
    timing=[ACTIVATED],
    short="Act: 1 energy → opponents lose 4.",
    text="Activate: give up one energy token; each opponent loses 4 crystals.",
    rule="SEA-11.16",
)


def _kairn(state, seat, inst, params, log):
    spend(state, seat, params["element"], 1)
    for o in opponents(state, seat):
        lost = lose_crystals(state, o, 4)
        log.append(line(f"{{p{o}}} loses {crystals(lost)} (Kairn the Destroyer)."))


kairn.activations = lambda s, seat, inst: [
    {"element": e} for e in range(4) if spendable(s, seat, e)
]
kairn.activate = _kairn

# -- 17 Amsug Longneck (SEA-11.17, SEA-OP29) ------------------------------------------

amsug = card(
    17,
    "Amsug Longneck",
    FAMILIAR,
    cost=C(a=1, w=1),
    points=8,
    timing=[ON_SUMMON],
    short="Everyone takes back a magic item.",
    text="When summoned, every player, you included, takes one of their magic items in play back "
    "into their hand.",
    rule="SEA-11.17",
)


def _amsug(state, seat, cid, log):
    for p in order_from(state, seat):
        if own_cards(state, p, "play", is_item):
            schedule(state, "take_back", p, by=seat)


amsug.on_summon = _amsug


@decision(
    "take_back",
    moves=lambda s, t: [
        {"action": "take_back", "card": c} for c in own_cards(s, t["seat"], "play", is_item)
    ],
    prompt=lambda s, t: f"choose a magic item to take back for {{p{t['by']}}}'s Amsug Longneck",
)
def _amsug_answer(state, task, move, log):
    _pop(state)
    named = card_name(number(move["card"]), article=True)
    log.append(line(f"{{p{task['seat']}}} takes {named} back into hand."))
    leave_play(state, task["seat"], move["card"], log, to="hand")


# -- 18 Bespelled Grimoire (SEA-11.18, SEA-E7) ----------------------------------------

grimoire = card(
    18,
    "Bespelled Grimoire",
    ITEM,
    cost=C(w=1, e=1),
    points=8,
    timing=[ON_SUMMON, PERMANENT],
    short="+2 energy; reserve holds 10.",
    text="When summoned, take two energy tokens of your choice. While it is in play your reserve "
    "holds up to 10 tokens (two Grimoires still make 10).",
    rule="SEA-11.18",
)
grimoire.on_summon = lambda s, seat, cid, log: offer_energy(s, seat, 2, 18)
grimoire.reserve_limit = 10  # SEA-E7: two still make 10

# -- 19 Ragfield's Helm (SEA-11.19, SEA-OP22) -----------------------------------------

helm = card(
    19,
    "Ragfield's Helm",
    ITEM,
    cost=C(a=3),
    points=10,
    timing=[END_OF_GAME],
    short="End: most cards in play +20.",
    text=(
        "At the end of the game, if you have more cards in play than every opponent, "
        "gain 20 crystals."
    ),
    rule="SEA-11.19",
)


def _helm(state, seat):
    mine = len(state["p"][seat]["play"])
    return 20 if all(mine > len(state["p"][o]["play"]) for o in opponents(state, seat)) else 0


helm.end_of_game = _helm

# -- 20 Hand of Fortune (SEA-11.20, SEA-OP32) -----------------------------------------

hand_of_fortune = card(
    20,
    "Hand of Fortune",
    ITEM,
    cost=C(a=1, f=1, e=1, c=3),
    points=9,
    timing=[PERMANENT],
    short="Summons cost 1 energy less.",
    text="Your summons cost one energy token less, but you always pay at least one token when "
    "a card costs energy.",
    rule="SEA-11.20",
)
# SEA-OP32: on the energy only, and never the last token (play.payment_options).
hand_of_fortune.energy_discount = 1

# -- 21 Lewis Greyface (SEA-11.21, SEA-OP30) ------------------------------------------

lewis = card(
    21,
    "Lewis Greyface",
    FAMILIAR,
    cost=C(a=1, f=1),
    points=6,
    timing=[ON_SUMMON],
    short="Copy an opponent's reserve.",
    text="When summoned, choose an opponent and take from the supply the same energy tokens as "
    "their reserve holds.",
    rule="SEA-11.21",
)


def _lewis(state, seat, cid, log):
    others = opponents(state, seat)
    if len(others) == 1:
        _lewis_copy(state, seat, others[0], log)
    else:
        schedule(state, "lewis", seat)


def _lewis_copy(state, seat, target, log):
    for e, n in enumerate(state["p"][target]["energy"]):
        gain_energy(state, seat, e, n)
    log.append(line(f"{{p{seat}}} copies {{p{target}}}'s reserve (Lewis Greyface)."))


lewis.on_summon = _lewis


@decision(
    "lewis",
    moves=lambda s, t: [{"action": "copy", "target": o} for o in opponents(s, t["seat"])],
    prompt=lambda s, t: "choose whose reserve Lewis Greyface copies",
)
def _lewis_answer(state, task, move, log):
    _pop(state)
    _lewis_copy(state, task["seat"], move["target"], log)


# -- 22 Runic Cube of Eolis (SEA-11.22) -----------------------------------------------

card(
    22,
    "Runic Cube of Eolis",
    ITEM,
    cost=C(c=20),
    points=30,
    timing=[],
    short="30 points, nothing else.",
    text="No effect: it is worth 30 prestige points at the end.",
    rule="SEA-11.22",
)

# -- 23 Potion of Power (SEA-11.23) ---------------------------------------------------

potion_of_power = card(
    23,
    "Potion of Power",
    ITEM,
    cost=C(f=2),
    points=0,
    timing=[ACTIVATED],
    short="Act: sacrifice, draw 1, gauge +2.",
    text="Activate: sacrifice it, draw a card into your hand and raise your gauge by 2.",
    rule="SEA-11.23",
)


def _power(state, seat, inst, params, log):
    sacrifice(state, seat, inst["id"], log)
    drawn = draw(state)
    if drawn is not None:
        state["p"][seat]["hand"].append(drawn)
        log.append(line(f"{{p{seat}}} draws a card into hand."))
        log.append(line(f"You draw {card_name(number(drawn))}.", [seat]))
    raise_gauge(state, seat, 2)


potion_of_power.activations = lambda s, seat, inst: [{}]
potion_of_power.activate = _power

# -- 24 Potion of Dreams (data #24) ---------------------------------------------------

potion_of_dreams = card(
    24,
    "Potion of Dreams",
    ITEM,
    cost=C(a=2),
    points=0,
    timing=[ACTIVATED],
    short="Act: sacrifice, lose energy, free summon.",
    text="Activate: sacrifice it and give up all your reserve, then summon a card from your hand "
    "for nothing.",
    rule="data #24",
)


def _dreams(state, seat, inst, params, log):
    sacrifice(state, seat, inst["id"], log)
    state["p"][seat]["energy"] = [0, 0, 0, 0]
    log.append(line(f"{{p{seat}}} gives up their whole reserve."))
    schedule(state, "dreams", seat)


def _dreams_options(state, seat, inst):
    # Offered only when its summon will happen: a card in hand and room in
    # the gauge once the Potion itself has left play (SEA-7.1).
    p = state["p"][seat]
    return [{}] if p["hand"] and len(p["play"]) - 1 < p["gauge"] else []


potion_of_dreams.activations = _dreams_options
potion_of_dreams.activate = _dreams


@decision(
    "dreams",
    moves=lambda s, t: [
        {"action": "summon_free", "card": c} for c in own_cards(s, t["seat"], "hand")
    ],
    prompt=lambda s, t: "choose the card to summon with the Potion of Dreams",
)
def _dreams_answer(state, task, move, log):
    _pop(state)
    seat = task["seat"]
    state["p"][seat]["hand"].remove(move["card"])
    named = card_name(number(move["card"]), article=True)
    log.append(line(f"{{p{seat}}} summons {named} for free (Potion of Dreams)."))
    enter_play(state, seat, move["card"], log, free=True)


# -- 25 Potion of Knowledge (data #25) ------------------------------------------------

potion_of_knowledge = card(
    25,
    "Potion of Knowledge",
    ITEM,
    cost=C(w=2),
    points=0,
    timing=[ACTIVATED],
    short="Act: sacrifice, +5 energy.",
    text="Activate: sacrifice it and take five energy tokens of your choice.",
    rule="data #25",
)


def _knowledge(state, seat, inst, params, log):
    sacrifice(state, seat, inst["id"], log)
    offer_energy(state, seat, 5, 25)


potion_of_knowledge.activations = lambda s, seat, inst: [{}]
potion_of_knowledge.activate = _knowledge

# -- 26 Potion of Life (data #26) -----------------------------------------------------

potion_of_life = card(
    26,
    "Potion of Life",
    ITEM,
    cost=C(e=2),
    points=0,
    timing=[ACTIVATED],
    short="Act: sacrifice, each energy → 4.",
    text="Activate: sacrifice it and turn every token of your reserve into 4 crystals, even "
    "without a transmute symbol.",
    rule="data #26",
)


def _life(state, seat, inst, params, log):
    sacrifice(state, seat, inst["id"], log)
    tokens = reserve_size(state, seat)
    state["p"][seat]["energy"] = [0, 0, 0, 0]
    gain = 4 * tokens + transmute_bonus(state, seat, tokens)
    gain_crystals(state, seat, gain)
    log.append(line(f"{{p{seat}}} turns {count_of(tokens, 'token')} into {crystals(gain)}."))


potion_of_life.activations = lambda s, seat, inst: [{}]
potion_of_life.activate = _life

# -- 27 Hourglass of Time (data #27) --------------------------------------------------

hourglass = card(
    27,
    "Hourglass of Time",
    ITEM,
    cost=C(a=1, w=1, f=1, e=1),
    points=6,
    timing=[SEASON_CHANGE],
    short="Each new season: +1 energy.",
    text="At each change of season, take one energy token of your choice.",
    rule="data #27",
)
hourglass.season_change = lambda s, seat, inst, log: offer_energy(s, seat, 1, 27)

# -- 28 Scepter of Greatness (data #28) -----------------------------------------------

scepter = card(
    28,
    "Scepter of Greatness",
    ITEM,
    cost=C(a=1, w=1, f=1, e=1),
    points=8,
    timing=[ON_SUMMON],
    short="+3 per other magic item.",
    text="When summoned, gain 3 crystals for each other magic item you have in play.",
    rule="data #28",
)


def _other_items(state, seat, cid):
    return sum(1 for c in state["p"][seat]["play"] if c["id"] != cid and is_item(c["id"]))


def _scepter(state, seat, cid, log):
    gain = 3 * _other_items(state, seat, cid)
    gain_crystals(state, seat, gain)
    log.append(line(f"{{p{seat}}} gains {crystals(gain)} (Scepter of Greatness)."))


scepter.on_summon = _scepter

# -- 29 Olaf's Blessed Statue (data #29) ----------------------------------------------

olaf = card(
    29,
    "Olaf's Blessed Statue",
    ITEM,
    cost=C(w=3),
    points=0,
    timing=[ON_SUMMON],
    short="+20 crystals.",
    text="When summoned, gain 20 crystals.",
    rule="data #29",
)


def _olaf(state, seat, cid, log):
    gain_crystals(state, seat, 20)
    log.append(line(f"{{p{seat}}} gains 20 crystals."))


olaf.on_summon = _olaf

# -- 30 Yjang's Forgotten Vase (data #30) ---------------------------------------------

vase = card(
    30,
    "Yjang's Forgotten Vase",
    ITEM,
    cost=C(w=1, f=1, e=1),
    points=6,
    timing=[PERMANENT],
    short="+1 energy per summon from hand.",
    text="Each time you summon a card from your hand, take one energy token of your choice.",
    rule="data #30",
)
vase.own_summon = lambda s, seat, summoned, log: offer_energy(s, seat, 1, 30)

# -- 31 Elemental Amulet (data #31, SEA-11.20) ----------------------------------------

elemental_amulet = card(
    31,
    "Elemental Amulet",
    ITEM,
    cost=None,
    points=2,
    timing=[ON_SUMMON],
    short="Pay 1 to 4 different energy for effects.",
    text="Summoned from hand, give up one token each of one to four elements: water gives 2 "
    "energy, earth 5 crystals, fire a card, air +1 gauge (Hand of Fortune spares one token, but "
    "one must be given). Brought into play by another card, take one to four of these effects "
    "for nothing, one at a time, stopping when you like.",
    rule="data #31",
)


def _elemental(state, seat, cid, log):
    schedule(state, "elemental", seat, used=[], paid=0, free=energy_discount(state, seat))


def _elemental_free(state, seat, cid, log):
    # As Board Game Arena plays it: brought in free, the player takes the
    # effects one at a time and may stop after any (a card drawn can cost
    # points at the end), but takes at least one.
    schedule(state, "elemental", seat, used=[], paid=0, free=0, gift=True)


def _total_spendable(state, seat):
    return sum(spendable(state, seat, e) for e in range(4))


# data #31, as BGA plays it: from hand, at least one energy is given.
elemental_amulet.summon_condition = lambda s, seat: _total_spendable(s, seat) > 0
elemental_amulet.on_summon = _elemental
elemental_amulet.on_free_summon = _elemental_free


def _elemental_uses(state, task):
    seat = task["seat"]
    moves = []
    for e in range(4):
        if e in task["used"]:
            continue
        # A token spared by Hand of Fortune needs one token really paid.
        if task.get("gift") or spendable(state, seat, e) or (task["free"] and task["paid"]):
            moves.append({"action": "use", "element": e})
    return moves


def _elemental_moves(state, task):
    uses = _elemental_uses(state, task)
    return [*uses, {"action": "done"}] if task["used"] else uses


def _elemental_timeout(state, task, moves):
    if task["used"]:
        return {"action": "done"}
    if task.get("gift"):  # the crystals, which cost nothing later
        return {"action": "use", "element": EARTH}
    return {"action": "use", "element": cheapest_element(state, [m["element"] for m in moves])}


def _elemental_prompt(state, task):
    if task.get("gift"):
        return "choose the Elemental Amulet's effects to take for nothing"
    return "choose the energy to give to the Elemental Amulet"


@decision("elemental", moves=_elemental_moves, prompt=_elemental_prompt, timeout=_elemental_timeout)
def _elemental_answer(state, task, move, log):
    seat = task["seat"]
    if move["action"] == "use":
        e = move["element"]
        task["used"].append(e)
        if task.get("gift"):
            pass
        elif spendable(state, seat, e):
            spend(state, seat, e, 1)
            task["paid"] += 1
        else:
            task["free"] -= 1
        if _elemental_uses(state, task):
            return
    _pop(state)
    used = sorted(task["used"])
    names = join_words([ELEMENTS[e] for e in used])
    if task.get("gift"):
        log.append(
            line(f"{{p{seat}}} takes the {names} effects of the Elemental Amulet for nothing.")
        )
    else:
        log.append(line(f"{{p{seat}}} gives {names} to the Elemental Amulet."))
    _elemental_effects(state, seat, used, log)


def _elemental_effects(state, seat, used, log):
    if EARTH in used:
        gain_crystals(state, seat, 5)
    if AIR in used:
        raise_gauge(state, seat, 1)
    if FIRE in used:
        drawn = draw(state)
        if drawn is not None:
            state["p"][seat]["hand"].append(drawn)
            log.append(line(f"You draw {card_name(number(drawn))}.", [seat]))
    if WATER in used:
        offer_energy(state, seat, 2, 31)


# -- 32 Tree of Light (data #32) ------------------------------------------------------

tree_of_light = card(
    32,
    "Tree of Light",
    ITEM,
    cost=C(e=2),
    points=12,
    timing=[ACTIVATED],
    short="Act: 3 crystals → 1 energy, or 1 energy → transmute.",
    text="Activate, once a round, one of two ways: give up 3 crystals to take an energy token of "
    "your choice, or give up one token to be allowed to transmute this turn.",
    rule="data #32",
)


def _tree_options(state, seat, inst):
    options = [{"mode": "energy"}] if state["p"][seat]["crystals"] >= 3 else []
    turn = state["turn"]
    if not (turn["transmute"] or turn["bonus2"]):  # else it would pay for nothing
        options += [
            {"mode": "transmute", "element": e} for e in range(4) if spendable(state, seat, e)
        ]
    return options


def _tree(state, seat, inst, params, log):
    if params["mode"] == "energy":
        lose_crystals(state, seat, 3)
        offer_energy(state, seat, 1, 32)
    else:
        spend(state, seat, params["element"], 1)
        state["turn"]["transmute"] = True
        log.append(line(f"{{p{seat}}} may transmute this turn (Tree of Light)."))


tree_of_light.activations = _tree_options
tree_of_light.activate = _tree

# -- 33 Arcano Leech (data #33) -------------------------------------------------------

arcano_leech = card(
    33,
    "Arcano Leech",
    FAMILIAR,
    cost={2: C(c=2), 3: C(c=5), 4: C(c=8)},
    points=8,
    timing=[PERMANENT],
    short="Opponents pay you 1 to summon.",
    text="Before an opponent summons a card from their hand, they must give you 1 crystal.",
    rule="data #33",
)
arcano_leech.opponent_summon_fee = 1

# -- 34 Crystal Orb (data #34) --------------------------------------------------------

crystal_orb = card(
    34,
    "Crystal Orb",
    ITEM,
    cost=C(f=1, e=1),
    points=6,
    timing=[ACTIVATED],
    short="Act: see top card, 4 energy to summon; or 3 crystals to bury it.",
    text="Activate, one of two ways: look at the top card of the draw pile and summon it for four "
    "energy tokens (or leave it there); or give up 3 crystals to discard the top card.",
    rule="data #34",
)


def _orb_options(state, seat, inst):
    if not can_draw(state):
        return []
    options = [{"mode": "look"}]
    if state["p"][seat]["crystals"] >= 3:
        options.append({"mode": "bury"})
    return options


def _top_card(state: State) -> int:
    top = draw(state)  # refills the pile from the discards if needed
    state["deck"].append(top)
    return top


def _orb(state, seat, inst, params, log):
    top = _top_card(state)
    if params["mode"] == "bury":
        lose_crystals(state, seat, 3)
        state["discard"].append(state["deck"].pop())
        log.append(line(f"{{p{seat}}} discards the top card of the draw pile."))
        log.append(line(f"It was {card_name(number(top))}.", [seat]))
    else:
        log.append(line(f"You see {card_name(number(top))} on top of the draw pile.", [seat]))
        schedule(state, "orb", seat, card=top)


crystal_orb.activations = _orb_options
crystal_orb.activate = _orb


def _orb_moves(state, task):
    seat = task["seat"]
    if "chosen" not in task:
        moves = [{"action": "orb_back"}]
        if _total_spendable(state, seat) >= ORB_ENERGY and room(state, seat):
            moves.insert(0, {"action": "orb_summon"})
        return moves
    return [*_orb_uses(state, task), {"action": "orb_back"}]


def _orb_left(state, task) -> list[int]:
    """Tokens per element still free to give, once those chosen are set aside."""
    seat, chosen = task["seat"], task["chosen"]
    return [spendable(state, seat, e) - chosen.count(e) for e in range(4)]


def _orb_uses(state, task):
    return [{"action": "use", "element": e} for e, n in enumerate(_orb_left(state, task)) if n]


@decision(
    "orb",
    moves=_orb_moves,
    prompt=lambda s, t: (
        "decide about the card seen in the Crystal Orb"
        if "chosen" not in t
        else "choose the 4 energy tokens to give to the Crystal Orb "
        f"({len(t['chosen'])} chosen: {energy_text([t['chosen'].count(e) for e in range(4)])})"
    ),
    timeout=lambda s, t, moves: {"action": "orb_back"},
)
def _orb_answer(state, task, move, log):
    seat = task["seat"]
    if move["action"] == "orb_back":
        _pop(state)
        log.append(line(f"{{p{seat}}} leaves the card on the draw pile."))
        return
    if move["action"] == "orb_summon":
        task["chosen"] = []
    else:
        task["chosen"].append(move["element"])
    # The tokens are the player's choice (data #34); once only one way is
    # left (every token left must go, or one element is left), it is taken.
    left = _orb_left(state, task)
    if sum(left) == ORB_ENERGY - len(task["chosen"]) or sum(1 for n in left if n) == 1:
        for e, n in enumerate(left):
            task["chosen"] += [e] * min(n, ORB_ENERGY - len(task["chosen"]))
    if len(task["chosen"]) < ORB_ENERGY:
        return
    _pop(state)
    for e in task["chosen"]:
        spend(state, seat, e)
    card_id = state["deck"].pop()
    paid = energy_text([task["chosen"].count(e) for e in range(4)])
    named = card_name(number(card_id), article=True)
    log.append(line(f"{{p{seat}}} gives {paid} and summons {named} (Crystal Orb)."))
    enter_play(state, seat, card_id, log, free=True)


# -- 35 Glutton Cauldron (data #35) ---------------------------------------------------

glutton_cauldron = card(
    35,
    "Glutton Cauldron",
    ITEM,
    cost=None,
    points=0,
    timing=[ACTIVATED, PERMANENT],
    short="Act: 1 energy onto it; at 7: +7 energy, +15.",
    text="Free to summon. Activate: move one token from your reserve onto it. When it holds "
    "seven, sacrifice it: the seven tokens go to your reserve and you gain 15 crystals.",
    rule="data #35",
)


def _cauldron(state, seat, inst, params, log):
    e = params["element"]
    state["p"][seat]["energy"][e] -= 1
    inst["tokens"][e] += 1
    log.append(line(f"{{p{seat}}} puts 1 {ELEMENTS[e]} into the Glutton Cauldron."))
    if sum(inst["tokens"]) >= 7:
        tokens = inst["tokens"][:]
        sacrifice(state, seat, inst["id"], log, " (it is full)")
        for el, n in enumerate(tokens):
            gain_energy(state, seat, el, n)
        gain_crystals(state, seat, 15)
        log.append(line(f"{{p{seat}}} takes its 7 tokens and gains 15 crystals."))


glutton_cauldron.activations = lambda s, seat, inst: [
    {"element": e} for e in range(4) if s["p"][seat]["energy"][e]
]
glutton_cauldron.activate = _cauldron

# -- 36 Vampiric Crown (data #36) -----------------------------------------------------

vampiric_crown = card(
    36,
    "Vampiric Crown",
    ITEM,
    cost=C(a=1, w=1),
    points=0,
    timing=[ON_SUMMON],
    short="Discard or draw a card: energy = its points.",
    text="When summoned, discard a card from your hand or draw one into it: take as many energy "
    "tokens of your choice as that card's prestige points.",
    rule="data #36",
)
vampiric_crown.on_summon = lambda s, seat, cid, log: schedule(s, "crown", seat)


def _crown_moves(state, task):
    moves = [{"action": "discard", "card": c} for c in own_cards(state, task["seat"], "hand")]
    if can_draw(state):
        moves.append({"action": "draw"})
    return moves or [{"action": "done"}]


@decision(
    "crown",
    moves=_crown_moves,
    prompt=lambda s, t: "discard or draw a card for the Vampiric Crown",
)
def _crown_answer(state, task, move, log):
    _pop(state)
    seat = task["seat"]
    if move["action"] == "done":
        return
    if move["action"] == "draw":
        cid = draw(state)
        state["p"][seat]["hand"].append(cid)
        log.append(line(f"{{p{seat}}} draws a card (Vampiric Crown)."))
    else:
        cid = move["card"]
        state["p"][seat]["hand"].remove(cid)
        state["discard"].append(cid)
        log.append(line(f"{{p{seat}}} discards a card (Vampiric Crown)."))
    log.append(line(f"The card is {card_name(number(cid))}.", [seat]))
    offer_energy(state, seat, max(0, CARDS[number(cid)].points), 36)


# -- 37 Dragon Skull (data #37) -------------------------------------------------------

dragon_skull = card(
    37,
    "Dragon Skull",
    ITEM,
    cost=C(w=1, f=1, e=1),
    points=9,
    timing=[ACTIVATED],
    short="Act: sacrifice 3 cards → 15.",
    text="Activate: sacrifice three of your cards in play, the Skull itself may be one, to gain "
    "15 crystals.",
    rule="data #37",
)
# Three cards in play, the Skull among them, as BGA counts them.
dragon_skull.activations = lambda s, seat, inst: [{}] if len(s["p"][seat]["play"]) >= 3 else []
dragon_skull.activate = lambda s, seat, inst, params, log: schedule(s, "skull", seat, left=3)


@decision(
    "skull",
    moves=lambda s, t: [
        {"action": "sacrifice", "card": c} for c in own_cards(s, t["seat"], "play")
    ],
    prompt=lambda s, t: "choose the cards to sacrifice to the Dragon Skull",
)
def _skull_answer(state, task, move, log):
    seat = task["seat"]
    # The Skull may be one of its own three; it is not named twice then.
    sacrifice(
        state, seat, move["card"], log, "" if number(move["card"]) == 37 else " (Dragon Skull)"
    )
    task["left"] -= 1
    if task["left"] == 0:
        _pop(state)
        gain_crystals(state, seat, 15)
        log.append(line(f"{{p{seat}}} gains 15 crystals."))


# -- 38 Demon of Argos (data #38) -----------------------------------------------------

demon = card(
    38,
    "Demon of Argos",
    FAMILIAR,
    cost=C(a=1, w=1, f=1, e=1),
    points=16,
    timing=[ON_SUMMON],
    short="Opponents: gauge -1, draw a card.",
    text="When summoned, each opponent's gauge drops by 1 and each opponent draws a card into "
    "their hand, where it stays.",
    rule="data #38",
)


def _demon(state, seat, cid, log):
    # No keep-or-discard choice: the drawn card is meant to be left in hand
    # at the end, where it costs 5 points (as BGA plays it).
    for o in opponents(state, seat):
        raise_gauge(state, o, -1)
        drawn = draw(state)
        log.append(line(f"{{p{o}}}'s gauge drops by 1 and {{p{o}}} draws a card (Demon of Argos)."))
        if drawn is not None:
            state["p"][o]["hand"].append(drawn)
            log.append(line(f"You draw {card_name(number(drawn))}.", [o]))


demon.on_summon = _demon

# -- 39 Titus Deepgaze (data #39) -----------------------------------------------------

titus = card(
    39,
    "Titus Deepgaze",
    FAMILIAR,
    cost={2: C(f=1), 3: C(f=2), 4: C(f=3)},
    points=4,
    timing=[END_OF_ROUND],
    short="End of round: opponents pay 1.",
    text="At the end of each round, each opponent gives you 1 crystal. If one of them has none, "
    "Titus is sacrificed.",
    rule="data #39",
)


def _titus(state, seat, inst, log):
    broke = False
    for o in opponents(state, seat):
        if pay_to(state, o, seat, 1):
            log.append(line(f"{{p{o}}} gives 1 crystal to {{p{seat}}} (Titus Deepgaze)."))
        else:
            broke = True
    if broke:
        sacrifice(state, seat, inst["id"], log, ": an opponent had no crystal for Titus")


titus.end_of_round = _titus

# -- 40 Air Elemental (data #40) ------------------------------------------------------

air_elemental = card(
    40,
    "Air Elemental",
    FAMILIAR,
    cost=C(a=3),
    points=12,
    timing=[ON_SUMMON],
    short="Opponents' energy all turns to air.",
    text="When summoned, every token in your opponents' reserves becomes an air token.",
    rule="data #40",
)


def _air_elemental(state, seat, cid, log):
    for o in opponents(state, seat):
        total = reserve_size(state, o)
        state["p"][o]["energy"] = [total, 0, 0, 0]
    log.append(line("Every opponent's reserve turns to air."))


air_elemental.on_summon = _air_elemental

# -- 41 Thieving Fairies (data #41) ---------------------------------------------------

thieving_fairies = card(
    41,
    "Thieving Fairies",
    FAMILIAR,
    cost={2: C(), 3: C(c=3), 4: C(c=6)},
    points=6,
    timing=[PERMANENT],
    short="Opponent activates: they pay 1, you +1.",
    text="Each time an opponent activates a card, they give you 1 crystal and you gain 1 more.",
    rule="data #41",
)


def _fairies(state, owner, activator, log):
    given = pay_to(state, activator, owner, 1)
    gain_crystals(state, owner, 1)
    log.append(
        line(
            f"{{p{activator}}} gives {crystals(given)} to {{p{owner}}}'s Thieving Fairies, "
            "which gain 1 more."
        )
    )


thieving_fairies.opponent_activation = _fairies

# -- 42 Cursed Treatise of Arus (data #42) --------------------------------------------

cursed_treatise = card(
    42,
    "Cursed Treatise of Arus",
    ITEM,
    cost=C(w=1),
    points=-10,
    timing=[ON_SUMMON],
    short="+2 energy, +10, gauge +1; -10 points.",
    text="When summoned, take two energy tokens, gain 10 crystals and raise your gauge by 1. If "
    "it is ever sacrificed, you lose your whole reserve. Worth -10 points.",
    rule="data #42",
)


def _treatise(state, seat, cid, log):
    gain_crystals(state, seat, 10)
    raise_gauge(state, seat, 1)
    log.append(line(f"{{p{seat}}} gains 10 crystals and raises their gauge by 1."))
    offer_energy(state, seat, 2, 42)


def _treatise_gone(state, seat, cid, log):
    state["p"][seat]["energy"] = [0, 0, 0, 0]
    log.append(line(f"{{p{seat}}} loses their whole reserve (Cursed Treatise of Arus)."))


cursed_treatise.on_summon = _treatise
cursed_treatise.on_sacrifice = _treatise_gone

# -- 43 Idol of the Familiar (data #43, first edition) --------------------------------

idol = card(
    43,
    "Idol of the Familiar",
    ITEM,
    cost=C(a=1, w=1, f=1, e=1),
    points=0,
    timing=[ACTIVATED],
    short="Act: +1 per familiar.",
    text="Activate: gain 1 crystal for each familiar you have in play.",
    rule="data #43",
)


def _idol(state, seat, inst, params, log):
    gain = sum(1 for c in state["p"][seat]["play"] if not is_item(c["id"]))
    gain_crystals(state, seat, gain)
    log.append(line(f"{{p{seat}}} gains {crystals(gain)} (Idol of the Familiar)."))


idol.activations = lambda s, seat, inst: [{}]
idol.activate = _idol

# -- 44 Necrotic Kriss (data #44) -----------------------------------------------------

kriss = card(
    44,
    "Necrotic Kriss",
    ITEM,
    cost=C(a=2, w=1),
    points=6,
    timing=[ACTIVATED],
    short="Act: lose a familiar → 4 energy.",
    text="Activate: discard a familiar from your hand or sacrifice one in play, and take four "
    "energy tokens of your choice.",
    rule="data #44",
)


def _kriss_options(state, seat, inst):
    familiar = lambda cid: not is_item(cid)  # noqa: E731
    return [{"from": "hand", "familiar": c} for c in own_cards(state, seat, "hand", familiar)] + [
        {"from": "play", "familiar": c} for c in own_cards(state, seat, "play", familiar)
    ]


def _kriss(state, seat, inst, params, log):
    cid = params["familiar"]
    if params["from"] == "hand":
        state["p"][seat]["hand"].remove(cid)
        state["discard"].append(cid)
        named = card_name(number(cid), article=True)
        log.append(line(f"{{p{seat}}} discards {named} from hand (Necrotic Kriss)."))
    else:
        sacrifice(state, seat, cid, log, " (Necrotic Kriss)")
    offer_energy(state, seat, 4, 44)


kriss.activations = _kriss_options
kriss.activate = _kriss

# -- 45 Lantern of Xidit (data #45) ---------------------------------------------------

lantern = card(
    45,
    "Lantern of Xidit",
    ITEM,
    cost=C(f=3, e=3),
    points=24,
    timing=[END_OF_GAME],
    short="End: +3 per energy in reserve.",
    text="At the end of the game, each token left in your reserve gives 3 crystals.",
    rule="data #45",
)
lantern.end_of_game = lambda s, seat: 3 * reserve_size(s, seat)

# -- 46 Sealed Chest of Urm (data #46) ------------------------------------------------

urm = card(
    46,
    "Sealed Chest of Urm",
    ITEM,
    cost=C(w=2, e=1),
    points=10,
    timing=[END_OF_GAME],
    short="End: only items in play +20.",
    text="At the end of the game, if all your cards in play are magic items, gain 20 crystals.",
    rule="data #46",
)
urm.end_of_game = lambda s, seat: 20 if all(is_item(c["id"]) for c in s["p"][seat]["play"]) else 0

# -- 47 Mirror of the Seasons (data #47) ----------------------------------------------

mirror = card(
    47,
    "Mirror of the Seasons",
    ITEM,
    cost=C(c=3),
    points=8,
    timing=[ACTIVATED],
    short="Act: X crystals, change X alike energy.",
    text="Activate: pay X crystals to change X tokens of one element in your reserve into X "
    "tokens of another element.",
    rule="data #47",
)


def _mirror_options(state, seat, inst):
    if state["p"][seat]["crystals"] < 1:
        return []
    energy = state["p"][seat]["energy"]
    return [{"from": a, "to": b} for a in range(4) if energy[a] for b in range(4) if b != a]


def _mirror(state, seat, inst, params, log):
    schedule(state, "mirror", seat, src=params["from"], dst=params["to"])


mirror.activations = _mirror_options
mirror.activate = _mirror


def mirror_counts(state, task) -> list[int]:
    """How many tokens the Mirror of the Seasons may change: at least one,
    at most those held of its element and one crystal each."""
    p = state["p"][task["seat"]]
    most = min(p["energy"][task["src"]], p["crystals"])
    return list(range(1, most + 1))


def _mirror_moves(state, task):
    return [{"action": "count", "n": n} for n in mirror_counts(state, task)]


@decision(
    "mirror",
    moves=_mirror_moves,
    prompt=lambda s, t: "choose how many tokens the Mirror of the Seasons changes",
)
def _mirror_answer(state, task, move, log):
    _pop(state)
    seat, n = task["seat"], move["n"]
    lose_crystals(state, seat, n)
    state["p"][seat]["energy"][task["src"]] -= n
    state["p"][seat]["energy"][task["dst"]] += n
    log.append(
        line(
            f"{{p{seat}}} pays {crystals(n)} to change {n} {ELEMENTS[task['src']]} into "
            f"{ELEMENTS[task['dst']]}."
        )
    )


# -- 48 Pendant of Ragnor (data #48) --------------------------------------------------

pendant = card(
    48,
    "Pendant of Ragnor",
    ITEM,
    cost=C(a=1, w=1, f=1),
    points=0,
    timing=[ON_SUMMON],
    short="+1 energy per other magic item.",
    text="When summoned, take one energy token of your choice for each other magic item you have "
    "in play.",
    rule="data #48",
)
pendant.on_summon = lambda s, seat, cid, log: offer_energy(s, seat, _other_items(s, seat, cid), 48)

# -- 49 Sid Nightshade (data #49) -----------------------------------------------------

sid = card(
    49,
    "Sid Nightshade",
    FAMILIAR,
    cost={2: C(e=1), 3: C(e=2), 4: C(e=3)},
    points=6,
    timing=[ON_SUMMON],
    short="Most crystals: opponents pay you 5.",
    text="When summoned, if you have more crystals than every opponent, each of them gives you 5.",
    rule="data #49",
)


def _sid(state, seat, cid, log):
    mine = state["p"][seat]["crystals"]
    if all(mine > state["p"][o]["crystals"] for o in opponents(state, seat)):
        for o in opponents(state, seat):
            given = pay_to(state, o, seat, 5)
            log.append(line(f"{{p{o}}} gives {crystals(given)} to {{p{seat}}} (Sid Nightshade)."))


sid.on_summon = _sid

# -- 50 Damned Soul of Onys (data #50) ------------------------------------------------

onys = card(
    50,
    "Damned Soul of Onys",
    FAMILIAR,
    cost=C(w=1),
    points=-5,
    timing=[ON_SUMMON, ACTIVATED, END_OF_ROUND],
    short="+10, +1 water; -3 each round; pass it on.",
    text="When summoned, gain 10 crystals and a water token. Its holder loses 3 crystals at the "
    "end of each round. Activate: give up a water token to pass it, ready, to the player on "
    "your left. Worth -5 points.",
    rule="data #50",
)


def _onys_summon(state, seat, cid, log):
    gain_crystals(state, seat, 10)
    gain_energy(state, seat, WATER, 1)
    log.append(line(f"{{p{seat}}} gains 10 crystals and 1 water."))


def _onys_pass(state, seat, inst, params, log):
    spend(state, seat, WATER, 1)
    left = (seat + 1) % state["players"]
    leave_play(state, seat, inst["id"], log, to="none")
    state["p"][left]["play"].append({"id": inst["id"], "tapped": False, "tokens": [0, 0, 0, 0]})
    log.append(line(f"{{p{seat}}} passes the Damned Soul of Onys to {{p{left}}}."))


def _onys_round(state, seat, inst, log):
    lost = lose_crystals(state, seat, 3)
    log.append(line(f"{{p{seat}}} loses {crystals(lost)} (Damned Soul of Onys)."))


onys.on_summon = _onys_summon
onys.activations = lambda s, seat, inst: [{}] if spendable(s, seat, WATER) else []
onys.activate = _onys_pass
onys.end_of_round = _onys_round

assert sorted(CARDS) == list(range(1, 51))


def card_data(num: int) -> dict[str, Any]:
    """A card as views and pages show it."""
    entry = CARDS[num]
    return {
        "number": num,
        "name": entry.name,
        "kind": entry.kind,
        "points": entry.points,
        "timing": list(entry.timing),
        "short": entry.short,
        "text": entry.text,
    }


def cost_of(num: int, players: int) -> dict[str, Any] | None:
    cost = CARDS[num].cost_for(players)
    if cost is None:
        return None
    return {"energy": list(cost[:4]), "crystals": cost[4]}


__all__ = ["CARDS", "card_data", "cost_of"]
