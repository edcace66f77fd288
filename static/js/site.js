// Keeps the "time left" clocks ticking between page updates, and the tab's title current.
(function () {
  "use strict";

  function human(seconds) {
    if (seconds <= 0) return "time is up";
    var d = Math.floor(seconds / 86400), h = Math.floor((seconds % 86400) / 3600);
    var m = Math.floor((seconds % 3600) / 60), s = Math.floor(seconds % 60);
    if (d) return d + (d === 1 ? " day" : " days") + (h ? " " + h + " h" : "") + " left";
    if (h) return h + " h" + (m ? " " + m + " min" : "") + " left";
    if (m) return m + " min left";
    return s + " s left";
  }

  // A clock turns red once most of this turn's time is used (as the reminder
  // email does), whatever the time control.
  var LOW_SHARE_USED = 0.8;

  // A clock stopped outside its player's hours (or on vacation) says so
  // instead of counting down: data-pauses lists the pauses before its
  // deadline, [from, until, "paused until 08:00 their time"], which the
  // deadline already leaves room for.
  function pauseAt(el, now) {
    if (!el.dataset.pauses) return null;
    var pauses = JSON.parse(el.dataset.pauses);
    for (var i = 0; i < pauses.length; i++) {
      if (Date.parse(pauses[i][0]) <= now && now < Date.parse(pauses[i][1])) return pauses[i][2];
    }
    return null;
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll(".clock[data-deadline]").forEach(function (el) {
      var deadline = Date.parse(el.dataset.deadline);
      var left = (deadline - now) / 1000;
      var paused = pauseAt(el, now);
      el.classList.toggle("paused", !!paused);
      if (paused) {
        el.textContent = paused;
        el.classList.remove("low");
        return;
      }
      el.textContent = human(left);
      var started = el.dataset.started ? Date.parse(el.dataset.started) : NaN;
      var used = isNaN(started) || deadline <= started ? 1 : (now - started) / (deadline - started);
      el.classList.toggle("low", left <= 0 || used >= LOW_SHARE_USED);
    });
  }

  // Moves that cannot be undone ask first: <form data-confirm="Cancel this table?">.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // The new-table form offers an option only for the player counts it matters for.
  function showOptionsForPlayers() {
    var select = document.querySelector("select[name=max_players]");
    if (!select) return;
    document.querySelectorAll("[data-players]").forEach(function (field) {
      field.hidden = field.dataset.players.split(" ").indexOf(select.value) < 0;
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target.name === "max_players") showOptionsForPlayers();
  });
  document.addEventListener("DOMContentLoaded", showOptionsForPlayers);

  // The tab's title says how many games wait for me, and when this one does:
  // "(2) Your turn · Coup #4 · Tabletop".
  var baseTitle = document.title;
  function retitle() {
    var counter = document.getElementById("waiting-count");
    var count = counter ? parseInt(counter.dataset.count || "0", 10) : 0;
    var mine = document.querySelector(".status-line.my-turn");
    document.title = (count > 0 ? "(" + count + ") " : "") + (mine ? "Your turn · " : "") + baseTitle;
  }

  document.addEventListener("DOMContentLoaded", function () { tick(); retitle(); });
  // Once the game is over, the standing orders have nothing left to answer.
  function dropOrdersWhenOver() {
    var board = document.getElementById("board");
    if (board && board.dataset.status && board.dataset.status !== "active") {
      document.querySelectorAll("details.orders").forEach(function (el) { el.remove(); });
    }
  }

  document.addEventListener("htmx:afterSettle", function () { tick(); retitle(); dropOrdersWhenOver(); });

  // Sign-up takes the new player's time zone from the browser (validated by
  // the site, changed in the settings).
  document.addEventListener("DOMContentLoaded", function () {
    var field = document.querySelector("input[data-guess-zone]");
    if (!field || field.value || !window.Intl) return;
    field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  });

  // A form sent back with errors: focus goes to its summary, which says what to correct.
  document.addEventListener("DOMContentLoaded", function () {
    var summary = document.querySelector("[data-error-summary]");
    if (summary) summary.focus();
  });

  // Focus across live updates. HTMX replaces a region (the board after a
  // move or the poll, the lobby's list, the waiting room, the header's
  // count) and the focused control goes with it, dropping focus to <body>.
  // Before the swap we remember what had focus inside the region; after it,
  // the same control gets focus back if it is still there, else the
  // region's fallback (the board's status line, which holds the question
  // when it is my turn).
  // Keyed by the region's id: the header's count and the board may be
  // redrawn at the same moment.
  var remembered = {};

  function describe(el) {
    return {
      id: el.id,
      tag: el.tagName.toLowerCase(),
      name: el.getAttribute("name"),
      value: el.getAttribute("value"),
      href: el.getAttribute("href"),
      text: (el.textContent || "").trim()
    };
  }

  function find(region, key) {
    if (key.id) return document.getElementById(key.id);
    var candidates = region.querySelectorAll(key.tag);
    for (var i = 0; i < candidates.length; i++) {
      var c = candidates[i];
      if (key.name) {
        if (c.getAttribute("name") === key.name && c.getAttribute("value") === key.value) return c;
      } else if (key.href) {
        if (c.getAttribute("href") === key.href) return c;
      } else if ((c.textContent || "").trim() === key.text) {
        return c;
      }
    }
    return null;
  }

  function isMyTurn(region) {
    return !!region.querySelector(".status-line.my-turn");
  }

  // Two redraws of one region can overlap (a poll's answer arriving while
  // the last one settles): the first's snapshot is kept, and focus is
  // restored once the last of them has settled.
  var pending = {};

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    // A poll's "nothing new" (204) comes here too, and is never swapped.
    if (!event.detail.shouldSwap || !target || !target.id) return;
    var active = document.activeElement;
    var inside = !!active && active !== target && target.contains(active);
    var lost = !active || active === document.body || active === target;
    pending[target.id] = (pending[target.id] || 0) + 1;
    if (remembered[target.id]) return;
    remembered[target.id] = {
      anchor: anchorOf(target),
      // Focus elsewhere on the page (a form being filled in) is left alone.
      mine: inside || lost,
      key: inside ? describe(active) : null,
      log: newestLogEntry(target),
      status: statusText(target)
    };
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    if (target && target.id && pending[target.id]) pending[target.id] -= 1;
    Object.keys(remembered).forEach(function (id) {
      if (pending[id]) return;
      var before = remembered[id];
      delete remembered[id];
      var region = document.getElementById(id);
      if (!region) return;
      keepInPlace(region, before.anchor);
      announceChanges(region, before);
      if (before.mine) {
        var el = before.key ? find(region, before.key) : null;
        if (!el && (before.key || isMyTurn(region))) {
          el = region.matches("[data-focus-fallback]") ? region : region.querySelector("[data-focus-fallback]");
        }
        // Focus moves without scrolling: the player stays where they were.
        if (el && document.activeElement !== el) el.focus({ preventScroll: true });
      }
    });
  });

  // A redraw must not move the page under the player's eyes (on a phone a
  // hand sits far below the top of the board, and the board above it
  // changes height with the turn). Browsers that anchor scrolling keep the
  // content in place by themselves; elsewhere (Safari) the element in the
  // middle of the screen is found again after the redraw, by its id or its
  // piece's name, and the page scrolled back under it.
  var ANCHORS_ITSELF = !!(window.CSS && CSS.supports && CSS.supports("overflow-anchor", "auto"));

  function anchorOf(region) {
    if (ANCHORS_ITSELF) return null;
    var el = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
    el = el && el.closest("[id], [data-piece], [data-marked]");
    if (!el || !region.contains(el) || el === region) return null;
    var selector = el.id ? "#" + CSS.escape(el.id)
      : el.dataset.piece ? "[data-piece='" + CSS.escape(el.dataset.piece) + "']"
      : "[data-marked='" + CSS.escape(el.dataset.marked) + "']";
    return { selector: selector, top: el.getBoundingClientRect().top };
  }

  function keepInPlace(region, anchor) {
    if (!anchor) return;
    var el = region.querySelector(anchor.selector);
    if (el) window.scrollBy(0, el.getBoundingClientRect().top - anchor.top);
  }

  // The one live region (#live, outside every redrawn part) says what
  // changed: the new lines of the game log, then the question when it has
  // become my turn ("carl takes Income. Your turn: take an action.").
  function newestLogEntry(region) {
    var entries = region.querySelectorAll(".log li[value]");
    var newest = -1;
    for (var i = 0; i < entries.length; i++) newest = Math.max(newest, parseInt(entries[i].getAttribute("value"), 10));
    return newest;
  }

  function statusText(region) {
    var line = region.querySelector(".status-line");
    if (!line) return "";
    var copy = line.cloneNode(true);
    copy.querySelectorAll("a, form").forEach(function (el) { el.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function announce(text) {
    var live = document.getElementById("live");
    if (!live || !text) return;
    // Emptied first, so that the same words said twice are read twice.
    live.textContent = "";
    window.setTimeout(function () { live.textContent = text; }, 50);
  }

  // A change drawn in place (a follow) says what it did: HX-Trigger {"announce": text}.
  document.addEventListener("announce", function (event) { announce(event.detail.value); });

  // A follow control just redrawn: the page's other controls for the same
  // person (their seat, their other chat lines) take its new state, each
  // keeping its own id, place and way back.
  document.addEventListener("follow-changed", function (event) {
    var fresh = document.getElementById(event.detail.id);
    if (!fresh) return;
    document.querySelectorAll("form.follow-toggle").forEach(function (form) {
      if (form === fresh || form.dataset.follow !== fresh.dataset.follow) return;
      var copy = fresh.cloneNode(true);
      copy.id = form.id;
      copy.querySelector("button").id = form.id + "-button";
      ["place", "next"].forEach(function (name) {
        copy.querySelector("input[name=" + name + "]").value = form.querySelector("input[name=" + name + "]").value;
      });
      form.replaceWith(copy);
      htmx.process(copy);
    });
  });

  function announceChanges(region, before) {
    if (!region.querySelector(".status-line")) return;
    var parts = [];
    region.querySelectorAll(".log li[value]").forEach(function (li) {
      if (parseInt(li.getAttribute("value"), 10) > before.log) {
        li.querySelectorAll(".line").forEach(function (line) {
          parts.push(line.textContent.replace(/\s+/g, " ").trim());
        });
      }
    });
    var status = statusText(region);
    if (status && (status !== before.status || parts.length)) parts.push(status);
    announce(parts.join(" "));
  }
  // When the site cannot answer (its database or the network away), HTMX
  // swaps nothing (base.html's responseHandling: no 5xx is drawn), so the
  // board stays as it was; a notice says so, the polls go on, and the first
  // answer that comes back takes the notice away.
  var OUTAGE_ID = "outage-notice";

  function showOutage(verb) {
    var text = verb === "get"
      ? "The site cannot be reached just now. The page stays as it was and will update by itself once it answers again."
      : "That could not be sent: the site cannot be reached just now. Please try again in a moment.";
    var notice = document.getElementById(OUTAGE_ID);
    if (notice && notice.textContent === text) return;  // said once, not at every poll
    var holder = document.getElementById("notice");
    if (!holder) return;
    if (notice) notice.remove();
    notice = document.createElement("div");
    notice.id = OUTAGE_ID;
    notice.className = "flash warning";
    notice.setAttribute("role", "alert");
    notice.textContent = text;
    holder.appendChild(notice);
  }

  function unreachable(event) {
    var xhr = event.detail.xhr;
    if (event.type === "htmx:sendError" || (xhr && xhr.status >= 500)) {
      var config = event.detail.requestConfig || {};
      showOutage((config.verb || "get").toLowerCase());
    }
  }
  document.addEventListener("htmx:responseError", unreachable);
  document.addEventListener("htmx:sendError", unreachable);
  document.addEventListener("htmx:afterRequest", function (event) {
    var notice = document.getElementById(OUTAGE_ID);
    if (notice && event.detail.successful) notice.remove();
  });


  // A board piece with several moves opens a small menu beside it
  // (<details class="piece-menu">): one open at a time, turned to the left
  // when it would leave the window, closed by Escape (focus back on the
  // piece) or a click elsewhere.
  function closeMenus(except) {
    document.querySelectorAll("details.piece-menu[open]").forEach(function (menu) {
      if (menu !== except) menu.open = false;
    });
  }
  // The menu opens on screen: turned to the left when it would leave the
  // window on the right (but not so far that it leaves it on the left), and
  // the page scrolled just enough to show all of it when it opens below the
  // fold (on a phone, a hand's menu opens under the card).
  document.addEventListener("toggle", function (event) {
    var menu = event.target;
    if (!menu.matches || !menu.matches("details.piece-menu") || !menu.open) return;
    closeMenus(menu);
    menu.classList.remove("flip");
    var list = menu.querySelector(".piece-moves");
    if (!list) return;
    var width = document.documentElement.clientWidth;
    if (list.getBoundingClientRect().right > width) {
      menu.classList.add("flip");
      if (list.getBoundingClientRect().left < 0) menu.classList.remove("flip");
    }
    var box = list.getBoundingClientRect();
    if (box.bottom > window.innerHeight || box.top < 0) {
      list.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }, true);
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var menu = event.target.closest && event.target.closest("details.piece-menu[open]");
    if (!menu) return;
    menu.open = false;
    menu.querySelector("summary").focus();
  });
  document.addEventListener("click", function (event) {
    var inside = event.target.closest && event.target.closest("details.piece-menu");
    closeMenus(inside);
  });

  setInterval(tick, 1000);
})();

