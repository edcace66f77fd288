"""The lobby and the table page (HTMX partials for the board and its poll)."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from accounts import presence
from clocks import controls
from config import limits
from config.actions import act_and_return
from games import registry
from games.bots import LEVELS
from players.ratings import asks_against_bots, asks_against_bots_at, rating_kind, rating_note
from social.selectors import following_names
from tables import selectors, services
from tables.errors import ServiceError
from tables.forms import InviteForm, MoveForm, StandingOrdersForm, TableForm
from tables.models import Seat, Table
from tables.present import own_clocks, table_view
from tables.selectors import TableRead


def play_now_offers() -> list[dict[str, Any]]:
    """What "Play now against bots" offers for each game: the player counts
    its default options allow and the choices every table of it makes (a
    Seasons level), nothing it does not have."""
    offers = []
    for entry in registry.all_games():
        engine = entry.engine
        low, high = engine.player_range(engine.clean_options({}))
        offers.append(
            {
                "slug": entry.slug,
                "name": engine.name,
                "players": range(low, high + 1),
                "options": [option for option in engine.options if option.always_named],
            }
        )
    return offers


def lobby(request: HttpRequest) -> HttpResponse:
    context: dict[str, Any] = {
        "open_tables": selectors.open_tables(),
        "games": registry.all_games(),
        "presets": controls.PRESETS,
        "bot_levels": LEVELS,
        "play_now": play_now_offers(),
    }
    if request.user.is_authenticated:
        presence.touch(request.user.pk)
        context.update(_my_games(request))
        context["my_finished"] = selectors.my_finished_tables(request.user)
    return render(request, "tables/lobby.html", context)


def _my_games(request: HttpRequest) -> dict[str, Any]:
    active = selectors.my_active_tables(request.user)
    clocks = own_clocks(request.user, [seat for _, seat in active])
    return {
        "my_invitations": selectors.my_invitations(request.user),
        "my_active": [(table, seat, clocks.get(seat.pk)) for table, seat in active],
    }


@require_GET
@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    """The lobby's "my games": invitations and games in play (redrawn by
    the page when its stream says they changed)."""
    return render(request, "tables/lobby.html#my_games", _my_games(request))


@login_required
def table_new(request: HttpRequest) -> HttpResponse:
    games = registry.all_games()
    slug = request.GET.get("game") or request.POST.get("game") or games[0].slug
    try:
        entry = registry.get(slug)
    except LookupError:
        raise Http404("No such game") from None
    form = TableForm(entry.engine, request.POST or None, followed=following_names(request.user))
    if request.method == "POST" and form.is_valid():
        try:
            table = services.table_create(
                creator=request.user,
                game=entry.slug,
                options=form.options(),
                max_players=form.cleaned_data["max_players"],
                time_control=form.cleaned_data["time_control"],
                max_timeouts=form.cleaned_data["max_timeouts"],
                rated=form.cleaned_data["rated"],
                rated_against_bots=form.cleaned_data["rated_against_bots"],
                bot_takeover=form.cleaned_data["bot_takeover"],
                invite=form.invitees(),
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, "Your table is open. Share its address to invite players.")
            return redirect("table", table_id=table.pk)
    return render(request, "tables/new.html", {"form": form, "entry": entry, "games": games})


def _page_context(request: HttpRequest, found: TableRead, error: str = "") -> dict[str, Any]:
    table = found.table
    tv = table_view(found, request.user)
    entry = registry.get(table.game)
    engine = entry.engine
    context = {
        "tv": tv,
        "table": table,
        "engine": engine,
        "board_template": entry.board_template,
        "moves_template": entry.moves_template,
        "stylesheet": entry.stylesheet,
        "time_control": controls.describe(table.time_bank, table.time_increment, table.time_cap),
        "presence_token": presence.token(request.user.pk) if tv.my_seat is not None else "",
        "error": error,
        "bot_levels": LEVELS,
        "rating_kind": rating_kind(table, found.seats),
    }
    if table.is_open:
        seated = tv.my_seat is not None
        context["against_bots"] = {
            "asked": asks_against_bots(table, found.seats, joining=not seated),
            "note": rating_note(table, found.seats),
            "mine": any(s.rated_against_bots for s in found.seats if s.user_id == request.user.pk),
        }
    if table.is_over and table.started_at:
        # The rematches its players opened and still take players.
        context["rematches"] = list(
            table.rematches.filter(status=Table.Status.OPEN).select_related("creator")
        )
    if tv.my_seat is not None and engine.standing_orders and table.is_active:
        context["orders_form"] = StandingOrdersForm(
            engine, current=tv.my_standing_orders, notices=tv.my_order_notices
        )
    return context


def _mark_seen(table: Table, tv) -> None:
    """Remember the player has looked (one small update, only when there is
    something new to have seen). Presence is the poll's business."""
    if tv.my_seat is not None and table.is_active and tv.my_seen_version != table.version:
        Seat.objects.filter(table=table, number=tv.my_seat).update(seen_version=table.version)


