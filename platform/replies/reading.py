"""Reading a reply to a turn email: who sent it, to which of our addresses,
whether a machine wrote it, the player's own words (quoted text and
signature taken away), and which of the numbered answers those words name.

Nothing here touches the database: it reads a parsed message (Python's
`email.message.EmailMessage`, which django-anymail's `AnymailInboundMessage`
is) and the answers it is offered.

Quoted text, the "On … wrote:" and "From: … Sent: …" headers of the
message replied to, signatures ("-- ", "Sent from my phone", "Best
regards") and disclaimers are found by mail-parser-reply, in the languages
it knows; what it leaves of a fully quoted reply (lines starting with ">")
is dropped here.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from functools import cached_property
from html.parser import HTMLParser

from mailparser_reply import EmailReplyParser
from mailparser_reply.constants import MAIL_LANGUAGES

# The answer is on the reply's first line: what the player wrote above the
# message they reply to is read, up to this many characters of it.
_TEXT_CHARS = 4000


@dataclass(frozen=True)
class Letter:
    """What the site needs of a received message."""

    key: str  # at most one message with this key is acted on
    message_id: str
    sender: str  # the From address ("" when there is none)
    # Where it was sent, most trusted first: the SMTP envelope's recipients,
    # then Delivered-To, X-Original-To, To and Cc.
    recipients: tuple[str, ...]
    subject: str
    automatic: str  # why a machine wrote it, or ""
    body: str  # its text, as written

    @cached_property
    def text(self) -> str:
        """The sender's own words, found only when they are read: a message
        to no address of ours is not worth the parsing."""
        return own_words(self.body)


def letter(
    message: EmailMessage,
    *,
    envelope_from: str | None = None,
    envelope_to: Sequence[str] = (),
) -> Letter:
    """The facts of `message`; `envelope_from` is the SMTP envelope's sender
    ("" for a bounce's empty one, None when it is not known)."""
    sender = _address(message.get("From", ""))
    message_id = _header(message, "Message-ID").strip().strip("<>").strip()[:300]
    recipients = [*envelope_to]
    for name in ("Delivered-To", "X-Original-To", "To", "Cc"):
        recipients += [a for _, a in getaddresses(_all(message, name)) if a]
    body = _body(message)
    subject = " ".join(_header(message, "Subject").split())
    if message_id:
        key = _hash("message-id", message_id)
    else:
        # No Message-ID: the same content delivered twice is still one message.
        key = _hash("content", sender, *recipients, subject, _header(message, "Date"), body)
    return Letter(
        key=key,
        message_id=message_id,
        sender=sender,
        recipients=tuple(dict.fromkeys(a.strip() for a in recipients if a.strip())),
        subject=subject,
        automatic=automatic(message, envelope_from=envelope_from, sender=sender),
        body=body,
    )


def _hash(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8", "replace")).hexdigest()


def _header(message: EmailMessage, name: str) -> str:
    try:
        return str(message.get(name, "") or "")
    except (TypeError, ValueError, IndexError):  # a header the parser cannot make sense of
        return ""


def _all(message: EmailMessage, name: str) -> list[str]:
    try:
        return [str(value) for value in message.get_all(name, [])]
    except (TypeError, ValueError, IndexError):
        return []


def _address(value: str) -> str:
    return parseaddr(str(value))[1].strip()


# -- messages written by machines ---------------------------------------------------

# RFC 3834 and the headers auto-responders add in its place.
_AUTO_HEADERS = (
    "X-Autoreply",
    "X-Autorespond",
    "X-Autoresponder",
    "X-AutoReply-From",
    "X-Mail-Autoreply",
    "X-FC-MachineGenerated",
)
_BULK = {"bulk", "junk", "list", "auto_reply"}
_DAEMONS = {"mailer-daemon", "postmaster", "mail-daemon", "mailerdaemon"}
# Subjects of vacation and out-of-office replies, in the languages our
# players are likeliest to write in.
_AUTO_SUBJECT = re.compile(
    r"^\W*(?:(?:re|aw|sv|fw|fwd)\s*:\s*)*\W*(?:"
    r"auto(?:matic|matische|matique)?[\s_-]*(?:reply|response|respuesta|risposta|antwort|réponse)"
    r"|autoreply|auto-?respon|out\s+of\s+(?:the\s+)?office|on\s+vacation|on\s+holiday|away\s+from"
    r"|vacation\s+(?:reply|response|notice)|abwesenheit|absence|réponse\s+automatique"
    r"|respuesta\s+automática|fuera\s+de\s+la\s+oficina|risposta\s+automatica|afwezig"
    r"|frånvaro|fravær|undeliverable|delivery\s+status\s+notification|mail\s+delivery\s+fail"
    r")",
    re.IGNORECASE,
)


def automatic(message: EmailMessage, *, envelope_from: str | None, sender: str) -> str:
    """Why `message` was written by a machine (an auto-reply, a vacation
    notice, a bounce, a list), or "" for a person's message. Such a message
    is never acted on and never answered: answering one could start a loop
    of machines writing to each other."""
    submitted = _header(message, "Auto-Submitted").split(";")[0].strip().lower()
    if submitted and submitted != "no":
        return f"Auto-Submitted: {submitted}"
    precedence = _header(message, "Precedence").strip().lower()
    if precedence in _BULK:
        return f"Precedence: {precedence}"
    for name in _AUTO_HEADERS:
        if name in message:
            return f"{name} header"
    if envelope_from is not None and envelope_from.strip("<> ") == "":
        return "Empty envelope sender (a bounce)"
    if _header(message, "Return-Path").strip() == "<>":
        return "Empty Return-Path (a bounce)"
    if not sender:
        return "No sender"
    if sender.rpartition("@")[0].lower() in _DAEMONS:
        return f"Sent by {sender}"
    if message.get_content_type() == "multipart/report":
        return "A delivery report"
    if _AUTO_SUBJECT.search(_header(message, "Subject")):
        return "An automatic reply's subject"
    return ""


# -- the sender's own words ---------------------------------------------------------

_PARSER = EmailReplyParser(languages=list(MAIL_LANGUAGES))


def _body(message: EmailMessage) -> str:
    """The message's text: its plain part, else its HTML part as text."""
    try:
        part = message.get_body(preferencelist=("plain", "html"))
        text = part.get_content() if part is not None else ""
    except (KeyError, LookupError, ValueError, AttributeError):  # an unknown charset, a bad part
        return ""
    if not isinstance(text, str):
        return ""
    if part.get_content_type() == "text/html":
        text = html_text(text[: _TEXT_CHARS * 25])  # markup takes room
    return text[:_TEXT_CHARS]


def own_words(text: str) -> str:
    """What the sender wrote above the message they reply to: no quoted
    text, no headers of the quoted message, no signature or disclaimer."""
    if not text.strip():
        return ""
    replies = _PARSER.read(text).replies
    words = replies[0].body if replies else text
    kept = [line for line in words.splitlines() if not line.lstrip().startswith(">")]
    return "\n".join(kept).strip()


class _HtmlText(HTMLParser):
    """The text of an HTML message, without what it quotes (blockquote,
    Gmail's and Thunderbird's quote blocks) or anything never shown."""

    _BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table"}
    _HIDDEN = {"blockquote", "style", "script", "head", "title"}
    _VOID = {"br", "img", "hr", "meta", "link", "input", "wbr", "col", "area", "base", "source"}
    _QUOTE_CLASSES = ("gmail_quote", "moz-cite-prefix", "yahoo_quoted", "protonmail_quote")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0  # the depth inside a hidden element

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._BLOCKS:
            self.parts.append("\n")
        if tag in self._VOID:
            return
        if self.skipping:
            self.skipping += 1
            return
        classes = dict(attrs).get("class") or ""
        if tag in self._HIDDEN or any(name in classes for name in self._QUOTE_CLASSES):
            self.skipping = 1

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and tag not in self._VOID:
            self.skipping -= 1
        if tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def html_text(html: str) -> str:
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).splitlines())
    return "\n".join(lines).strip()


