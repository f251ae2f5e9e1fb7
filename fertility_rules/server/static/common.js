"use strict";
/* What both pages share: the language, the page's own words, errors, small DOM helpers.
   Every text from the server is set with textContent, never parsed as HTML. */
var Page = (function () {
  var LANGUAGES = [["en", "English"], ["fr", "Français"], ["pl", "Polski"], ["nl", "Nederlands"]];
  var query = new URLSearchParams(location.search);
  var asked = (query.get("lang") || navigator.language || "en").slice(0, 2).toLowerCase();
  var language = LANGUAGES.some(function (l) { return l[0] === asked; }) ? asked : "en";
  var texts = {};

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  function fill(key, values) {
    var template = texts[key] || key;
    return template.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  function clear(node) {
    while (node.firstChild) { node.removeChild(node.firstChild); }
  }

  function showError(box, error) {
    var message = box.querySelector("[id$=error-message]") || box;
    var list = box.querySelector("[id$=error-problems]");
    message.textContent = error.message + (error.rule ? " (" + error.rule + ")" : "");
    if (list) {
      clear(list);
      (error.problems || []).forEach(function (problem) {
        var line = problem.path + ": " + problem.message + (problem.rule ? " (" + problem.rule + ")" : "");
        list.appendChild(element("li", "", line));
      });
    }
    box.hidden = false;
  }

  function withLanguage(url, code) {
    var target = new URL(url, location.href);
    target.searchParams.set("lang", code);
    return target.pathname + target.search + target.hash;
  }

  async function start() {
    document.documentElement.lang = language;
    var select = document.getElementById("language");
    LANGUAGES.forEach(function (entry) {
      var option = element("option", "", entry[1]);
      option.value = entry[0];
      option.selected = entry[0] === language;
      select.appendChild(option);
    });
    select.addEventListener("change", function () {
      location.assign(withLanguage(location.href, select.value));
    });
    var response = await fetch("/texts?lang=" + language);
    texts = await response.json();
    document.querySelectorAll("[data-text]").forEach(function (node) {
      node.textContent = texts[node.getAttribute("data-text")] || node.textContent;
    });
    document.querySelectorAll("[data-alt]").forEach(function (node) {
      node.setAttribute("alt", texts[node.getAttribute("data-alt")] || "");
    });
  }

  async function call(method, url, body) {
    var options = {method: method, headers: {"Accept": "application/json"}};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    var response = await fetch(url + (url.indexOf("?") < 0 ? "?" : "&") + "lang=" + language, options);
    var data = await response.json();
    return {ok: response.ok, status: response.status, data: data};
  }

  return {
    language: function () { return language; },
    text: function (key) { return texts[key] || key; },
    fill: fill, element: element, clear: clear, showError: showError,
    withLanguage: withLanguage, start: start, call: call
  };
})();
