"""Ratings from game results: the model, the number shown, and the service
that rates a finished game.

Why this model. Our games have two to six players and end in places, some
shared (Koryo and Troyes can tie). OpenSkill's Bradley-Terry "full pairing"
model (Weng and Lin, 2011) reads such a result as every pair of players
compared: the better place won, an equal place is a draw. That is the rule we
want (pairwise from the ranks, shared places as draws) computed by a
maintained library, with an uncertainty per player, so a newcomer's rating
moves quickly and a regular's settles. Plackett-Luce, OpenSkill's default, is
cheaper for large fields, but with at most six players the fifteen pairs cost
nothing, and pairs are easier to explain to players. Glicko-2 is two-player
only; TrueSkill is patented and its Python package unmaintained.

The number shown. The model's estimate is a mean `mu` (25 at first) and an
uncertainty `sigma` (25/3). People see the ordinal `mu - 3 sigma`, a skill
the player is very likely above, which rises with games played as `sigma`
shrinks, scaled to the range chess players know: `1500 + 20 * ordinal`. A
newcomer shows 1500; a first win shows about 1570, a first loss about 1460.

Pools. A game with a bot in it is rated only when its table is rated and
every person seated at it chose a rated game against bots (each their own
choice, kept on their seat: `Seat.rated_against_bots`), and then in a pool
of its own: a player's rating against bots, per game, apart from their
rating against people, so that beating bots never lifts anyone among
people. Bots have ratings only in that pool and never stand on the players'
leaderboard. `rating_kind` decides it from the seats, and it is the one
place that does: the table page and the API say what it says, and
`game_rate` rates by it at the end. Seats change only before the start, so
a bot seated later into a table whose people did not all choose it makes
the game unrated from then on, and the start settles it.

Who is ranked where. A player dropped for running out of time loses to
everyone who was not dropped (dropped players share the last place),
whatever the engine's ranks say. Unrated tables and cancelled ones change
nothing. A finished game is rated once the transaction that ends it has
committed (`tables.events.game_result_committed`), in a transaction of its
own, so the table's row lock is not held meanwhile; it is rated once,
however many times it is told (see `game_rate`; the `RatingChange` unique
constraint backs that up). A game whose rating failed after its commit (the
database away a moment, the process stopped) is rated by the next
`missed_ratings_rate` (beat, every few minutes).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Exists, OuterRef
from openskill.models import BradleyTerryFull

from autoplay.accounts import level_of
from players.models import Pool, Rating, RatingChange
from tables.models import Seat, Table

log = logging.getLogger(__name__)

MODEL = BradleyTerryFull()
# A finished game is left this long to its own commit hook before the
# catch-up looks at it, and looked at for this long after.
MISSED_AFTER = timedelta(minutes=2)
MISSED_WITHIN = timedelta(days=2)
SCALE = 20
BASE = 1500


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)


NEWCOMER = Skill(MODEL.mu, MODEL.sigma)


def shown(mu: float, sigma: float) -> int:
    """The rating people see: the model's ordinal, scaled (see above)."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(alpha=SCALE, target=BASE))


def places(ranks: Sequence[int], dropped: Sequence[int] = ()) -> list[int]:
    """The places the rating counts: the engine's ranks, with every dropped
    seat moved below all the others (sharing the last place), numbered as
    in sport: 1 + the number of players strictly ahead."""
    keys = [(seat in dropped, 0 if seat in dropped else rank) for seat, rank in enumerate(ranks)]
    return [1 + sum(other < key for other in keys) for key in keys]