# -- which answer --------------------------------------------------------------------

_WORD = re.compile(r"[\w']+")
_NUMBERED = re.compile(r"^\W*(\d{1,3})(?:\W+(.*))?$", re.S)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold().replace("’", "'").replace("‘", "'"))


def read_answer(text: str, labels: Sequence[str]) -> int | None:
    """The index of the answer the reply's first line names, or None.

    Its number ("2", "2.", "#2") or its words: the whole label, or the start
    of exactly one label, in any case ("challenge" for "Challenge ana's claim
    of Duke"). A number followed by words must name the same answer ("2
    challenge"). Anything else (another number, a word two labels share, a
    sentence) is unreadable: nothing is played on a guess."""
    line = next((line.strip() for line in text.splitlines() if line.strip()), "")
    numbered = _NUMBERED.match(line)
    if numbered:
        index = int(numbered.group(1)) - 1
        if not 0 <= index < len(labels):
            return None
        rest = _words(numbered.group(2) or "")
        if rest and _words(labels[index])[: len(rest)] != rest:
            return None
        return index
    said = _words(line)
    if not said:
        return None
    labelled = [_words(label) for label in labels]
    exact = [i for i, words in enumerate(labelled) if words == said]
    if exact:
        return exact[0] if len(exact) == 1 else None
    starts = [i for i, words in enumerate(labelled) if words[: len(said)] == said]
    return starts[0] if len(starts) == 1 else None
