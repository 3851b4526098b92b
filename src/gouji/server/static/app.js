// The table page of `gouji serve`: a lobby to start, join, watch and replay tables, and the
// table itself over the server's websocket. Plain ES2020 and the standard DOM; no build step.
//
// The page keeps what a seat may see only: its own observation as the server sends it. Every
// seat token the browser holds is kept in localStorage (per table and seat), so a reload
// reconnects to the same seat, asking for the events after those it holds (since=N), and an
// invitation link opened by someone already seated at its table takes nothing from him.

import { LABELS, EVENT_NAMES, PLACE_NAMES, PHASE_NAMES, BOT_NAMES, ACTION_NAMES, SCORE_NOTES, actionLabel, rankName,
  setVocabulary, useVariant } from "./labels.js";

const SEATS = [0, 1, 2, 3, 4, 5];
const RANK_ORDER = { "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12,
  "K": 13, "A": 14, "2": 15, "SJ": 16, "BJ": 17 };
const SUITS = "\u2660\u2665\u2663\u2666";
// The keywords whose argument is a set from the hand: built by clicking cards.
const SET_KEYWORDS = new Set(["play", "burn", "dagang-pick-set"]);
// With more set actions than this and nothing selected, the sets wait for a selection.
const SHOWN_SETS = 24;
const BUILTIN_VARIANTS = ["provincial", "dagang", "dagang-plain", "dagang-tribute-only", "district", "dagang196"];
// The bots a seat may be: these until the server's list (GET /api/variants) comes.
let BOTS = ["greedy", "random"];

const state = {
  lang: localStorage.getItem("gouji:lang") === "zh" ? "zh" : "en",
  table: null,        // the table's id
  info: null,         // GET /api/tables/{id}
  seat: null,         // the visitor's seat, null for a spectator
  token: null,
  obs: null,          // the latest observation, history in full
  turn: null,
  legal: [],
  selected: new Set(),  // indices into obs.hand
  over: null,         // the "over" message
  ws: null,
  retry: 0,
  closing: false,
  clock: null,        // {seat, deadline (ms, local clock)} or {seat, since}
  replayStep: null,   // null: live; else the number of log events shown
  lobby: null,        // the lobby's tables (GET /api/tables), kept to render again in another language
  notice: null,       // () => the lobby's notice (rendered again in another language), or null
  invites: null,      // {table, seats}: the open seats of the table just started, until the visitor sits down
  infoTimer: null,    // a refresh of the table's summary while an open seat is to decide
  next: null,         // the table of the next game at this one, once a seat asked for it ("next" message)
  pending: false,     // an act was sent; its answer has not come
  viewed: false,      // this connection has had its first view
  timeouts: new Set(),  // the log's events the server's clock made for a seat out of time (indices)
  timedOut: false,    // the clock acted for the visitor at his last decision: the page says so
  pages: 1,           // the pages that have the visitor's seat open, this one included ("pages" message)
  reissued: null,     // {seat, link}: the seat link the creator reissued last, shown to send on
  reissuing: null,    // the visitor's own seat while its link is being reissued (its socket's close is expected)
};

const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function t(key) {
  const entry = LABELS[key];
  if (!entry) return key;
  return state.lang === "zh" ? entry[1] : entry[0];
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}

