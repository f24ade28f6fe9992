// houserules: the page's words in its reader's language (interpreter/web/words.py,
// docs/translating.md). The page writes English, _("...") and ngettext("...", "...", n); the
// server's `web` catalog in the language chosen says them. The language is this browser's
// choice in the picker (kept in localStorage), else the browser's own languages
// (Accept-Language); every request to the server names it, so that what the server says
// to this seat is said in it, and nobody else's words change.
"use strict";

const Words = (() => {
  const KEY = "houserules.lang";
  let said = { lang: "en", dir: "ltr", messages: {}, languages: [] };
  let plurals = new Intl.PluralRules("en");

  function chosen() {
    try { return localStorage.getItem(KEY); } catch (err) { return null; }
  }

  // `{name}` in `text` replaced by values[name].
  function fill(text, values) {
    if (!values) return text;
    return text.replace(/\{([a-z_]+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }

  function translate(message, values) {
    const t = said.messages[message];
    return fill(typeof t === "string" && t ? t : message, values);
  }

  // A counted message's form for `count` (the catalog's forms are in the order of the
  // language's plural categories: `one`, then `other`), with {count} filled in.
  function counted(singular, plural, count, values) {
    const forms = said.messages[singular];
    let text = count === 1 ? singular : plural;
    if (Array.isArray(forms) && forms.length) {
      text = forms.length === 1 || plurals.select(count) === "one" ? forms[0] : forms[1];
    }
    return fill(text, Object.assign({ count }, values || {}));
  }

  // `path` naming the language read (a request's `lang`).
  function withLang(path) {
    return path + (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(said.lang);
  }

  async function load() {
    const own = chosen();
    try {
      const response = await fetch("/api/words" + (own ? "?lang=" + encodeURIComponent(own) : ""));
      if (response.ok) said = await response.json();
    } catch (err) { /* no server: the page speaks English */ }
    try { plurals = new Intl.PluralRules(said.lang); } catch (err) { plurals = new Intl.PluralRules("en"); }
    page();
  }

  // The page's fixed words (index.html's data-t and data-t-attrs) in the language, its
  // `lang` and direction, and the picker.
  function page() {
    const root = document.documentElement;
    root.lang = said.lang;
    root.dir = said.dir;
    for (const node of document.querySelectorAll("[data-t]")) {
      if (node.dataset.en === undefined) node.dataset.en = node.textContent.trim().replace(/\s+/g, " ");
      node.textContent = translate(node.dataset.en);
    }
    for (const node of document.querySelectorAll("[data-t-attrs]")) {
      for (const name of node.dataset.tAttrs.split(" ")) {
        const key = "en" + name.replace(/(^|-)([a-z])/g, (m, dash, c) => c.toUpperCase());
        if (node.dataset[key] === undefined) node.dataset[key] = node.getAttribute(name) || "";
        if (node.dataset[key]) node.setAttribute(name, translate(node.dataset[key]));
      }
    }
    picker();
  }

  function picker() {
    const select = document.getElementById("language");
    if (!select) return;
    select.replaceChildren();
    for (const l of said.languages) {
      const option = document.createElement("option");
      option.value = l.code;
      option.lang = l.code;
      option.textContent = l.name;
      option.selected = l.code === said.lang;
      select.appendChild(option);
    }
    select.hidden = said.languages.length < 2;
    select.onchange = () => {
      try { localStorage.setItem(KEY, select.value); } catch (err) { /* this page only */ }
      location.reload();  // everything drawn again, and asked of the server, in it
    };
  }

  return { load, translate, counted, withLang, get lang() { return said.lang; } };
})();

const _ = Words.translate;
const ngettext = Words.counted;
