// houserules: the end of a match on the browser table: the final standings (each seat or
// team, best first, as the server ranks them by the ruleset's own scoring), and "Play again",
// which the table's host starts (a new match: the same seats, links and bots).
"use strict";

const MatchEnd = (() => {
  const el = Cards.el;

  function who(state, seats) {
    const names = seats.map((s) => seatName(state, s));
    return names.length ? names.reduce((first, second) => _("{first} and {second}", { first, second })) : "";
  }

  // The sentence that says who won, with the total that won it.
  function headline(state, over) {
    const first = (over.standings || []).find((line) => line.winner);
    if (!first) return _("The match is over.");
    const name = who(state, first.seats);
    const n = first.total;
    if (first.seats.length === 1 && first.seats[0] === state.seat) {
      return over.lowest_wins ? ngettext("You win the match with the lowest total, {count} point!", "You win the match with the lowest total, {count} points!", n)
        : ngettext("You win the match with {count} point!", "You win the match with {count} points!", n);
    }
    if (first.seats.length > 1) {
      return over.lowest_wins ? ngettext("{name} win the match with the lowest total, {count} point!", "{name} win the match with the lowest total, {count} points!", n, { name })
        : ngettext("{name} win the match with {count} point!", "{name} win the match with {count} points!", n, { name });
    }
    return over.lowest_wins ? ngettext("{name} wins the match with the lowest total, {count} point!", "{name} wins the match with the lowest total, {count} points!", n, { name })
      : ngettext("{name} wins the match with {count} point!", "{name} wins the match with {count} points!", n, { name });
  }

  // The final standings as a table: place, seat (or team), total, and "out" for a seat a rule
  // put out of the match.
  function table(state, over) {
    const [t, body] = Cards.headedTable("results standings",
      ["", "", over.lowest_wins ? _("total (lowest wins)") : _("total"), ""]);
    t.setAttribute("aria-label", _("Final standings"));
    for (const line of over.standings || []) {
      const tr = el("tr");
      tr.dataset.seats = line.seats.join(" ");
      if (line.winner) tr.classList.add("winner");
      if (line.out) tr.classList.add("out");
      tr.appendChild(el("td", "place", `${line.place}.`));
      tr.appendChild(el("td", "name", who(state, line.seats)));
      tr.appendChild(el("td", "total", String(line.total)));
      tr.appendChild(el("td", "standing", line.winner ? _("winner") : line.out ? _("out") : ""));
      body.appendChild(tr);
    }
    return t;
  }

  // "Play again" for the table's host (whose browser keeps the host's token); the others are
  // told that the host may.
  function again(state) {
    const host = recall(`houserules.host.${state.table}`);
    if (!host) return el("p", "detail again-note", _("The table's host may start a new match here, with the same seats."));
    const button = el("button", "primary", _("Play again"));
    button.id = "play-again";
    button.type = "button";
    button.title = _("A new match at this table: the same seats, links and bots");
    button.addEventListener("click", async () => {
      button.disabled = true;
      const { status, data } = await api("POST", `/api/tables/${encodeURIComponent(state.table)}/again`, {}, host);
      if (status !== 200) {
        button.disabled = false;
        toast(errorMessage(data, _("A new match could not be started ({status}).", { status })));
      }
    });
    return button;
  }

  // Everything the end-of-match part of the hand-over dialog shows.
  function parts(state, over) {
    const nodes = [el("h3", "standings-title", _("Final standings")), table(state, over),
      el("p", "match-over", headline(state, over))];
    if (Number.isInteger(state.seed)) nodes.push(el("p", "detail", _("This match was dealt from seed {seed}: set it up again with that seed to replay it.", { seed: state.seed })));
    const buttons = el("div", "end-buttons");
    buttons.appendChild(again(state));
    const elsewhere = el("a", "button", _("Set up a new table"));
    elsewhere.href = "/";
    buttons.appendChild(elsewhere);
    nodes.push(buttons);
    return nodes;
  }

  return { parts };
})();
