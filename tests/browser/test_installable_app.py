"""The installable app in Chromium: the manifest and the service worker
register, the browser finds the site installable, the footer offers the
install, notifications are offered after a move (never on load) and turned
on from the settings up to the browser's subscription (Chromium here has no
push service to subscribe with: its `subscribe` answers as a browser would),
a push handed to the worker by DevTools shows the question with its
answers, a button's post plays without a cookie, the offline page shows
when the server is down; and the one-screen answer page and the settings
are accessible, at a phone's width too."""

from __future__ import annotations

import base64
import json

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from notifications.models import Notification
from push import keys, payload
from push.models import PushSubscription
from tables import services
from tables.models import Move
from tests.browser.conftest import CHROMIUM, play, shot
from tests.browser.test_accessibility import AXE_SCRIPT, violations_text
from tests.conftest import make_user, start_table
from tests.push.helpers import coup_tax, users_by_seat
from tests.support.doorway import Doorway
from tests.support.push_service import BrowserKeys

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Chromium's PushManager, answering as a browser with a push service would
# (the subscription survives a reload, as a real one does).
FAKE_PUSH = """(() => {
  const saved = () => sessionStorage.getItem("fake-subscription");
  const as = (json) => json && { endpoint: json.endpoint, toJSON: () => json };
  PushManager.prototype.subscribe = function (options) {
    const key = Array.from(new Uint8Array(options.applicationServerKey));
    sessionStorage.setItem("subscribed-with", JSON.stringify(key));
    sessionStorage.setItem("fake-subscription", JSON.stringify(%s));
    return Promise.resolve(as(JSON.parse(saved())));
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(as(JSON.parse(saved())));
  };
})();"""
ENDPOINT = "https://push.example.org/send/abc"


@pytest.fixture
def vapid(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = keys.new_pair()
    settings.VAPID_SUBJECT = "mailto:operators@example.org"
    return settings


@pytest.fixture
def server(live_server):
    """The live server behind a door the test can shut."""
    door = Doorway(live_server.thread.port)
    yield door
    door.shut()


def session_cookie(user, url: str) -> dict:
    client = Client()
    client.force_login(user)
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": url,
    }


