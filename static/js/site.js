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

  function tick() {
    var now = Date.now();
    document.querySelectorAll(".clock[data-deadline]").forEach(function (el) {
      var deadline = Date.parse(el.dataset.deadline);
      var left = (deadline - now) / 1000;
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
  setInterval(tick, 1000);
})();
