// The table chat's message box: Ctrl+Enter (or Cmd+Enter) sends, and after a
// message is sent the box is ready for the next one.
(function () {
  "use strict";

  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (box.id !== "chat-text" || event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (box.form && box.value.trim()) box.form.requestSubmit();
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var form = event.detail.elt;
    if (!form || form.id !== "chat-form") return;
    var box = document.getElementById("chat-text");
    if (box && event.detail.successful && !box.value) box.focus();
  });
})();
