// The page's words in English and Chinese: [English, 中文].
//
// EVENT_NAMES and PLACE_NAMES are those of gouji.engine.events with the built-in rulebooks'
// events (the browser tests check that they agree); ACTION_NAMES and PHASE_ACTIONS name the built-in
// rulebooks' actions (the browser tests check that each keyword has a label).

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
};

export const EVENT_NAMES = {
  "cut": ["cut", "开牌"],
  "deal": ["deal", "摸牌"],
  "lead-right": ["first lead", "上班"],
  "lead": ["lead", "发牌"],
  "cover": ["cover", "顺牌"],
  "burn": ["burn", "烧牌"],
  "pass": ["pass", "过牌"],
  "auto-pass": ["pass (no legal cover)", "过牌"],
  "no-burn": ["declines to burn", "不烧"],
  "close": ["close", "扣牌"],
  "auto-close": ["close (no legal cover)", "扣牌"],
  "yield": ["yield", "让牌"],
  "take-wind": ["take the wind", "接风"],
  "dead-set": ["dead set", "死牌"],
  "round-won": ["wins the lead", "得牌权"],
  "out": ["goes out", "走科"],
  "headless": ["headless", "无头"],
  "melee": ["melee begins", "四人乱缠"],
  "burn-failed": ["failed burn, judged 落", "烧错牌·判落"],
  "burn-released": ["burn broken", "解烧"],
  "phase": ["phase", "阶段"],
  "retired": ["out of play", "出局"],
  "penalty": ["penalty", "处罚"],
  "forfeited": ["game lost by penalty", "判负"],
  "game-over": ["game over", "终局"],
  "void-game": ["game void", "作废"],
  "buy": ["buys a card", "买牌"],
  "buy-three": ["buys a 3", "买3"],
  "no-three": ["has no 3", "无3"],
  "no-four": ["no 4: cannot open", "无4不开点"],
  "smother": ["smothers", "鳖三"],
  "smothered": ["smothered", "被鳖三"],
  "gather": ["gathers", "会牌"],
  "consent-burn": ["lets a teammate burn first", "让烧"],
  "clock-warning": ["clock warning", "读秒"],
  "clock-expired": ["out of time", "超时"],
  "breach-warning": ["warning", "警告"],
  "breach": ["breach", "违例"],
  "forfeit": ["forfeits", "判负"],
  "tribute": ["tribute", "进贡"],
  "tribute-return": ["returns a card", "还贡"],
  "tribute-refused": ["refuses a returned card", "拒收还贡"],
  "tribute-waived": ["tribute waived", "免贡"],
  "choose-last": ["chooses 大落", "定大落"],
  "lost-lead": ["loses the lead", "取消发牌权"],
  "lead-passed": ["leads instead", "发牌权转下家"],
  "declare": ["declares the opposite will not open", "宣点"],
  "concede": ["cannot go out without a 3", "憋死"],
  "pick": ["asks a teammate to set the order of his sets", "挑牌"],
  "pick-order": ["order of the sets", "挑牌顺序"],
  "pick-hand": ["hand shown to the teammate", "挑牌亮牌"],
  "revolution": ["revolution", "革命"],
  "dead-gouji-rights": ["dead-gouji rights", "够死级"],
  "moved": ["place changed", "改名次"],
  "head-choice": ["head choice", "要头/无头"],
  "point-declared": ["declares the opposite will not open", "宣点"],
};

// [中文, English], as gouji.engine.events.PLACE_NAMES.
export const PLACE_NAMES = [["头科", "1st"], ["二科", "2nd"], ["三科", "3rd"], ["四科", "4th"], ["二落", "5th"],
  ["大落", "6th"]];

// The words of the actions a seat plays by (a set's button shows the word, then the set's cards).
export const ACTION_NAMES = {
  "play": ["play", "出牌"],
  "burn": ["burn", "烧牌"],
  "pass": ["pass", "过牌"],
  "close": ["close", "扣牌"],
  "yield": ["yield", "让牌"],
  "take-wind": ["take the wind", "接风"],
  "dagang-pick-set": ["pick the next set", "挑牌"],
};