// --- the server -------------------------------------------------------------
const base = new URL(".", document.baseURI);

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(new URL(`api/${path}`, base), init);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const message = data && (data.message || data.detail || data.error) || response.statusText;
    const error = new Error(`${response.status}: ${typeof message === "string" ? message : JSON.stringify(message)}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

// localStorage "gouji:tokens": {TABLE: {seat: N, token: T, seats: {"N": T, …}}}: every seat the
// browser holds at each table (seats), and the one it sits at when it opens #table=TABLE (seat,
// token: the last one taken or chosen). An entry of an older page has seat and token only.
function tokens() {
  return storedObject("gouji:tokens");
}

// The object kept in localStorage under `key` ({} when there is none, or something else is there).
function storedObject(key) {
  try {
    const all = JSON.parse(localStorage.getItem(key) || "{}");
    return all && typeof all === "object" ? all : {};
  } catch (e) {
    return {};
  }
}

// The seats this browser holds at `table`: {seat number: token}.
function heldSeats(table) {
  const entry = tokens()[table];
  const held = {};
  if (!entry || typeof entry !== "object") return held;
  if (entry.seats && typeof entry.seats === "object") {
    for (const [seat, token] of Object.entries(entry.seats)) {
      if (typeof token === "string" && token && SEATS.includes(Number(seat))) held[Number(seat)] = token;
    }
  }
  if (typeof entry.token === "string" && entry.token && SEATS.includes(Number(entry.seat))) {
    held[Number(entry.seat)] = entry.token;
  }
  return held;
}

// The seat this browser sits at when it opens `table`: {seat, token}, or null.
function homeSeat(table) {
  const entry = tokens()[table];
  const held = heldSeats(table);
  if (entry && held[Number(entry.seat)]) return { seat: Number(entry.seat), token: held[Number(entry.seat)] };
  const seats = Object.keys(held).map(Number).sort((a, b) => a - b);
  return seats.length ? { seat: seats[0], token: held[seats[0]] } : null;
}

// Keep `token` for `seat` at `table`, besides any other seat held there, and sit there by default.
function keepToken(table, seat, token) {
  if (typeof token !== "string" || !token) return;
  const all = tokens();
  const seats = {};
  for (const [held, kept] of Object.entries(heldSeats(table))) seats[held] = kept;
  seats[Number(seat)] = token;
  all[table] = { seat: Number(seat), token, seats };
  localStorage.setItem("gouji:tokens", JSON.stringify(all));
}

// --- cards ------------------------------------------------------------------
function cardRank(code) {
  return SUITS.includes(code[0]) ? code.slice(1) : code;
}

function cardNode(code) {
  const rank = cardRank(code);
  const node = el("span", "card", code.length > 1 && SUITS.includes(code[0]) ? code : rankName(code));
  node.dataset.card = code;
  if (rank === "BJ" || rank === "SJ") node.classList.add("joker");
  if (rank === "BJ" || code[0] === "\u2665" || code[0] === "\u2666") node.classList.add("red");
  return node;
}

function setNodes(text) {
  const box = el("span", "cards");
  if (text) for (const word of text.split(" ")) box.appendChild(cardNode(word));
  return box;
}

function rankKey(words) {
  return words.map((w) => RANK_ORDER[w] || 0).sort((a, b) => a - b).join(",");
}

// Is `part` (rank words) contained in `whole`, counting repeats?
function within(part, whole) {
  const left = new Map();
  for (const w of whole) left.set(w, (left.get(w) || 0) + 1);
  for (const w of part) {
    const n = left.get(w) || 0;
    if (!n) return false;
    left.set(w, n - 1);
  }
  return true;
}

// --- labels -----------------------------------------------------------------
function seatName(seat) {
  if (seat === null || seat === undefined) return "";
  let name = fill(t("seat_n"), { n: seat });
  if (seat === state.seat) name += ` (${t("you")})`;
  return name;
}

function seatsNamed(seats) {
  return seats.map((seat) => fill(t("seat_n"), { n: seat })).join(state.lang === "zh" ? "、" : ", ");
}

function botName(name) {
  const names = BOT_NAMES[name];
  return names ? names[state.lang === "zh" ? 1 : 0] : name;
}

// A seat's kind as the lobby lists it: a person, an open seat, or a bot by name.
function kindName(kind) {
  if (kind === "human") return t("kind_human");
  if (kind === "open") return t("kind_open");
  return kind ? botName(kind) : "";
}

function placeName(place) {
  return PLACE_NAMES[place] ? PLACE_NAMES[place][state.lang === "zh" ? 0 : 1] : "";
}

function phaseName(name) {
  const names = PHASE_NAMES[name];
  return names ? names[state.lang === "zh" ? 1 : 0] : name;
}

function actionParts(text) {
  const [keyword, ...rest] = text.split(" ");
  return { keyword, rest };
}

function eventText(e) {
  const names = EVENT_NAMES[e.kind] || [e.kind, e.kind];
  const who = e.seat === null || e.seat === undefined ? "" : `${seatName(e.seat)} `;
  const what = state.lang === "zh" ? names[1] : names[0];
  return who + what;
}

// A phase decision's event tells its phase and the action taken ("declaring points:
// dagang-declare pre no"): {phase, action}, or null for any other detail. The log names both as
// the page does (the phase's name, the action as its button read), not by the action's text.
function phaseChoice(detail) {
  if (typeof detail !== "string") return null;
  const cut = detail.lastIndexOf(": ");
  if (cut <= 0) return null;
  const action = detail.slice(cut + 2);
  return /^[a-z][a-z0-9]*(-[a-z0-9]+)*( [^\s:]+)*$/.test(action) ? { phase: detail.slice(0, cut), action } : null;
}

function eventNode(e, index) {
  const li = el("li", "event");
  li.dataset.kind = e.kind;
  li.dataset.index = String(index);
  li.appendChild(el("span", "what", `${eventText(e)} `));
  if (e.play) li.appendChild(setNodes(e.play));
  const order = e.kind === "game-over" ? finishOrderIn(e.detail) : null;
  // The game's end names each place's seat, not bare seat numbers.
  const choice = e.kind === "phase" ? phaseChoice(e.detail) : null;
  if (choice) li.dataset.choice = choice.action;
  const detail = order ? order.map((seat, place) => fill(t("places_line"), { place: placeName(place), seat: seatName(seat) }))
    .join(state.lang === "zh" ? "，" : ", ")
    : choice ? fill(t("phase_choice"), { phase: phaseName(choice.phase), choice: actionLabel(choice.action, state.lang) })
      : e.detail;
  if (detail) li.appendChild(el("span", "detail", ` \u2014 ${detail}`));
  if (state.timeouts.has(index)) {
    li.classList.add("timed-out");
    li.appendChild(el("span", "timeout", ` (${t("out_of_time")})`));
  }
  if (e.rule) {
    const rule = el("span", "rule", ` [${e.rule}]`);
    rule.dataset.rule = e.rule;
    li.appendChild(rule);
  }
  return li;
}

function applyLanguage() {
  document.documentElement.lang = state.lang === "zh" ? "zh-Hans" : "en";
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  $("lang").textContent = state.lang === "zh" ? "English" : "中文";
  renderSeatChoices();
  renderInvites();
  renderNotice();
  if (state.table) render();
  else if (state.lobby) renderLobby();
}

// --- the lobby --------------------------------------------------------------
// The variants offered: the server's (GET /api/variants), else the built-in books.
function loadVariants(list) {
  const given = Array.isArray(list) && list.length ? list.filter((v) => typeof v === "string" || (v && v.name))
    : [];
  const variants = (given.length ? given : BUILTIN_VARIANTS).map((v) => (typeof v === "string" ? { name: v } : v));
  const select = $("variant");
  const chosen = select.value;
  select.textContent = "";
  for (const variant of variants) {
    const option = el("option", "", variant.name);
    option.value = variant.name;
    if (variant.description) option.title = variant.description;
    select.appendChild(option);
  }
  if (variants.some((v) => v.name === chosen)) select.value = chosen;
}

// The variants' words (GET /api/vocabulary): once, before the first table is drawn. Without
// them a term reads as its keyword.
async function loadVocabulary() {
  try {
    setVocabulary(await api("vocabulary"));
  } catch (e) {
    showError(e.message);
  }
}

// The variants and bots the server has: once, when the page opens.
async function loadCatalog() {
  try {
    const data = await api("variants");
    if (data && Array.isArray(data.bots) && data.bots.length) {
      BOTS = data.bots.filter((name) => typeof name === "string");
      renderSeatChoices();
    }
    loadVariants(data && data.variants);
  } catch (e) {
    showError(e.message);
  }
}

function renderSeatChoices() {
  const box = $("seat-choices");
  const kept = Array.from(box.querySelectorAll("select"), (s) => s.value);
  box.textContent = "";
  for (const seat of SEATS.slice(1)) {
    const label = el("label", "seat-choice", `${fill(t("seat_n"), { n: seat })} `);
    const select = el("select");
    select.dataset.seat = String(seat);
    select.dataset.testid = `seat-${seat}`;
    for (const kind of [...BOTS, "open"]) {
      const option = el("option", "", kind === "open" ? t("friend") : fill(t("bot"), { name: botName(kind) }));
      option.value = kind;
      select.appendChild(option);
    }
    select.value = kept[seat - 1] || "greedy";
    label.appendChild(select);
    box.appendChild(label);
  }
}

async function newTable() {
  const seats = ["human", ...Array.from($("seat-choices").querySelectorAll("select"), (s) => s.value)];
  const button = $("new-table");
  button.disabled = true;
  try {
    const made = await api("tables", { variant: $("variant").value, seats, options: {} });
    keepToken(made.id, 0, (made.tokens || {})["0"]);
    keepCreatorToken(made.id, made.creator_token);
    const open = seats.flatMap((kind, seat) => (kind === "open" ? [seat] : []));
    state.invites = open.length ? { table: made.id, seats: open } : null;
    renderInvites();
    if (open.length) {
      // The new table, waiting for the friends, joins the list.
      loadLobby();
    } else {
      location.hash = `table=${encodeURIComponent(made.id)}`;
    }
  } catch (e) {
    showError(e.message);
  } finally {
    button.disabled = false;
  }
}

// The links for friends to take the open seats of the table just started: friends are invited
// first, so the links stay on the lobby until the visitor sits down.
function renderInvites() {
  const box = $("invites");
  box.textContent = "";
  if (!state.invites) return;
  const { table } = state.invites;
  // A seat a friend has taken (the lobby as last read) is no longer offered; none left, no links.
  const info = (state.lobby || []).find((t) => t.id === table);
  const seats = info ? state.invites.seats.filter((seat) => isOpen(info, seat)) : state.invites.seats;
  if (!seats.length) return;
  for (const seat of seats) {
    const link = new URL(base);
    link.hash = `join=${encodeURIComponent(table)}&seat=${seat}`;
    const row = el("div", "invite", `${fill(t("invite"), { n: seat })} `);
    const a = el("a", "", link.href);
    a.href = link.href;
    a.dataset.seat = String(seat);
    row.appendChild(a);
    box.appendChild(row);
  }
  const go = el("button", "", t("sit_down"));
  go.type = "button";
  go.dataset.testid = "sit-down";
  go.addEventListener("click", () => { location.hash = `table=${encodeURIComponent(table)}`; });
  box.appendChild(go);
}

function seatKinds(info) {
  const seats = info && info.seats;
  if (!Array.isArray(seats)) return SEATS.map(() => "");
  // The lobby writes a seat {"seat", "kind": "human" | "open" | "bot", "bot": its name}.
  return seats.map((s) => (s && typeof s === "object" ? (s.kind === "bot" ? s.bot || "bot" : s.kind) : String(s)));
}

function isOpen(info, seat) {
  return seatKinds(info)[seat] === "open";
}

function isFinished(info) {
  return Boolean(info) && info.status === "over";
}

async function loadLobby() {
  let list = [];
  try {
    const data = await api("tables");
    list = Array.isArray(data) ? data : (data && data.tables) || [];
  } catch (e) {
    showError(e.message);
  }
  state.lobby = list;
  if (!state.table) renderLobby();
}

function renderLobby() {
  renderInvites();
  const body = $("table-list").querySelector("tbody");
  body.textContent = "";
  for (const info of state.lobby || []) {
    const row = el("tr");
    row.dataset.table = info.id;
    row.appendChild(el("td", "id", info.id));
    // A next game at a table (POST …/next) names its number in the series.
    const variant = el("td", "", info.game_number > 1 ? `${info.variant} \u00b7 ${fill(t("game_n"), { n: info.game_number })}`
      : info.variant);
    // The options it plays with that are not its variant's as served: whoever joins knows them.
    const options = info.options && typeof info.options === "object" ? Object.entries(info.options) : [];
    if (options.length) {
      const line = el("div", "table-options", `${t("options")}: ${options.map(([name, value]) =>
        `${name} = ${JSON.stringify(value)}`).join(", ")}`);
      line.dataset.testid = "table-options";
      variant.appendChild(line);
    }
    row.appendChild(variant);
    row.appendChild(el("td", "", seatKinds(info).map(kindName).join(" · ")));
    row.appendChild(el("td", "", `${info.status ? t(`status_${info.status}`) : ""}${info.turn !== undefined ? ` (${fill(t("turn_n"), { n: info.turn })})` : ""}`));
    const cell = el("td");
    if (info.status === "abandoned") {
      // Left unfinished and let go by the server: its record (the game as far as it went) only.
      const record = el("a", "", t("record"));
      record.href = new URL(`api/tables/${encodeURIComponent(info.id)}/record`, base).href;
      record.dataset.testid = "record";
      cell.appendChild(record);
    } else {
      const watch = el("a", "", isFinished(info) ? t("replay") : t("watch"));
      watch.href = `#watch=${encodeURIComponent(info.id)}`;
      watch.dataset.testid = "watch";
      cell.appendChild(watch);
      // The seats this browser holds there: back to each (watching would make the visitor a spectator).
      for (const seat of Object.keys(heldSeats(info.id)).map(Number).sort((a, b) => a - b)) {
        const mine = el("a", "my-seat", fill(t("back_to_seat_n"), { seat: fill(t("seat_n"), { n: seat }) }));
        mine.href = `#table=${encodeURIComponent(info.id)}&seat=${seat}`;
        mine.dataset.testid = "my-seat";
        mine.dataset.seat = String(seat);
        cell.insertBefore(mine, watch);
      }
    }
    for (const seat of SEATS) {
      if (!isOpen(info, seat)) continue;
      const join = el("button", "", fill(t("join"), { n: seat }));
      join.type = "button";
      join.dataset.testid = "join";
      // As an invitation link: a browser seated at the table already is asked first.
      join.addEventListener("click", () => takeInvitation(info.id, seat));
      cell.appendChild(join);
    }
    row.appendChild(cell);
    body.appendChild(row);
  }
}