def _read(table_id: int) -> TableRead:
    found = selectors.table_read(table_id)
    if found is None:
        raise Http404("No such table")
    return found


@require_GET
def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    found = _read(table_id)
    table = found.table
    if request.htmx and not table.is_open:
        # The waiting room's poll: the game started (or was cancelled).
        return HttpResponse(status=200, headers={"HX-Refresh": "true"})
    context = _page_context(request, found)
    _mark_seen(table, context["tv"])
    if table.is_open:
        # Those invited who have not taken a seat yet.
        context["invited"] = (
            table.invitations.exclude(user__seats__table=table)
            .select_related("user")
            .order_by("created_at")
        )
        if request.htmx:
            return render(request, "tables/table.html#waiting", context)
    return render(request, "tables/table.html", context)


@require_GET
def table_board(request: HttpRequest, table_id: int) -> HttpResponse:
    found = _read(table_id)
    context = _page_context(request, found)
    _mark_seen(found.table, context["tv"])
    return render(request, "tables/table.html#board", context)


@require_GET
def waiting_count(request: HttpRequest) -> HttpResponse:
    """The header's count of tables waiting for me, in words, linking to the
    next one where I must move (polled on every page)."""
    if not request.user.is_authenticated:
        return HttpResponse(status=204)
    presence.touch(request.user.pk)
    waiting = selectors.tables_waiting_for(request.user)
    return render(
        request,
        "tables/_waiting_count.html",
        {"count": len(waiting), "next_table": waiting[0] if waiting else None},
    )


@require_GET
def table_poll(request: HttpRequest, table_id: int) -> HttpResponse:
    """One cheap query: 204 while nothing changed, else a trigger to redraw.

    It reads no session and no user, so it costs exactly one query; a seated
    player's signed id in `p` marks them present (a write now and then)."""
    if request.GET.get("p"):
        presence.touch_by_token(request.GET["p"])
    row = Table.objects.filter(pk=table_id).values_list("version", "status").first()
    if row is None:
        raise Http404("No such table")
    version, status = row
    try:
        known = int(request.GET.get("version", "-1"))
    except ValueError:
        known = -1
    if version == known and status == request.GET.get("status", status):
        return HttpResponse(status=204)
    response = HttpResponse(status=200)
    response["HX-Trigger"] = "table-changed"
    return response


@require_POST
@login_required
@limits.limited(limits.MOVES_PER_USER, limits.MOVES_PER_TABLE)
def table_move(request: HttpRequest, table_id: int) -> HttpResponse:
    error, status, found = "", 200, None
    form = MoveForm(request.POST)
    if not form.is_valid():
        said = form.errors.get("move") or ["That move could not be read."]
        error, status = f"{said[0]} Reload the page and try again.", 400
    else:
        # One move, as the API takes it: one move path, one rate-limit count.
        try:
            result = services.move_submit(
                table_id=table_id,
                user=request.user,
                version=form.cleaned_data["version"],
                move=form.cleaned_data["move"],
            )
        except ServiceError as exc:
            error, status = exc.message, exc.status
        else:
            # The table as the move left it: reading it again would cost a
            # third of the move's queries.
            found = result.read
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("table", table_id=table_id)
    found = found or _read(table_id)
    context = _page_context(request, found, error)
    _mark_seen(found.table, context["tv"])
    return render(request, "tables/table.html#board", context, status=status)


def _table_action(request: HttpRequest, table_id: int, action, done: str) -> HttpResponse:
    return act_and_return(request, action, done, page="table", table_id=table_id)


def _chose_against_bots(request: HttpRequest) -> bool:
    """The checkbox "Rated game against bots" of a join or a seat's choice."""
    return request.POST.get("rated_against_bots") == "on"


