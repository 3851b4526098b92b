// The page's words in English and Chinese: [English, 中文].
//
// EVENT_NAMES and PLACE_NAMES are those of gouji.engine.events (the browser tests check that
// they agree); ACTION_NAMES names each action keyword of the built-in rulebooks.

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
  clear: ["clear", "清除"],
  log: ["Log", "记录"],
  seat_n: ["seat {n}", "{n}号"],
  team_n: ["team {n}", "{n}队"],
  you: ["you", "你"],
  bot: ["bot {name}", "机器人 {name}"],
  open_seat: ["open seat", "空座"],
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
  left: ["left", "剩余"],
  cards_n: ["{n} cards", "{n}张"],
  cards_hidden: ["? cards", "?张"],
  owns: ["{seat}'s set", "{seat}的牌"],
  leads: ["{seat} leads", "{seat}发牌"],
  your_turn: ["your turn", "轮到你"],
  turn_of: ["{seat} to play", "轮到{seat}"],
  wait: ["waiting for the others", "等待其他玩家"],
  build_hint: ["click cards to build a set ({n} sets are legal)", "点牌组成一手（可出 {n} 种）"],
  selected: ["selected", "已选"],
  game_over: ["Game over", "终局"],
  void: ["the game is void", "本局作废"],
  score: ["score", "得分"],
  step_n: ["event {n} / {total}", "第 {n} / {total} 条"],
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
};

// [中文, English], as gouji.engine.events.PLACE_NAMES.
export const PLACE_NAMES = [["头科", "1st"], ["二科", "2nd"], ["三科", "3rd"], ["四科", "4th"], ["二落", "5th"],
  ["大落", "6th"]];

export const ACTION_NAMES = {
  "play": ["play", "出牌"],
  "burn": ["burn", "烧牌"],
  "pass": ["pass", "过牌"],
  "close": ["close", "扣牌"],
  "yield": ["yield", "让牌"],
  "take-wind": ["take the wind", "接风"],
  "consent-burn": ["let teammates burn", "同意烧"],
  "district-buy": ["buy a", "买"],
  "district-decline": ["do without a", "不买"],
  "dagang-declare": ["declare the opposite will not open", "打点"],
  "dagang-last": ["last place", "大落"],
  "dagang-swap": ["take last place for the teammate", "换落"],
  "dagang-give": ["give tribute", "进贡"],
  "dagang-team-tribute": ["tribute from the teammate", "队友进贡"],
  "dagang-return": ["return a card", "还贡"],
  "dagang-return-answer": ["the returned card", "还贡"],
  "dagang-buy": ["buy a 3 from seat", "买3"],
  "dagang-revolt": ["revolution", "革命"],
  "dagang-dead-gouji": ["dead-gouji rights", "死够级"],
  "dagang-gather": ["gather", "会"],
  "dagang-pick": ["ask a teammate to pick", "挑牌"],
  "dagang-pick-set": ["pick the next set", "挑牌"],
  "dagang-concede": ["concede", "认落"],
  "dagang-forfeit": ["give up the lead", "让出牌权"],
  "club-tribute": ["tribute", "进贡"],
  "club-buy-three": ["buy a 3, paying", "买3"],
  "club-ask-three": ["ask for a 3 from seat", "要3"],
  "club-revolution": ["revolution", "革命"],
  "club-no-revolution": ["no revolution", "不革命"],
  "club-keep-head": ["keep the head", "保头"],
  "club-no-head": ["headless", "无头"],
  "club-declare": ["declare", "宣点"],
  "club-no-declare": ["no declaration", "不宣点"],
  "club-no-three": ["no 3", "无3"],
  "club-concede": ["concede", "认落"],
};

// Argument words of the phase actions.
export const WORDS = {
  yes: ["yes", "是"], no: ["no", "否"], pre: ["(before the cut)", "预点"], open: ["(after the deal)", "明点"],
  keep: ["keep", "保留"], headless: ["headless", "无头"], none: ["none", "无"],
};

// A rank's name: jokers by their faces (大王, 小王) in both languages; on a card face always.
export function rankName(word, lang) {
  if (word === "BJ") return "大王";
  if (word === "SJ") return "小王";
  return word;
}