async function joinSeat(table, seat) {
  let given;
  try {
    given = await api(`tables/${encodeURIComponent(table)}/join`, { seat });
  } catch (e) {
    if (e.status === 409) {
      // The seat is not open (any more): say why, plainly, and what the visitor may do instead.
      let info = null;
      try { info = await api(`tables/${encodeURIComponent(table)}`); } catch (ignored) { info = null; }
      if (info && info.status === "abandoned") {
        showError(t("table_abandoned"), null, { text: t("record"),
          href: new URL(`api/tables/${encodeURIComponent(table)}/record`, base).href, testid: "record" });
        return;
      }
      if (info && !isOpen(info, seat)) {
        showError(fill(t("seat_taken"), { seat: fill(t("seat_n"), { n: seat }) }), null,
          { text: t("watch_instead"), href: `#watch=${encodeURIComponent(table)}`, testid: "watch" });
        return;
      }
    }
    showError(e.message);
    return;
  }
  keepToken(table, given.seat !== undefined ? given.seat : seat, given.token);
  location.hash = `table=${encodeURIComponent(table)}`;
}

// An invitation (#join=TABLE&seat=N) opened in a browser that already holds a seat at its
// table: the host opening his own link, most often. Nothing is taken; the visitor may go back
// to his seat, or take the seat all the same (keeping his other one).
function invitationToOwnTable(table, seat, held) {
  state.notice = () => {
    const box = el("div", "already-seated");
    box.appendChild(el("p", "", fill(t("already_seated"), { seats: seatsNamed(held),
      seat: fill(t("seat_n"), { n: seat }) })));
    const back = el("button", "", t("back_to_seat"));
    back.type = "button";
    back.dataset.testid = "back-to-seat";
    back.addEventListener("click", () => { location.hash = `table=${encodeURIComponent(table)}`; });
    box.appendChild(back);
    const take = el("button", "", fill(t("take_anyway"), { seat: fill(t("seat_n"), { n: seat }) }));
    take.type = "button";
    take.dataset.testid = "take-seat";
    take.addEventListener("click", () => { state.notice = null; renderNotice(); joinSeat(table, seat); });
    box.appendChild(take);
    return box;
  };
  renderNotice();
}

// An invitation to `seat` at `table` (a link, or the lobby's button): take the open seat, then
// sit down (#table=ID); but where this browser holds a seat at the table already, ask first.
function takeInvitation(table, seat) {
  const held = heldSeats(table);
  if (held[seat]) {
    // The very seat invited to is this browser's (a friend opening his link again): sit there.
    keepToken(table, seat, held[seat]);
    history.replaceState(null, "", `#table=${encodeURIComponent(table)}`);
    route();
    return;
  }
  const mine = Object.keys(held).map(Number).sort((a, b) => a - b);
  if (mine.length && SEATS.includes(seat)) invitationToOwnTable(table, seat, mine);
  else joinSeat(table, seat);
}

function renderNotice() {
  const box = $("notice");
  box.textContent = "";
  if (state.notice) box.appendChild(state.notice());
  box.hidden = !state.notice;
}

// --- the table --------------------------------------------------------------
// The error box; `link` ({text, href, testid}): what to do instead, after the message.
function showError(message, rule, link) {
  const box = $("error");
  box.textContent = message + (rule && !message.includes(`[${rule}]`) ? ` [${rule}]` : "");
  if (message && link) {
    box.appendChild(document.createTextNode(" "));
    const a = el("a", "", link.text);
    a.href = link.href;
    if (link.testid) a.dataset.testid = link.testid;
    box.appendChild(a);
  }
  box.hidden = !message;
}

function showStatus(key) {
  const box = $("status");
  box.dataset.i18n = key;
  box.textContent = key ? t(key) : "";
}

function closeSocket() {
  if (state.ws) {
    state.closing = true;
    state.ws.close();
    state.ws = null;
  }
}

// Forget `token` for `seat` at `table` (its seat was reissued: it holds nothing), if still kept.
function forgetToken(table, seat, token) {
  const all = tokens();
  const entry = all[table];
  if (!entry || typeof entry !== "object") return;
  const seats = {};
  for (const [held, kept] of Object.entries(heldSeats(table))) if (kept !== token) seats[held] = kept;
  const home = Object.keys(seats).map(Number).sort((a, b) => a - b)[0];
  if (home === undefined) delete all[table];
  else all[table] = { seat: home, token: seats[home], seats };
  localStorage.setItem("gouji:tokens", JSON.stringify(all));
}

// A kept token the server refused at connecting (its seat was reissued while no page held it
// open: closed, or a phone asleep): forgotten once the server says again that it holds no seat
// there (POST …/seat answers 403; any other answer keeps it), and the table is opened again at
// another seat held there, else watched, saying why.
async function dropRefusedToken(table, seat, token) {
  try {
    await api(`tables/${encodeURIComponent(table)}/seat`, { token });
    return;  // it holds a seat after all: kept
  } catch (e) {
    if (e.status !== 403) return;
  }
  forgetToken(table, seat, token);
  if (state.table !== table || state.token !== token) return;
  sessionStorage.removeItem(viewKey());
  await openTable(table, false);
  if (state.table !== table) return;
  state.notice = () => el("span", "", t("seat_reissued"));
  renderNotice();
}