def test_the_app_installs_offers_notifications_after_a_move_and_shows_the_offline_page(
    browser, server, vapid, tmp_path
):
    ana, ben = make_user("ana"), make_user("ben")
    table = start_table("coup", [ana, ben], seed=1)
    if users_by_seat(table)[table.to_act[0]] != ana:
        services.move_submit(
            table_id=table.pk, user=ben, version=table.version, move={"action": "income"}
        )
    # A profile of its own (not an incognito context: those cannot install).
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=CHROMIUM,
        args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
        base_url=server.url,
        viewport={"width": 1200, "height": 900},
    )
    problems: list[str] = []
    try:
        context.set_default_timeout(20_000)
        context.add_cookies([session_cookie(ana, server.url)])
        browser_keys = BrowserKeys()
        fake = {
            "endpoint": ENDPOINT,
            "keys": {"p256dh": browser_keys.p256dh, "auth": browser_keys.auth},
        }
        context.add_init_script(FAKE_PUSH % json.dumps(fake))
        # The window the browser opened with: the only one, so it is drawn.
        page = context.pages[0] if context.pages else context.new_page()
        page.on("pageerror", lambda exc: problems.append(f"JavaScript error: {exc}"))
        page.on(
            "console",
            lambda msg: (
                problems.append(msg.text) if "Content Security Policy" in msg.text else None
            ),
        )

        # The worker registers for the whole site and takes the page.
        page.goto(f"/tables/{table.pk}/")
        scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
        assert scope == server.url + "/"
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == server.url + "/manifest.webmanifest"
        assert manifest["errors"] == []

        # The footer offers the install, since the browser says it could
        # (beforeinstallprompt). Its button asks the browser to install; the
        # browser's own dialog is not answered here (it would hold the page),
        # so the last offer is one the page cannot tell from the browser's.
        install = page.locator("#install-app")
        expect(install).to_be_visible()
        page.evaluate("""() => {
          const offer = new Event("beforeinstallprompt");
          offer.prompt = () => { window.installAsked = true; };
          window.dispatchEvent(offer);
        }""")
        install.click()
        assert page.evaluate("window.installAsked") is True
        expect(install).to_be_hidden()

        # Notifications are not offered on load.
        expect(page.locator("#push-offer")).to_have_count(0)
        assert page.evaluate("Notification.permission") == "default"

        # The first move brings the offer to turn notifications on.
        play(page, {"action": "income"})
        offer = page.locator("#push-offer")
        expect(offer).to_be_visible()
        expect(offer).to_contain_text("Get a notification on this device when it is your turn?")
        shot(page, "push-offer-after-a-move")
        offer.get_by_role("button", name="Not now").click()
        expect(offer).to_have_count(0)
        page.reload()
        expect(page.locator("#board")).to_be_visible()
        expect(page.locator("#push-offer")).to_have_count(0)
        assert page.evaluate("localStorage.getItem('tabletop-push-offer-answered')") == "1"

        # From the settings: the browser's permission, its subscription with
        # the site's key, and the site told of this device.
        context.grant_permissions(["notifications"], origin=server.url)
        page.goto("/accounts/profile/")
        page.get_by_role("button", name="Turn on notifications on this device").click()
        expect(page.locator(".devices .this-device")).to_be_visible()
        expect(page.locator(".push-panel [data-push-status]")).to_have_text(
            "This device gets notifications."
        )
        shot(page, "push-settings-this-device")
        key = json.loads(page.evaluate("sessionStorage.getItem('subscribed-with')"))
        assert bytes(key) == keys.b64url_decode(vapid.VAPID_PUBLIC_KEY)
        device = PushSubscription.objects.get(user=ana)
        assert (device.endpoint, device.p256dh, device.auth) == (
            ENDPOINT,
            browser_keys.p256dh,
            browser_keys.auth,
        )
        assert device.label in ("Chromium on Linux", "Chrome on Linux")
        expect(page.locator(".devices")).to_contain_text(device.label)

        # A push arrives (Chromium's DevTools hand it to the worker as its
        # push service would): ben claims the Duke, ana's notification asks.
        # What the worker shows is read inside it: headless Chromium does not
        # keep notifications on show for long.
        table.refresh_from_db()
        services.move_submit(
            table_id=table.pk, user=ben, version=table.version, move={"action": "tax"}
        )
        table.refresh_from_db()
        seat = table.seats.get(user=ana)
        notice = Notification(kind="turn", table_id=table.pk, seat_id=seat.pk, user_id=ana.pk)
        (worker,) = context.service_workers
        worker.evaluate(
            """() => {
              self.shown = [];
              const registration = self.registration;
              const show = registration.showNotification.bind(registration);
              registration.showNotification = (title, options) =>
                show(title, options).then(() => { self.shown.push({title, ...options}); });
            }"""
        )
        registrations = []
        cdp.on(
            "ServiceWorker.workerRegistrationUpdated",
            lambda event: registrations.extend(event["registrations"]),
        )
        cdp.send("ServiceWorker.enable")
        for _ in range(100):
            if registrations:
                break
            page.wait_for_timeout(50)  # the events come in on their own
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": server.url,
                "registrationId": registrations[0]["registrationId"],
                "data": json.dumps(payload.build(notice, table.updated_at)),
            },
        )
        shown = worker.evaluate(
            """async () => {
              for (let tries = 0; tries < 100 && !self.shown.length; tries++) {
                await new Promise((done) => setTimeout(done, 100));
              }
              return self.shown.map((n) => ({title: n.title, body: n.body, tag: n.tag,
                actions: n.actions.map((a) => a.title), data: n.data}));
            }"""
        )[0]
        assert shown["title"] == f"Your turn in Coup #{table.pk}: 2 players left"
        assert shown["body"] == "Respond to ben's Tax: pass or challenge ben's claim of Duke?"
        assert (shown["tag"], shown["actions"]) == (
            f"table-{table.pk}",
            ["Pass", "Challenge ben's claim of Duke"],
        )
        assert shown["data"]["open"] == f"/tables/{table.pk}/answer/"
        # Its button's post, as the worker makes it: no cookie, under the
        # site's CSP; the move is played.
        answered = page.evaluate(
            """(notice) => fetch(notice.answer_url, {method: "POST", credentials: "omit",
                 body: new URLSearchParams({token: notice.actions[0].token})})
               .then((r) => r.status)""",
            shown["data"],
        )
        assert answered == 200
        assert Move.objects.filter(table=table, seat=seat.number).last().move == {"action": "pass"}

        # The server goes down: a page asked for shows the offline page.
        server.shut()
        page.goto(f"/tables/{table.pk}/")
        expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
        shot(page, "offline-page")
    finally:
        context.close()
    assert problems == [], problems


def test_the_answer_page_and_the_settings_are_accessible_and_play_from_a_phone(
    browser, live_server, vapid
):
    ana, ben = make_user("ana"), make_user("ben")
    table, seat = coup_tax([ana, ben])
    player = users_by_seat(table)[seat]
    PushSubscription.objects.create(
        user=player,
        endpoint=ENDPOINT,
        p256dh=BrowserKeys().p256dh,
        auth=base64.urlsafe_b64encode(b"0" * 16).decode().rstrip("="),
        label="Firefox on Android",
        created_at=table.created_at,
    )
    found = []
    pages = {}
    for width in (390, 1280):
        context = browser.new_context(
            base_url=live_server.url, viewport={"width": width, "height": 800}, bypass_csp=True
        )
        context.set_default_timeout(15_000)
        context.add_init_script(AXE_SCRIPT)
        context.add_cookies([session_cookie(player, live_server.url)])
        page = pages[width] = context.new_page()
        for path, what in (
            (f"/tables/{table.pk}/answer/", "the answer page"),
            ("/accounts/profile/", "the settings with a device"),
            ("/offline/", "the offline page"),
        ):
            page.goto(path)
            page.wait_for_load_state("load")
            page.wait_for_function("() => !document.querySelector('.htmx-request')")
            text = violations_text(page, f"{what} at {width} px")
            if text:
                found.append(text)
    try:
        assert not found, "\n" + "\n\n".join(found)
        phone = pages[390]
        phone.goto(f"/tables/{table.pk}/answer/")
        shot(phone, "push-answer-page-phone")
        allow = phone.get_by_role("button", name="Pass")
        box = allow.bounding_box()
        assert box["width"] > 300 and box["height"] >= 48  # a thumb's target
        allow.click()
        phone.wait_for_url(f"**/tables/{table.pk}/")
        assert Move.objects.get(table=table, seq=table.version + 1).move == {"action": "pass"}
    finally:
        for page in pages.values():
            page.context.close()
