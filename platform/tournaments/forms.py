"""The "new tournament" form: the game at its default options, the format,
the player count a table, the start, the entry limit and the entry rules."""

from __future__ import annotations

from django import forms

from clocks import controls
from games import registry
from tournaments.models import Tournament


def _timed_presets() -> list[tuple[str, str]]:
    return [(key, p.label) for key, p in controls.PRESETS.items() if p.bank is not None]


class TournamentForm(forms.Form):
    name = forms.CharField(
        max_length=100, required=False, help_text="Left empty: the game and format."
    )
    game = forms.ChoiceField()
    format = forms.ChoiceField(choices=Tournament.Format.choices)
    seats_per_table = forms.IntegerField(label="Players a table", min_value=2, max_value=6)
    rounds = forms.IntegerField(
        min_value=1,
        max_value=15,
        required=False,
        help_text="Swiss only; the others follow the entries.",
    )
    starts_at = forms.DateTimeField(
        label="Starts at",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text="In your own time zone.",
    )
    max_entries = forms.IntegerField(label="At most this many players", min_value=2, max_value=256)
    time_control = forms.ChoiceField(label="Time control")
    min_rating = forms.IntegerField(label="Minimum rating", required=False)
    min_finished_games = forms.IntegerField(
        label="Minimum finished games of this game", min_value=0, required=False
    )
    max_recent_timeouts = forms.IntegerField(
        label="At most this many timeouts in the last 30 days", min_value=0, required=False
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(e.slug, e.engine.name) for e in registry.all_games()]
        self.fields["time_control"].choices = _timed_presets()
        self.fields["time_control"].initial = controls.DEFAULT_PRESET