// localStorage "gouji:creators": {TABLE: creator token}: the tables this browser created, by the
// credential that reissues their seats' links (POST …/seats/{seat}/reissue); kept like tokens.
function creatorTokens() {
  return storedObject("gouji:creators");
}

function creatorToken(table) {
  const kept = creatorTokens()[table];
  return typeof kept === "string" && kept ? kept : null;
}

function keepCreatorToken(table, token) {
  if (typeof token !== "string" || !token) return;
  const all = creatorTokens();
  all[table] = token;
  localStorage.setItem("gouji:creators", JSON.stringify(all));
}

// The view held is kept for the tab's life, so that a reload asks only for the events after it.
function viewKey() {
  return `gouji:view:${state.table}:${state.seat === null ? "spectator" : state.seat}`;
}

function keptView() {
  try {
    const view = JSON.parse(sessionStorage.getItem(viewKey()) || "null");
    return view && Array.isArray(view.history) ? view : null;
  } catch (e) {
    return null;
  }
}

function keepView() {
  try {
    sessionStorage.setItem(viewKey(), JSON.stringify(state.obs));
  } catch (e) {
    // Storage full or off: a reload asks for the whole view.
  }
}

// Open `table`: as a spectator (`watch`), else at `seat` where this browser holds it, else at
// the seat it sits at there by default (a spectator if it holds none).
async function openTable(table, watch, seat) {
  closeSocket();
  const held = heldSeats(table);
  const kept = held[seat] ? { seat, token: held[seat] } : homeSeat(table);
  Object.assign(state, { table, info: null, obs: null, turn: null, legal: [], over: null, next: null, retry: 0,
    replayStep: null, pending: false, clock: null, viewed: false, notice: null, timedOut: false, pages: 1,
    reissued: null });
  state.timeouts = new Set();
  state.selected.clear();
  state.seat = !watch && kept ? kept.seat : null;
  state.token = !watch && kept ? kept.token : null;
  state.obs = keptView();
  $("lobby").hidden = true;
  $("game").hidden = false;
  $("result").hidden = true;
  $("replay").hidden = true;
  $("record-link").hidden = true;
  showError("");
  renderNotice();
  renderMySeats();
  buildSeats();
  try {
    state.info = await api(`tables/${encodeURIComponent(table)}`);
  } catch (e) {
    showError(e.message);
    return;
  }
  connect();
}

