// How the table feels: the played card moving to the pile, "your turn" in the tab's title, a
// subtle sound (off until switched on; made with WebAudio, nothing fetched) and a short
// vibration on phones when your turn comes. app.js calls Feel.rendered(state) after each state.
"use strict";

const Feel = (() => {
  const $ = (id) => document.getElementById(id);
  const SOUND_KEY = "houserules.sound";
  const still = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  const seen = { decision: null, top: null, turn: null, from: null };
  let audio = null;

  /* ------------------------------------------------------------ the card moving */

  // Where the card just played came from: the card pressed in the hand (kept as it is pressed,
  // before the new state replaces it), else the box of the seat whose turn it was.
  function remember(e) {
    const card = e.target.closest && e.target.closest("#hand .card.playable");
    if (card) seen.from = card.getBoundingClientRect();
  }

  function origin(state) {
    if (seen.from) return seen.from;
    const box = seen.turn === null ? null : document.querySelector(`#opponents .opponent[data-seat="${seen.turn}"]`);
    return box ? box.getBoundingClientRect() : null;
  }

  function slide(state) {
    const card = document.querySelector("#top .card");
    const from = origin(state);
    seen.from = null;
    if (!card || !from || still()) return;
    const to = card.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    card.classList.add("arriving");
    card.style.transform = `translate(${dx}px, ${dy}px) scale(.8) rotate(-8deg)`;
    card.getBoundingClientRect();  // laid out where it came from, then moved to the pile
    requestAnimationFrame(() => {
      card.style.transform = "";
      card.addEventListener("transitionend", () => card.classList.remove("arriving"), { once: true });
    });
  }

  /* ------------------------------------------------------------ your turn */

  function soundOn() {
    try { return localStorage.getItem(SOUND_KEY) === "1"; } catch (err) { return false; }
  }

  function setSound(on) {
    const button = $("sound-switch");
    if (button) button.setAttribute("aria-pressed", String(on));
    try { localStorage.setItem(SOUND_KEY, on ? "1" : "0"); } catch (err) { /* for this page only */ }
    if (on) chime();  // what it sounds like; and the browser lets a page play once clicked
  }

  // Two soft notes, a fifth apart, a quarter of a second in all.
  function chime() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      audio = audio || new Context();
      const now = audio.currentTime;
      [[660, 0], [990, 0.11]].forEach(([pitch, at]) => {
        const tone = audio.createOscillator();
        const level = audio.createGain();
        tone.type = "sine";
        tone.frequency.value = pitch;
        level.gain.setValueAtTime(0.0001, now + at);
        level.gain.exponentialRampToValueAtTime(0.08, now + at + 0.02);
        level.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.14);
        tone.connect(level).connect(audio.destination);
        tone.start(now + at);
        tone.stop(now + at + 0.15);
      });
    } catch (err) { /* no sound: the title and the prompt still say it */ }
  }

  function yourTurn() {
    if (soundOn()) chime();
    if (navigator.vibrate) {
      try { navigator.vibrate(60); } catch (err) { /* not on this device */ }
    }
  }

  function title(state) {
    const name = `${state.title || "houserules"} · houserules`;
    document.title = state.decision ? _("● Your turn · {title}", { title: name }) : name;
  }

  /* ------------------------------------------------------------ each state */

  function rendered(state) {
    const id = state.decision ? String(state.decision.id) : null;
    if (id && !seen.decision) yourTurn();
    seen.decision = id;
    const top = JSON.stringify(state.top || null);
    if (seen.top !== null && top !== seen.top && state.top) slide(state);
    else seen.from = null;
    seen.top = top;
    seen.turn = state.turn ?? null;
    title(state);
  }

  function start() {
    const hand = $("hand");
    if (hand) {
      hand.addEventListener("pointerdown", remember, true);
      hand.addEventListener("keydown", remember, true);
    }
    const button = $("sound-switch");
    if (button) {
      button.setAttribute("aria-pressed", String(soundOn()));
      button.addEventListener("click", () => setSound(button.getAttribute("aria-pressed") !== "true"));
    }
  }

  document.addEventListener("DOMContentLoaded", start);
  return { rendered, chime };
})();