def updated(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """Each player's skill after a game they finished in these places
    (1 = first; equal places are draws)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    result = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Skill(team[0].mu, team[0].sigma) for team in result]


class Kind:
    """What a table's result counts for, in the words its page uses."""

    RATED = "Rated"
    AGAINST_BOTS = "Rated against bots"
    UNRATED = "Unrated"


def _has_bot(seats: Sequence[Seat]) -> bool:
    return any(level_of(seat.user) for seat in seats)


def rating_kind(table: Table, seats: Sequence[Seat]) -> str:
    """Rated (between people), rated against bots (a bot seated and every
    person chose it), or unrated (the creator's choice, or a bot seated
    with a person who did not choose it). `seats` with their users'
    profiles (no query)."""
    if not table.rated:
        return Kind.UNRATED
    if not _has_bot(seats):
        return Kind.RATED
    people = [seat for seat in seats if not level_of(seat.user)]
    return Kind.AGAINST_BOTS if all(s.rated_against_bots for s in people) else Kind.UNRATED


def asks_against_bots(table: Table, seats: Sequence[Seat], *, joining: bool = True) -> bool:
    """Whether a person at this open table is asked if they want a rated
    game against bots (`joining`: as they take a seat; else one of those
    seated): it is rated, and has a bot or a free seat for one."""
    free = table.max_players - len(seats) - (1 if joining else 0)
    return table.is_open and table.rated and (_has_bot(seats) or free > 0)


def asks_against_bots_at(
    table_id: int, user: AbstractBaseUser, *, bot_seated: bool = False
) -> bool:
    """`asks_against_bots` for `user` taking a seat at a table, read (two
    queries): not if they are seated already, or there is no such table;
    with `bot_seated`, only where a bot has a seat already."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return False
    seats = list(Seat.objects.filter(table=table).select_related("user__profile"))
    if any(seat.user_id == user.pk for seat in seats):
        return False
    if bot_seated and not _has_bot(seats):
        return False
    return asks_against_bots(table, seats)


def rating_note(table: Table, seats: Sequence[Seat]) -> str:
    """What an open table's page says of its rating where bots may sit."""
    kind = rating_kind(table, seats)
    if not table.rated:
        return ""
    if kind == Kind.UNRATED:
        return (
            "A bot has a seat and not every player chose a rated game against bots, "
            "so this game will be played unrated."
        )
    if kind == Kind.AGAINST_BOTS:
        return (
            "A bot has a seat and every player chose a rated game against bots: the game "
            "counts in the ratings against bots only. Someone who joins without choosing it "
            "makes it unrated."
        )
    if table.max_players > len(seats):
        return (
            "If a bot takes a seat, the game is rated only if every player chose a rated "
            "game against bots; otherwise it is played unrated."
        )
    return ""


def game_rate(*, table_id: int) -> bool:
    """Rate a finished game: update each player's rating for its game and
    write one `RatingChange` per player. Returns whether anything changed.

    Runs after the game's end has committed, without the table's lock: it
    is told once per ending, but a retry or a second worker may tell it
    again, at the same time. The players' rating rows are locked (in one
    order) before the game's changes are looked for, so a second call waits
    for the first to commit and then finds its changes: the game counts
    once. An unfinished, unrated or already rated table changes nothing."""
    with transaction.atomic():
        table = Table.objects.filter(pk=table_id, status=Table.Status.FINISHED).first()
        if table is None or not table.rated or not table.outcome:
            return False
        seats = list(
            Seat.objects.filter(table=table).select_related("user__profile").order_by("number")
        )
        if len(seats) < 2:
            return False
        kind = rating_kind(table, seats)
        if kind == Kind.UNRATED:
            return False
        return _rate(table, seats, Pool.BOTS if kind == Kind.AGAINST_BOTS else Pool.PLAYERS)


def pool_of(seats: Sequence[Seat]) -> str:
    """The pool a rated table's result counts in: against bots as soon as
    one seat is a bot's."""
    return Pool.BOTS if _has_bot(seats) else Pool.PLAYERS


def missed_ratings_rate(*, now: datetime, limit: int = 200) -> int:
    """Rate the rated games that finished lately and have no rating yet:
    those whose rating after the commit failed. Returns how many it rated."""
    unrated = Table.objects.filter(
        status=Table.Status.FINISHED,
        rated=True,
        finished_at__gte=now - MISSED_WITHIN,
        finished_at__lt=now - MISSED_AFTER,
    ).exclude(Exists(RatingChange.objects.filter(table=OuterRef("pk"))))
    # Not those a bot and a person who did not choose it made unrated.
    seats = Seat.objects.filter(table=OuterRef("pk"))
    bot = seats.exclude(user__profile__bot_level="")
    unwilling = seats.filter(user__profile__bot_level="", rated_against_bots=False)
    unrated = unrated.exclude(Exists(bot) & Exists(unwilling))
    done = 0
    for table_id in unrated.order_by("finished_at").values_list("pk", flat=True)[:limit]:
        if game_rate(table_id=table_id):
            log.warning("Table %s was rated late: its rating after the game failed.", table_id)
            done += 1
    return done


def _rate(table: Table, seats: list[Seat], pool: str) -> bool:
    outcome = table.outcome
    user_ids = sorted(seat.user_id for seat in seats)
    # Two games ending at once may share a player: rows are created without
    # a conflict and locked in one order (by user), so neither deadlocks.
    Rating.objects.bulk_create(
        [
            Rating(
                user_id=uid,
                game=table.game,
                pool=pool,
                mu=NEWCOMER.mu,
                sigma=NEWCOMER.sigma,
                shown=NEWCOMER.shown,
            )
            for uid in user_ids
        ],
        ignore_conflicts=True,
    )
    current = {
        r.user_id: r
        for r in Rating.objects.select_for_update()
        .filter(game=table.game, pool=pool, user_id__in=user_ids)
        .order_by("user_id")
    }
    # After the locks: a rating of this game that held them has committed.
    if RatingChange.objects.filter(table=table).exists():
        return False
    counted = places(outcome["ranks"], outcome.get("dropped", []))
    before = [Skill(current[s.user_id].mu, current[s.user_id].sigma) for s in seats]
    after = updated(before, [counted[s.number] for s in seats])
    changes = []
    for seat, old, new in zip(seats, before, after, strict=True):
        rating = current[seat.user_id]
        rating.mu, rating.sigma, rating.shown = new.mu, new.sigma, new.shown
        rating.games += 1
        rating.updated_at = table.finished_at
        changes.append(
            RatingChange(
                table=table,
                user_id=seat.user_id,
                game=table.game,
                pool=pool,
                seat=seat.number,
                place=counted[seat.number],
                mu_before=old.mu,
                sigma_before=old.sigma,
                mu_after=new.mu,
                sigma_after=new.sigma,
                shown_before=old.shown,
                shown_after=new.shown,
                created_at=table.finished_at,
            )
        )
    Rating.objects.bulk_update(current.values(), ["mu", "sigma", "shown", "games", "updated_at"])
    RatingChange.objects.bulk_create(changes)
    return True
