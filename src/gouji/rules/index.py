"""The rule IDs of gouji, in the order of the rules reference (``docs/rules/index.rst``), each with
its title: the one list the docs, the tests and the organiser tools read a rule ID against."""

from __future__ import annotations

#: rule ID: its title, in the rules reference's order.
RULES: dict[str, str] = {
    'TABLE-1': 'Seats, teams, opposites and the direction of play',
    'TABLE-2': 'Forming the teams',
    'DECK-1': 'Four decks, 216 cards, 36 each',
    'DECK-2': 'Rank order; suits never rank',
    'OPEN-1': 'The cut: who draws first',
    'OPEN-2': 'Drawing the cards',
    'OPEN-3': 'Showing 3s to take the first lead (上班)',
    'OPEN-4': 'Gathering the 3s or 4s (会3 / 会4)',
    'OPEN-5': 'Revolution (革命)',
    'PLAY-1': 'A set is one rank, with 2s and jokers as extras',
    'PLAY-2': "Attached 2s take the set's rank (贴2)",
    'PLAY-3': 'Attached jokers (挂王)',
    'PLAY-4': 'Covering: same size, higher rank',
    'PLAY-5': 'A set carrying 大王 is dead',
    'PLAY-6': 'Beating a set carrying 小王',
    'PLAY-7': 'Correcting a wrong set (referee mode)',
    'GOUJI-1': 'Which sets are gouji sets',
    'GOUJI-2': 'Only the opposite answers a gouji set',
    'GOUJI-3': 'The exchange between two opposites',
    'BURN-1': "Burning someone else's gouji set (烧牌)",
    'BURN-2': 'Who may burn first',
    'BURN-3': 'A broken burn (解烧)',
    'BURN-4': 'A failed or false burn',
    'BURN-5': 'No burning after passing',
    'ROUND-1': 'Turn order: no skipping, no grabbing',
    'ROUND-2': 'A pass ends your round',
    'ROUND-3': "The opposite's last word (对头牌)",
    'ROUND-4': 'Yield (让牌)',
    'ROUND-5': 'Close (扣牌)',
    'ROUND-6': 'Announcing the count (报牌)',
    'ROUND-7': 'Play clock',
    'END-1': 'Places',
    'END-2': 'Headless (无头)',
    'END-3': 'The last set of 头科 and 二科; dead gouji (够死级)',
    'END-4': 'Take the wind (接风)',
    'END-5': 'The melee (四人乱缠)',
    'END-6': 'Hold-three (憋3)',
    'END-7': 'Buying a three (买3)',
    'END-8': 'Smothered (被闷)',
    'SCORE-1': 'Provincial scoring: 4 / 2 / 0 / 0 / −2 / −4',
    'SCORE-2': 'Dagang scoring: positive side only; sweep 12',
    'SCORE-3': 'District scoring: 7 to 1, with bonuses',
    'SCORE-4': 'District tie-breaks',
    'SCORE-5': 'No points in C: the result is the tribute',
    'TRIB-1': 'Loser tribute (落贡)',
    'TRIB-2': 'Returning tribute (还贡)',
    'TRIB-3': 'Tribute after a sweep',
    'TRIB-4': 'Tribute inside one team',
    'TRIB-5': 'Point tribute: who has "opened" (开点)',
    'TRIB-6': 'Declared points (明点, 预点, 宣点)',
    'TRIB-7': 'Burn tribute (烧贡)',
    'TRIB-8': 'The order of tributes',
    'TRIB-9': 'No tribute in the first game of a set',
    'REF-1': 'The provincial penalty ladder',
    'REF-2': 'The provincial offences',
    'REF-3': 'Dagang penalties',
    'REF-4': 'District breaches',
    'REF-5': 'Disqualification for cheating',
}


def is_known_rule(rule: str) -> bool:
    """Is ``rule`` one of gouji's rule IDs (``"PLAY-4"``)?"""
    return rule in RULES


__all__ = ["RULES", "is_known_rule"]
