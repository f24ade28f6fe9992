// houserules: the browser table. Everything shown comes from the API (docs/web-api.md);
// this page knows no game, card or decision kind. Server text only ever goes in textContent.
"use strict";

const $ = (id) => document.getElementById(id);
const el = Cards.el;
const CUSTOM = "__custom__";

function hashParams() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  let response;
  try {
    response = await fetch(Words.withLang(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    return { status: 0, data: { error: { message: _("The server cannot be reached.") } } };
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = { error: { message: _("The server answered {status} {reason}.", { status: response.status, reason: response.statusText }) } };
  }
  return { status: response.status, data };
}

function errorMessage(data, fallback) {
  return (data && data.error && data.error.message) || fallback || _("Something went wrong.");
}

function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

function store(key, value) {
  try { localStorage.setItem(key, value); } catch (err) { /* private mode: the fragment still works */ }
}
function recall(key) {
  try { return localStorage.getItem(key); } catch (err) { return null; }
}

/* ------------------------------------------------------------------ setup */

const setup = {
  catalog: null,
  options: [],        // the option specs shown now
  values: {},         // option name -> value the user chose (the others keep the game's default,
                      // which a house rule switched on may change: single hand's hands)
  players: { min: 1, max: 10, default: 2 },
  checkSeq: 0,
  lastCheck: null,
  caretOnError: false,
};

function chosenRuleset() {
  const name = $("ruleset").value;
  if (name === CUSTOM || !setup.catalog) return null;
  return setup.catalog.rulesets.find((r) => r.name === name) || null;
}
function isCustom() {
  return $("ruleset").value === CUSTOM;
}

// The tables this browser has taken a seat at (their keys are in localStorage), to go back to.
async function listMyTables() {
  const seats = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith("houserules.key.")) seats.push([key.slice(15), localStorage.getItem(key)]);
    }
  } catch (err) { return; }
  const list = $("my-table-list");
  for (const [id, key] of seats.slice(0, 20)) {
    const token = recall(`houserules.seat.${id}`);
    const { status, data } = await api("GET", `/api/tables/${encodeURIComponent(id)}/state`, undefined, key);
    if (status === 403 || status === 404) {
      forgetSeat(id);
      continue;
    }
    if (!token) continue;
    if (status !== 200) continue;
    const li = el("li", "my-table");
    li.dataset.table = id;
    const a = el("a", null, data.title || _("A table"));
    a.href = `/#t=${encodeURIComponent(id)}&k=${encodeURIComponent(token)}`;
    li.appendChild(a);
    const where = data.hand_over && data.hand_over.match_over ? _("(the match is over)")
      : data.decision ? _("(hand {number}, your turn)", { number: data.hand_number })
        : _("(hand {number})", { number: data.hand_number });
    li.appendChild(el("span", "help", ` ${where}`));
    list.appendChild(li);
  }
  $("my-tables").hidden = !list.children.length;
}

async function startSetup() {
  $("setup-view").hidden = false;
  document.title = _("houserules: set up a table");
  listMyTables();
  const { status, data } = await api("GET", "/api/catalog");
  if (status !== 200) {
    showError({ message: errorMessage(data, _("The catalog could not be loaded.")) });
    return;
  }
  setup.catalog = data;
  const select = $("ruleset");
  for (const r of data.rulesets || []) {
    const option = el("option", null, r.title || r.name);
    option.value = r.name;
    select.appendChild(option);
  }
  const own = el("option", null, _("Paste or upload my own YAML"));
  own.value = CUSTOM;
  select.appendChild(own);
  const example = (data.rulesets || [])[0];
  if (example) {  // the example extends a game this server has
    $("ruleset-text").placeholder = _("Paste a ruleset (YAML) here, e.g.\nextends: [{name}]\ntitle: My game", { name: example.name });
  }

  const rules = $("house-rules");
  for (const h of data.house_rules || []) {
    const label = el("label", "house-rule");
    const box = el("input");
    box.type = "checkbox";
    box.value = h.name;
    label.appendChild(box);
    label.appendChild(document.createTextNode(" "));
    label.appendChild(el("strong", null, h.title || h.name));
    if (h.description) label.appendChild(el("span", "desc", " — " + h.description));
    rules.appendChild(label);
  }
  if (!(data.house_rules || []).length) rules.appendChild(el("p", "help", _("No house rules are bundled.")));

  select.addEventListener("change", rulesetChanged);
  rules.addEventListener("change", () => check());
  const debounced = debounce(() => check(), 600);
  $("ruleset-text").addEventListener("input", debounced);
  $("check").addEventListener("click", () => { setup.caretOnError = true; check(); });
  $("ruleset-file").addEventListener("change", uploadFile);
  $("add-seat").addEventListener("click", () => { addSeat(); updateSeatButtons(); });
  $("remove-seat").addEventListener("click", () => {
    const rows = seatRows();
    if (rows.length > setup.players.min) rows[rows.length - 1].remove();
    updateSeatButtons();
  });
  $("create").addEventListener("click", createTable);
  rulesetChanged();
  maybeShowHostLinks();
}

function rulesetChanged() {
  const r = chosenRuleset();
  setup.values = {}; // another game: its own defaults
  setup.options = [];
  $("custom").hidden = !isCustom();
  $("ruleset-description").textContent = r ? (r.description || "") : _("Your own ruleset, YAML as a ruleset file on the command line (it may extend a bundled one).");
  const included = new Set((r && r.house_rules_on) || []);
  for (const box of document.querySelectorAll("#house-rules input[type=checkbox]")) {
    const label = box.closest(".house-rule");
    if (included.has(box.value)) {
      if (!box.dataset.included) box.dataset.was = box.checked ? "1" : "";
      box.checked = true;
      box.dataset.included = "1";
      label.classList.add("included");
      label.title = _("Part of this game: uncheck it to leave it out");
      label.querySelector("strong").dataset.included = _("(in this game)");
    } else if (box.dataset.included) {
      box.checked = box.dataset.was === "1";
      delete box.dataset.included;
      label.classList.remove("included");
      label.title = "";
    }
  }
  if (r) {
    setOptions(r.options || []);
    setPlayers(r.players);
  } else {
    setOptions([]);
  }
  hideError();
  $("check-result").hidden = true;
  check();
}