function connect() {
  const url = new URL(`api/tables/${encodeURIComponent(state.table)}/ws`, base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (state.token) url.searchParams.set("token", state.token);
  if (state.obs) url.searchParams.set("since", String(state.obs.history.length));
  const ws = new WebSocket(url);
  state.ws = ws;
  state.closing = false;
  state.viewed = false;
  ws.addEventListener("open", () => { state.retry = 0; showStatus("connected"); });
  ws.addEventListener("message", (event) => {
    if (state.ws !== ws) return;  // a socket the page has let go of (a reissued seat's, say)
    let message;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    receive(message);
  });
  ws.addEventListener("close", (event) => {
    if (state.ws !== ws) return;
    state.ws = null;
    showStatus("disconnected");
    if (event.code === 4403 && state.reissuing !== null && state.reissuing === state.seat) {
      state.closing = true;  // this page reissued its own seat: it sits again with the new token
      return;
    }
    if (event.code === 4403 && state.viewed && state.token) {
      // The creator reissued this seat: its token holds nothing now, so it is forgotten, and the
      // page goes on as a spectator (no hand, no actions), saying why.
      forgetToken(state.table, state.seat, state.token);
      sessionStorage.removeItem(viewKey());
      openTable(state.table, true);
      state.notice = () => el("span", "", t("seat_reissued"));
      renderNotice();
      return;
    }
    if (state.closing || state.over) return;
    // Reconnect, asking for the events after those held.
    state.retry = Math.min(state.retry + 1, 5);
    setTimeout(() => { if (!state.ws && state.table && !state.over) connect(); }, 300 * state.retry);
  });
}

function merge(observation) {
  const since = observation.since || 0;
  if (since > 0 && state.obs) {
    const kept = state.obs.history.slice(0, since);
    return { ...state.obs, ...observation, history: kept.concat(observation.history || []) };
  }
  return { ...observation, history: observation.history || [] };
}

function receive(message) {
  if (message.type === "view") {
    const before = state.obs;
    const turnBefore = state.turn;
    state.obs = merge(message.observation || {});
    // The server's clock acted for a seat whose time ran out (the view of that turn says so):
    // its action reads as the seat's own, so the log marks it, and the visitor is told.
    const timed = message.timed_out;
    if (before && timed && typeof timed === "object" && SEATS.includes(timed.seat)) {
      const at = state.obs.history.findIndex((e, i) => i >= before.history.length && e.seat === timed.seat);
      if (at >= 0) state.timeouts.add(at);
      if (timed.seat === state.seat) state.timedOut = true;
    }
    state.viewed = true;
    keepView();
    state.turn = message.turn;
    state.legal = message.legal_actions || state.obs.legal_actions || [];
    state.pending = false;
    if (state.obs.seat !== undefined && state.obs.seat !== null && state.token) state.seat = state.obs.seat;
    // Each decision has its own time: the clock starts again with every new turn.
    if (!before || turnBefore !== message.turn || message.clock) startClock(message.clock);
    // Cards selected stay selected while the hand is the same.
    if (!before || (before.hand || []).join() !== (state.obs.hand || []).join()) state.selected.clear();
    showError("");
    if (state.info && state.info.status === "waiting") refreshInfo();
    render();
  } else if (message.type === "error") {
    // This page reissued its own seat: the old token's refusal is no news to it.
    if (message.code === "forbidden" && state.reissuing !== null && state.reissuing === state.seat) return;
    state.pending = false;
    if (!state.viewed && state.obs) {
      // The view held does not fit the table's (a store replaced?): ask for it in full.
      state.obs = null;
      sessionStorage.removeItem(viewKey());
      return;
    }
    // Refused before any view (no such table, a wrong token): no point asking again. A kept
    // token refused (its seat reissued while no page held it open) is checked, and let go.
    if (!state.viewed) {
      state.closing = true;
      if (message.code === "forbidden" && state.token && state.seat !== null) {
        dropRefusedToken(state.table, state.seat, state.token);
      }
    }
    // The table moved on without telling this seat (a step it may not see): a new connection
    // brings its view up to date.
    else if ((message.code === "stale" || message.code === "out_of_turn") && state.ws) resync();
    showError(message.message || message.code, message.rule);
    render();
  } else if (message.type === "pages" && message.table === state.table && message.seat === state.seat) {
    // The seat is open in other pages too (another tab, or a browser holding its link).
    state.pages = Number.isInteger(message.open) && message.open > 0 ? message.open : 1;
    render();
  } else if (message.type === "over") {
    state.over = message;
    state.legal = [];
    render();
  } else if (message.type === "next" && message.table === state.table && typeof message.next === "string") {
    // A seat asked for the next game: this browser's tokens hold the same seats there.
    state.next = { id: message.next, game_number: message.game_number };
    render();
  }
}

// The next game at this finished table (POST /api/tables/{id}/next; made once, whoever asks):
// this browser's tokens hold the same seats there, so they are kept for it, and the page goes.
async function nextGame() {
  const table = state.table;
  if (!table || !state.token) return;
  let made;
  try {
    made = await api(`tables/${encodeURIComponent(table)}/next`, { token: state.token });
  } catch (e) {
    showError(e.message);
    return;
  }
  if (state.table !== table) return;
  goToNext(table, made.id);
}

function goToNext(table, next) {
  for (const [seat, token] of Object.entries(heldSeats(table))) keepToken(next, Number(seat), token);
  keepCreatorToken(next, creatorToken(table));  // the next game keeps the creator token
  if (state.seat !== null && state.token) keepToken(next, state.seat, state.token);  // sit where one sat
  location.hash = state.seat === null ? `#watch=${encodeURIComponent(next)}` : `#table=${encodeURIComponent(next)}`;
}

async function refreshInfo() {
  const table = state.table;
  let info;
  try {
    info = await api(`tables/${encodeURIComponent(table)}`);
  } catch (e) {
    return;
  }
  if (state.table !== table) return;
  state.info = info;
  render();
}

function resync() {
  const ws = state.ws;
  state.ws = null;
  state.closing = false;
  ws.close();
  connect();
}

function startClock(clock) {
  const seat = state.obs ? state.obs.current_player : null;
  if (clock && typeof clock === "object") {
    const remaining = clock.remaining !== undefined ? clock.remaining : clock.seconds_left;
    if (typeof remaining === "number") {
      state.clock = { seat: clock.seat !== undefined ? clock.seat : seat, deadline: Date.now() + remaining * 1000 };
      return;
    }
  }
  state.clock = { seat, since: Date.now() };
}

function tickClock() {
  const box = $("clock");
  const current = state.obs ? state.obs.current_player : null;
  // No clock runs at an open seat's turn (the view has none): nobody holds the seat yet.
  if (!state.clock || current === null || current === undefined || state.over || state.replayStep !== null
      || openSeat(current)) {
    box.textContent = "";
    return;
  }
  const now = Date.now();
  const seconds = state.clock.deadline !== undefined ? Math.max(0, Math.ceil((state.clock.deadline - now) / 1000))
    : Math.floor((now - state.clock.since) / 1000);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  box.textContent = fill(t(state.clock.deadline !== undefined ? "clock_left" : "clock_used"), { time: text });
}

function position(seat) {
  // The visitor sits at the bottom; the others around the felt in seat order.
  const me = state.seat === null ? 0 : state.seat;
  return (seat - me + 6) % 6;
}

function buildSeats() {
  const felt = $("felt");
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  for (const seat of SEATS) {
    const box = el("div", "seat");
    box.id = `seat-${seat}`;
    box.dataset.seat = String(seat);
    box.dataset.testid = `seat-${seat}`;
    const name = el("div", "name");
    name.appendChild(el("b", "label"));
    name.appendChild(el("span", "place"));
    name.appendChild(el("span", "count"));
    box.appendChild(name);
    box.appendChild(el("div", "played cards"));
    felt.appendChild(box);
  }
}

// What each seat did in the round so far (its last set or word), from the log.
const SET_EVENTS = new Set(["lead", "cover", "burn"]);
const WORD_EVENTS = new Set(["pass", "auto-pass", "close", "auto-close", "yield", "no-burn", "take-wind"]);
const ROUND_ENDS = new Set(["round-won", "lead-right", "lead-passed"]);

function playedInRound(events) {
  let played = {};
  for (const e of events) {
    if (ROUND_ENDS.has(e.kind)) played = {};
    else if (SET_EVENTS.has(e.kind) && e.seat !== null && e.play) played[e.seat] = { set: e.play, kind: e.kind };
    else if (WORD_EVENTS.has(e.kind) && e.seat !== null) played[e.seat] = { kind: e.kind };
  }
  return played;
}

// The set on the table and its owner after `events`, read from the log (for the replay).
function tableAfter(events) {
  let table = null;
  let owner = null;
  for (const e of events) {
    if (ROUND_ENDS.has(e.kind)) { table = null; owner = null; }
    else if (SET_EVENTS.has(e.kind) && e.play) { table = e.play; owner = e.seat; }
  }
  return { table, owner };
}

// The places the log tells: END-1's "out", a seat retired (a revolution, a failed burn, a
// penalty) or moved to a place, and the whole order at the game's end. Their details end with
// the place's names ("头科 1st", "…; 大落 6th"); the game's end lists the seats in place order.
const PLACE_EVENTS = new Set(["out", "retired", "burn-failed", "forfeited", "moved"]);
const OUT_EVENTS = new Set(["out", "retired", "burn-failed", "forfeited"]);

function placeIn(detail) {
  if (typeof detail !== "string") return -1;
  return PLACE_NAMES.findIndex(([zh, en]) => detail === `${zh} ${en}` || detail.endsWith(`; ${zh} ${en}`));
}

// The seats in place order a "game-over" event's detail lists ("5 4 3 1 2 0"), or null.
function finishOrderIn(detail) {
  const text = typeof detail === "string" ? detail.trim() : "";
  if (!/^[0-5]( [0-5]){5}$/.test(text)) return null;
  const order = text.split(" ").map(Number);
  return new Set(order).size === 6 ? order : null;
}

// After `events`: {places: {seat: place index}, out: the seats out of play}.
function placesAfter(events) {
  const places = {};
  const out = new Set();
  for (const e of events) {
    const order = e.kind === "game-over" ? finishOrderIn(e.detail) : null;
    if (order) {
      order.forEach((seat, place) => { places[seat] = place; out.add(seat); });
    } else if (e.kind === "void-game" || e.kind === "game-over") {
      for (const seat of SEATS) out.add(seat);
    } else if (PLACE_EVENTS.has(e.kind) && SEATS.includes(e.seat)) {
      const place = placeIn(e.detail);
      if (place >= 0) places[e.seat] = place;
      if (OUT_EVENTS.has(e.kind)) out.add(e.seat);
    }
  }
  return { places, out };
}

// The events that are a seat's own decision (in the replay: whose turn it is).
const DECISION_EVENTS = new Set(["lead", "cover", "burn", "pass", "no-burn", "close", "yield", "phase",
  "consent-burn"]);

// The first decision at or after `step`, and its index in `history` (its event, else null).
function nextDecision(history, step) {
  for (let i = step; i < history.length; i += 1) {
    const e = history[i];
    if (SEATS.includes(e.seat) && (DECISION_EVENTS.has(e.kind)
        || (e.kind === "take-wind" && !String(e.detail || "").startsWith("after seat")))) return { e, at: i };
  }
  return null;
}

// What the felt shows: live, the view; in the replay, what the log up to the step tells.
function feltState(obs, events, replaying) {
  const told = placesAfter(events);
  // Before the deal nobody holds a card (a declaration before the cut, say): no hand is counted.
  const dealt = events.some((e) => e.kind === "deal") || (!replaying && ((obs.hand || []).length > 0
    || (obs.hand_sizes || []).some((n) => typeof n === "number" && n > 0)));
  const precut = !dealt && !events.some((e) => e.kind === "cut");
  if (replaying) {
    const found = nextDecision(obs.history, state.replayStep);
    // Before the cut is where the decision comes before it, not where the step is (the cut
    // and the deal are no decisions: a tribute made after them is not "before the cut").
    const cutBefore = (at) => obs.history.slice(0, at).some((e) => e.kind === "cut" || e.kind === "deal");
    if (!found) {
      // No decision logged after the step: the next one is the game's own, still to be made
      // (none once the game is over).
      return { current: obs.current_player ?? null, decision: obs.decision, phase: obs.phase,
        where: tableAfter(events), places: told.places, out: told.out, counts: false, dealt,
        precut: !cutBefore(obs.history.length) };
    }
    const next = found.e;
    const precutThen = !cutBefore(found.at);
    const decision = next.kind === "phase" ? "phase" : next.kind === "lead" ? "lead" : "respond";
    return { current: next.seat, decision, phase: next.kind === "phase"
      ? String(next.detail || "").split(": ")[0] : "", where: tableAfter(events), places: told.places,
      out: told.out, counts: false, dealt, precut: precutThen };
  }
  const places = {};
  // A seat retired to a low place keeps it (told by its event) until the finish order shows it.
  for (const [seat, place] of Object.entries(told.places)) places[seat] = place;
  (obs.finish_order || []).forEach((seat, place) => { places[seat] = place; });
  const out = new Set(SEATS.filter((seat) => places[seat] !== undefined));
  if (Array.isArray(obs.in_play)) for (const seat of SEATS) if (!obs.in_play.includes(seat)) out.add(seat);
  if (obs.is_void) for (const seat of SEATS) out.add(seat);
  for (const seat of SEATS) if (!out.has(seat)) delete places[seat];
  return { current: obs.current_player, decision: obs.decision, phase: obs.phase,
    where: { table: obs.table, owner: obs.table_owner }, places, out, counts: true, dealt, precut };
}

// An open seat nobody has taken yet (GET /api/tables/{id}): the game waits for a friend there.
function openSeat(seat) {
  return seat !== null && seat !== undefined && isOpen(state.info, seat);
}

function centreText(felt) {
  const { current, where } = felt;
  const owns = where.table ? fill(t("owns"), { seat: seatName(where.owner) }) : "";
  if (current === null || current === undefined) return owns;
  if (felt.decision === "phase") {
    const name = phaseName(felt.phase) || (EVENT_NAMES.phase || ["phase", "阶段"])[state.lang === "zh" ? 1 : 0];
    return fill(t("decides"), { phase: felt.precut ? fill(t("phase_when"), { phase: name, when: t("before_cut") }) : name,
      seat: seatName(current) });
  }
  return owns || fill(t("leads"), { seat: seatName(current) });
}

function turnText(felt, replaying) {
  const current = felt.current;
  if (current === null || current === undefined) return "";
  if (!replaying && openSeat(current)) return fill(t("turn_open"), { seat: fill(t("seat_n"), { n: current }) });
  if (!replaying && current === state.seat) return t("your_turn");
  return fill(t(felt.decision === "phase" ? "turn_decide" : "turn_of"), { seat: seatName(current) });
}

// While an open seat is to decide, the table's summary is asked for again now and then: the
// page learns that a friend took the seat even before the friend's first move.
function watchOpenSeat() {
  if (state.infoTimer) return;
  const table = state.table;
  state.infoTimer = setTimeout(async () => {
    state.infoTimer = null;
    if (state.table !== table || !state.obs || !openSeat(state.obs.current_player)) return;
    await refreshInfo();
    // Taken: the seat's clock starts now; a fresh view brings it (the server sends none).
    if (state.table === table && state.obs && !openSeat(state.obs.current_player) && state.ws) resync();
  }, 2000);
}

function render() {
  const obs = state.obs;
  const info = state.info;
  const kinds = seatKinds(info);
  const variant = info ? info.variant : "";
  useVariant(variant || null);
  const game = state.info && state.info.game_number > 1 ? ` \u00b7 ${fill(t("game_n"), { n: state.info.game_number })}` : "";
  $("game-title").textContent = `${variant}${game} \u00b7 ${state.table}${state.seat === null ? ` \u00b7 ${t("spectator")}` : ""}`;
  renderMySeats();
  if (!obs) return;
  const replaying = state.replayStep !== null;
  const events = replaying ? obs.history.slice(0, state.replayStep) : obs.history;
  const felt = feltState(obs, events, replaying);
  const { current, where } = felt;
  const played = playedInRound(events);
  for (const seat of SEATS) {
    const box = $(`seat-${seat}`);
    box.dataset.position = String(position(seat));
    box.classList.toggle("current", current === seat);
    box.classList.toggle("mine", seat === state.seat);
    box.classList.toggle("owner", where.owner === seat && where.table !== null);
    // Who plays each seat: a bot by name, an open seat, or (another seat than the visitor's) a person.
    const kind = kinds[seat] === "open" ? ` \u00b7 ${t("open_seat")}`
      : kinds[seat] === "human" ? (seat === state.seat ? "" : ` \u00b7 ${t("kind_human")}`)
        : kinds[seat] ? ` \u00b7 ${fill(t("bot"), { name: botName(kinds[seat]) })}` : "";
    box.querySelector(".label").textContent = `${seatName(seat)} \u00b7 ${fill(t("team_n"), { n: seat % 2 })}${kind}`;
    const place = felt.places[seat] === undefined ? -1 : felt.places[seat];
    const out = felt.out.has(seat);
    box.classList.toggle("out", out);
    const placeBox = box.querySelector(".place");
    placeBox.textContent = place >= 0 ? placeName(place) : out ? t("out_of_play") : "";
    placeBox.dataset.place = place >= 0 ? String(place) : "";
    // A hand's size only for a seat in play (the view counts 0 for a seat out of play, whose
    // cards may be in its hand still), and not in the replay (the log does not tell it).
    const size = (obs.hand_sizes || [])[seat];
    const count = box.querySelector(".count");
    const shown = felt.counts && felt.dealt && !out;
    count.textContent = !shown ? "" : size === null || size === undefined ? t("cards_hidden")
      : fill(t("cards_n"), { n: size });
    count.dataset.count = shown && typeof size === "number" ? String(size) : "";
    const playedBox = box.querySelector(".played");
    playedBox.textContent = "";
    const did = played[seat];
    if (did && did.set) playedBox.appendChild(setNodes(did.set));
    else if (did) {
      const names = EVENT_NAMES[did.kind] || [did.kind, did.kind];
      playedBox.appendChild(el("span", "word", state.lang === "zh" ? names[1] : names[0]));
    }
  }
  const tableSet = $("table-set");
  tableSet.textContent = "";
  if (where.table) tableSet.appendChild(setNodes(where.table));
  tableSet.dataset.set = where.table || "";
  $("table-owner").textContent = centreText(felt);
  $("turn-info").textContent = turnText(felt, replaying);
  $("turn-info").dataset.turn = state.turn === null || state.turn === undefined ? "" : String(state.turn);
  if (!replaying && openSeat(current)) watchOpenSeat();
  renderHand(obs);
  renderActions();
  renderLog(events);
  renderResult(obs);
  const timedOut = $("timed-out");
  timedOut.textContent = state.timedOut && !replaying && !state.over ? t("timed_out") : "";
  timedOut.hidden = !timedOut.textContent;
  tickClock();
}

// The seat is open in other pages too: each of them says so, until only one is left.
function renderElsewhere() {
  const box = $("elsewhere");
  box.textContent = state.seat !== null && state.token && state.pages > 1
    ? fill(t("seat_open_elsewhere"), { n: state.pages }) : "";
  box.hidden = !box.textContent;
}

// The creator's page (it holds the table's creator token): a button per person's seat that
// reissues its link (its player lost it, or it went astray), and the new link, to send on.
function renderCreatorLinks() {
  const box = $("creator-links");
  const table = state.table;
  const credential = table ? creatorToken(table) : null;
  const info = state.info;
  const humans = credential && info && !state.over && (info.status === "playing" || info.status === "waiting")
    ? SEATS.filter((seat) => seatKinds(info)[seat] === "human") : [];
  box.hidden = !humans.length;
  const seats = $("creator-seats");
  const key = JSON.stringify([table, state.lang, humans]);
  if (seats.dataset.key !== key) {
    seats.dataset.key = key;
    seats.textContent = "";
    for (const seat of humans) {
      const button = el("button", "", fill(t("reissue_seat"), { n: seat }));
      button.type = "button";
      button.dataset.testid = "reissue-seat";
      button.dataset.seat = String(seat);
      button.addEventListener("click", () => reissueSeat(table, seat));
      seats.appendChild(button);
    }
  }
  const shown = state.reissued;
  $("reissued").hidden = !shown;
  $("reissued-label").textContent = shown ? fill(t("reissued_link"), { n: shown.seat }) : "";
  if ($("reissued-text").value !== (shown ? shown.link : "")) $("reissued-text").value = shown ? shown.link : "";
}

async function reissueSeat(table, seat) {
  const credential = creatorToken(table);
  if (!credential) return;
  const held = heldSeats(table)[seat];
  const home = state.seat;
  if (held && seat === home) state.reissuing = seat;
  let given;
  try {
    given = await api(`tables/${encodeURIComponent(table)}/seats/${seat}/reissue`, { creator_token: credential });
  } catch (e) {
    showError(e.message);
    return;
  } finally {
    if (state.reissuing === seat && state.table === table) state.reissuing = null;
  }
  if (state.table !== table || typeof given.token !== "string") return;
  const link = new URL(`#table=${encodeURIComponent(table)}&seat=${seat}&token=${encodeURIComponent(given.token)}`,
    base).href;
  if (held) {
    // A seat this browser holds: its new token replaces the old one here, and the page sits again.
    forgetToken(table, seat, held);
    keepToken(table, seat, given.token);
    if (home !== null && home !== seat && heldSeats(table)[home]) keepToken(table, home, heldSeats(table)[home]);
    if (seat === home) {
      await openTable(table, false, seat);
      if (state.table !== table) return;
    }
  }
  state.reissued = { seat, link };
  renderCreatorLinks();
}

// The seats this browser holds at the table, when more than one: a link to each.
// The seat's own link, to see and copy again (cleared storage or another device gives the seat
// back through it); shown only to the seat, never to a spectator.
function renderSeatLink() {
  const box = $("seat-link");
  box.hidden = !(state.table && state.seat !== null && state.token);
  const link = box.hidden ? "" : new URL(`#table=${encodeURIComponent(state.table)}&seat=${state.seat}&token=${
    encodeURIComponent(state.token)}`, base).href;
  if ($("seat-link-text").value !== link) $("seat-link-text").value = link;
}

async function copySeatLink() {
  const field = $("seat-link-text");
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
  } catch (e) {
    document.execCommand("copy");  // a page served over plain http has no clipboard API
  }
}

