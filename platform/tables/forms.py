"""The "new table" form, built from the game's own list of options."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from games.engine import Engine
from tables import clock


class TableForm(forms.Form):
    """Player count, the game's options, the time control."""

    def __init__(self, engine: Engine, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = engine
        self.fields["max_players"] = forms.TypedChoiceField(
            label="Players",
            coerce=int,
            choices=[(n, str(n)) for n in range(engine.min_players, engine.max_players + 1)],
            initial=engine.max_players,
            help_text="The game can start once the minimum is seated.",
        )
        for opt in engine.options:
            self.fields[f"opt_{opt.key}"] = forms.TypedChoiceField(
                label=opt.label,
                choices=[(json.dumps(value), label) for value, label in opt.choices],
                coerce=json.loads,
                initial=json.dumps(opt.default),
                help_text=opt.help,
            )
        self.fields["time_control"] = forms.ChoiceField(
            choices=[(tc.key, tc.label) for tc in clock.PRESETS.values()],
            initial=clock.DEFAULT_PRESET,
        )
        self.fields["max_timeouts"] = forms.TypedChoiceField(
            label="Drop a player after this many timeouts",
            coerce=int,
            choices=[(n, str(n)) for n in range(1, 6)],
            initial=3,
        )

    def options(self) -> dict[str, Any]:
        return {opt.key: self.cleaned_data[f"opt_{opt.key}"] for opt in self.engine.options}


class StandingOrdersForm(forms.Form):
    """A seat's standing orders for one table."""

    def __init__(self, engine: Engine, *args: Any, current: dict | None = None, **kwargs):
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