function uploadFile() {
  const file = $("ruleset-file").files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => {
    $("ruleset-text").value = String(reader.result);
    setup.caretOnError = true;
    check();
  };
  reader.onerror = () => showError({ message: _("The file {name} could not be read.", { name: file.name }) });
  reader.readAsText(file);
}

// House rules to switch on, and the game's own (data-included) to leave out.
function houseRules() {
  return [...document.querySelectorAll("#house-rules input[type=checkbox]:checked:not([data-included])")].map((b) => b.value);
}

function houseRulesOff() {
  return [...document.querySelectorAll("#house-rules input[type=checkbox][data-included]:not(:checked)")].map((b) => b.value);
}

// The options the user has moved off their default (sent to /api/check), or all (to create).
function optionValues(all) {
  const out = {};
  for (const spec of setup.options) {
    if (!(spec.name in setup.values)) continue;
    const value = setup.values[spec.name];
    if (all || value !== spec.default) out[spec.name] = value;
  }
  return out;
}

function optionKind(spec) {
  if (spec.choices && spec.choices.length) return "choices";
  const t = String(spec.type || "").toLowerCase();
  if (t === "bool" || t === "boolean") return "bool";
  if (t === "int" || t === "integer" || t === "number") return "int";
  if (typeof spec.default === "boolean") return "bool";
  if (typeof spec.default === "number") return "int";
  return "text";
}

function setOptions(specs) {
  const same = JSON.stringify(specs) === JSON.stringify(setup.options);
  setup.options = specs;
  if (same && $("options").childNodes.length) return;
  const box = $("options");
  box.replaceChildren();
  if (!specs.length) {
    box.appendChild(el("p", "help", isCustom() ? _("Options appear here once the ruleset checks.") : _("This ruleset has no options.")));
    return;
  }
  for (const spec of specs) {
    const kind = optionKind(spec);
    const row = el("div", "option");
    row.dataset.option = spec.name;
    const id = "option-" + spec.name.replace(/[^A-Za-z0-9_-]/g, "_");
    const label = el("label", "option-name", spec.label || spec.name.replace(/_/g, " "));
    label.htmlFor = id;
    let input;
    const current = spec.name in setup.values ? setup.values[spec.name] : spec.default;
    if (kind === "bool") {
      input = el("input");
      input.type = "checkbox";
      input.checked = Boolean(current);
      input.addEventListener("change", () => { setup.values[spec.name] = input.checked; check(); });
    } else if (kind === "int") {
      input = el("input");
      input.type = "number";
      input.step = "1";
      if (spec.minimum !== undefined && spec.minimum !== null) input.min = String(spec.minimum);
      if (spec.maximum !== undefined && spec.maximum !== null) input.max = String(spec.maximum);
      if (current !== undefined && current !== null) input.value = String(current);
      input.addEventListener("input", debounce(() => {
        const n = Number.parseInt(input.value, 10);
        if (Number.isFinite(n)) setup.values[spec.name] = n; else delete setup.values[spec.name];
        check();
      }, 500));
    } else if (kind === "choices") {
      input = el("select");
      spec.choices.forEach((choice, i) => {
        const o = el("option", null, (spec.choice_labels || [])[i] || String(choice));
        o.value = String(choice);
        input.appendChild(o);
      });
      if (current !== undefined && current !== null) input.value = String(current);
      input.addEventListener("change", () => {
        const picked = spec.choices.find((c) => String(c) === input.value);
        setup.values[spec.name] = picked === undefined ? input.value : picked;
        check();
      });
    } else {
      input = el("input");
      input.type = "text";
      input.value = current === undefined || current === null ? "" : String(current);
      input.addEventListener("input", debounce(() => { setup.values[spec.name] = input.value; check(); }, 500));
    }
    input.id = id;
    input.name = spec.name;
    input.classList.add("option-input");
    if (kind === "bool") row.classList.add("bool");
    row.appendChild(label);
    row.appendChild(input);
    if (spec.help) row.appendChild(el("p", "help", spec.help));
    box.appendChild(row);
  }
}

async function check() {
  const seq = ++setup.checkSeq;
  const custom = isCustom();
  const text = $("ruleset-text").value;
  if (custom && !text.trim()) {
    hideError();
    $("check-result").hidden = true;
    setup.lastCheck = null;
    return;
  }
  const body = {
    ruleset: custom ? null : $("ruleset").value,
    text: custom ? text : null,
    options: optionValues(false),
    house_rules: houseRules(),
    house_rules_off: houseRulesOff(),
  };
  const { status, data } = await api("POST", "/api/check", body);
  if (seq !== setup.checkSeq) return; // a newer check is on its way
  const moveCaret = setup.caretOnError;
  setup.caretOnError = false;
  if (status === 200 && data && data.ok) {
    setup.lastCheck = data;
    hideError();
    const result = $("check-result");
    result.replaceChildren();
    result.appendChild(el("span", "ok-mark", "✓ "));
    result.appendChild(el("strong", null, data.title || _("Ruleset")));
    const p = data.players;
    if (p) result.appendChild(document.createTextNode(" · " + (p.min === p.max
      ? ngettext("{count} player", "{count} players", p.min)
      : _("{least}–{most} players", { least: p.min, most: p.max }))));
    result.hidden = false;
    if (data.options) setOptions(data.options);
    if (p) setPlayers(p);
  } else {
    setup.lastCheck = null;
    $("check-result").hidden = true;
    showError((data && data.error) || { message: errorMessage(data, _("The check failed ({status}).", { status })) }, moveCaret);
  }
}

