// Accessibility at the table: what a screen reader is told (your turn, the log's new lines),
// focus kept in the hand, keyboard shortcuts, modal dialogs, and the colour-blind marks.
// app.js calls A11y.rendered(state) after each state; nothing here knows a game.
"use strict";

const A11y = (() => {
  const el = Cards.el;
  const $ = (id) => document.getElementById(id);
  const MARKS_KEY = "houserules.marks";

  // Keys and what they press: a button marked data-shortcut="KEY", or a finder's target.
  // Another part of the page adds its own with A11y.addShortcut (the UNO button, say).
  const shortcuts = [
    { key: "d", words: () => _("Draw a card (or pass, when that is what is offered)"), find: () => drawButton() },
    { key: "n", words: () => _("Deal the next hand"), find: () => $("next-hand") },
    { key: "h", words: () => _("Go to your hand"), find: () => firstCard(), focusOnly: true },
    { key: "?", words: () => _("Show these shortcuts"), find: () => null, run: () => showShortcuts() },
  ];

  function addShortcut(key, words, find) {
    shortcuts.push({ key: key.toLowerCase(), words: () => words, find });
  }

  function drawButton() {
    const buttons = [...document.querySelectorAll("#decision button.answer")];
    return buttons.find((b) => b.dataset.value === "draw")
      || buttons.find((b) => b.dataset.value === "pass") || null;
  }

  function firstCard() {
    return document.querySelector("#hand .card.playable") || document.querySelector("#hand .card");
  }

  function typing(target) {
    return target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || $("table-view").hidden) return;
    const open = openDialog();
    if (open) return;  // a modal dialog takes the keys (trapDialog)
    const key = e.key.toLowerCase();
    const byAttribute = document.querySelector(`[data-shortcut="${CSS.escape(key)}"]:not([hidden]):not(:disabled)`);
    const entry = shortcuts.find((s) => s.key === key);
    if (!byAttribute && !entry) return;
    if (entry && entry.run) { e.preventDefault(); entry.run(); return; }
    const target = byAttribute || entry.find();
    if (!target || target.disabled || target.hidden) return;
    e.preventDefault();
    if (entry && entry.focusOnly) target.focus();
    else target.click();
  }

  /* ------------------------------------------------------------ dialogs */

  // The dialog open now (its box), if any: the end of a hand, or the shortcuts.
  function openDialog() {
    return document.querySelector(".overlay:not([hidden]) [role=dialog]");
  }

  function focusables(box) {
    return [...box.querySelectorAll("button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])")]
      .filter((n) => !n.disabled && !n.hidden && n.offsetParent !== null);
  }

  // Focus stays in an open dialog (Tab wraps); Escape closes one that may be closed.
  function trapDialog(e) {
    const box = openDialog();
    if (!box) return;
    if (e.key === "Escape" && box.dataset.closes) { e.preventDefault(); closeShortcuts(); return; }
    if (e.key !== "Tab") return;
    const items = focusables(box);
    if (!items.length) { e.preventDefault(); box.focus(); return; }
    const first = items[0];
    const last = items[items.length - 1];
    if (!box.contains(document.activeElement)) { e.preventDefault(); first.focus(); }
    else if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  }

  // Make a dialog box modal, named by its heading, and move focus into it.
  function modal(box) {
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "true");
    box.tabIndex = -1;
    const heading = box.querySelector("h2");
    if (heading) {
      heading.id = heading.id || `dialog-title-${Math.random().toString(36).slice(2, 8)}`;
      box.removeAttribute("aria-label");
      box.setAttribute("aria-labelledby", heading.id);
    }
    const [first] = focusables(box).filter((n) => n.classList.contains("primary")).concat(focusables(box));
    (first || box).focus({ preventScroll: true });
  }

  let shortcutsReturn = null;

  function showShortcuts() {
    const over = $("shortcuts");
    shortcutsReturn = document.activeElement;
    const box = el("div", "hand-over-box shortcuts-box");
    box.dataset.closes = "1";
    box.appendChild(el("h2", null, _("Keyboard shortcuts")));
    const list = el("dl", "shortcut-list");
    const keys = new Map(shortcuts.map((s) => [s.key, s.words()]));
    for (const b of document.querySelectorAll("[data-shortcut], [aria-keyshortcuts]")) {
      const key = (b.dataset.shortcut || b.getAttribute("aria-keyshortcuts")).toLowerCase();
      if (!keys.has(key)) keys.set(key, b.title || b.getAttribute("aria-label") || b.textContent);
    }
    keys.set("Tab", _("Move between your playable cards and the answers; Enter or Space plays"));
    keys.set("Esc", _("Close this list"));
    for (const [key, words] of keys) {
      list.appendChild(el("dt", null, key === "?" ? "?" : key.length === 1 ? key.toUpperCase() : key));
      list.appendChild(el("dd", null, words));
    }
    box.appendChild(list);
    const close = el("button", "primary", _("Close"));
    close.type = "button";
    close.addEventListener("click", closeShortcuts);
    box.appendChild(close);
    over.replaceChildren(box);
    over.hidden = false;
    modal(box);
  }

  function closeShortcuts() {
    const over = $("shortcuts");
    over.hidden = true;
    over.replaceChildren();
    if (shortcutsReturn && document.contains(shortcutsReturn)) shortcutsReturn.focus();
  }

  /* ------------------------------------------------------------ what is said */

  function say(regionId, words) {
    const region = $(regionId);
    if (!region || !words) return;
    // A fresh node each time, so the same words said twice are said twice.
    region.replaceChildren(el("p", null, words));
  }

  // The lines `now` has that `before` had not: `before`'s end is where `now` goes on (the log
  // keeps its last lines only, so its start may have moved).
  function newLines(before, now) {
    if (!before.length) return now.length > 3 ? now.slice(-1) : now.slice();
    for (let shift = 0; shift < before.length; shift++) {
      const tail = before.slice(shift);
      if (tail.length <= now.length && tail.every((line, i) => now[i] === line)) return now.slice(tail.length);
    }
    return now.slice(-1);
  }

  /* ------------------------------------------------------------ focus in the hand */

  let handFocus = null;  // the index of the hand's card that had focus, while it has

  function watchHand() {
    const hand = $("hand");
    hand.addEventListener("focusin", (e) => {
      const card = e.target.closest(".card");
      handFocus = card ? Number(card.dataset.index) : null;
    });
    hand.addEventListener("focusout", (e) => {
      if (e.relatedTarget) handFocus = null;  // moved elsewhere on purpose, not a card replaced
    });
  }

  // The card that had focus was replaced (played, or the hand redrawn): focus its neighbour.
  function keepHandFocus() {
    if (handFocus === null) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    const cards = [...document.querySelectorAll("#hand .card")];
    const playable = cards.filter((c) => c.tabIndex >= 0);
    const near = (list) => list.reduce((best, c) => (best === null
      || Math.abs(Number(c.dataset.index) - handFocus) < Math.abs(Number(best.dataset.index) - handFocus) ? c : best), null);
    const target = near(playable);
    if (target) target.focus({ preventScroll: true });
    else {
      const hand = $("hand");
      hand.tabIndex = -1;
      hand.focus({ preventScroll: true });
    }
  }

  /* ------------------------------------------------------------ colour marks */

  function marksOn() {
    try { return localStorage.getItem(MARKS_KEY) === "1"; } catch (err) { return false; }
  }

  function setMarks(on) {
    document.body.classList.toggle("colour-marks", on);
    const button = $("marks-switch");
    if (button) button.setAttribute("aria-pressed", String(on));
    try { localStorage.setItem(MARKS_KEY, on ? "1" : "0"); } catch (err) { /* private mode: for this page */ }
  }

  /* ------------------------------------------------------------ each state */

  const seen = { decision: null, log: [] };

  function rendered(state) {
    const d = state.decision;
    const id = d ? String(d.id) : null;
    if (id && id !== seen.decision) say("announce", d.title ? _("Your turn: {question}", { question: d.title }) : _("Your turn."));
    else if (!id && seen.decision && state.waiting_for) say("announce", _("Waiting for {names}.", { names: state.waiting_for }));
    seen.decision = id;
    const lines = state.log || [];
    const fresh = newLines(seen.log, lines);
    seen.log = lines.slice();
    if (fresh.length) say("log-news", fresh.join(" "));
    const box = document.querySelector("#hand-over .hand-over-box");
    if (box && box.getAttribute("aria-modal") !== "true") modal(box);
    keepHandFocus();
  }

  function start() {
    document.addEventListener("keydown", trapDialog, true);
    document.addEventListener("keydown", onKey);
    watchHand();
    const button = $("marks-switch");
    if (button) button.addEventListener("click", () => setMarks(!document.body.classList.contains("colour-marks")));
    const help = $("shortcuts-switch");
    if (help) help.addEventListener("click", showShortcuts);
    setMarks(marksOn());
  }

  document.addEventListener("DOMContentLoaded", start);
  return { rendered, addShortcut, modal, newLines, say };
})();
