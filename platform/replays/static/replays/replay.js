// The replay's keys: arrows step back and forward, Home and End go to the
// deal and the last move. Each key clicks the matching link, so it works the
// same with HTMX (the step is swapped in) or without (the page loads).
(function () {
  "use strict";

  var KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || (target && target.isContentEditable);
  }

  document.addEventListener("keydown", function (event) {
    var step = KEYS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (typing(event.target)) return;
    var link = document.querySelector('.replay-nav [data-step="' + step + '"][href]');
    if (!link) return;
    event.preventDefault();
    link.click();
  });

  // The links are swapped with the step: keep the focus on the same button
  // (or on Forward/Back when the one used is now at the end of the game).
  var focused = null;
  document.addEventListener("htmx:beforeRequest", function () {
    var active = document.activeElement;
    focused = active && active.dataset ? active.dataset.step || null : null;
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.target || event.target.id !== "replay-step") return;
    // The address names the step shown, so it can be shared or reloaded.
    // (By hand rather than hx-push-url: htmx's history snapshot trips our CSP.)
    var path = event.detail.pathInfo && event.detail.pathInfo.requestPath;
    if (path && path !== location.pathname + location.search) history.pushState({ replay: true }, "", path);
    if (!focused) return;
    var again = document.querySelector('.replay-nav [data-step="' + focused + '"][href]') ||
      document.querySelector(".replay-nav [data-step][href]");
    if (again) again.focus();
    focused = null;
  });

  // Back and forward in the browser's history load the step of that address.
  window.addEventListener("popstate", function () {
    if (document.getElementById("replay-step")) location.reload();
  });
})();