function showError(error, moveCaret) {
  const box = $("error");
  box.textContent = error.message || _("Something is wrong.");
  if (error.line) box.dataset.line = String(error.line); else delete box.dataset.line;
  if (error.column) box.dataset.column = String(error.column); else delete box.dataset.column;
  if (error.path) box.dataset.path = String(error.path); else delete box.dataset.path;
  box.hidden = false;
  const context = $("error-context");
  context.replaceChildren();
  context.hidden = true;
  if (!isCustom() || !error.line) return;
  const lines = $("ruleset-text").value.split("\n");
  const line = Math.min(Math.max(1, error.line), lines.length);
  const where = error.column ? _("line {line}, column {column}", { line: error.line, column: error.column })
    : _("line {line}", { line: error.line });
  const head = el("div", "context-head", `${error.file ? error.file + ", " : ""}${where}${error.path ? " (" + error.path + ")" : ""}`);
  context.appendChild(head);
  const pre = el("div", "code");
  const from = Math.max(1, line - 3);
  const to = Math.min(lines.length, line + 3);
  for (let n = from; n <= to; n++) {
    const row = el("div", "code-line" + (n === line ? " error-line" : ""));
    row.dataset.line = String(n);
    row.appendChild(el("span", "ln", String(n)));
    row.appendChild(el("span", "src", lines[n - 1] || " "));
    pre.appendChild(row);
    if (n === line && error.column) {
      const caret = el("div", "code-line caret-line");
      caret.appendChild(el("span", "ln", ""));
      caret.appendChild(el("span", "src", " ".repeat(Math.max(0, error.column - 1)) + "^"));
      pre.appendChild(caret);
    }
  }
  context.appendChild(pre);
  context.hidden = false;
  const area = $("ruleset-text");
  if (moveCaret || document.activeElement !== area) {
    let offset = 0;
    for (let n = 1; n < line; n++) offset += lines[n - 1].length + 1;
    offset += Math.min(Math.max(0, (error.column || 1) - 1), (lines[line - 1] || "").length);
    area.setSelectionRange(offset, offset);
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 18;
    area.scrollTop = Math.max(0, (line - 4) * lineHeight);
    if (moveCaret) area.focus({ preventScroll: true });
  }
}

function hideError() {
  const box = $("error");
  box.hidden = true;
  box.textContent = "";
  delete box.dataset.line;
  delete box.dataset.column;
  delete box.dataset.path;
  $("error-context").hidden = true;
  $("error-context").replaceChildren();
}

/* seats */

function seatRows() {
  return [...document.querySelectorAll("#seats .seat-row")];
}

function setPlayers(players) {
  if (!players) return;
  const min = Math.max(1, players.min || 1);
  const max = Math.max(min, players.max || min);
  const def = Math.min(max, Math.max(min, players.default || min));
  setup.players = { min, max, default: def };
  const rows = seatRows();
  if (!rows.length) {
    for (let i = 0; i < def; i++) addSeat();
  } else {
    while (seatRows().length < min) addSeat();
    while (seatRows().length > max) seatRows().pop().remove();
  }
  updateSeatButtons();
}

function addSeat() {
  const rows = seatRows();
  if (rows.length >= setup.players.max) return;
  const index = rows.length;
  const hasYou = rows.some((r) => r.querySelector(".seat-kind").value === "you");
  const row = el("div", "seat-row");
  const number = el("span", "seat-number", String(index + 1));
  const kind = el("select", "seat-kind");
  kind.setAttribute("aria-label", _("Who sits here"));
  for (const [value, words] of [["you", _("You")], ["person", _("A person (invited)")], ["bot", _("A bot")]]) {
    const o = el("option", null, words);
    o.value = value;
    kind.appendChild(o);
  }
  const bot = el("select", "seat-bot");
  bot.setAttribute("aria-label", _("Which bot"));
  for (const b of (setup.catalog && setup.catalog.bots) || []) {
    const o = el("option", null, b.label || b.name);
    o.value = b.name;
    if (b.help) o.title = b.help;
    bot.appendChild(o);
  }
  if ([...bot.options].some((o) => o.value === "heuristic")) bot.value = "heuristic";
  const botHelp = () => { const o = bot.selectedOptions[0]; bot.title = (o && o.title) || ""; };
  bot.addEventListener("change", botHelp);
  botHelp();
  const name = el("input", "seat-name");
  name.type = "text";
  name.maxLength = 40;
  name.setAttribute("aria-label", _("Name"));
  kind.value = !hasYou && index === 0 ? "you" : "bot";
  name.value = kind.value === "you" ? "" : botName(index + 1);
  kind.addEventListener("change", () => {
    if (kind.value === "you") {
      for (const other of seatRows()) {
        const k = other.querySelector(".seat-kind");
        if (other !== row && k.value === "you") { k.value = "person"; seatKindShown(other); }
      }
    }
    seatKindShown(row);
  });
  row.append(number, kind, bot, name);
  $("seats").appendChild(row);
  seatKindShown(row);
}

function seatKindShown(row) {
  const kind = row.querySelector(".seat-kind").value;
  const bot = row.querySelector(".seat-bot");
  const name = row.querySelector(".seat-name");
  bot.hidden = kind !== "bot";
  row.dataset.kind = kind;
  name.placeholder = kind === "you" ? _("Your name") : kind === "person" ? _("Their name") : _("Bot's name");
  const index = seatRows().indexOf(row);
  if (kind !== "bot" && isBotName(name.value)) name.value = "";
  if (kind === "bot" && !name.value) name.value = botName(index + 1);
}

// A bot's name as the page gives it (Bot 1, Bot 2 ...), in the language read.
function botName(number) {
  return _("Bot {number}", { number });
}
function isBotName(name) {
  return Array.from({ length: 10 }, (x, i) => botName(i + 1)).includes(name);
}

function updateSeatButtons() {
  const n = seatRows().length;
  seatRows().forEach((row, i) => { row.querySelector(".seat-number").textContent = String(i + 1); row.dataset.seat = String(i); });
  $("add-seat").disabled = n >= setup.players.max;
  $("remove-seat").disabled = n <= setup.players.min;
  const p = setup.players;
  const takes = p.min === p.max ? ngettext("this game takes {count}", "this game takes {count}", p.min)
    : _("this game takes {least}–{most}", { least: p.min, most: p.max });
  $("seat-count").textContent = ngettext("{count} seat ({takes})", "{count} seats ({takes})", n, { takes });
}

