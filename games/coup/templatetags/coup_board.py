"""What the Coup table page says about the moment of play, built from a
seat's view only:

- the action being resolved, its claim, its target, any block or challenge,
  and who has answered the open window and who is still asked (section 13
  of rules/coup.md; COUP-OP8, COUP-OP9, COUP-6.3);
- the two factions, who is in each, and whether their restrictions hold
  (COUP-10.1, COUP-10.2, COUP-10.3, COUP-OP20);
- the score of a game played to several round wins (COUP-9.1, COUP-OP18).
"""

from __future__ import annotations

from typing import Any

from django import template

from games.coup.rules import text
from games.coup.rules.cards import FACTION_TITLES, WINDOWS

register = template.Library()


def character(card: str) -> str:
    return f"the {card.capitalize()}"


def claim_text(claim: str | None) -> str:
    """'claims the Captain', 'claims not to be the Duke'."""
    if claim is None:
        return "no claim"
    if claim == "not_duke":
        return "claims not to be the Duke"
    return f"claims {character(claim)}"


class Names:
    """Player names for one reader, whose own seat reads "ben (you)"."""

    def __init__(self, names: dict, me: int | None) -> None:
        self.names = names
        self.me = me

    def __call__(self, seat: int | None) -> str:
        if seat is None:
            return ""
        name = self.names.get(seat, f"seat {seat}")
        return f"{name} (you)" if seat == self.me else name

    def whose(self, seat: int) -> str:
        """ "your" or "ana's"."""
        return "your" if seat == self.me else f"{self.names.get(seat, f'seat {seat}')}'s"

    def does(self, seat: int, verb: str, rest: str) -> str:
        """ "You must ..." or "ana must ...", "You are ..." or "ana is ..."."""
        if seat == self.me:
            return f"You {'are' if verb == 'is' else verb} {rest}"
        return f"{self.names.get(seat, f'seat {seat}')} {verb} {rest}"


def action_text(pending: dict[str, Any], view: dict[str, Any], who: Names) -> str:
    """The pending action as the player would say it: "Steal from ben"; what
    it does or cost comes from the rules' words (COUP-5.3)."""
    return text.pending_said(pending, who(pending["target"]), view["almshouse"])


def claimed(claim: str) -> str:
    """The claim as the object of a challenge: "of the Duke"."""
    return "not to be the Duke" if claim == "not_duke" else f"of {character(claim)}"


def question(view: dict[str, Any], who: Names) -> str:
    """What the open step asks, in a sentence."""
    pending = view["pending"]
    phase = view["phase"]
    asked = view["to_act"][0] if view["to_act"] else None
    if phase == "challenge_action":
        whose = who.whose(pending["actor"])
        return f"Does anyone challenge {whose} claim {claimed(pending['claim'])}?"
    if phase == "block":
        target = pending["target"]
        return text.block_question(pending, who(target), to_me=target == who.me)
    if phase == "challenge_block":
        return (
            f"Does anyone challenge {who.whose(pending['blocker'])} claim"
            f" {claimed(pending['block_as'])}?"
        )
    if phase == "reveal" and asked is not None:
        return who.does(asked, "must", "answer the challenge: show the claimed card, or lose one.")
    if phase == "lose_influence" and asked is not None:
        return who.does(asked, "must", "choose a card to lose.")
    if phase == "exchange":
        return who.does(pending["actor"], "is", "choosing 2 cards to return to the court deck.")
    return ""


@register.simple_tag
def pending_action(
    view: dict[str, Any] | None, names: dict, me: int | None = None
) -> dict[str, Any] | None:
    """The action on the table and the state of its answers, or None."""
    if not view or not view.get("pending") or view["phase"] == "game_over":
        return None
    pending = view["pending"]
    phase = view["phase"]
    who = Names(names, me)
    info: dict[str, Any] = {
        "actor": who(pending["actor"]),
        "action": action_text(pending, view, who),
        "claim": claim_text(pending["claim"]),
        "claimed": pending["claim"] is not None,
        "blocker": None,
        "challenger": None,
        "question": question(view, who),
        "answers": [],
    }
    if pending["blocker"] is not None:
        info["blocker"] = who(pending["blocker"])
        info["block_as"] = character(pending["block_as"])
    if pending["challenger"] is not None:
        info["challenger"] = who(pending["challenger"])
    if phase in WINDOWS:
        # Everyone asked, those who passed included, in turn order after
        # whoever made the claim in question.
        claimant = pending["blocker"] if phase == "challenge_block" else pending["actor"]
        n = len(view["players"])
        asked = sorted(
            set(pending["responded"]) | set(view["to_act"]),
            key=lambda seat: (seat - claimant - 1) % n,
        )
        info["answers"] = [
            {"name": who(seat), "passed": seat in pending["responded"]} for seat in asked
        ]
    return info


@register.simple_tag
def factions_info(view: dict[str, Any] | None, names: dict, me: int | None) -> dict | None:
    """The factions and their members, and whether only one is left in play."""
    if not view or not view.get("factions"):
        return None
    players = view["players"]
    teams = []
    for key, title in FACTION_TITLES.items():
        members = [
            {"name": names.get(p["seat"], ""), "alive": p["alive"], "me": p["seat"] == me}
            for p in players
            if p["faction"] == key
        ]
        teams.append({"key": key, "title": title, "members": members})
    left = view["faction_left"]
    return {
        "teams": teams,
        "rule": text.limits_lifted(left) if left else text.FACTION_LIMITS,
        "lifted": left is not None,
    }


@register.simple_tag
def coup_words() -> dict[str, str]:
    """The rules' words the board shows beside its pieces (rules/text.py)."""
    return {
        "treasury": text.TREASURY,
        "treasury_tip": text.TREASURY_TIP,
        "almshouse_tip": text.ALMSHOUSE_TIP,
        "exchange_help": text.EXCHANGE_HELP,
        "habits_tip": text.HABITS_TIP,
    }


@register.filter
def waiting_for(phase: str) -> str:
    """ "to play", "to answer": why the table waits for a player."""
    return text.waiting_for(phase)


@register.filter
def habits(record: dict[str, int] | None) -> str:
    """A player's answers so far, in words (`view["answers"]`)."""
    return text.habits_text(record) if record else ""


@register.simple_tag
def round_score(view: dict[str, Any] | None, names: dict) -> dict[str, Any] | None:
    """The round being played, the target and everyone's wins so far."""
    if not view or view.get("rounds_to_win", 1) <= 1:
        return None
    target = view["rounds_to_win"]
    return {
        "round": view["round"],
        "target": target,
        "over": view["phase"] == "game_over",
        "players": [
            {
                "name": names.get(p["seat"], ""),
                "wins": p["wins"],
                "pips": [n < p["wins"] for n in range(target)],
            }
            for p in view["players"]
        ],
        "history": [
            {"round": n, "name": names.get(seat, "")}
            for n, seat in enumerate(view["round_winners"], start=1)
        ],
    }