// Live pages. A page with changes to hear opens one event stream
// (<body hx-ext="sse" sse-connect="/live/?channel=...">, HTMX's SSE
// extension). Its parts listen to it: the board and the waiting room redraw
// on a `table` event newer than what they show, the chat and the header's
// count and the lobby's games on their own events and whenever the stream
// opens (reading what they may have missed). While no stream can be had (a
// proxy that buffers, the stream server or its Redis down), the page polls
// every LIVE_POLL_SECONDS instead (a `live-poll` event on <body> that the
// same parts listen to), says nothing about it, and goes back to the
// stream as soon as one opens again.
(function () {
  "use strict";
  if (!window.htmx || !window.EventSource) return;

  // A stream whose server has not said "stream-open" this long after the
  // connection opened is held by something that buffers.
  var SILENT_MS = 10000;
  var pollTimer = null, failures = 0, silentTimer = null;
  var watched = typeof WeakSet === "function" ? new WeakSet() : null;

  function pollSeconds() {
    return parseInt(document.body.dataset.livePoll || "15", 10);
  }

  function poll() { htmx.trigger(document.body, "live-poll"); }

  function startPolling() {
    if (pollTimer) return;
    document.body.dataset.liveMode = "polling";
    poll();  // at once: whatever the stream did not bring
    pollTimer = window.setInterval(poll, pollSeconds() * 1000);
  }

  function stopPolling() {
    document.body.dataset.liveMode = "stream";
    if (!pollTimer) return;
    window.clearInterval(pollTimer);
    pollTimer = null;
  }

  // The part of the page showing a table, and the revision it shows.
  function tableParts() {
    return document.querySelectorAll("[data-live-table][data-revision]");
  }

  // "table-5:12,..." -> 12 for table 5.
  function revisionIn(lastEventId, tableId) {
    var parts = (lastEventId || "").split(",");
    for (var i = 0; i < parts.length; i++) {
      var pair = parts[i].split(":");
      if (pair[0] === "table-" + tableId) return parseInt(pair[1], 10);
    }
    return NaN;
  }

  // The newest revision of each table the stream has told of.
  var newest = {};

  function redrawIfBehind() {
    var behind = false;
    tableParts().forEach(function (part) {
      if (newest[part.dataset.liveTable] > parseInt(part.dataset.revision, 10)) behind = true;
    });
    if (behind) htmx.trigger(document.body, "table-changed");
  }

  function onTable(event) {
    var unsaid = false;
    tableParts().forEach(function (part) {
      var id = part.dataset.liveTable;
      var revision = revisionIn(event.lastEventId, id);
      if (isNaN(revision)) unsaid = true;
      else newest[id] = Math.max(newest[id] || 0, revision);
    });
    // An event about this very change (the answer to my own move already
    // drew it) redraws nothing.
    if (unsaid) htmx.trigger(document.body, "table-changed");
    else redrawIfBehind();
  }

  // A redraw that answers late (begun before a move, or dropped while
  // another was on its way) can leave the board older than what the stream
  // said: then it is drawn again.
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    if (target && target.matches && target.matches("[data-live-table]")) redrawIfBehind();
  });

  function watch(source) {
    if (watched) {
      if (watched.has(source)) return;
      watched.add(source);
    }
    source.addEventListener("stream-open", function () {
      window.clearTimeout(silentTimer);
      failures = 0;
      stopPolling();
    });
    source.addEventListener("table", onTable);
  }

  document.addEventListener("htmx:sseOpen", function (event) {
    watch(event.detail.source);
    window.clearTimeout(silentTimer);
    silentTimer = window.setTimeout(startPolling, SILENT_MS);
  });

  document.addEventListener("htmx:sseError", function (event) {
    var source = event.detail.source;
    failures += 1;
    // Closed: the server refused it (the extension tries again later, ever
    // more slowly). Open but failing again: something between us cuts it.
    if (!source || source.readyState === EventSource.CLOSED || failures >= 2) startPolling();
  });

  // A stream made again by the extension (after the server refused one)
  // resumes from what the page shows now, as the browser's own reconnect
  // does from the last event it had.
  htmx.createEventSource = function (url) {
    var shown = [];
    tableParts().forEach(function (part) {
      shown.push("table-" + part.dataset.liveTable + ":" + part.dataset.revision);
    });
    if (shown.length) {
      url = url.replace(/([?&]lastEventId=)[^&]*/, "$1" + encodeURIComponent(shown.join(",")));
    }
    return new EventSource(url, { withCredentials: true });
  };
})();