// The labels of the built-in rulebooks' other decisions (declarations, tribute, buying 3s,
// revolution, …), each one whole phrase: by the action's whole text where its arguments are
// words ("dagang-declare pre yes"), else by its keyword, the arguments put in: {1}, {2} the
// first and second, {all} every one (ranks by their names). The button's data-action keeps
// the text itself.
export const PHASE_ACTIONS = {
  "consent-burn": ["let your teammates burn first", "同意队友先烧"],
  "district-buy": ["buy a {1}", "买{1}"],
  "district-decline": ["go without a {1}", "不买{1}"],
  "dagang-declare pre yes": ["declare before the cut: your opposite will not open", "预点：宣布对家开不了点"],
  "dagang-declare pre no": ["no declaration before the cut", "不预点"],
  "dagang-declare open yes": ["declare after the deal: your opposite will not open", "明点：宣布对家开不了点"],
  "dagang-declare open no": ["no declaration after the deal", "不明点"],
  "dagang-last swap": ["offer 大落 to your teammate", "把大落让给队友"],
  "dagang-last keep": ["keep 大落", "自己当大落"],
  "dagang-swap agree": ["agree to be 大落 for your teammate", "同意替队友当大落"],
  "dagang-swap refuse": ["refuse to be 大落 for your teammate", "不替队友当大落"],
  "dagang-give": ["give a {1} as tribute", "进贡{1}"],
  "dagang-team-tribute take": ["take your teammate's tribute", "收队友的贡"],
  "dagang-team-tribute waive": ["waive your teammate's tribute", "免队友的贡"],
  "dagang-return": ["hand back one {1}", "还贡一张{1}"],
  "dagang-return-answer accept": ["accept the card handed back", "收下还贡"],
  "dagang-return-answer refuse": ["refuse the card handed back", "拒收还贡"],
  "dagang-buy": ["buy a 3 from seat {1}, paying a {2}", "用{2}向{1}号买3"],
  "dagang-revolt yes": ["revolt: fold your hand", "革命"],
  "dagang-revolt no": ["do not revolt", "不革命"],
  "dagang-dead-gouji keep": ["keep your dead-gouji rights", "保留够死级"],
  "dagang-dead-gouji headless": ["go headless", "无头"],
  "dagang-gather none": ["gather nothing", "不会牌"],
  "dagang-gather 3": ["gather the 3s", "会3"],
  "dagang-gather 4": ["gather the 4s", "会4"],
  "dagang-gather 3 4": ["gather the 3s and the 4s", "会3会4"],
  "dagang-pick": ["ask a teammate to pick your sets", "请队友挑牌"],
  "dagang-concede": ["concede: no 3 to go out with", "憋死"],
  "dagang-forfeit": ["give up the lead", "让出发牌权"],
  "club-tribute none": ["no tribute to give", "无贡可进"],
  "club-tribute": ["give tribute: {all}", "进贡：{all}"],
  "club-buy-three": ["buy a 3 from your opposite, paying a {1}", "用{1}向对家买3"],
  "club-ask-three": ["take a 3 from your teammate, seat {1}", "向队友{1}号要3"],
  "club-no-three": ["buy no 3", "不买3"],
  "club-concede": ["concede: no 3 to go out with", "憋死"],
  "club-revolution": ["revolt: fold your hand", "革命"],
  "club-no-revolution": ["do not revolt", "不革命"],
  "club-keep-head": ["keep your head", "要头"],
  "club-no-head": ["go headless", "无头"],
  "club-declare": ["declare: your opposite will not open", "宣点"],
  "club-no-declare": ["no declaration", "不宣点"],
};

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

// The phases of the built-in rulebooks (the view's `phase` while `decision` is "phase"), by the
// engine's names; a phase not listed here is shown by its own name.
export const PHASE_NAMES = {
  "declaring points": ["declaring points", "宣点"],
  "point declaration (宣点)": ["point declaration", "宣点"],
  "buying 3s": ["buying 3s", "买3"],
  "buying 3s (买3)": ["buying 3s", "买3"],
  "buying 3s and 4s": ["buying 3s and 4s", "买3买4"],
  "revolution": ["revolution", "革命"],
  "revolution (革命)": ["revolution", "革命"],
  "tribute": ["tribute", "进贡"],
  "choosing 大落": ["choosing 大落", "定大落"],
  "会3 gathering": ["会3 gathering", "会3"],
  "挑牌 order": ["挑牌 order", "挑牌"],
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