function seatsBody() {
  return seatRows().map((row, i) => {
    const kind = row.querySelector(".seat-kind").value;
    const typed = row.querySelector(".seat-name").value.trim();
    const seat = { kind, name: typed }; // a blank name: the server gives one
    if (kind === "bot") seat.bot = row.querySelector(".seat-bot").value;
    return seat;
  });
}

async function createTable() {
  const button = $("create");
  const custom = isCustom();
  const body = {
    ruleset: custom ? null : $("ruleset").value,
    text: custom ? $("ruleset-text").value : null,
    options: optionValues(true),
    house_rules: houseRules(),
    house_rules_off: houseRulesOff(),
    seats: seatsBody(),
    timer: Number($("timer").value) || 0,
  };
  const seed = Number.parseInt($("seed").value, 10);
  if (Number.isFinite(seed)) body.seed = seed;
  button.disabled = true;
  const { status, data } = await api("POST", "/api/tables", body);
  button.disabled = false;
  if ((status !== 200 && status !== 201) || !data || !data.table) {
    showError((data && data.error) || { message: errorMessage(data, _("The table could not be made ({status}).", { status })) }, true);
    $("error").scrollIntoView({ block: "center", behavior: "smooth" });
    return;
  }
  hideError();
  if (data.host) store(`houserules.host.${data.table}`, data.host);
  showLinks(data.table, data.seats || [], body.seats, data.spectator);
  $("links").scrollIntoView({ block: "start", behavior: "smooth" });
}

function tokenOf(link) {
  const at = link.indexOf("#");
  return at < 0 ? null : new URLSearchParams(link.slice(at + 1)).get("k");
}

function showLinks(table, seats, asked, spectator) {
  const list = $("link-list");
  list.replaceChildren();
  let mine = null;
  for (const s of seats) {
    if (!s.link) continue;
    const url = location.origin + s.link;
    const askedKind = asked && asked[s.seat] && asked[s.seat].kind;
    const kind = s.you === true || s.kind === "you" || (s.you === undefined && askedKind === "you") ? "you" : s.kind;
    if (kind === "you") {
      mine = url;
      const k = tokenOf(s.link);
      if (k) store(`houserules.seat.${table}`, k);
    }
    const li = el("li", "link-row");
    li.dataset.seat = String(s.seat);
    li.appendChild(el("span", "link-name", kind === "you" ? _("{name} (you)", { name: s.name }) : s.name));
    const a = el("a", "join-link", url);
    a.href = url;
    a.dataset.seat = String(s.seat);
    li.appendChild(a);
    const copy = el("button", "copy", _("Copy"));
    copy.type = "button";
    copy.dataset.seat = String(s.seat);
    copy.addEventListener("click", () => copyText(url, copy));
    li.appendChild(copy);
    const host = recall(`houserules.host.${table}`);
    if (s.taken && host) {
      // Taken by the browser that opened the link first; freeing it lets the link take it again.
      li.appendChild(el("span", "help", " " + _("joined")));
      const free = el("button", "copy", _("Free"));
      free.type = "button";
      free.title = _("Let this seat's link be opened again (on another device, say)");
      free.addEventListener("click", async () => {
        const { status, data } = await api("POST", `/api/tables/${encodeURIComponent(table)}/seats/${s.seat}/free`, {}, host);
        if (status === 204) free.replaceWith(el("span", "help", " " + _("freed")));
        else showError((data && data.error) || { message: errorMessage(data) }, true);
      });
      li.appendChild(free);
    }
    list.appendChild(li);
  }
  if (!list.childNodes.length) list.appendChild(el("li", "help", _("Every seat is a bot: there is no one to invite.")));
  if (spectator) list.appendChild(spectatorRow(location.origin + spectator));
  const go = $("go");
  go.hidden = !mine;
  go.onclick = mine ? () => { location.href = mine; } : null;
  const host = recall(`houserules.host.${table}`);
  $("end-table").hidden = !host;
  $("end-table").onclick = host ? () => endTable(table, host) : null;
  $("links").hidden = false;
}

// The spectator link: anyone may watch with it, seeing no hand.
function spectatorRow(url) {
  const li = el("li", "link-row spectator-row");
  li.appendChild(el("span", "link-name", _("Spectators")));
  const a = el("a", "join-link spectator-link", url);
  a.href = url;
  li.appendChild(a);
  const copy = el("button", "copy", _("Copy"));
  copy.type = "button";
  copy.setAttribute("aria-label", _("Copy the spectator link"));
  copy.addEventListener("click", () => copyText(url, copy));
  li.appendChild(copy);
  return li;
}

// The host ends the table for everyone: the server removes its game.
async function endTable(id, host) {
  if (!confirm(_("End this table for everyone? Its game is removed for good."))) return;
  const { status, data } = await api("DELETE", `/api/tables/${encodeURIComponent(id)}`, undefined, host);
  if (status !== 204 && status !== 404) {
    showError((data && data.error) || { message: errorMessage(data) }, true);
    return;
  }
  forgetSeat(id);
  try { localStorage.removeItem(`houserules.host.${id}`); } catch (err) { /* nothing kept */ }
  location.href = "/";
}

