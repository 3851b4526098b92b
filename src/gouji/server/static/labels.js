// The page's words in English and Chinese: [English, 中文].
//
// The page's own words are here; a variant's terms come from the server (setVocabulary).

export const LABELS = {
  title: ["gouji · 够级", "够级 · gouji"],
  new_table_heading: ["Start a table", "开一桌"],
  variant: ["variant", "规则"],
  seat_setup: ["seats: you at seat 0, bots elsewhere (change)", "座位：你坐 0 号，其余是机器人（可改）"],
  new_table: ["New table", "开桌"],
  lobby: ["Tables", "牌桌"],
  refresh: ["refresh", "刷新"],
  table: ["table", "桌"],
  seats: ["seats", "座位"],
  state: ["state", "状态"],
  record: ["record (JSON)", "牌谱 (JSON)"],
  options: ["options", "选项"],
  next_game: ["next game", "下一局"],
  to_next_game: ["to game {n}", "去第{n}局"],
  watch_next_game: ["watch game {n}", "观看第{n}局"],
  next_started: ["the next game has begun at this table (game {n})", "这一桌的下一局已开始（第{n}局）"],
  game_n: ["game {n}", "第{n}局"],
  clear: ["clear", "清除"],
  log: ["Log", "记录"],
  seat_n: ["seat {n}", "{n}号"],
  team_n: ["team {n}", "{n}队"],
  you: ["you", "你"],
  bot: ["bot {name}", "机器人 {name}"],
  open_seat: ["open seat", "空座"],
  status_waiting: ["waiting for players", "等人入座"],
  status_playing: ["playing", "进行中"],
  status_over: ["over", "已结束"],
  status_abandoned: ["abandoned unfinished", "未终局弃置"],
  waiting_friends: ["waiting for friends to join", "等朋友入座"],
  team_points: ["team points", "队分"],
  seat_points: ["seat points", "个人分"],
  sweep: ["sweep", "满贯"],
  friend: ["a friend (invite link)", "朋友（邀请链接）"],
  invite: ["invite for seat {n}:", "{n}号座位的邀请："],
  sit_down: ["sit down at seat 0", "入座 0 号"],
  join: ["join seat {n}", "坐 {n}号"],
  watch: ["watch", "观战"],
  replay: ["replay", "回放"],
  turn_n: ["turn {n}", "第{n}手"],
  spectator: ["spectator", "观战"],
  connected: ["connected", "已连接"],
  disconnected: ["reconnecting…", "重新连接…"],
  // The seat to decide: the seconds left on the server's clock, or the time taken so far.
  clock_left: ["{time} left", "剩余 {time}"],
  out_of_time: ["out of time", "超时"],
  timed_out: ["Your time ran out: the server decided for you (a pass or close where it may, else a bot's choice); see the log.",
    "你的时间用完了：系统已替你决定（能过牌或扣牌就过/扣，否则由机器人代出）；见记录。"],
  clock_used: ["time {time}", "用时 {time}"],
  cards_n: ["{n} cards", "{n}张"],
  cards_hidden: ["? cards", "?张"],
  out_of_play: ["out of play", "出局"],
  before_cut: ["before the cut", "开牌前"],
  phase_when: ["{phase} ({when})", "{phase}（{when}）"],
  // A phase decision in the log: the phase, and the choice as its button read.
  phase_choice: ["{phase}: \u201c{choice}\u201d", "{phase}：\u201c{choice}\u201d"],
  decides: ["{phase}: {seat} decides", "{phase}：{seat}决定"],
  turn_decide: ["{seat} to decide", "轮到{seat}决定"],
  turn_open: ["waiting for a friend to take {seat}", "等朋友入座{seat}"],
  owns: ["the set of {seat}", "{seat}的牌"],
  leads: ["{seat} leads", "{seat}发牌"],
  your_turn: ["your turn", "轮到你"],
  turn_of: ["{seat} to play", "轮到{seat}"],
  wait: ["waiting for the others", "等待其他玩家"],
  no_set: ["no legal set holds the cards selected", "所选的牌组不成可出的牌"],
  build_hint: ["click cards to build a set, double-click for all of a rank ({n} sets are legal)",
    "点牌组成一手，双击选同点全部（可出 {n} 种）"],
  selected: ["selected", "已选"],
  game_over: ["Game over", "终局"],
  void: ["the game is void", "本局作废"],
  score: ["score", "得分"],
  step_n: ["event {n} / {total}", "第 {n} / {total} 条"],
  places_line: ["{place}: {seat}", "{place}：{seat}"],
  kind_human: ["human", "玩家"],
  kind_open: ["open", "空座"],
  already_seated: ["You already sit at {seats} at this table; this link is for a friend to take {seat}.",
    "你已坐在这桌的{seats}；这个链接是给朋友坐{seat}的。"],
  back_to_seat_n: ["your seat ({seat})", "回到你的座位（{seat}）"],
  back_to_seat: ["back to your seat", "回到你的座位"],
  take_anyway: ["take {seat} anyway", "仍然坐{seat}"],
  seat_taken: ["{seat} has been taken;", "{seat}已有人坐了；"],
  watch_instead: ["watch the table instead", "改为观战"],
  table_abandoned: ["this table was abandoned unfinished:", "这桌未终局已弃置："],
  your_seats: ["your seats:", "你的座位："],
  seat_link: ["your seat's link (keep it: it gives your seat back in another browser)",
    "你座位的链接（请保存：换个浏览器也能凭它回到座位）"],
  copy_link: ["copy", "复制"],
  link_refused: ["This link's token holds no seat at this table: nothing was changed, your seats are as they were.",
    "这个链接的令牌不是这桌任何座位的：什么都没改，你的座位照旧。"],
  link_unchecked: ["This link's token could not be checked with the server: it was not kept, your seats are as they were.",
    "这个链接的令牌无法向服务器核实：没有保存，你的座位照旧。"],
  // The server's "pages" message: the seat is open in more than one page (a tab, another browser).
  seat_open_elsewhere: ["This seat is open elsewhere too ({n} pages in all: another tab, or a browser holding its link); each sees its hand and may play its turn.",
    "这个座位在别处也打开着（共 {n} 个页面：另一个标签页，或持有其链接的浏览器）；每个页面都能看到手牌、都能出牌。"],
  seat_reissued: ["The table's creator gave this seat a new link: the one this browser held no longer holds it. Ask the creator for the new link.",
    "建桌人已为这个座位换发新链接：本浏览器存的旧链接已不能入座。请向建桌人要新链接。"],
  creator_links: ["seat links (you created this table): a new link for a seat whose player lost his, or whose link went astray",
    "座位链接（你是建桌人）：为丢了链接、或链接落到别人手里的座位换发新链接"],
  reissue_seat: ["new link for seat {n}", "为{n}号换发链接"],
  reissued_link: ["seat {n}'s new link (send it to its player; the old one holds nothing now):",
    "{n}号的新链接（发给该座的玩家；旧链接已作废）："],
};

