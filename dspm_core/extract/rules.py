"""RuleExtractor: the default, offline, deterministic extractor.

Plain Python: sentence splitting, cue phrases and the slot rules of
:mod:`dspm_core.slots`. It reads constraints (modals, prohibitions, comparators,
deadlines, compliance rules, standing instructions and preferences), decisions (choices
and settings), code (fenced blocks, signatures, file names), equations, entities and
structures (lists of steps). Chit-chat yields nothing. It knows who spoke: a user's rule
is a constraint; what an assistant says is extracted with the assistant's role, and the
store folds it into the user's patch when it only restates it.
"""

from __future__ import annotations

import re

from ..patch import Fact, PatchKind, Role, Turn
from ..slots import parse_statement
from ..values import VALUE_RE

__all__ = ["RuleExtractor"]

_FENCE_RE = re.compile(r"```[^\n]*\n.*?(?:```|$)", re.S)
_SENT_SPLIT_RE = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])|\n+|;\s+")
_LIST_ITEM_RE = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s+\S")
_CHITCHAT_RE = re.compile(
    r"^(?:hi|hello|hey|thanks|thank you|thx|ok|okay|cool|great|nice|sounds good|got it|"
    r"perfect|awesome|sure|yes|no|yep|nope|bye|good morning|good night|lol|haha|np|"
    r"no problem|you're welcome|understood|will do)\b[\s\w,!.']{0,24}$",
    re.I,
)
_CONSTRAINT_RE = re.compile(
    r"\b(?:must|mustn't|never|always|should(?:n't)?|shall|do not|don't|does not|cannot|can't|"
    r"may not|at most|at least|no more than|no less than|no later than|not exceed|exceed|"
    r"maximum|minimum|deadline|due (?:by|on|date)|required|requirement|mandatory|compliant|"
    r"compliance|forbidden|prohibited|not allowed|prefer|preference|i'd like|i would like|"
    r"i want|i need|make sure|ensure|avoid|only use|limit(?:ed)? to|cap(?:ped)? at|"
    r"under no circumstances|is a must|non-negotiable|hard rule|rule)\b",
    re.I,
)
_DECISION_RE = re.compile(
    r"\b(?:let'?s|let us|we'll|we will|we're going with|go with|going with|decided|decide|"
    r"decision|set|sets|switch|switched|change|changed|update|updated|move|moved|use|using|"
    r"choose|chose|pick|picked|adopt|raise|raised|lower|lowered|increase|increased|decrease|"
    r"decreased|reduce|reduced|bump|bumped|rename|renamed|upgrade|upgraded|downgrade|"
    r"downgraded|extend|extended|push|pushed|configure|configured|plan is|approved|"
    r"finali[sz]ed|agreed|confirmed|going forward|from now on|instead)\b",
    re.I,
)
_ASSISTANT_SUGGESTION_RE = re.compile(
    r"\b(?:you (?:could|might|may|can)|consider|perhaps|maybe|for example|e\.g\.|such as|"
    r"one option|another option|alternatively|if you want|would you like)\b",
    re.I,
)
_EQUATION_RE = re.compile(
    r"(?:\b[A-Za-z_][\w]*(?:\([^)]*\))?\s*=\s*[^=\n]*[-+*/^√∑]\s*[\w(]|\$[^$]+\$|\\frac|"
    r"\b(?:formula|equation)\b\s*(?:is|:))"
)
_SIGNATURE_RE = re.compile(r"\b(?:def|class|function|func|fn|public|private|interface)\s+\w+\s*[(<:{]")
_FILE_RE = re.compile(r"(?<![\w/])(?:[\w.-]+/)*[\w-]+\.(?:py|js|ts|tsx|jsx|go|rs|java|rb|php|c|cc|cpp|h|hpp|cs|sql|yaml|yml|json|toml|md|sh|ini|cfg|tf)\b")
_ENTITY_RE = re.compile(
    r"\b(?:my name is|i am|i'm|i work (?:at|for)|our (?:company|team|client|customer|product|"
    r"project|app|service) is(?: called)?|(?:is|are) (?:called|named)|works? (?:at|for)|lives? in)\s+"
    r"[A-Z][\w.-]*",
    re.I,
)
_ASSIGN_RE = re.compile(r"\b(?:is|are|was|=|of|at|stays|remains|set to|equals)\b|[=:]")
_MIN_WORDS = 3