@require_POST
@login_required
def table_join(request: HttpRequest, table_id: int) -> HttpResponse:
    asked = "against_bots_asked" in request.POST
    if not asked and asks_against_bots_at(table_id, request.user, bot_seated=True):
        # A one-click join (the lobby's) where a bot sits: the player has not
        # been asked yet. Where one may only sit later, the waiting room asks
        # the seated players, and says plainly if the game turns unrated.
        messages.info(request, ASK_FIRST)
        return redirect(reverse("table", args=[table_id]) + "#waiting-room")
    join = partial(services.table_join, rated_against_bots=_chose_against_bots(request))
    return _table_action(request, table_id, join, "You have a seat.")


ASK_FIRST = (
    "A bot has a seat at this table: choose whether you want a rated game against bots, then join."
)


@require_POST
@login_required
def table_against_bots(request: HttpRequest, table_id: int) -> HttpResponse:
    """A seated player changes their choice of a rated game against bots."""
    chosen = _chose_against_bots(request)
    change = partial(services.seat_against_bots_set, chosen=chosen)
    done = (
        "You chose a rated game against bots."
        if chosen
        else "You chose not to be rated against bots: with a bot seated, the game is unrated."
    )
    return _table_action(request, table_id, change, done)


@require_POST
@login_required
def table_bot_add(request: HttpRequest, table_id: int) -> HttpResponse:
    level = request.POST.get("level", "")
    add = partial(services.table_bot_add, level=level)
    return _table_action(request, table_id, add, f"A {level} bot takes a seat.")


@require_POST
@login_required
def table_bot_remove(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        number = int(request.POST.get("seat", ""))
        services.table_bot_remove(table_id=table_id, user=request.user, number=number)
    except ValueError:
        messages.error(request, "Choose the bot to remove.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "The bot left the table.")
    return redirect("table", table_id=table_id)


@require_POST
@login_required
def play_now(request: HttpRequest) -> HttpResponse:
    """The lobby's "Play now against bots": a started table, bots in the
    other seats."""
    game = request.POST.get("game", "")
    offered = next((o for o in play_now_offers() if o["slug"] == game), None)
    # The table options the game's row offers ("option-level"), checked by the service.
    options = {
        option.key: request.POST[f"option-{option.key}"]
        for option in (offered["options"] if offered else ())
        if f"option-{option.key}" in request.POST
    }
    try:
        players = int(request.POST.get("players") or 2)
        table = services.table_play_now(
            user=request.user,
            game=game,
            level=request.POST.get("level", ""),
            players=players,
            options=options,
            rated=request.POST.get("rated") == "on",
        )
    except ValueError:
        messages.error(request, "Choose how many players.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        return redirect("table", table_id=table.pk)
    return redirect("lobby")


@require_POST
@login_required
def table_leave(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, services.table_leave, "You left the table.")


@require_POST
@login_required
def table_start(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, services.table_start, "The game is on!")


@require_POST
@login_required
def table_cancel(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, services.table_cancel, "The table is cancelled.")


@require_POST
@login_required
def table_resign(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(
        request, table_id, services.seat_resign, "You resigned; the game goes on without you."
    )


@require_POST
@login_required
def table_rematch(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        table = services.table_rematch(table_id=table_id, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("table", table_id=table_id)
    messages.success(request, "A new table is open; the other players are invited.")
    return redirect("table", table_id=table.pk)


@require_POST
@login_required
def table_invite(request: HttpRequest, table_id: int) -> HttpResponse:
    form = InviteForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Username: " + " ".join(form.errors["username"]))
        return redirect("table", table_id=table_id)
    username = form.cleaned_data["username"]
    invite = partial(services.table_invite, username=username)
    return _table_action(request, table_id, invite, f"{username} is invited and will get an email.")


@require_POST
@login_required
def table_orders(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    form = StandingOrdersForm(registry.get(table.game).engine, request.POST)
    if not form.is_valid():
        messages.error(request, "Those standing orders could not be read.")
        return redirect("table", table_id=table_id)
    try:
        services.standing_orders_set(table_id=table_id, user=request.user, orders=form.cleaned_data)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Your standing orders are saved.")
    return redirect("table", table_id=table_id)


@require_GET
def table_log(request: HttpRequest, table_id: int) -> HttpResponse:
    found = _read(table_id)
    tv = table_view(found, request.user, log_limit=None)
    return render(request, "tables/log.html", {"tv": tv, "table": found.table})