async function copyText(text, button) {
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch (err) {
    const area = el("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    area.remove();
  }
  button.textContent = done ? _("Copied") : _("Copy failed");
  setTimeout(() => { button.textContent = _("Copy"); }, 1500);
}

// `#t=TABLE` with no token: the host's way back to the links, with the host token kept.
async function maybeShowHostLinks() {
  const table = hashParams().get("t");
  if (!table) return;
  const host = recall(`houserules.host.${table}`);
  if (!host) return;
  const { status, data } = await api("GET", `/api/tables/${encodeURIComponent(table)}/seats`, undefined, host);
  if (status === 200) showLinks(table, Array.isArray(data) ? data : (data.seats || []), null, data.spectator);
}

/* ------------------------------------------------------------------ table */

const table = {
  id: null,
  token: null,
  state: null,
  source: null,
  fatal: false,         // the seat's link is not valid: stop trying
  busy: null,           // {version} while an answer is on its way
  logKey: "",
  drawn: {},            // part name -> the data it was last drawn from
  freshDecision: false, // a new decision drawn: keepDecisionInSight shows it once
  toastTimer: null,
};

async function startTable(id, link) {
  table.id = id;
  store(`houserules.seat.${id}`, link);
  $("table-view").hidden = false;
  document.body.classList.add("at-table");
  setStatus("connecting", _("connecting…"));
  table.token = await seatKey(id, link);
  if (!table.token) return;
  api("GET", `/api/tables/${encodeURIComponent(id)}/state`, undefined, table.token).then(({ status, data }) => {
    if (status === 200) render(data);
    else {
      if (status === 403 || status === 404) {
        table.fatal = true;
        if (table.source) table.source.close();
        // A seat its host has freed: the next load takes it again with its link.
        if (status === 403) { try { localStorage.removeItem(`houserules.key.${id}`); } catch (err) { /* nothing kept */ } }
      }
      setStatus("error", errorMessage(data, _("cannot read the table ({status})", { status })));
      toast(errorMessage(data, _("This seat's link is not valid.")));
    }
  });
  connect();
}

// The spectator link: the table as a seat holding no cards sees it, with nothing to claim.
function startWatching(id, token) {
  table.id = id;
  table.token = token;
  $("table-view").hidden = false;
  document.body.classList.add("at-table", "watching");
  setStatus("connecting", _("connecting…"));
  refresh();
  connect();
}

// The key this browser plays its seat with. The first browser to open a seat's link takes
// the seat; after that only its key opens it, so nobody else who saw the link can sit there.
async function seatKey(id, link) {
  const kept = recall(`houserules.key.${id}`);
  if (kept) return kept;
  const { status, data } = await api("POST", `/api/tables/${encodeURIComponent(id)}/claim`, {}, link);
  if (status === 200 && data && data.key) {
    store(`houserules.key.${id}`, data.key);
    return data.key;
  }
  table.fatal = true;
  setStatus("error", errorMessage(data, _("cannot take this seat ({status})", { status })));
  toast(errorMessage(data, _("This seat's link is not valid.")));
  return null;
}

function forgetSeat(id) {
  for (const key of [`houserules.seat.${id}`, `houserules.key.${id}`]) {
    try { localStorage.removeItem(key); } catch (err) { /* nothing kept */ }
  }
}

function connect() {
  const url = Words.withLang(`/api/tables/${encodeURIComponent(table.id)}/events?k=${encodeURIComponent(table.token)}`);
  const source = new EventSource(url);
  table.source = source;
  source.onopen = () => setStatus("live", _("live"));
  source.onerror = () => {
    if (table.fatal) { source.close(); return; }
    setStatus("reconnecting", _("reconnecting…"));
    // A refused stream (the server restarting, say) is not retried by the browser: retry it.
    if (source.readyState === EventSource.CLOSED) setTimeout(() => { if (table.source === source && !table.fatal) connect(); }, 3000);
  };
  source.addEventListener("state", (e) => {
    setStatus("live", _("live"));
    try { render(JSON.parse(e.data)); } catch (err) { console.error(err); }
  });
}

function setStatus(kind, words) {
  const s = $("status");
  s.hidden = false;
  s.dataset.state = kind;
  s.textContent = words;
}

function toast(message) {
  const t = $("toast");
  t.textContent = message;
  t.hidden = false;
  clearTimeout(table.toastTimer);
  table.toastTimer = setTimeout(() => { t.hidden = true; }, 5000);
}

function seatName(state, seat) {
  if (typeof seat === "string") return seat;
  const s = (state.seats || []).find((x) => x.seat === seat);
  return s ? s.name : _("Seat {number}", { number: seat });
}

function palette(state) {
  if (Array.isArray(state.palette) && state.palette.length) return state.palette;
  // Not sent: the colours seen on the table, so a wild still shows something.
  const seen = new Map();
  const add = (f) => { if (f && f.css && !seen.has(f.css)) seen.set(f.css, { name: f.color, css: f.css }); };
  (state.hand || []).forEach(add);
  add(state.top);
  for (const o of (state.decision && state.decision.options) || []) if (o.type === "color" && o.css) seen.set(o.css, { name: o.value, css: o.css });
  return [...seen.values()];
}

function render(state) {
  if (!state || typeof state !== "object") return;
  if (olderState(state)) return;
  if (table.busy && (state.version !== table.busy.version || !sameDecision(state.decision, table.busy.decision))) table.busy = null;
  table.state = state;
  const pal = palette(state);
  document.title = `${state.title || "houserules"} · houserules`;
  $("table-title").textContent = state.title || "";

  // Each part is rebuilt only when what it shows changed, so nothing under the pointer
  // is replaced (and no hover or focus is lost) by a state that did not touch it.
  const busy = Boolean(table.busy);
  const part = (name, data, draw) => {
    const key = JSON.stringify(data);
    if (table.drawn[name] === key) return;
    table.drawn[name] = key;
    draw();
  };
  part("opponents", [state.seats, state.seat, state.dealer, pal], () => renderOpponents(state, pal));
  part("centre", [state.stock, state.top, state.color, state.color_css, state.direction, state.penalty,
    state.side, state.hand_number, state.discard_size, state.rows, pal], () => renderCentre(state, pal));
  part("hand", [state.hand, state.decision, state.seats, state.seat, busy, pal], () => renderHand(state, pal));
  part("decision", [state.decision, state.waiting_for, Boolean(state.hand_over), busy, pal], () => renderDecision(state, pal));
  renderLog(state);
  const broken = $("broken");
  if (state.broken) {
    broken.textContent = typeof state.broken === "string" ? state.broken : _("This table stopped on an error in its ruleset.");
    broken.hidden = false;
  } else {
    broken.hidden = true;
  }
  part("over", [state.hand_over, state.seats, busy], () => renderHandOver(state));
  Live.render(state);
  A11y.rendered(state);  // a11y.js: what a screen reader is told, focus kept in the hand
  Feel.rendered(state);  // feel.js: the card moving, your turn in the title, sound
  keepDecisionInSight();
}

// A state older than the one shown: a lower version of the same epoch. A restarted server
// counts its versions afresh under a new epoch, and its states are always taken.
function olderState(state) {
  const shown = table.state;
  return Boolean(shown) && state.epoch === shown.epoch && typeof state.version === "number"
    && typeof shown.version === "number" && state.version < shown.version;
}

function sameDecision(a, b) {
  return (a && a.id) === (b && b.id);
}

function renderOpponents(state, pal) {
  const box = $("opponents");
  const seats = state.seats || [];
  const me = seats.findIndex((s) => s.seat === state.seat);
  const order = me < 0 ? seats : seats.slice(me + 1).concat(seats.slice(0, me));
  const nodes = order.map((s) => {
    const o = el("div", "opponent");
    o.dataset.seat = String(s.seat);
    if (s.out) o.classList.add("out");
    if (s.deciding) o.classList.add("deciding");
    if (s.seat === state.dealer) o.classList.add("dealer");
    const head = el("div", "opp-head");
    head.appendChild(el("span", "opp-name", s.name));
    head.appendChild(el("span", "opp-kind", { person: _("person"), bot: _("bot") }[s.kind] || s.kind));
    o.appendChild(head);
    const handRow = el("div", "opp-hand");
    handRow.appendChild(Cards.fan(s.hand_size || 0));
    const count = el("span", "opp-count", String(s.hand_size || 0));
    count.dataset.unit = ngettext("card", "cards", s.hand_size || 0);  // after the number, on a phone
    handRow.appendChild(count);
    o.appendChild(handRow);
    if (s.shows && s.shows.length) {
      const shows = el("div", "opp-shows");
      shows.title = _("The other side of the cards in this hand");
      for (const f of s.shows) shows.appendChild(Cards.face(f, pal, "tiny"));
      o.appendChild(shows);
    }
    if (s.revealed && s.revealed.length) {
      o.appendChild(el("div", "opp-caption", _("Hand face up")));
      const revealed = el("div", "opp-shows opp-revealed");
      revealed.title = _("A rule shows this hand to the table");
      for (const f of s.revealed) revealed.appendChild(Cards.face(f, pal, "tiny"));
      o.appendChild(revealed);
    }
    // The per-seat values the ruleset shows (shown: true), each on a line of its own.
    for (const v of s.values || []) o.appendChild(shownValue(v, "opp-value"));
    const foot = el("div", "opp-foot");
    foot.appendChild(el("span", "opp-score", _("score {score}", { score: s.score ?? 0 })));
    if (s.out) foot.appendChild(el("span", "opp-out", _("out")));
    else if (s.deciding) foot.appendChild(el("span", "opp-turn", _("deciding…")));
    if (s.seat === state.dealer) foot.appendChild(el("span", "opp-dealer", _("dealer")));
    o.appendChild(foot);
    return o;
  });
  box.replaceChildren(...nodes);
}

// A value the ruleset shows (shown: true), labelled: "Spotlights left: 2".
function shownValue(v, className) {
  const line = el("div", className);
  line.appendChild(el("span", "value-label", `${v.label}:`));
  line.appendChild(document.createTextNode(" "));
  line.appendChild(el("strong", "value", String(v.value)));
  return line;
}

function renderCentre(state, pal) {
  const stock = state.stock || { size: 0, shows: null };
  const stockBox = $("stock");
  stockBox.replaceChildren(stock.shows ? Cards.face(stock.shows, pal) : (stock.size ? Cards.back() : el("div", "card empty")));
  stockBox.dataset.size = String(stock.size || 0);
  $("stock-size").textContent = _("stock {count}", { count: stock.size || 0 });
  const top = $("top");
  top.replaceChildren(state.top ? Cards.face(state.top, pal) : el("div", "card empty"));
  $("discard-size").textContent = _("discard {count}", { count: state.discard_size ?? "" });
  // Rows of piles (rows:): each pile's top card, captioned with its row, number and size.
  const rows = [];
  for (const row of state.rows || []) {
    (row.piles || []).forEach((pile, i) => {
      const box = el("div", "pile");
      const topCard = pile.length ? pile[pile.length - 1] : null;
      box.appendChild(el("div", "top", null));
      box.firstChild.replaceChildren(topCard ? Cards.face(topCard, pal) : el("div", "card empty"));
      box.appendChild(el("div", "pile-caption", `${row.name.replace(/_/g, " ")} ${i + 1}` + (pile.length > 1 ? ` (${pile.length})` : "")));
      rows.push(box);
    });
  }
  $("rows").replaceChildren(...rows);

  // A game of rows matches its piles: it has no colour to follow (nor says one).
  $("color-row").hidden = (state.rows || []).length > 0;
  const color = $("color");
  color.replaceChildren();
  if (state.color) {
    const swatch = el("span", "swatch");
    if (state.color_css) swatch.style.background = state.color_css;
    else swatch.classList.add("unknown");
    const mark = Cards.markOf({ color: state.color }, pal);
    if (mark) swatch.appendChild(el("span", "mark-inline", mark));  // colour-blind marks
    color.appendChild(swatch);
    color.appendChild(el("span", "color-name", state.color_name || state.color));
  } else {
    color.appendChild(el("span", "color-name muted", _("any")));
  }
  color.dataset.color = state.color || "";

  const dir = $("direction");
  dir.replaceChildren();
  const forward = state.direction !== -1;
  dir.appendChild(el("span", "arrow", forward ? "↻" : "↺"));
  dir.appendChild(el("span", null, forward ? _("clockwise") : _("counter-clockwise")));
  dir.dataset.direction = String(state.direction ?? 1);

  $("penalty-row").hidden = !(state.penalty > 0);
  $("penalty").textContent = state.penalty > 0 ? _("+{count} to draw", { count: state.penalty }) : "";
  $("side-row").hidden = state.side === null || state.side === undefined;
  $("side").textContent = state.side ?? "";
  $("hand-number").textContent = state.hand_number ?? "";
}

// Hand index -> option number. The engine offers one of two identical cards; its twins in
// the hand are the same play, so they are marked (and answer) the same.
function handOptions(decision, hand) {
  const map = new Map();
  if (!decision) return map;
  const faces = new Map();
  (decision.options || []).forEach((o, i) => {
    if (o.type === "card" && o.hand !== null && o.hand !== undefined) {
      map.set(o.hand, i);
      faces.set(JSON.stringify(o.card), i);
    }
  });
  (hand || []).forEach((f, i) => {
    const same = faces.get(JSON.stringify(f));
    if (!map.has(i) && same !== undefined) map.set(i, same);
  });
  return map;
}

function renderHand(state, pal) {
  const hand = state.hand || [];
  const box = $("hand");
  const playable = handOptions(state.decision, state.hand);
  const busy = Boolean(table.busy);
  const nodes = hand.map((f, i) => {
    const card = Cards.face(f, pal);
    card.dataset.index = String(i);
    if (playable.has(i)) {
      const option = playable.get(i);
      card.classList.add("playable");
      card.dataset.option = String(option);
      card.tabIndex = busy ? -1 : 0;
      card.setAttribute("role", "button");
      if (busy) card.setAttribute("aria-disabled", "true");
      card.addEventListener("click", () => answer(option));
      card.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); answer(option); }
      });
    } else if (playable.size) {
      card.classList.add("unplayable");
    }
    return card;
  });
  box.replaceChildren(...nodes);
  box.style.setProperty("--n", String(Math.max(hand.length, 1)));
  box.style.setProperty("--gaps", String(Math.max(hand.length - 1, 1)));
  box.classList.toggle("busy", busy);
  box.classList.toggle("empty", !hand.length);
  const me = (state.seats || []).find((s) => s.seat === state.seat);
  $("me-name").textContent = me ? me.name : state.seat === null ? _("Watching") : _("You");
  $("my-count").textContent = ngettext("{count} card", "{count} cards", hand.length);
  $("my-score").textContent = _("score {score}", { score: me ? me.score ?? 0 : 0 });
  // The per-seat values the ruleset shows, and whether the table sees this hand.
  const extra = $("my-values");
  extra.replaceChildren();
  for (const v of (me && me.values) || []) {
    extra.appendChild(document.createTextNode(" · "));
    extra.appendChild(shownValue(v, "my-value"));
  }
  if (me && me.revealed && me.revealed.length) {
    extra.appendChild(document.createTextNode(" · "));
    extra.appendChild(el("span", "my-revealed", _("your hand is face up: everyone sees it")));
  }
  document.querySelector(".me").classList.toggle("deciding", Boolean(state.decision));
}

