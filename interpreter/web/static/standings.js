// houserules: the end of a match on the browser table: the final standings (each seat or
// team, best first, as the server ranks them by the ruleset's own scoring), and "Play again",
// which the table's host starts (a new match: the same seats, links and bots).
"use strict";

const MatchEnd = (() => {
  const el = Cards.el;

  function who(state, seats) {
    return seats.map((s) => seatName(state, s)).join(" and ");
  }

  function plural(n, word) {
    return `${n} ${word}${n === 1 ? "" : "s"}`;
  }

  // The sentence that says who won, with the total that won it.
  function headline(state, over) {
    const first = (over.standings || []).find((line) => line.winner);
    if (!first) return "The match is over.";
    const name = who(state, first.seats);
    const many = first.seats.length > 1 || name === "You";
    const how = over.lowest_wins ? "with the lowest total" : "with";
    return `${name} ${many ? "win" : "wins"} the match ${how}${over.lowest_wins ? ", " : " "}${plural(first.total, "point")}!`;
  }

  // The final standings as a table: place, seat (or team), total, and "out" for a seat a rule
  // put out of the match.
  function table(state, over) {
    const [t, body] = Cards.headedTable("results standings",
      ["", "", over.lowest_wins ? "total (lowest wins)" : "total", ""]);
    t.setAttribute("aria-label", "Final standings");
    for (const line of over.standings || []) {
      const tr = el("tr");
      tr.dataset.seats = line.seats.join(" ");
      if (line.winner) tr.classList.add("winner");
      if (line.out) tr.classList.add("out");
      tr.appendChild(el("td", "place", `${line.place}.`));
      tr.appendChild(el("td", "name", who(state, line.seats)));
      tr.appendChild(el("td", "total", String(line.total)));
      tr.appendChild(el("td", "standing", line.winner ? "winner" : line.out ? "out" : ""));
      body.appendChild(tr);
    }
    return t;
  }

  // "Play again" for the table's host (whose browser keeps the host's token); the others are
  // told that the host may.
  function again(state) {
    const host = recall(`houserules.host.${state.table}`);
    if (!host) return el("p", "detail again-note", "The table's host may start a new match here, with the same seats.");
    const button = el("button", "primary", "Play again");
    button.id = "play-again";
    button.type = "button";
    button.title = "A new match at this table: the same seats, links and bots";
    button.addEventListener("click", async () => {
      button.disabled = true;
      const { status, data } = await api("POST", `/api/tables/${encodeURIComponent(state.table)}/again`, {}, host);
      if (status !== 200) {
        button.disabled = false;
        toast(errorMessage(data, `A new match could not be started (${status}).`));
      }
    });
    return button;
  }

  // Everything the end-of-match part of the hand-over dialog shows.
  function parts(state, over) {
    const nodes = [el("h3", "standings-title", "Final standings"), table(state, over),
      el("p", "match-over", headline(state, over))];
    if (Number.isInteger(state.seed)) nodes.push(el("p", "detail", `This match was dealt from seed ${state.seed}: set it up again with that seed to replay it.`));
    const buttons = el("div", "end-buttons");
    buttons.appendChild(again(state));
    const elsewhere = el("a", "button", "Set up a new table");
    elsewhere.href = "/";
    buttons.appendChild(elsewhere);
    nodes.push(buttons);
    return nodes;
  }

  return { parts };
})();
