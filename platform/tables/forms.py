"""The "new table" form, built from the game's own list of options."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django import forms

from clocks import controls
from games.engine import Engine, Option
from tables.services import standing_orders


def _codec(opt: Option) -> tuple[Any, Any]:
    """How an option's values travel in the form: text options as they are
    (``both_one``), others as JSON (``true``, ``3``), so posted values stay
    readable for people and scripts alike."""
    if all(isinstance(value, str) for value, _ in opt.choices):
        return str, str
    return json.dumps, json.loads


def _player_limits(engine: Engine) -> list[str]:
    """The option values that change how many may play ("With Factions On:
    3 to 6 players."), so the form says so before it is posted."""
    defaults = engine.clean_options({})
    usual = engine.player_range(defaults)
    notes = []
    for opt in engine.options:
        for value, label in opt.choices:
            low, high = engine.player_range({**defaults, opt.key: value})
            if (low, high) != usual:
                # A label's lead words are enough: "On: Loyalists and..." -> "On".
                short = label.split(":", 1)[0]
                notes.append(f"With {opt.label} {short}: {low} to {high} players.")
    return notes


# A table of four is the usual game night; fewer where the game allows fewer.
USUAL_PLAYERS = 4

# Each person's own choice, asked wherever they take a seat (players.ratings).
AGAINST_BOTS_LABEL = "Rated game against bots: counts in your rating against bots only"
AGAINST_BOTS_HELP = (
    "With a bot seated, the game is rated only if every player chooses this; "
    "otherwise it is played unrated."
)


def usual_players(engine: Engine) -> int:
    return max(engine.min_players, min(engine.max_players, USUAL_PLAYERS))


class TableForm(forms.Form):
    """Player count, the game's options, the time control, and whom to
    invite: the players the creator follows first (`followed`, their
    names), then anyone by name.

    An option left out of the post takes the game's default. Which player
    counts the chosen options allow is the engine's to say
    (`Engine.player_range`); the view shows its refusal as a form error.
    """

    def __init__(
        self, engine: Engine, *args: Any, followed: list[str] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.engine = engine
        self.fields["max_players"] = forms.TypedChoiceField(
            label="Players",
            coerce=int,
            choices=[(n, str(n)) for n in range(engine.min_players, engine.max_players + 1)],
            initial=usual_players(engine),
            help_text=" ".join(
                ["The game can start once the minimum is seated.", *_player_limits(engine)]
            ),
        )
        for opt in engine.options:
            encode, decode = _codec(opt)
            self.fields[f"opt_{opt.key}"] = forms.TypedChoiceField(
                label=opt.label,
                choices=[(encode(value), label) for value, label in opt.choices],
                coerce=decode,
                required=False,
                empty_value=opt.default,
                initial=encode(opt.default),
                help_text=opt.help,
            )
            self.fields[f"opt_{opt.key}"].only_players = opt.players
        self.fields["time_control"] = forms.ChoiceField(
            choices=[(tc.key, tc.label) for tc in controls.PRESETS.values()],
            initial=controls.DEFAULT_PRESET,
        )
        self.fields["max_timeouts"] = forms.TypedChoiceField(
            label="Drop a player after this many timeouts",
            coerce=int,
            choices=[(n, str(n)) for n in range(1, 6)],
            initial=3,
        )
        self.fields["rated"] = forms.BooleanField(
            label="Rated game",
            required=False,
            initial=True,
            help_text="The result changes the players' ratings for this game.",
        )
        self.fields["rated_against_bots"] = forms.BooleanField(
            label=AGAINST_BOTS_LABEL,
            required=False,
            initial=False,
            help_text=AGAINST_BOTS_HELP,
        )
        self.fields["bot_takeover"] = forms.BooleanField(
            label="Bots take over dropped seats",
            required=False,
            initial=True,
            help_text="A medium bot plays on for a player who is dropped or resigns.",
        )
        if followed:
            self.fields["invite_followed"] = forms.MultipleChoiceField(
                label="Invite players you follow",
                choices=[(name, name) for name in followed],
                required=False,
                widget=forms.CheckboxSelectMultiple,
            )
        self.fields["invite"] = forms.CharField(
            label="Invite players by name",
            required=False,
            max_length=1000,
            help_text="Names separated by commas; each gets an email.",
        )

    def invitees(self) -> list[str]:
        """The names to invite, each once, those followed first."""
        typed = [name.strip() for name in self.cleaned_data["invite"].split(",")]
        names = [*self.cleaned_data.get("invite_followed", []), *typed]
        seen: dict[str, None] = {}
        for name in names:
            if name and name.lower() not in {n.lower() for n in seen}:
                seen[name] = None
        return list(seen)

    def options(self) -> dict[str, Any]:
        return {opt.key: self.cleaned_data[f"opt_{opt.key}"] for opt in self.engine.options}


class StandingOrdersForm(forms.Form):
    """A seat's standing orders for one table.

    For the page it also holds, from the seat's `current` orders, the orders
    set (`active`: each with the values its Cancel button posts, the others
    unchanged and itself back at its default) and the notices of those news
    turned off (`notices`)."""

    def __init__(
        self,
        engine: Engine,
        *args: Any,
        current: dict | None = None,
        notices: list[str] = (),
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        current = current or {}
        for opt in engine.standing_orders:
            self.fields[opt.key] = forms.ChoiceField(
                label=opt.label,
                choices=list(opt.choices),
                initial=current.get(opt.key, opt.default),
                help_text=opt.help,
                widget=forms.RadioSelect,
            )
        values = {opt.key: current.get(opt.key, opt.default) for opt in engine.standing_orders}
        self.active = [
            {
                "label": opt.label,
                "choice": opt.label_of(value),
                "cancel": [(k, opt.default if k == opt.key else v) for k, v in values.items()],
            }
            for opt, value in standing_orders.active(engine, current)
        ]
        self.notices = list(notices)
        self.values = values
        # "Challenges: Ask me", each order as it stands, for the panel's summary.
        self.summary = [
            (opt.label, opt.label_of(values[opt.key])) for opt in engine.standing_orders
        ]
        self.engine = engine

    def fields_html(self) -> str:
        """The unbound form's fields as `as_div` draws them: the same for every
        seat with the same orders, so drawn once per process (Django's radio
        widgets cost a table page a tenth of its CPU)."""
        if self.is_bound:
            return self.as_div()
        return _fields_html(self.engine, tuple(self.values.items()))


@lru_cache(maxsize=256)
def _fields_html(engine: Engine, values: tuple[tuple[str, Any], ...]) -> str:
    return StandingOrdersForm(engine, current=dict(values)).as_div()


class InviteForm(forms.Form):
    """A username to invite (Django's CharField refuses NUL and overlong text)."""

    username = forms.CharField(max_length=150, strip=True)


class MoveForm(forms.Form):
    """A move button's post: one move as JSON, as the API takes it, and the
    version it was seen at."""

    move = forms.CharField(max_length=10_000, strip=False)
    version = forms.IntegerField(min_value=0)

    def clean_move(self) -> dict:
        try:
            move = json.loads(self.cleaned_data["move"])
        except (ValueError, RecursionError):  # deep nesting exhausts the parser
            raise forms.ValidationError(
                "That move could not be read: it is not valid JSON."
            ) from None
        if isinstance(move, list):
            raise forms.ValidationError("Send one move at a time.")
        if not isinstance(move, dict):
            raise forms.ValidationError("A move is a JSON object.")
        return move
