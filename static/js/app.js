// The installable app and push notifications, on every page:
// - registers the service worker (/sw.js: offline page, kept static files,
//   notifications);
// - offers "Install the app" in the footer where the browser can install
//   it (beforeinstallprompt), and nowhere else;
// - turns notifications on for this device: the browser's permission
//   prompt, then a subscription with the site's key, then the site is told
//   (POST /api/push/subscriptions), from the settings page or from the
//   offer shown once after the player's first move (never on page load).
(function () {
  "use strict";

  var KEY_URL = "/api/push/key";
  var SUBSCRIPTIONS_URL = "/api/push/subscriptions";
  var OFFER_URL = "/push/offer/";
  // Set once the offer after a move was answered or dismissed on this device.
  var ASKED = "tabletop-push-offer-answered";

  var canWork = "serviceWorker" in navigator;
  var canPush = canWork && "PushManager" in window && "Notification" in window;

  if (canWork) {
    navigator.serviceWorker.register("/sw.js").catch(function () {
      // No worker (a private window, a browser setting): the site works as before.
    });
  }

  // -- install ---------------------------------------------------------------

  var installEvent = null;

  function installButton() {
    return document.getElementById("install-app");
  }

  window.addEventListener("beforeinstallprompt", function (event) {
    // No banner of the browser's own: the footer's button is the offer.
    event.preventDefault();
    installEvent = event;
    var button = installButton();
    if (button) button.hidden = false;
  });

  window.addEventListener("appinstalled", function () {
    installEvent = null;
    var button = installButton();
    if (button) button.hidden = true;
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#install-app");
    if (!button || !installEvent) return;
    // An offer is asked once: the browser's own dialog takes it from here, and
    // should the player decline, the browser may offer again later.
    var offered = installEvent;
    installEvent = null;
    button.hidden = true;
    offered.prompt();
  });

  // -- notifications -----------------------------------------------------------

  function urlKey(text) {
    var padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), function (c) { return c.charCodeAt(0); });
  }

  function csrfToken() {
    var cookie = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    if (cookie) return decodeURIComponent(cookie[1]);
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  // "Chromium on Linux", "Safari on iOS": how the settings name this device.
  function deviceLabel() {
    var ua = navigator.userAgent;
    var data = navigator.userAgentData;
    var browser = "A browser";
    var brands = data && data.brands ? data.brands.map(function (b) { return b.brand; }) : [];
    var named = ["Microsoft Edge", "Opera", "Brave", "Vivaldi", "Google Chrome", "Chromium"];
    var brand = named.filter(function (name) { return brands.indexOf(name) >= 0; })[0];
    if (brand) browser = brand.replace("Google ", "").replace("Microsoft ", "");
    else if (/Edg\//.test(ua)) browser = "Edge";
    else if (/Firefox\//.test(ua)) browser = "Firefox";
    else if (/Chrome\//.test(ua)) browser = "Chrome";
    else if (/Safari\//.test(ua)) browser = "Safari";
    var system = data && data.platform ? data.platform
      : /Android/.test(ua) ? "Android"
      : /iPhone|iPad|iPod/.test(ua) ? "iOS"
      : /Mac OS X/.test(ua) ? "macOS"
      : /Windows/.test(ua) ? "Windows"
      : /Linux/.test(ua) ? "Linux" : "";
    return system ? browser + " on " + system : browser;
  }

  function currentSubscription() {
    return navigator.serviceWorker.getRegistration().then(function (registration) {
      return registration ? registration.pushManager.getSubscription() : null;
    });
  }

  var SAID = {
    off: "Notifications are off on this site.",
    denied: "Notifications are blocked for this site: allow them in your browser's settings for this site, then try again.",
    dismissed: "No notifications then. You can turn them on any time from your settings.",
    failed: "Notifications could not be turned on just now. Please try again later."
  };

  // The whole flow; resolves with the subscription the site now knows.
  function turnOn() {
    return fetch(KEY_URL, { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("off");
        return response.json();
      })
      .then(function (key) {
        return Notification.requestPermission().then(function (permission) {
          if (permission !== "granted") throw new Error(permission === "denied" ? "denied" : "dismissed");
          return navigator.serviceWorker.ready;
        }).then(function (registration) {
          return registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: urlKey(key.public_key)
          });
        });
      })
      .then(function (subscription) {
        var json = subscription.toJSON();
        return fetch(SUBSCRIPTIONS_URL, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
          body: JSON.stringify({ endpoint: json.endpoint, keys: json.keys, label: deviceLabel() })
        }).then(function (response) {
          if (!response.ok) throw new Error("failed");
          return subscription;
        });
      });
  }

  function why(error) {
    return SAID[error && error.message] || SAID.failed;
  }

  // The settings page: which device this is, and its switch.
  function settingsPanel() {
    var button = document.querySelector(".push-panel [data-push-enable]");
    if (!button) return;
    var status = document.querySelector(".push-panel [data-push-status]");
    if (!canPush) {
      status.textContent = "This browser cannot get notifications from the site.";
      return;
    }
    if (Notification.permission === "denied") {
      status.textContent = SAID.denied;
      return;
    }
    currentSubscription().then(function (subscription) {
      var mine = null;
      document.querySelectorAll(".devices li[data-endpoint]").forEach(function (item) {
        if (subscription && item.dataset.endpoint === subscription.endpoint) mine = item;
      });
      if (mine && Notification.permission === "granted") {
        mine.querySelector(".this-device").hidden = false;
        status.textContent = "This device gets notifications.";
      } else {
        button.hidden = false;
      }
    });
    button.addEventListener("click", function () {
      button.disabled = true;
      status.textContent = "Asking your browser…";
      turnOn().then(function () {
        status.textContent = "This device gets notifications now.";
        window.location.reload();
      }, function (error) {
        button.disabled = false;
        status.textContent = why(error);
      });
    });
  }
  document.addEventListener("DOMContentLoaded", settingsPanel);

  // The offer after a move: only where the browser could take notifications,
  // has not been asked (by us or by the browser), is not subscribed, and the
  // site sends them to this player.
  function answered() {
    try {
      window.localStorage.setItem(ASKED, "1");
    } catch (error) { /* storage off: the offer may come again */ }
  }

  function wasAnswered() {
    try {
      return window.localStorage.getItem(ASKED) === "1" || window.sessionStorage.getItem(ASKED) === "1";
    } catch (error) {
      return true;
    }
  }

  function showOffer(html) {
    var holder = document.getElementById("notice");
    if (!holder || document.getElementById("push-offer")) return;
    holder.insertAdjacentHTML("afterend", html);
    var offer = document.getElementById("push-offer");
    var status = offer.querySelector("[data-push-status]");
    offer.querySelector("[data-push-dismiss]").addEventListener("click", function () {
      answered();
      offer.remove();
    });
    offer.querySelector("[data-push-enable]").addEventListener("click", function (event) {
      answered();
      event.target.disabled = true;
      turnOn().then(function () {
        status.textContent = "This device gets notifications now. Change it any time in your settings.";
        offer.querySelectorAll("button").forEach(function (b) { b.remove(); });
      }, function (error) {
        status.textContent = why(error);
        offer.querySelectorAll("button").forEach(function (b) { b.remove(); });
      });
    });
  }

  function maybeOffer() {
    if (!canPush || Notification.permission !== "default" || wasAnswered()) return;
    currentSubscription().then(function (subscription) {
      if (subscription) return null;
      return fetch(OFFER_URL, { credentials: "same-origin" }).then(function (response) {
        if (response.status !== 200) {
          // Off on the site, or not wanted: not asked again in this visit.
          try { window.sessionStorage.setItem(ASKED, "1"); } catch (error) { /* nothing */ }
          return null;
        }
        return response.text().then(showOffer);
      });
    }).catch(function () { /* the offer is not worth an error */ });
  }

  // A move played on the board: its post to /tables/<id>/move/ answered 2xx.
  // (The form it came from is gone by then: the board was redrawn.)
  var MOVE = /^\/tables\/\d+\/move\/$/;
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail || {};
    var config = detail.requestConfig || {};
    var played = config.verb === "post" && MOVE.test((config.path || "").split("?")[0]);
    if (played && detail.xhr && detail.xhr.status >= 200 && detail.xhr.status < 300) maybeOffer();
  });
})();