function renderDecision(state, pal) {
  const panel = $("decision");
  const waiting = $("waiting");
  // A decision answered by a button of its own (the call, Catch: live.js) is not asked here.
  const d = state.decision && !state.decision.button ? state.decision : null;
  const busy = Boolean(table.busy);
  if (!d) {
    panel.hidden = true;
    panel.replaceChildren();
    delete panel.dataset.id;
    if (state.waiting_for && !state.hand_over) {
      waiting.replaceChildren(el("span", "dots"), document.createTextNode(_("Waiting for {names}…", { names: state.waiting_for })));
      waiting.hidden = false;
    } else {
      waiting.hidden = true;
    }
    return;
  }
  waiting.hidden = true;
  const fresh = panel.dataset.id !== String(d.id);
  panel.dataset.id = String(d.id);
  panel.dataset.kind = d.kind || "";
  const nodes = [el("h2", null, d.title || _("Your move"))];
  if (d.detail) nodes.push(el("p", "detail", d.detail));
  // A window asked of several seats at once closes by itself when its time is up.
  if (typeof d.closes_in === "number") nodes.push(el("p", "detail", _("Open to everyone for {seconds} s at most.", { seconds: Math.ceil(d.closes_in) })));
  const answers = el("div", "answers");
  const helps = [];
  let inHand = 0;
  (d.options || []).forEach((o, i) => {
    if (o.type === "card" && o.hand !== null && o.hand !== undefined) { inHand++; return; }
    let b;
    if (o.type === "card") {
      b = el("button", "answer card-answer");
      b.appendChild(Cards.face(o.card, pal, "small"));
      b.title = Cards.cardName(o.card || {}, pal);
      b.setAttribute("aria-label", b.title);
    } else if (o.type === "color") {
      b = el("button", "answer color-answer", o.label || o.value);
      if (o.mark) b.prepend(el("span", "mark-inline", o.mark));  // colour-blind marks
      if (o.css) b.style.setProperty("--swatch", o.css);
      else b.classList.add("no-css");
    } else {
      b = el("button", `answer ${o.type}-answer`, o.label || o.value || o.type);
    }
    b.type = "button";
    // What a rule does instead of this answer (a launcher instead of a draw), said below.
    if (o.help) {
      b.title = o.help;
      helps.push(el("p", "detail option-help", `${o.label || o.value}: ${o.help}`));
    }
    b.dataset.option = String(i);
    b.dataset.type = o.type;
    if (o.value !== undefined) b.dataset.value = String(o.value);
    b.disabled = busy;
    b.addEventListener("click", () => answer(i));
    answers.appendChild(b);
  });
  if (inHand) {
    const hint = el("p", "hint", answers.childNodes.length ? _("Play a glowing card from your hand, or:") : _("Play a glowing card from your hand."));
    nodes.push(hint);
  }
  if (answers.childNodes.length) nodes.push(answers);
  nodes.push(...helps);
  panel.replaceChildren(...nodes);
  panel.hidden = false;
  panel.classList.toggle("busy", busy);
  if (fresh) table.freshDecision = true;
}

