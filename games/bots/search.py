"""The search behind the medium and hard bots: information-set Monte Carlo
tree search over states sampled from the bot's own view.

Each iteration draws one full state the bot cannot tell from the real one
(`Engine.sample_state`, with the bot's generator), then walks a tree of the
bot's own decisions: at the bot's moves it picks by UCB1 among the moves this
sample allows (each child counts how often it was available, so moves that
only some samples offer are judged fairly: the "subset-armed" bandit of
information-set MCTS), at other seats' moves it asks the game's quick policy,
which reads only what that seat could see: imagined opponents never play as
if they saw the bot's cards, so a bluff is worth what it would be worth
against players who cannot see through it. One new node per iteration; then
a rollout of quick moves, cut short after a set number of moves, and the
position is judged by the game's evaluation (or by the result, if the game
ended). The most visited first move is played.

The bot never takes back a choice of its own turn while it can go on
(`Engine.forward_moves`; `knowledge.first_moves` picks the moves it weighs),
and in the tree a position where it could only take back (an action begun
that cannot be finished) counts as a loss: so it neither goes round in
circles nor walks into an action it must then abandon. Rollouts are quick
sketches: their players take back only when nothing else is left.

Simultaneous decisions (a reaction window, everyone's orders, the draft) are
played one seat at a time in an order drawn per iteration, as the engine
takes them. Any number of players: each value is the bot's own chance of
winning.

Decisions come from the iteration budget alone, so the same view, moves and
seed give the same move. `deadline` (a `time.monotonic()` value) only stops a
search that would overrun its wall-clock cap on a loaded machine.
"""

from __future__ import annotations

import json
import math
import time

from games.bots.knowledge import Knowledge, draw_sample, result_value
from games.bots.levels import SearchBudget
from games.engine import Engine, Move, Rng, State

# What a position is worth to the bot when its only moves would take back
# its own choices (`Engine.forward_moves`: an action begun that cannot be
# finished): as little as a lost game, so the search keeps out of it rather
# than going in and back out again and again.
DEAD_END = 0.0


class Node:
    """A bot decision reached by one sequence of moves. `visits`, `total`
    and `available` belong to the edge that leads here."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def move_key(move: Move) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


class MoveKeys(dict[str, str]):
    """Canonical keys of moves, looked up by their `repr` (cheap, and the same
    for moves the engine builds the same way) so each is serialised once."""

    def of(self, move: Move) -> str:
        text = repr(move)
        key = self.get(text)
        if key is None:
            key = self[text] = move_key(move)
        return key


def tree_search(
    engine: Engine,
    view: dict,
    legal_moves: list[Move],
    seat: int,
    *,
    knowledge: Knowledge,
    budget: SearchBudget,
    rng: Rng,
    deadline: float | None = None,
) -> Move:
    keys = MoveKeys()
    root_keys = {keys.of(move): move for move in legal_moves}
    root = Node()
    c = budget.exploration
    for done in range(budget.iterations):
        if deadline is not None and done and time.monotonic() > deadline:
            break
        state = draw_sample(engine, view, seat, knowledge, rng)
        # The sample may share parts with the view: the first move copies
        # it, and the iteration changes its own copy in place from then on.
        play = engine.apply_listed
        path: list[Node] = []
        node = root
        actor: int | None = seat
        value = None
        while engine.outcome(state) is None:
            if actor is None:
                actor = pick_actor(engine, state, rng)
            moves = engine.legal_moves(state, actor)
            if node is not root:  # the root's moves are `legal_moves`, weighed already
                ahead = engine.forward_moves(state, actor, moves)
                if not ahead and actor == seat:
                    value = DEAD_END
                    break
                moves = ahead or moves
            if actor == seat:
                offered = [(keys.of(m), m) for m in moves]
                if node is root:
                    offered = [(k, m) for k, m in offered if k in root_keys]
                untried = []
                for key, move in offered:
                    child = node.children.get(key)
                    if child is None:
                        untried.append((key, move))
                    else:
                        child.available += 1
                if untried:
                    key, move = untried[rng.below(len(untried))]
                    child = node.children[key] = Node()
                    child.available = 1
                    path.append(child)
                    state = play(state, actor, move)
                    break
                key, move = best_by_ucb(node, offered, c)
                node = node.children[key]
            else:
                move = knowledge.policy(engine, state, actor, moves, rng)
                key = f"{actor}:{keys.of(move)}"
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node()
                node = child
            path.append(node)
            state = play(state, actor, move)
            play = engine.apply_in_place
            actor = None
        if value is None:
            value = rollout(engine, state, seat, knowledge, budget.rollout_moves, rng)
        for node in path:
            node.visits += 1
            node.total += value
    return most_visited(root, legal_moves)


def best_by_ucb(node: Node, offered: list[tuple[str, Move]], c: float) -> tuple[str, Move]:
    best = offered[0]
    best_score = -math.inf
    for key, move in offered:
        child = node.children[key]
        score = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
        if score > best_score:
            best, best_score = (key, move), score
    return best


def most_visited(root: Node, legal_moves: list[Move]) -> Move:
    best, best_rank = legal_moves[0], (-1, -math.inf)
    for move in legal_moves:
        child = root.children.get(move_key(move))
        if child is None or not child.visits:
            continue
        rank = (child.visits, child.total / child.visits)
        if rank > best_rank:
            best, best_rank = move, rank
    return best


def pick_actor(engine: Engine, state: State, rng: Rng) -> int:
    acting = engine.to_act(state)
    return acting[0] if len(acting) == 1 else acting[rng.below(len(acting))]


def rollout(
    engine: Engine,
    state: State,
    seat: int,
    knowledge: Knowledge,
    moves_left: int | None,
    rng: Rng,
) -> float:
    """Quick moves from `state` (which it leaves as it was), then the bot's
    chance of winning."""
    played = 0
    play = engine.apply_listed  # the first move copies, the others change the copy
    while True:
        outcome = engine.outcome(state)
        if outcome is not None:
            return result_value(outcome.ranks, seat)
        if moves_left is not None and played >= moves_left:
            return knowledge.win_chances(state)[seat]
        actor = pick_actor(engine, state, rng)
        moves = engine.legal_moves(state, actor)
        moves = engine.forward_moves(state, actor, moves) or moves
        move = knowledge.policy(engine, state, actor, moves, rng)
        state = play(state, actor, move)
        play = engine.apply_in_place
        played += 1
