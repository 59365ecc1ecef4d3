// Why a decision or a card is refused, in a few words a player reads at a glance: chosen from
// the rule's refusal code (the engine's codes, and those each game's rules page lists), so a
// table needs no rule of its own. An unknown code falls back to the server's sentence.

const PHRASES = {
  // the engine's, shared by every game
  invalid_decision: "That is not a decision of this game",
  unknown_decision: "That is not a decision of this game",
  match_over: "The match is over",
  match_stopped: "The match has stopped",
  no_such_seat: "There is no such seat",
  out_of_match: "You are out of the match",
  not_your_turn: "It is not your turn",
  no_such_card: "There is no such card",
  not_your_card: "That card is not yours to play",
  no_default: "There is nothing for you to decide now",
  timer_only: "Only the turn clock ends a turn for lack of time",
  // the Kata TCG's
  cannot_afford: "Not enough mana",
  board_full: "Your board is full",
  not_in_these_rules: "These rules leave that out",
  wrong_mode: "It cannot be played that way",
  takes_no_target: "Played this way, it takes no target",
  target_needed: "Played this way, it needs a target",
  invalid_target: "Not a target it may choose",
  asleep: "Asleep: it attacks from your next turn",
  already_attacked: "It has attacked this turn already",
  // Karata's
  must_follow_suit_or_face: "Must follow the suit or the face",
  request_not_met: "Play what was asked for, or an Ace",
  pending_pick: "You must pick the pending cards first",
  cannot_counter: "It cannot counter this bomb",
  must_follow_face: "Must have the face of the card before",
  must_answer: "A question needs its answer first",
  empty_turn: "Play a card first, or pass",
  card_repeated: "Already played this turn",
  request_needed: "Your Aces must ask for something",
  cannot_request: "This turn may not ask for that",
  cannot_declare: "You may not declare last card now",
  turn_under_way: "Your turn is under way: play on or finish",
  nothing_played: "Play a card first, or pass",
  // War's
  already_turned: "You have turned your card already",
  not_in_round: "You are not in this battle",
};

/** A sentence with a capital letter and a full stop. */
function sentence(text) {
  const t = String(text || "").trim();
  if (!t) return "";
  const capital = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The few words for refusal `code`; the server's `reason` when the code is not known here. */
export function refusalPhrase(code, reason = "") {
  return (code && Object.hasOwn(PHRASES, code) ? PHRASES[code] : null) || sentence(reason).replace(/\.$/, "");
}

/** The phrase and the server's sentence together, for an error line: "Not enough mana — you
 * cannot afford Damage 5: it costs 5 mana and you have 3." */
export function refusalText(code, reason = "") {
  const known = code && Object.hasOwn(PHRASES, code) ? PHRASES[code] : null;
  if (!known) return sentence(reason);
  return reason ? `${known} — ${reason.trim().replace(/[.]$/, "")}.` : `${known}.`;
}

/** Each unplayable card of a view by its id: {code, reason, phrase}. */
export function unplayableCards(message) {
  const found = new Map();
  for (const u of message.unplayable || []) {
    found.set(u.card, { code: u.code, reason: u.reason, phrase: refusalPhrase(u.code, u.reason) });
  }
  return found;
}

export const REFUSAL_PHRASES = PHRASES;