// The variants' own words: each decision, event and phase as its plugin declares it
// (gouji_vocabulary), served by GET /api/vocabulary and filled in by setVocabulary; none is
// copied here. EVENT_NAMES, PHASE_NAMES, ACTION_NAMES: [English, 中文]; PLACE_NAMES: [中文, English].
export const EVENT_NAMES = {};
export const PHASE_NAMES = {};
// A decision's word (a set's button shows the word, then the set's cards).
export const ACTION_NAMES = {};
// A decision's whole phrase: by the action's whole text where its arguments are words
// (a declaration "… pre yes"), else by its keyword, the arguments put in: {1}, {2} the first
// and second, {all} every one (ranks by their names). The button's data-action keeps the text.
export const PHASE_ACTIONS = {};
export const PLACE_NAMES = [];

let VOCABULARY = {};
let CURRENT;

// The answer of GET /api/vocabulary: {"variants": {name: {events, decisions, phases}}, "places"}.
export function setVocabulary(data) {
  VOCABULARY = (data && data.variants) || {};
  PLACE_NAMES.splice(0, PLACE_NAMES.length, ...((data && data.places) || []));
  CURRENT = undefined;
  useVariant(null);
}

// Read the terms of variant `name` first (a word two variants say differently: this one's),
// then every other served variant's.
export function useVariant(name) {
  if (name === CURRENT) return;
  CURRENT = name;
  for (const table of [EVENT_NAMES, PHASE_NAMES, ACTION_NAMES, PHASE_ACTIONS]) {
    for (const key of Object.keys(table)) delete table[key];
  }
  const put = (table, key, words) => { if (!Object.hasOwn(table, key)) table[key] = words; };
  const names = [name, ...Object.keys(VOCABULARY).filter((n) => n !== name)];
  for (const variant of names.filter((n) => n && Object.hasOwn(VOCABULARY, n))) {
    const terms = VOCABULARY[variant];
    for (const [key, t] of Object.entries(terms.events || {})) put(EVENT_NAMES, key, [t.en, t.zh]);
    for (const [key, t] of Object.entries(terms.phases || {})) put(PHASE_NAMES, key, [t.en, t.zh]);
    for (const [key, t] of Object.entries(terms.decisions || {})) {
      // A label with the arguments put in is a whole phrase; a plain word is followed by them.
      put(/\{\w+\}/.test(t.en + t.zh) ? PHASE_ACTIONS : ACTION_NAMES, key, [t.en, t.zh]);
      for (const [text, words] of Object.entries(t.choices || {})) put(PHASE_ACTIONS, text, words);
    }
  }
}

// A decision's label in `lang` ("en" or "zh"): PHASE_ACTIONS', else the action's word and its
// arguments (an installed variant's own decision reads as its text, ranks by their names).
export function actionLabel(text, lang) {
  const zh = lang === "zh" ? 1 : 0;
  const [keyword, ...rest] = text.split(" ");
  const args = rest.map(rankName);
  // (own keys only: a variant's keyword may be any word, "constructor" too)
  const entry = [text, keyword].map((key) => (Object.hasOwn(PHASE_ACTIONS, key) ? PHASE_ACTIONS[key] : null))
    .find(Boolean);
  if (entry) {
    return entry[zh].replace(/\{(\w+)\}/g, (_, name) => (name === "all" ? args.join(" ")
      : args[Number(name) - 1] ?? ""));
  }
  const names = Object.hasOwn(ACTION_NAMES, keyword) ? ACTION_NAMES[keyword] : null;
  return [names ? names[zh] : keyword, ...args].join(" ");
}

// Why a result shows no points, by the rule its score follows (the over message's result.rule):
// [English, 中文].
export const SCORE_NOTES = {
  "SCORE-5": ["no points under this rulebook: a game's result is the tribute it causes in its set of games",
    "本规则不计分：一局的结果是它在本组牌局中引起的进贡"],
};

// The bots of the registry by name; a bot not listed is shown by its own name.
export const BOT_NAMES = {
  greedy: ["greedy", "贪心"],
  random: ["random", "随机"],
  expert: ["expert", "高手"],
  learned: ["learned", "学习型"],
};

// A rank's name: the jokers by their faces (大王, 小王) in both languages, as on the cards.
export function rankName(word) {
  if (word === "BJ") return "大王";
  if (word === "SJ") return "小王";
  return word;
}