// On a phone the hand stays at the bottom of the screen (style.css) and could cover a new
// decision: once the whole table is drawn (the call button changes the hand's height), the
// page scrolls just enough to show it above the hand, once, so that it never fights the
// player's own scrolling.
function keepDecisionInSight() {
  if (!table.freshDecision) return;
  table.freshDecision = false;
  const me = document.querySelector(".me");
  if (getComputedStyle(me).position !== "sticky") return;
  handHeightSaid();
  const panel = $("decision").getBoundingClientRect();
  const below = panel.bottom + 8 - me.getBoundingClientRect().top;
  if (below > 0) window.scrollBy(0, Math.min(below, panel.top - 8));
}

// The hand's height, for the decision's height and scroll margin on a phone (style.css).
function handHeightSaid() {
  const me = document.querySelector(".me");
  document.documentElement.style.setProperty("--hand-height", `${me.offsetHeight}px`);
}

function renderLog(state) {
  const log = $("log");
  const lines = state.log || [];
  const key = JSON.stringify(lines);
  if (key === table.logKey) return;
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 24 || !table.logKey;
  const keep = log.scrollTop;
  table.logKey = key;
  log.replaceChildren(...lines.map((line) => el("li", null, line)));
  if (atBottom) log.scrollTop = log.scrollHeight;
  else log.scrollTop = keep;
}

