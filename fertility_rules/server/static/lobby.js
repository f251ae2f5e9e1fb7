"use strict";
/* The lobby: make a table (game, seats, rule readings), get one link per person seat,
   take an open seat or watch a table in progress. */
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var games = [];
  var NAMES = ["Amunet", "Bek", "Chione", "Djedi"];
  var saved = null;  /* a game record chosen to go on with: its game, players and setup */

  function game() {
    return games.filter(function (g) { return g.name === $("game").value; })[0] || games[0];
  }

  function playLink(link) { return Page.withLanguage(link, Page.language()); }

  function seatChoice(chosen, index) {
    var select = Page.element("select");
    select.id = "who-" + index;
    var kinds = [["person", Page.text("lobby.person")], ["open", Page.text("lobby.open")]];
    chosen.agents.forEach(function (agent) {
      kinds.push(["bot:" + agent, Page.fill("lobby.bot", {agent: agent})]);
    });
    kinds.forEach(function (kind) {
      var option = Page.element("option", "", kind[1]);
      option.value = kind[0];
      select.appendChild(option);
    });
    select.value = index === 0 ? "person" : "bot:" + (chosen.agents[1] || chosen.agents[0]);
    return select;
  }

  function seatRows() {
    var chosen = game();
    var body = $("seat-rows");
    Page.clear(body);
    for (var index = 0; index < Number($("count").value); index += 1) {
      var row = Page.element("tr");
      row.appendChild(Page.element("th", "", Page.fill("lobby.seat", {n: index + 1})));
      var name = Page.element("input");
      name.id = "name-" + index;
      name.value = NAMES[index];
      name.maxLength = 32;
      name.required = true;
      var cell = Page.element("td");
      cell.appendChild(name);
      row.appendChild(cell);
      cell = Page.element("td");
      cell.appendChild(seatChoice(chosen, index));
      row.appendChild(cell);
      body.appendChild(row);
    }
  }

  function gameFields() {
    var chosen = game();
    Page.clear($("count"));
    chosen.players.forEach(function (n) {
      var option = Page.element("option", "", String(n));
      option.value = String(n);
      $("count").appendChild(option);
    });
    $("count").value = String(chosen.players.indexOf(2) >= 0 ? 2 : chosen.players[0]);
    Page.clear($("switches"));
    chosen.switches.forEach(function (reading) {
      var label = Page.element("label");
      label.appendChild(Page.element("span", "", reading.id + " · " + reading.title));
      var select = Page.element("select");
      select.setAttribute("data-switch", reading.name);
      reading.values.forEach(function (value) {
        var option = Page.element("option", "", value.label);
        option.value = JSON.stringify(value.value);
        option.selected = value.value === reading["default"];
        select.appendChild(option);
      });
      label.appendChild(select);
      $("switches").appendChild(label);
    });
    seatRows();
  }

  function fromRecord() {
    /* The record's game and players; the rest of its setup is the record's too. */
    var record = saved && typeof saved === "object" ? saved : null;
    var players = record && Array.isArray(record.players) ? record.players : null;
    if (players) {
      $("game").value = record.game || games[0].name;
      gameFields();
      $("count").value = String(players.length);
      seatRows();
      players.forEach(function (name, index) {
        var input = $("name-" + index);
        if (input) { input.value = String(name); }
      });
      var readings = record.interpretations || {};
      document.querySelectorAll("[data-switch]").forEach(function (select) {
        var name = select.getAttribute("data-switch");
        if (name in readings) { select.value = JSON.stringify(readings[name]); }
      });
      $("variant").checked = record.variant === true;
    }
    document.querySelectorAll("#game, #count, #seed, #variant, [data-switch], [id^=name-]")
      .forEach(function (field) { field.disabled = players !== null; });
  }

  async function chooseRecord() {
    var file = $("record").files[0];
    $("record-name").textContent = file ? file.name : Page.text("lobby.record.none");
    saved = null;
    if (file) {
      var text = await file.text();
      try { saved = JSON.parse(text); } catch (error) { saved = text; }  /* the server says why */
    }
    fromRecord();
  }

  function request() {
    var count = Number($("count").value);
    /* A record, or a seed, gives the deal: the table shows every seat that it is known. */
    if (saved !== null) { return {record: saved, open_seed: true, seats: seats(count)}; }
    var body = {game: game().name, players: [], seats: seats(count), interpretations: {}};
    for (var index = 0; index < count; index += 1) {
      body.players.push($("name-" + index).value.trim());
    }
    document.querySelectorAll("[data-switch]").forEach(function (select) {
      body.interpretations[select.getAttribute("data-switch")] = JSON.parse(select.value);
    });
    if ($("seed").value.trim()) {
      body.seed = Number($("seed").value.trim());
      body.open_seed = true;
    }
    if ($("variant").checked) { body.variant = true; }
    return body;
  }

  function seats(count) {
    var chosen = [];
    for (var index = 0; index < count; index += 1) {
      var who = $("who-" + index).value;
      var seat = {language: Page.language()};
      if (who.indexOf("bot:") === 0) { seat.kind = "bot"; seat.agent = who.slice(4); }
      else { seat.kind = who; }
      chosen.push(seat);
    }
    return chosen;
  }

  async function create(event) {
    event.preventDefault();
    $("error").hidden = true;
    var answer = await Page.call("POST", "/tables", request());
    if (!answer.ok) { Page.showError($("error"), answer.data); return; }
    var list = $("links");
    Page.clear(list);
    answer.data.seats.forEach(function (seat) {
      if (!seat.link) { return; }
      var item = Page.element("li");
      var link = Page.element("a", "button", Page.fill("lobby.play", {player: seat.name}));
      link.setAttribute("href", playLink(seat.link));
      item.appendChild(link);
      var copy = Page.element("input", "link");
      copy.readOnly = true;
      copy.value = new URL(playLink(seat.link), location.href).href;
      copy.addEventListener("focus", function () { copy.select(); });
      item.appendChild(copy);
      list.appendChild(item);
    });
    var watch = Page.element("li");
    var spectate = Page.element("a", "secondary button", Page.text("lobby.watch"));
    spectate.setAttribute("href", playLink(answer.data.spectate));
    watch.appendChild(spectate);
    list.appendChild(watch);
    $("made").hidden = false;
    tables();
  }

  async function join(table, seat) {
    var body = {seat: seat, language: Page.language()};
    var answer = await Page.call("POST", "/tables/" + encodeURIComponent(table) + "/join", body);
    if (!answer.ok) { Page.showError($("error"), answer.data); return; }
    location.assign(playLink(answer.data.link));
  }

  function dealText(entry) {
    return entry.seed === undefined ? Page.text("page.deal.record") :
      Page.fill("page.deal.seed", {seed: entry.seed});
  }

  async function tables() {
    var answer = await Page.call("GET", "/tables?over=false");
    var list = $("tables");
    Page.clear(list);
    var entries = answer.ok ? answer.data.tables : [];
    $("none").hidden = entries.length > 0;
    entries.forEach(function (entry) {
      var item = Page.element("li", "entry");
      var head = Page.element("p", "head");
      head.appendChild(Page.element("strong", "", entry.title));
      head.appendChild(Page.element("span", "status", entry.status));
      item.appendChild(head);
      if (entry.open_seed) { item.appendChild(Page.element("p", "deal", dealText(entry))); }
      var seats = Page.element("p", "row");
      entry.seats.forEach(function (seat, index) {
        if (seat.kind === "open" && !seat.taken) {
          var take = Page.element("button", "", Page.fill("lobby.join", {player: seat.name}));
          take.type = "button";
          take.addEventListener("click", function () { join(entry.id, index); });
          seats.appendChild(take);
        } else {
          seats.appendChild(Page.element("span", "tag " + seat.kind, seat.name));
        }
      });
      var watch = Page.element("a", "secondary button", Page.text("lobby.watch"));
      watch.setAttribute("href", playLink("/play?table=" + encodeURIComponent(entry.id)));
      seats.appendChild(watch);
      item.appendChild(seats);
      list.appendChild(item);
    });
  }

  async function start() {
    await Page.start();
    var answer = await Page.call("GET", "/games");
    games = answer.data.games;
    games.forEach(function (entry) {
      var option = Page.element("option", "", entry.title);
      option.value = entry.name;
      $("game").appendChild(option);
    });
    $("game").addEventListener("change", gameFields);
    $("count").addEventListener("change", seatRows);
    $("form").addEventListener("submit", create);
    $("record").addEventListener("change", chooseRecord);
    gameFields();
    tables();
    setInterval(tables, 5000);
  }

  start();
})();
