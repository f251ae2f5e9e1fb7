"use strict";
/* The web table: one seat's view, drawn by the server, its grouped choices to click, undo
   requests and answers, errors and the final score sheet. The token stays in the page's
   fragment (#token=…), which browsers never send in requests or referrers. */
(function () {
  var query = new URLSearchParams(location.search);
  var tableId = query.get("table") || "";
  var token = new URLSearchParams(location.hash.slice(1)).get("token");  /* see tokenOf */
  var socket = null;
  var retry = 0;
  var shown = null;
  var path = [];
  var logged = {};
  var movesLogged = {};
  var closedForGood = false;
  var lastSent = null;
  var resend = null;
  var $ = function (id) { return document.getElementById(id); };

  function send(frame) {
    $("error").hidden = true;
    clearTimeout(resend);
    if (socket && socket.readyState === WebSocket.OPEN) {
      lastSent = JSON.stringify(frame);
      socket.send(lastSent);
      document.body.classList.add("busy");
    }
  }

  function refused(message) {
    // A frame refused for the socket's message rate is sent again once the wait is over;
    // any other refusal is shown.
    if (message.retry_after !== undefined && lastSent !== null) {
      var frame = lastSent;
      document.body.classList.add("busy");
      resend = setTimeout(function () {
        if (socket && socket.readyState === WebSocket.OPEN) { socket.send(frame); }
      }, 1000 * message.retry_after + 20);
      return;
    }
    Page.showError($("error"), message);
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var url = scheme + location.host + "/tables/" + encodeURIComponent(tableId) +
      "/socket?lang=" + Page.language() + (token ? "&token=" + encodeURIComponent(token) : "");
    socket = new WebSocket(url);
    socket.addEventListener("open", function () { retry = 0; $("lost").hidden = true; });
    socket.addEventListener("message", function (event) {
      var message = JSON.parse(event.data);
      document.body.classList.remove("busy");
      if (message.type === "view") { lastSent = null; show(message); }
      else if (message.type === "error") { refused(message); }
    });
    socket.addEventListener("close", function (event) {
      // Refused at its opening (4000 + the HTTP status): nothing to retry. Otherwise the
      // page connects again by itself, waiting longer after each failure (up to 8 s).
      if (event.code >= 4000) { closedForGood = true; return; }
      if (closedForGood) { return; }
      $("lost").hidden = false;
      retry += 1;
      setTimeout(connect, Math.min(8000, 300 * Math.pow(2, retry)));
    });
  }

  function seatName(message, seat) { return message.seats[seat].name; }

  function showPicture(message) {
    // Bots may move several times in a row: draw only the position that stays.
    setTimeout(function () {
      if (!shown || shown.version !== message.version) { return; }
      var url = "/tables/" + encodeURIComponent(tableId) + "/picture?lang=" + Page.language() +
        "&v=" + message.version;
      var next = new Image();
      next.addEventListener("load", function () {
        if (shown && shown.version === message.version) { $("picture").src = url; }
      });
      next.src = url;
    }, 120);
  }

  function showDeal(message) {
    // A seed chosen by the table's maker, or a saved game, tells the hidden order of the
    // piles: every seat is shown that the deal is known.
    $("deal").hidden = !message.open_seed;
    if (!message.open_seed) { return; }
    $("deal").textContent = message.seed === undefined ? Page.text("page.deal.record") :
      Page.fill("page.deal.seed", {seed: message.seed});
  }

  function showSeats(message) {
    var list = $("seats");
    Page.clear(list);
    message.seats.forEach(function (seat, index) {
      var item = Page.element("li", index === message.decider ? "deciding" : "");
      item.appendChild(Page.element("span", "name", seat.name));
      var kind = seat.kind === "bot" ? Page.fill("table.bot", {agent: seat.agent}) :
        seat.kind === "open" && !seat.taken ? Page.text("table.open") : Page.text("table.person");
      item.appendChild(Page.element("span", "kind", kind));
      if (index === message.seat) { item.classList.add("me"); }
      list.appendChild(item);
    });
    $("role").textContent = message.seat === null ? Page.text("table.watching") :
      Page.fill("table.you", {player: seatName(message, message.seat)});
  }

  function level(message) {
    var items = message.choices;
    var titles = [];
    for (var i = 0; i < path.length; i += 1) {
      var group = items.filter(function (item) { return item.key === path[i]; })[0];
      if (!group) { path = path.slice(0, i); break; }
      titles.push(group.title);
      items = group.items;
    }
    return {items: items, titles: titles};
  }

  function showChoices(message) {
    var box = $("choices");
    var crumbs = $("crumbs");
    Page.clear(box);
    Page.clear(crumbs);
    var here = level(message);
    if (path.length) {
      var back = Page.element("button", "secondary back", "← " + Page.text("table.back"));
      back.type = "button";
      back.addEventListener("click", function () { path.pop(); showChoices(message); });
      crumbs.appendChild(back);
      crumbs.appendChild(Page.element("span", "crumb", here.titles.join(" › ")));
    }
    here.items.forEach(function (item) {
      var button = Page.element("button", "choice");
      button.type = "button";
      var title = null;
      if (item.items && countOptions(item) === 1) {
        title = item.title;  // a group of one option: the option itself, under its title
        item = onlyOption(item);
      }
      if (item.items) {
        button.appendChild(Page.element("span", "label", item.title));
        button.appendChild(Page.element("span", "count", String(countOptions(item))));
        button.addEventListener("click", function () { path.push(item.key); showChoices(message); });
      } else {
        button.classList.add("option");
        var label = Page.element("span", "label");
        if (title) { label.appendChild(Page.element("strong", "", title)); }
        label.appendChild(Page.element("span", "", item.text));
        button.appendChild(label);
        button.appendChild(Page.element("code", "notation", item.notation));
        button.setAttribute("data-notation", item.notation);
        button.addEventListener("click", function () {
          send({type: "move", move: item.notation, ply: message.ply});
        });
      }
      box.appendChild(button);
    });
  }

  function onlyOption(group) {
    return group.items[0].items ? onlyOption(group.items[0]) : group.items[0];
  }

  function countOptions(group) {
    return group.items.reduce(function (total, item) {
      return total + (item.items ? countOptions(item) : 1);
    }, 0);
  }

  function showUndo(message) {
    var box = $("undo");
    var undo = message.undo;
    var mine = message.seat !== null && message.seats[message.seat].kind !== "bot";
    box.hidden = !undo || !mine;
    if (!undo) { return; }
    var waitingForMe = undo.waiting.indexOf(message.seat) >= 0;
    $("undo-text").textContent = undo.seat === message.seat ? Page.text("table.undo.waiting") :
      Page.fill("table.undo.asked", {player: seatName(message, undo.seat), n: undo.ply + 1});
    $("accept").hidden = !waitingForMe;
    $("refuse").hidden = !waitingForMe;
  }

  function showScores(message) {
    var box = $("scores");
    box.hidden = !message.over;
    if (!message.over) { return; }
    var table = $("score-table");
    Page.clear(table);
    var head = Page.element("tr");
    [Page.text("table.rank"), Page.text("table.player")].concat(
      message.stages.map(function (stage) { return stage.label; }), [Page.text("table.total")]
    ).forEach(function (label) { head.appendChild(Page.element("th", "", label)); });
    table.appendChild(head);
    message.scores.players.slice().sort(function (a, b) { return a.rank - b.rank; })
      .forEach(function (sheet) {
        var row = Page.element("tr", sheet.rank === 1 ? "winner" : "");
        row.appendChild(Page.element("td", "rank", String(sheet.rank)));
        row.appendChild(Page.element("td", "", sheet.name));
        message.stages.forEach(function (stage) {
          row.appendChild(Page.element("td", "number", String(sheet.stages[stage.key])));
        });
        row.appendChild(Page.element("td", "number total", String(sheet.total)));
        table.appendChild(row);
      });
    $("record").setAttribute("href", "/tables/" + encodeURIComponent(tableId) + "/record");
  }

  function showLog(message) {
    if (!message.last || logged[message.version]) { return; }
    logged[message.version] = true;
    if (message.last.type === "move") {
      if (movesLogged[message.ply - 1]) { return; }
      movesLogged[message.ply - 1] = true;
    } else {
      // Moves taken back: the moves played next are new ones.
      Object.keys(movesLogged).forEach(function (index) {
        if (Number(index) >= message.ply) { delete movesLogged[index]; }
      });
    }
    var item = Page.element("li", "event-" + message.last.type, message.last.text);
    $("log").insertBefore(item, $("log").firstChild);
  }

  async function showHistory() {
    // The moves played before the page was opened, below the events seen live.
    var answer = await Page.call("GET", "/tables/" + encodeURIComponent(tableId) + "/moves");
    if (!answer.ok) { return; }
    for (var index = answer.data.moves.length - 1; index >= 0; index -= 1) {
      if (movesLogged[index]) { continue; }
      movesLogged[index] = true;
      $("log").appendChild(Page.element("li", "event-move", answer.data.moves[index].text));
    }
  }

  function show(message) {
    var fresh = !shown || shown.version !== message.version;
    if (fresh) { path = []; }
    shown = message;
    document.title = message.status;
    $("status").textContent = message.status;
    if (fresh) { showPicture(message); }
    showSeats(message);
    showDeal(message);
    showLog(message);
    var deciding = Boolean(message.choices);
    $("decision").hidden = !deciding;
    if (deciding) { showChoices(message); }
    var person = message.seat !== null && message.seats[message.seat].kind !== "bot";
    $("waiting").hidden = deciding || message.over;
    if (!deciding && !message.over) {
      $("waiting").textContent = Page.fill("table.waiting", {player: seatName(message, message.decider)});
    }
    $("actions").hidden = !person || message.over;
    $("take-back").disabled = Boolean(message.undo) || message.ply === 0;
    showUndo(message);
    showScores(message);
  }

  function tokenOf(hash) {
    return new URLSearchParams(hash.slice(1)).get("token");
  }

  // A seat's link differs from another's only in its fragment, which changes no page:
  // another token in the address shows that seat, as opening its link afresh would.
  window.addEventListener("hashchange", function () {
    if (tokenOf(location.hash) !== token) { location.reload(); }
  });

  function fitBoard() {
    var board = $("board");
    board.classList.toggle("fit");
    $("fit").textContent = Page.text(board.classList.contains("fit") ? "table.zoom" : "table.fit");
  }

  async function start() {
    await Page.start();
    $("fit").addEventListener("click", fitBoard);
    var entry = await Page.call("GET", "/tables/" + encodeURIComponent(tableId));
    if (!entry.ok) { Page.showError($("error"), entry.data); return; }
    $("title").textContent = entry.data.title;
    $("take-back").addEventListener("click", function () { send({type: "undo"}); });
    $("accept").addEventListener("click", function () { send({type: "answer", accept: true}); });
    $("refuse").addEventListener("click", function () { send({type: "answer", accept: false}); });
    $("resign").addEventListener("click", function () {
      if (window.confirm(Page.text("table.resign.confirm"))) { send({type: "resign"}); }
    });
    connect();
    showHistory();
  }

  start();
})();