class RuleExtractor:
    """Deterministic offline extraction of typed facts from one turn.

    ``min_words``: sentences shorter than this are skipped unless they hold a value.
    """

    def __init__(self, min_words: int = _MIN_WORDS) -> None:
        self.min_words = min_words

    def extract(self, turn: Turn) -> list[Fact]:
        text = turn.text or ""
        facts: list[Fact] = []
        for block in _FENCE_RE.findall(text):
            facts.append(self._fact(turn, PatchKind.CODE, block.strip()))
        prose = _FENCE_RE.sub("\n", text)
        facts.extend(self._structures(turn, prose))
        for sentence in _sentences(prose):
            fact = self._classify(turn, sentence)
            if fact is not None:
                facts.append(fact)
        return facts

    async def aextract(self, turn: Turn) -> list[Fact]:
        return self.extract(turn)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _fact(turn: Turn, kind: PatchKind, text: str) -> Fact:
        return Fact(kind=kind, text=text, role=turn.role, turn=turn.index, source="rules",
                    session_id=turn.session_id)

    def _structures(self, turn: Turn, prose: str) -> list[Fact]:
        out = []
        lines = prose.splitlines()
        run: list[str] = []
        for line in lines + [""]:
            if _LIST_ITEM_RE.match(line):
                run.append(line.strip())
                continue
            if len(run) >= 3 and not all(_CONSTRAINT_RE.search(item) for item in run):
                out.append(self._fact(turn, PatchKind.STRUCTURE, "\n".join(run)))
            run = []
        return out

    def _classify(self, turn: Turn, sentence: str) -> Fact | None:
        s = sentence.strip().strip("*_>").strip()
        if not s or _CHITCHAT_RE.match(s):
            return None
        words = s.split()
        has_value = bool(VALUE_RE.search(s))
        if len(words) < self.min_words and not has_value:
            return None
        if s.endswith("?"):
            return None  # a question states nothing yet
        if _EQUATION_RE.search(s) and not _CONSTRAINT_RE.search(s):
            return self._fact(turn, PatchKind.EQUATION, s)
        if _SIGNATURE_RE.search(s):
            return self._fact(turn, PatchKind.CODE, s)
        assistant = turn.role in (Role.ASSISTANT, Role.TOOL, Role.DOCUMENT)
        if assistant and _ASSISTANT_SUGGESTION_RE.search(s):
            return None
        constraint = bool(_CONSTRAINT_RE.search(s))
        decision = bool(_DECISION_RE.search(s))
        if constraint:
            kind = PatchKind.CONSTRAINT
            if decision and not re.search(r"\b(?:must|never|always|not|at most|at least|no more|"
                                          r"no less|exceed|deadline|only)\b", s, re.I):
                kind = PatchKind.DECISION
            return self._fact(turn, kind, s)
        stmt = parse_statement(s) if (decision or has_value) else None
        if decision and stmt is not None and stmt.subject:
            return self._fact(turn, PatchKind.DECISION, s)
        if stmt is not None and stmt.subject and stmt.value and stmt.dimension != "free" \
                and len(stmt.subject.split()) <= 6 and _ASSIGN_RE.search(s):
            return self._fact(turn, PatchKind.DECISION, s)
        if _ENTITY_RE.search(s):
            return self._fact(turn, PatchKind.ENTITY, s)
        if _FILE_RE.search(s):
            return self._fact(turn, PatchKind.CODE, s)
        return None


def _sentences(text: str) -> list[str]:
    parts = []
    for chunk in _SENT_SPLIT_RE.split(text):
        chunk = chunk.strip()
        if chunk and not _LIST_ITEM_RE.match(chunk):
            parts.append(chunk)
        elif chunk:
            parts.append(re.sub(r"^\s*(?:\d+[.)]|[-*•])\s+", "", chunk))
    return parts
