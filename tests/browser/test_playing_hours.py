"""Playing hours and time zones in a browser: sign-up takes the browser's zone,
the settings page sets the hours, a countdown stops when its player's hours
end (without a reload) and says until when, and the header's count leads to
the table where the player must move."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from accounts.models import Profile
from tables import services
from tests.browser.conftest import shot, sign_up
from tests.conftest import start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PARIS = ZoneInfo("Europe/Paris")


def test_sign_up_and_settings_keep_the_players_zone_and_hours(browser, live_server):
    context = browser.new_context(
        base_url=live_server.url, timezone_id="Asia/Seoul", viewport={"width": 390, "height": 844}
    )
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        sign_up(page, "zoe")
        expect(page.locator(".flash")).to_contain_text("Times are shown in Asia/Seoul")
        assert Profile.objects.get(user__username="zoe").time_zone == "Asia/Seoul"
        page.goto("/accounts/profile/")
        expect(page.locator("#id_time_zone")).to_have_value("Asia/Seoul")
        page.check("input[name=keeps][value=hours]")
        page.fill("#id_hours_start", "10:00")
        page.fill("#id_hours_end", "01:00")
        page.check("input[name=days_off][value=sun]")
        page.click("button:has-text('Save my time zone and hours')")
        expect(page.locator(".flash")).to_contain_text("playing hours are saved")
        expect(page.locator("#hours + p")).to_contain_text(
            "10:00 to 01:00 the next day, not on Sundays"
        )
        shot(page, "hours-01-settings-phone")
        # Too few hours: said beside the box, nothing saved.
        page.fill("#id_hours_end", "12:00")
        page.click("button:has-text('Save my time zone and hours')")
        expect(page.locator(".error-summary")).to_contain_text("at least 8")
        assert Profile.objects.get(user__username="zoe").hours_end.hour == 1
    finally:
        context.close()


def test_a_countdown_stops_when_its_players_hours_end(page_for, users):
    ana, ben = users[:2]
    # Ana's hours (in Paris) end six seconds from now: the site offers whole
    # minutes, the profile keeps seconds.
    end = (datetime.now(UTC) + timedelta(seconds=6)).astimezone(PARIS).replace(microsecond=0)
    Profile.objects.filter(user=ana).update(
        time_zone="Europe/Paris",
        hours_start=(end - timedelta(hours=9)).time(),
        hours_end=end.time(),
    )
    Profile.objects.filter(user=ben).update(time_zone="Asia/Seoul")
    table = start_table("coup", [ana, ben], time_control="fast")
    if table.to_act != [0]:
        services.move_submit(table_id=table.pk, user=ben, version=0, move={"action": "income"})
    watcher = page_for(ben)
    watcher.goto(f"/tables/{table.pk}/")
    chip = watcher.locator(".clocks li:has(a:text-is('ana')) .clock")
    expect(chip).to_have_text(re.compile(r"^\d+ h \d+ min left$"))
    # Once her hours end, the clock says so, and until when, in both zones.
    expect(chip).to_have_text(
        re.compile(r"^paused until .*\d\d:\d\d their time \(.*\d\d:\d\d your time\)$"),
        timeout=20_000,
    )
    expect(chip).to_have_class(re.compile(r"\bpaused\b"))
    shot(watcher, "hours-02-paused-clock")

    # Ana's header: her turn in one game, a link to it.
    player = page_for(ana)
    player.goto("/ratings/")
    count = player.locator("#waiting-count")
    expect(count).to_have_text("Your turn in 1 game")
    count.click()
    player.wait_for_url(re.compile(rf"/tables/{table.pk}/$"))
    expect(player.locator(".clocks li.me .clock")).to_contain_text("your time")