function renderMySeats() {
  renderSeatLink();
  renderElsewhere();
  renderCreatorLinks();
  const box = $("my-seats");
  const held = state.table && state.seat !== null ? Object.keys(heldSeats(state.table)).map(Number)
    .sort((a, b) => a - b) : [];
  // Made again only when it changes (not with every view: a link is not pulled from under a click).
  const key = JSON.stringify([state.table, state.seat, state.lang, held]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.textContent = "";
  box.hidden = held.length < 2;
  if (box.hidden) return;
  box.appendChild(el("span", "", `${t("your_seats")} `));
  for (const seat of held) {
    const link = el("a", seat === state.seat ? "here" : "", fill(t("seat_n"), { n: seat }));
    link.href = `#table=${encodeURIComponent(state.table)}&seat=${seat}`;
    link.dataset.seat = String(seat);
    box.appendChild(link);
  }
}

function renderHand(obs) {
  const box = $("hand");
  box.textContent = "";
  $("mine").hidden = state.seat === null || isGameOver(obs);
  const hand = obs.hand || [];
  // Cards grouped by rank, biggest first, as the hand comes.
  let group = null;
  let last = null;
  hand.forEach((code, index) => {
    const rank = cardRank(code);
    if (rank !== last) {
      group = el("div", "rank-group");
      group.dataset.rank = rank;
      box.appendChild(group);
      last = rank;
    }
    const card = cardNode(code);
    card.dataset.index = String(index);
    card.tabIndex = 0;
    card.setAttribute("role", "button");
    if (state.selected.has(index)) card.classList.add("selected");
    card.setAttribute("aria-pressed", String(state.selected.has(index)));
    card.addEventListener("click", () => toggleCard(index));
    // A double click takes every card of the rank (its two clicks have toggled this one twice).
    card.addEventListener("dblclick", () => selectRank(rank));
    card.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { toggleCard(index); event.preventDefault(); }
    });
    group.appendChild(card);
  });
}

