"""Reading a reply: the player's own words above what they quote, whichever
mail program wrote it; messages written by machines; and which answer the
words name (or none: nothing is played on a guess)."""

from __future__ import annotations

from email import policy
from email.parser import BytesParser

import pytest

from replies import reading
from tests.replies.conftest import reply

LABELS = ["Pass", "Challenge ana's claim of Duke"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        # Gmail
        (
            "2\n\nOn Mon, 7 Dec 2026 at 10:00, Tabletop <noreply@example.org> wrote:\n"
            "> To answer, reply with the number:\n>   1. Pass\n",
            "2",
        ),
        # Apple Mail on a phone, with its signature
        (
            "Challenge\n\nSent from my iPhone\n\n> On 7 Dec 2026, at 10:00, Tabletop wrote:\n"
            "> 1. Pass",
            "Challenge",
        ),
        # A signature after "-- "
        ("pass\n\n-- \nAna Lima\n+33 6 12 34 56 78\n", "pass"),
        # Outlook
        (
            "1\r\n\r\n________________________________\r\nFrom: Tabletop <noreply@example.org>\r\n"
            "Sent: Monday, 7 December 2026 10:00\r\nTo: ana\r\nSubject: Your turn\r\n\r\n"
            "To answer, reply with the number: 1. Pass",
            "1",
        ),
        # Outlook's older separator
        ("allow\n\n-----Original Message-----\nFrom: Tabletop\nSent: Monday\n", "allow"),
        # French and German mail programs
        ("Passer\n\nLe lun. 7 déc. 2026 à 10:00, Tabletop <n@x.org> a écrit :\n> 1", "Passer"),
        ("2\n\nAm Mo., 7. Dez. 2026 um 10:00 Uhr schrieb Tabletop <n@example.org>:\n> 1", "2"),
        # Only quoted text: nothing of the player's own
        ("> 1. Pass\n> 2. Challenge", ""),
    ],
)
def test_the_players_own_words_are_kept_and_the_rest_is_not(body, words):
    assert reading.own_words(body) == words


def test_an_html_only_reply_is_read_without_what_it_quotes():
    html = (
        "<html><head><style>p{color:red}</style></head><body>"
        "<div dir='ltr'>Challenge<br></div><br>"
        "<div class='gmail_quote'><div>On Mon, Tabletop wrote:</div>"
        "<blockquote><p>1. Pass</p><div><p>2. Challenge</p></div></blockquote></div>"
        "</body></html>"
    )
    assert reading.own_words(reading.html_text(html)) == "Challenge"


def test_the_plain_part_is_preferred_to_the_html_part():
    message = reply(to="x@example.org", sender="ana@example.org", text="1", html="<p>2</p>")
    assert reading.letter(message).text == "1"


def parsed(message) -> object:
    return BytesParser(policy=policy.default).parsebytes(bytes(message))


AUTOMATIC = [
    ({"Auto-Submitted": "auto-replied"}, "Re: Your turn"),
    ({"Auto-Submitted": "auto-generated; owner-email=ana@example.org"}, "Re: Your turn"),
    ({"Precedence": "bulk"}, "Re: Your turn"),
    ({"Precedence": "junk"}, "Re: Your turn"),
    ({"Precedence": "list"}, "Re: Your turn"),
    ({"X-Autoreply": "yes"}, "Re: Your turn"),
    ({"X-Autorespond": "Ana is away"}, "Re: Your turn"),
    ({}, "Out of Office: Re: Your turn in Coup"),
    ({}, "Automatic reply: Your turn in Coup"),
    ({}, "Auto-Reply: away until Monday"),
    ({}, "Abwesenheitsnotiz: Your turn"),
    ({}, "Réponse automatique : Your turn"),
    ({}, "Vacation reply"),
    ({}, "Undeliverable: Your turn"),
]


@pytest.mark.parametrize(("headers", "subject"), AUTOMATIC)
def test_messages_written_by_machines_are_told_apart(headers, subject):
    message = reply(
        to="x@example.org", sender="ana@example.org", text="1", headers=headers, subject=subject
    )
    assert reading.letter(parsed(message)).automatic != ""


def test_bounces_and_daemons_are_machines():
    message = reply(to="x@example.org", sender="ana@example.org", text="1")
    assert "bounce" in reading.letter(message, envelope_from="").automatic
    daemon = reply(to="x@example.org", sender="MAILER-DAEMON@mail.example.net", text="1")
    assert reading.letter(daemon).automatic
    nobody = reply(to="x@example.org", sender="", text="1")
    assert reading.letter(nobody).automatic == "No sender"


@pytest.mark.parametrize(
    "headers", [{}, {"Auto-Submitted": "no"}, {"Precedence": "first-class"}, {"X-Mailer": "Mutt"}]
)
def test_a_persons_reply_is_not_a_machines(headers):
    message = reply(to="x@example.org", sender="ana@example.org", text="1", headers=headers)
    assert reading.letter(parsed(message), envelope_from="ana@example.org").automatic == ""


def test_the_key_is_the_message_id_or_else_the_content():
    one = reply(to="x@example.org", sender="ana@example.org", text="1", message_id="<a@b>")
    same = reply(to="x@example.org", sender="ana@example.org", text="2", message_id="<a@b>")
    assert reading.letter(one).key == reading.letter(same).key
    assert reading.letter(one).message_id == "a@b"
    bare = reply(to="x@example.org", sender="ana@example.org", text="1", message_id=None)
    again = reply(to="x@example.org", sender="ana@example.org", text="1", message_id=None)
    other = reply(to="x@example.org", sender="ana@example.org", text="2", message_id=None)
    assert reading.letter(bare).key == reading.letter(again).key != reading.letter(other).key
    assert reading.letter(bare).key != reading.letter(one).key


def test_recipients_come_envelope_first_and_once():
    message = reply(to="Tabletop <b@example.org>, c@example.org", sender="ana@example.org", text="")
    message["Delivered-To"] = "d@example.org"
    message["Cc"] = "b@example.org"
    found = reading.letter(message, envelope_to=["a@example.org"]).recipients
    assert found == ("a@example.org", "d@example.org", "b@example.org", "c@example.org")


@pytest.mark.parametrize(
    ("said", "index"),
    [
        ("1", 0),
        ("2", 1),
        (" 2. ", 1),
        ("#2", 1),
        ("(1)", 0),
        ("2 challenge", 1),
        ("pass", 0),
        ("Pass!", 0),
        ("PASS", 0),
        ("Challenge", 1),
        ("challenge ana’s claim", 1),
        ("Challenge ana's claim of Duke", 1),
        ("2\nthanks, and good luck!", 1),
        ("\n\n  1\n", 0),
    ],
)
def test_an_answer_is_read_by_its_number_or_its_words(said, index):
    assert reading.read_answer(said, LABELS) == index


@pytest.mark.parametrize(
    "said",
    ["", "0", "3", "12", "1 challenge", "yes", "I pass", "challenge the duke", "pass or challenge"],
)
def test_anything_else_is_unreadable(said):
    assert reading.read_answer(said, LABELS) is None


def test_words_two_answers_start_with_are_unreadable():
    labels = ["Steal from ana", "Steal from ben", "Tax"]
    assert reading.read_answer("steal", labels) is None
    assert reading.read_answer("steal from ben", labels) == 1
    assert reading.read_answer("tax", labels) == 2
