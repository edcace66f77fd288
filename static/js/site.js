// Keeps the "time left" clocks ticking between page updates.
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

  function tick() {
    var now = Date.now();
    document.querySelectorAll(".clock[data-deadline]").forEach(function (el) {
      var left = (Date.parse(el.dataset.deadline) - now) / 1000;
      el.textContent = human(left);
      el.classList.toggle("low", left < 3600);
    });
  }

  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSettle", tick);
  setInterval(tick, 1000);
})();