function toggleCard(index) {
  if (state.selected.has(index)) state.selected.delete(index);
  else state.selected.add(index);
  renderSelection();
}

// A selection changes the cards' marks and the sets offered, not the cards themselves (a
// double click lands on the card its first click did).
function renderSelection() {
  for (const card of $("hand").querySelectorAll(".card")) {
    const chosen = state.selected.has(Number(card.dataset.index));
    card.classList.toggle("selected", chosen);
    card.setAttribute("aria-pressed", String(chosen));
  }
  renderActions();
}

function selectRank(rank) {
  ((state.obs && state.obs.hand) || []).forEach((code, index) => {
    if (cardRank(code) === rank) state.selected.add(index);
  });
  renderSelection();
}

function selectedRanks() {
  const hand = (state.obs && state.obs.hand) || [];
  return Array.from(state.selected, (i) => cardRank(hand[i] || ""));
}

function actionButton(text) {
  const { keyword, rest } = actionParts(text);
  const button = el("button", "action");
  button.type = "button";
  button.dataset.action = text;
  button.dataset.keyword = keyword;
  // A set is its word and its cards; any other decision one phrase, its arguments within.
  const names = Object.hasOwn(ACTION_NAMES, keyword) ? ACTION_NAMES[keyword] : null;
  const set = SET_KEYWORDS.has(keyword);
  button.appendChild(el("span", "word", set && names ? names[state.lang === "zh" ? 1 : 0]
    : actionLabel(text, state.lang)));
  if (set) button.appendChild(setNodes(rest.join(" ")));
  button.disabled = state.pending;
  button.addEventListener("click", () => act(text));
  return button;
}

function renderActions() {
  const actions = $("actions");
  const sets = $("sets");
  actions.textContent = "";
  sets.textContent = "";
  const legal = state.replayStep === null ? state.legal : [];
  const chosen = selectedRanks();
  const setActions = [];
  for (const text of legal) {
    const { keyword, rest } = actionParts(text);
    if (SET_KEYWORDS.has(keyword)) setActions.push({ text, ranks: rest });
    else actions.appendChild(actionButton(text));
  }
  // Sets: every legal one is an element, but only those that hold the cards selected are
  // shown (all of them when they are few): a lead from a full hand offers hundreds.
  const exact = rankKey(chosen);
  const fits = setActions.filter((a) => within(chosen, a.ranks));
  fits.sort((a, b) => (rankKey(a.ranks) === exact ? 0 : 1) - (rankKey(b.ranks) === exact ? 0 : 1)
    || a.ranks.length - b.ranks.length);
  const shown = new Set((chosen.length || setActions.length <= SHOWN_SETS ? fits : []).slice(0, SHOWN_SETS));
  for (const a of [...shown, ...setActions.filter((x) => !shown.has(x))]) {
    const button = actionButton(a.text);
    button.hidden = !shown.has(a);
    if (rankKey(a.ranks) === exact) button.classList.add("exact");
    sets.appendChild(button);
  }
  // Cards that fit no legal set with the selection are dimmed.
  const hand = (state.obs && state.obs.hand) || [];
  for (const card of $("hand").querySelectorAll(".card")) {
    const index = Number(card.dataset.index);
    const withIt = state.selected.has(index) ? chosen : [...chosen, cardRank(hand[index])];
    card.classList.toggle("dim", setActions.length > 0 && !setActions.some((a) => within(withIt, a.ranks)));
  }
  const hint = $("hint");
  if (state.seat === null || state.over) hint.textContent = "";
  else if (!legal.length && state.info && state.info.status === "waiting") hint.textContent = t("waiting_friends");
  else if (!legal.length) hint.textContent = state.obs && state.obs.current_player !== null ? t("wait") : "";
  else if (chosen.length && setActions.length && !fits.length) hint.textContent = t("no_set");
  else if (setActions.length > shown.size) hint.textContent = fill(t("build_hint"), { n: setActions.length });
  else hint.textContent = "";
  $("selection").textContent = chosen.length ? `${t("selected")}: ${chosen.map((r) => rankName(r)).join(" ")}` : "";
  $("clear").hidden = !chosen.length;
}