function renderHandOver(state) {
  const over = $("hand-over");
  const h = state.hand_over;
  if (!h) {
    over.hidden = true;
    over.replaceChildren();
    return;
  }
  const box = el("div", "hand-over-box");
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", _("The hand is over"));
  const winner = h.winner === null || h.winner === undefined ? null : seatName(state, h.winner);
  box.appendChild(el("h2", null, winner === null ? _("The hand is over")
    : h.winner === state.seat ? _("You win the hand") : _("{name} wins the hand", { name: winner })));
  if (h.blocked) box.appendChild(el("p", "blocked", _("The hand was blocked: nobody could play.")));
  // Where every seat scored its own hand, the points are the table's, seat by seat.
  if (!h.each_scored && h.points !== undefined && h.points !== null) box.appendChild(el("p", "points", ngettext("{count} point", "{count} points", h.points)));
  const [tableEl, body] = Cards.headedTable("results",
    ["", _("cards left"), _("points"), h.lowest_wins ? _("total (lowest wins)") : _("total")]);
  for (const s of h.seats || []) {
    const tr = el("tr");
    tr.dataset.seat = String(s.seat);
    if (winner && seatName(state, s.seat) === winner) tr.classList.add("winner");
    tr.appendChild(el("td", "name", s.out ? _("{name} (out)", { name: seatName(state, s.seat) }) : seatName(state, s.seat)));
    tr.appendChild(el("td", "cards", String(s.cards ?? "")));
    if (s.out) tr.classList.add("out");  // a rule put it out: not a winner's empty hand
    tr.appendChild(el("td", "pts", String(s.points ?? "")));
    tr.appendChild(el("td", "total", String(s.total ?? "")));
    body.appendChild(tr);
  }
  box.appendChild(tableEl);
  if (h.match_over) {
    box.append(...MatchEnd.parts(state, h));  // standings.js
  } else {
    const next = el("button", "primary", _("Deal the next hand"));
    next.id = "next-hand";
    next.type = "button";
    next.disabled = Boolean(table.busy);
    next.addEventListener("click", nextHand);
    box.appendChild(next);
  }
  over.replaceChildren(box);
  over.hidden = false;
}

function setBusy(on) {
  table.drawn = {};
  table.busy = on ? { version: table.state && table.state.version, decision: table.state && table.state.decision } : null;
  for (const b of document.querySelectorAll("#decision button, #next-hand")) b.disabled = on;
  for (const c of document.querySelectorAll("#hand .playable")) {
    c.tabIndex = on ? -1 : 0;
    if (on) c.setAttribute("aria-disabled", "true"); else c.removeAttribute("aria-disabled");
  }
  $("hand").classList.toggle("busy", on);
  $("decision").classList.toggle("busy", on);
}

async function answer(option) {
  const d = table.state && table.state.decision;
  if (!d || table.busy) return;
  setBusy(true);
  const { status, data } = await api("POST", `/api/tables/${encodeURIComponent(table.id)}/answer`,
    { decision: d.id, option }, table.token);
  if (status === 200) {
    // Stay busy until the next state arrives (render() lifts it), but never for ever.
    const version = table.state && table.state.version;
    setTimeout(() => { if (table.busy && table.state && table.state.version === version) { setBusy(false); refresh(); } }, 8000);
    return;
  }
  setBusy(false);
  toast(errorMessage(data, _("That answer was refused ({status}).", { status })));
  if (status === 409 || status === 403) refresh();
}

async function nextHand() {
  if (table.busy) return;
  setBusy(true);
  const { status, data } = await api("POST", `/api/tables/${encodeURIComponent(table.id)}/next`, {}, table.token);
  if (status !== 200) {
    setBusy(false);
    toast(errorMessage(data, _("The next hand could not be dealt ({status}).", { status })));
    refresh();
    return;
  }
  const version = table.state && table.state.version;
  setTimeout(() => { if (table.busy && table.state && table.state.version === version) { setBusy(false); refresh(); } }, 8000);
}

async function refresh() {
  const { status, data } = await api("GET", `/api/tables/${encodeURIComponent(table.id)}/state`, undefined, table.token);
  if (status === 200) render(data);
}

/* ------------------------------------------------------------------ start */

function start() {
  const params = hashParams();
  const id = params.get("t");
  const token = params.get("k") || (id ? recall(`houserules.seat.${id}`) : null);
  if (id && params.get("s")) startWatching(id, params.get("s"));
  else if (id && params.get("k")) startTable(id, token);
  else if (id && token && !recall(`houserules.host.${id}`)) startTable(id, token);
  else startSetup();
}

window.addEventListener("hashchange", () => location.reload());
if (window.ResizeObserver) new ResizeObserver(handHeightSaid).observe(document.querySelector(".me"));
Words.load().then(start);  // words.js: the page's words in its language first
