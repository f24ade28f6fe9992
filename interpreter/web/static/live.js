// houserules: real-time play at the table (docs/web-api.md, "Real time"): the countdown,
// who is here, the seats a bot plays, the host's seat controls, and the call and Catch
// buttons. Called by app.js's render() with every state; uses its api(), table, toast(),
// answer() and el(). Everything it shows is the same for every seat but the seat's own buttons.
"use strict";

const Live = (() => {
  const byId = (id) => document.getElementById(id);
  let shown = null;       // the last state rendered
  let received = 0;       // when it arrived (performance.now), for the countdown
  let ticker = null;

  function render(state) {
    shown = state;
    received = performance.now();
    renderCountdown();
    renderButtons(state);
    renderPresence(state);
    renderHanded(state);
    renderHost(state);
  }

  function nameOf(state, seat) {
    const s = (state.seats || []).find((x) => x.seat === seat);
    return s ? s.name : _("Seat {number}", { number: seat });
  }

  // What the table waits for against a clock: the same words at every seat.
  function renderCountdown() {
    const box = byId("countdown");
    const c = shown && !shown.hand_over ? shown.countdown : null;
    if (!c) {
      box.hidden = true;
      delete box.dataset.kind;
      clearInterval(ticker);
      ticker = null;
      return;
    }
    const left = Math.max(0, Math.ceil(c.left - (performance.now() - received) / 1000));
    const who = c.seat === null || c.seat === undefined ? null : nameOf(shown, c.seat);
    const word = (shown.call && shown.call.word) || "UNO";
    let words;
    const mine = c.seat === shown.seat;
    if (c.kind === "window") words = _("Window open: {seconds} s", { seconds: left });
    else if (c.kind === "call") {
      words = mine ? _("Call {word}! {seconds} s", { word, seconds: left })
        : _("{name} has {seconds} s to call {word}", { name: who, seconds: left, word });
    } else {
      words = mine ? _("Your move: {seconds} s, then a bot moves for you", { seconds: left })
        : _("{name}'s move: {seconds} s", { name: who, seconds: left });
    }
    box.textContent = words;
    box.dataset.kind = c.kind;
    box.dataset.left = String(left);
    box.classList.toggle("urgent", left <= 5);
    box.hidden = false;
    if (!ticker) ticker = setInterval(renderCountdown, 250);
  }

  // The call button (the ruleset's `uno: name:`, UNO by default) and Catch, with their keys U and C.
  function renderButtons(state) {
    const call = state.call;
    const calls = byId("calls");
    if (!call || state.hand_over) {
      calls.hidden = true;
      return;
    }
    calls.hidden = false;
    const me = (state.seats || []).find((s) => s.seat === state.seat) || {};
    const myTurn = Boolean(state.decision) && state.turn === state.seat && !state.decision.button;
    const button = byId("call-button");
    button.textContent = call.called ? _("{word} called", { word: call.word }) : _("{word}!", { word: call.word });
    button.disabled = me.bot_plays || call.called || !(call.owed || myTurn);
    button.classList.toggle("urgent", call.owed || (myTurn && (state.hand || []).length === call.cards_left + 1));
    button.classList.toggle("called", call.called);
    const catcher = byId("catch-button");
    catcher.hidden = !call.may_catch || me.bot_plays;
    if (call.may_catch) catcher.textContent = _("Catch {name}!", { name: nameOf(state, call.missing) });
    const open = state.decision && state.decision.button === "catch" ? state.decision : null;
    const letGo = byId("let-go");
    letGo.hidden = !open;
    letGo.dataset.option = open ? String((open.options || []).findIndex((o) => o.type === "none")) : "";
  }

  async function press(button) {
    const id = button === "call" ? "call-button" : "catch-button";
    const node = byId(id);
    if (!shown || node.disabled || node.hidden || byId("calls").hidden) return;
    node.disabled = true;
    const { status, data } = await api("POST", `/api/tables/${encodeURIComponent(table.id)}/${button}`, {}, table.token);
    if (status !== 200) {
      toast(errorMessage(data, _("Too late ({status}).", { status })));
      refresh();
    }
  }

  // Who is at the table: a person's seat with no page open on it is away.
  function renderPresence(state) {
    for (const s of state.seats || []) {
      const box = document.querySelector(`#opponents .opponent[data-seat='${s.seat}']`);
      if (!box || s.kind !== "person") continue;
      const head = box.querySelector(".opp-head");
      let mark = head.querySelector(".presence");
      if (!mark) {
        mark = el("span", "presence");
        mark.setAttribute("role", "img");  // named below: a bare span may not carry a label
        head.appendChild(mark);
      }
      const now = s.removed ? "removed" : s.bot_plays ? "bot" : s.here ? "here" : "away";
      const words = { removed: _("removed: a bot plays"), bot: _("a bot plays"), here: _("here"), away: _("away") }[now];
      const short = { removed: _("removed"), bot: _("bot"), here: "", away: _("away") }[now];
      mark.dataset.presence = now;
      mark.textContent = short;
      mark.title = words;
      mark.setAttribute("aria-label", words);
    }
  }

  function renderHanded(state) {
    const me = (state.seats || []).find((s) => s.seat === state.seat);
    const box = byId("handed");
    box.hidden = !(me && me.bot_plays);
    box.textContent = _("The host handed your seat to a bot: it plays for you until the host gives it back.");
  }

  // The host (this browser made the table) may hand a person's seat to a bot, take it back,
  // or remove the person (their link stops working; a bot plays on).
  function renderHost(state) {
    const host = recall(`houserules.host.${table.id}`);
    const panel = byId("host-seats");
    if (!host) {
      panel.hidden = true;
      return;
    }
    const key = JSON.stringify((state.seats || []).map((s) => [s.seat, s.kind, s.bot_plays, s.removed, s.here]));
    if (panel.dataset.key === key) return;
    panel.dataset.key = key;
    const rows = [];
    for (const s of state.seats || []) {
      if (s.kind !== "person") continue;
      const li = el("li", "host-seat");
      li.dataset.seat = String(s.seat);
      li.appendChild(el("span", "host-seat-name", s.name));
      if (s.removed) {
        li.appendChild(el("span", "help", " " + _("removed: a bot plays")));
      } else {
        const hand = el("button", "copy", s.bot_plays ? _("Take back") : _("Hand to a bot"));
        hand.type = "button";
        hand.dataset.action = s.bot_plays ? "back" : "bot";
        hand.addEventListener("click", () => seatAction(s.seat, hand.dataset.action, host));
        li.appendChild(hand);
        if (s.seat !== state.seat) {
          const remove = el("button", "copy", _("Remove"));
          remove.type = "button";
          remove.dataset.action = "remove";
          remove.addEventListener("click", () => {
            if (confirm(_("Remove {name} from the table? A bot plays their seat, and their link stops working.", { name: s.name }))) seatAction(s.seat, "remove", host);
          });
          li.appendChild(remove);
        }
      }
      rows.push(li);
    }
    byId("host-seat-list").replaceChildren(...rows);
    panel.hidden = !rows.length;
  }

  async function seatAction(seat, action, host) {
    const { status, data } = await api("POST", `/api/tables/${encodeURIComponent(table.id)}/seats/${seat}/${action}`, {}, host);
    if (status !== 204) toast(errorMessage(data, _("The host's change was refused ({status}).", { status })));
    refresh();
  }

  function start() {
    byId("call-button").addEventListener("click", () => press("call"));
    byId("catch-button").addEventListener("click", () => press("catch"));
    byId("let-go").addEventListener("click", () => {
      const option = Number(byId("let-go").dataset.option);
      if (option >= 0) answer(option);
    });
    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest("input, textarea, select")) return;
      if (e.key === "u" || e.key === "U") press("call");
      else if (e.key === "c" || e.key === "C") press("catch");
    });
  }

  document.addEventListener("DOMContentLoaded", start);
  return { render };
})();