function act(text) {
  if (!state.ws || state.ws.readyState !== WebSocket.OPEN || state.pending) return;
  state.pending = true;
  state.timedOut = false;
  showError("");
  state.ws.send(JSON.stringify({ type: "act", turn: state.turn, action: text }));
  state.selected.clear();
  render();
}

function renderLog(events) {
  const log = $("log");
  const stick = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
  log.textContent = "";
  events.forEach((e, i) => log.appendChild(eventNode(e, i)));
  if (stick || state.replayStep !== null) log.scrollTop = log.scrollHeight;
}

function isGameOver(obs) {
  return Boolean(state.over) || obs.is_void || (obs.current_player === null && (obs.finish_order || []).length >= 6);
}

// The result once the game is over, with the record's link and the replay's buttons; in the
// replay, before its last step, the result is hidden (the log has not come to the end yet).
function renderResult(obs) {
  const box = $("result");
  if (!isGameOver(obs)) {
    box.hidden = true;
    $("replay").hidden = true;
    return;
  }
  const link = $("record-link");
  link.href = new URL(`api/tables/${encodeURIComponent(state.table)}/record`, base).href;
  link.hidden = false;
  $("replay").hidden = false;
  const total = obs.history.length;
  const step = state.replayStep === null ? total : state.replayStep;
  $("replay-step").textContent = fill(t("step_n"), { n: step, total });
  box.textContent = "";
  box.hidden = state.replayStep !== null;
  if (box.hidden) return;
  box.appendChild(el("h2", "", t("game_over")));
  const over = state.over || {};
  const result = over.result && typeof over.result === "object" ? over.result : over;
  if (obs.is_void || result.void) box.appendChild(el("p", "", t("void")));
  const order = result.finish_order || obs.finish_order || [];
  const list = el("ol", "places");
  order.forEach((seat, place) => {
    list.appendChild(el("li", "", `${placeName(place)}: ${seatName(seat)}`));
  });
  box.appendChild(list);
  if (Array.isArray(result.team_points)) {
    box.appendChild(el("p", "team-points", `${t("team_points")}: ${result.team_points.map((p, team) =>
      `${fill(t("team_n"), { n: team })} ${p}`).join(", ")}${result.sweep ? ` (${t("sweep")})` : ""}`));
  }
  if (Array.isArray(result.seat_points)) {
    box.appendChild(el("p", "seat-points", `${t("seat_points")}: ${result.seat_points.map((p, seat) =>
      `${seatName(seat)} ${p}`).join(", ")}`));
  }
  // A rulebook that keeps no points shows 0 to each side: the result says why, not a tie.
  const note = !(obs.is_void || result.void) && typeof result.rule === "string"
    && Object.hasOwn(SCORE_NOTES, result.rule) ? SCORE_NOTES[result.rule] : null;
  if (note) {
    const line = el("p", "score-note", note[state.lang === "zh" ? 1 : 0]);
    const rule = el("span", "rule", ` [${result.rule}]`);
    rule.dataset.rule = result.rule;
    line.appendChild(rule);
    box.appendChild(line);
  }
  // The next game at this table: a seat asks for it (the same seats, the places of this game
  // carried: the tribute they owe); once asked, every seat and spectator may go to it.
  const next = state.next || (state.info && state.info.next ? { id: state.info.next } : null);
  const number = (state.info && state.info.game_number ? state.info.game_number : 1) + 1;
  if (next) {
    box.appendChild(el("p", "next-started", fill(t("next_started"), { n: number })));
    const go = el("button", "", fill(t(state.token ? "to_next_game" : "watch_next_game"), { n: number }));
    go.dataset.testid = "next-game";
    go.dataset.next = next.id;
    go.addEventListener("click", () => goToNext(state.table, next.id));
    box.appendChild(go);
  } else if (state.token) {
    const ask = el("button", "", t("next_game"));
    ask.dataset.testid = "next-game";
    ask.addEventListener("click", nextGame);
    box.appendChild(ask);
  }
}

function replayTo(step) {
  if (!state.obs) return;
  const total = state.obs.history.length;
  const to = Math.max(0, Math.min(total, step));
  state.replayStep = to === total ? null : to;
  render();
}

// A link's token is kept only once the server says which seat it holds (POST …/seat): a token
// it refuses changes nothing this browser holds, so a link cannot take a player off his seat.
async function takeLinkToken(table, token) {
  let seated = null;
  let refused = null;
  try {
    seated = await api(`tables/${encodeURIComponent(table)}/seat`, { token });
  } catch (e) {
    refused = e;
  }
  if (seated && SEATS.includes(seated.seat)) keepToken(table, seated.seat, token);
  await openTable(table, false, seated ? seated.seat : null);
  if (refused) {
    const key = refused.status === 403 ? "link_refused" : "link_unchecked";
    state.notice = () => el("span", "", t(key));
    renderNotice();
  }
}

// --- the address: #table=ID, #watch=ID, #table=ID&seat=N&token=T (an invitation) ----------
function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  const table = params.get("table");
  const watch = params.get("watch");
  const join = params.get("join");
  const seat = /^[0-5]$/.test(params.get("seat") || "") ? Number(params.get("seat")) : null;
  if (join) {
    showLobby();
    loadLobby();
    takeInvitation(join, seat === null ? Number(params.get("seat")) : seat);
    return;
  }
  if (table && params.get("token")) {
    // The token stays in this browser, not in the address bar (or its history).
    history.replaceState(null, "", `#table=${encodeURIComponent(table)}`);
    takeLinkToken(table, params.get("token"));
    return;
  }
  if (table || watch) {
    openTable(table || watch, Boolean(watch), table ? seat : null);
  } else {
    showLobby();
    loadLobby();
  }
}

function showLobby() {
  closeSocket();
  showStatus("");
  state.table = null;
  state.notice = null;
  $("game").hidden = true;
  $("lobby").hidden = false;
  showError("");
  renderNotice();
}

function start() {
  $("lang").addEventListener("click", () => {
    state.lang = state.lang === "zh" ? "en" : "zh";
    localStorage.setItem("gouji:lang", state.lang);
    applyLanguage();
  });
  $("new-table").addEventListener("click", newTable);
  $("copy-seat-link").addEventListener("click", copySeatLink);
  $("refresh").addEventListener("click", loadLobby);
  $("clear").addEventListener("click", () => { state.selected.clear(); renderSelection(); });
  $("replay-first").addEventListener("click", () => replayTo(0));
  $("replay-prev").addEventListener("click", () => replayTo((state.replayStep ?? state.obs.history.length) - 1));
  $("replay-next").addEventListener("click", () => replayTo((state.replayStep ?? state.obs.history.length) + 1));
  $("replay-last").addEventListener("click", () => replayTo(Infinity));
  window.addEventListener("hashchange", route);
  setInterval(tickClock, 1000);
  applyLanguage();
  loadVariants(null);
  loadCatalog();
  loadVocabulary().then(route);
}

start();
