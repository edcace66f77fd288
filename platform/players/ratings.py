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

Who is ranked where. A player dropped for running out of time loses to
everyone who was not dropped (dropped players share the last place),
whatever the engine's ranks say. Unrated tables and cancelled ones change
nothing; a finished game is rated once, in the transaction that ends it
(the `RatingChange` unique constraint backs that up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Model
from openskill.models import BradleyTerryFull

from players.models import Rating, RatingChange

MODEL = BradleyTerryFull()
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


def game_rate(*, table: Model, seats: Sequence[Model]) -> bool:
    """Rate a finished game: update each player's rating for its game and
    write one `RatingChange` per player. Returns whether anything changed.

    Expects the table row locked (`select_for_update`) by the transaction
    that finishes the game, and `table.outcome` set. An unrated table, or one
    already rated, changes nothing."""
    outcome = table.outcome
    if not table.rated or not outcome or len(seats) < 2:
        return False
    # Under the table's lock this cannot be true on the site's own paths; it
    # keeps a second call (a retry, a repair script) from counting twice.
    if RatingChange.objects.filter(table=table).exists():
        return False
    seats = sorted(seats, key=lambda seat: seat.number)
    user_ids = sorted(seat.user_id for seat in seats)
    # Two games ending at once may share a player: rows are created without
    # a conflict and locked in one order (by user), so neither deadlocks.
    Rating.objects.bulk_create(
        [
            Rating(
                user_id=uid,
                game=table.game,
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
        .filter(game=table.game, user_id__in=user_ids)
        .order_by("user_id")
    }
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
