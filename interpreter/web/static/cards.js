// Drawing cards: faces and backs, built with the DOM (never innerHTML: names are user text).
"use strict";

const Cards = (() => {
  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // A table with one row of headings; gives [the table, its body] to fill with rows.
  function headedTable(cls, headings) {
    const table = el("table", cls);
    const head = el("tr");
    for (const words of headings) head.appendChild(el("th", null, words));
    const thead = el("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    const body = el("tbody");
    table.appendChild(body);
    return [table, body];
  }

  // A conic gradient of the colours of the side that is up, for a colourless card's oval.
  function paletteGradient(palette) {
    const colours = (palette || []).map((p) => p && p.css).filter(Boolean);
    if (!colours.length) return "conic-gradient(#888 0 25%, #bbb 0 50%, #888 0 75%, #bbb 0)";
    const step = 100 / colours.length;
    const stops = colours.map((css, i) => `${css} ${(i * step).toFixed(3)}% ${((i + 1) * step).toFixed(3)}%`);
    return `conic-gradient(from 0deg, ${stops.join(", ")})`;
  }

  function labelClass(label) {
    const n = [...String(label)].length;
    if (n <= 2) return "";
    if (n <= 4) return " long";
    return " words";
  }

  // A card as a screen reader says it: its colour and rank, or a colourless card's name; the
  // colour in the palette's words (the language read), else as the ruleset names it.
  function cardName(f, palette) {
    const name = String(f.name || f.label || _("a card"));
    const entry = f.color ? (palette || []).find((p) => p && p.value === f.color) : null;
    const colour = f.color ? String((entry && entry.name) || f.color).replace(/_/g, " ") : "";
    return colour && !name.toLowerCase().includes(colour.toLowerCase()) ? `${colour} ${name}` : name;
  }

  // The symbol that tells the card's colour apart without its hue (the ruleset's look: marks).
  function markOf(f, palette) {
    const entry = (palette || []).find((p) => p && p.value === f.color);
    return entry && entry.mark ? String(entry.mark) : "";
  }

  // face: {name, color, css, label, kind, wild, badges}; palette: [{name, value, css, mark}].
  function face(f, palette, extraClass) {
    f = f || {};
    const card = el("div", "card face" + (extraClass ? " " + extraClass : ""));
    const label = f.label !== undefined && f.label !== null && f.label !== "" ? String(f.label) : (f.name || "?");
    const colourless = !f.css;
    if (colourless) {
      card.classList.add("colourless");
    } else {
      card.style.setProperty("--card", f.css);
    }
    const items = (f.badges || []).map((b) => b.words || b.value).filter(Boolean);
    const named = cardName(f, palette) + (items.length ? `, ${items.join(", ")}` : "");
    card.title = named;
    card.setAttribute("role", "img");
    card.setAttribute("aria-label", named);

    const inner = el("div", "card-inner");
    inner.setAttribute("aria-hidden", "true");  // the card's name says it all
    const oval = el("div", "oval");
    if (colourless) oval.style.background = paletteGradient(palette);
    inner.appendChild(oval);
    inner.appendChild(el("div", "big" + labelClass(label), label));
    inner.appendChild(el("div", "corner tl" + labelClass(label), label));
    inner.appendChild(el("div", "corner br" + labelClass(label), label));
    const badges = f.badges || [];
    if (badges.length) {
      const row = el("div", "badges");
      for (const b of badges) {
        const badge = el("span", "badge", b.symbol || (b.words || b.value || "•").slice(0, 1));
        badge.title = b.words || b.value || "";
        row.appendChild(badge);
      }
      inner.appendChild(row);
    }
    const mark = markOf(f, palette);
    if (mark) {
      inner.appendChild(el("div", "mark tr", mark));
      inner.appendChild(el("div", "mark bl", mark));
    }
    card.appendChild(inner);
    return card;
  }

  // A card back reveals nothing: the same for every card and every game.
  function back(extraClass) {
    const card = el("div", "card back" + (extraClass ? " " + extraClass : ""));
    card.setAttribute("aria-hidden", "true");
    const inner = el("div", "card-inner");
    inner.appendChild(el("div", "oval"));
    inner.appendChild(el("div", "back-word", "houserules"));
    card.appendChild(inner);
    return card;
  }

  // A fan of up to `most` backs, for a hand seen from across the table.
  function fan(count, most = 9) {
    const wrap = el("div", "fan");
    const shown = Math.min(count, most);
    wrap.style.setProperty("--n", String(Math.max(shown, 1)));
    for (let i = 0; i < shown; i++) {
      const b = back("mini");
      const mid = (shown - 1) / 2;
      b.style.setProperty("--i", String(i - mid));
      wrap.appendChild(b);
    }
    return wrap;
  }

  return { el, headedTable, face, back, fan, paletteGradient, cardName, markOf };
})();
