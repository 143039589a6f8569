"""RuleExtractor: the default, offline, deterministic extractor.

Plain Python: sentence and clause splitting, cue phrases and the slot rules of
:mod:`dspm_core.slots`. It reads constraints (modals, prohibitions, comparators, limits,
deadlines, compliance rules, standing "always"/"never" instructions and stated
preferences), decisions (choices and settings, revisions such as "set ... to", "switch to",
"from A to B"), code (fenced blocks, signatures, file names), equations, entities and
structures (lists of steps, tables).

It knows who spoke. A user's (or system's, or document's) message is read clause by
clause (:mod:`.user`); an assistant's (or tool's) message is read precisely, since long
answers are full of suggestions that are not the user's rules (:mod:`.assistant`).
Chit-chat yields nothing. This module orchestrates the pieces:

* :mod:`.code`: fenced and pasted code, signatures, equations;
* :mod:`.clauses`: sentence and clause splitting, markup and lead-word cleaning;
* :mod:`.cues`: the compiled cue patterns (constraint, decision, setting);
* :mod:`.user` and :mod:`.assistant`: the two sides of a conversation;
* :mod:`.settings`: the slot filling the extractor does itself where the slot rules
  would misread conversational text ("I'm using Bootstrap 5.3.0" -> "I'm");
* :mod:`.revisions`: "from A to B" as the old value and the new one.

Unrelated statements never share a slot: a missed merge costs a few tokens, a wrong one
loses a rule.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..patch import Fact, PatchKind, Role, Turn
from ..slots import parse_statement
from .config_lines import config_facts
from .assistant import assistant_facts
from .carried import carried_values
from .elliptical import (corrects_said_back, elliptical_facts, is_acknowledgement, judges_held_value,
                         opens_with_new_value)
from .referents import MAX_SAID_BACK_WORDS, values_said_back
from .clauses import (LIST_ITEM_RE, TABLE_ROW_RE, clean, rule_after_no, rule_after_so, split_sentences,
                      without_aside)
from .compound import compound_parts
from .code import FENCE_RE, code_blocks, unfenced_code
from .cues import rule_cue
from .directives import directive_facts
from .settings import new_fact
from .asides import asides_apart
from .casual import plain_prose
from .lower_names import as_typed, names_capitalised, typed_without_capitals
from .other_option import other_option
from .remembered import keeps_last, used_in_passing
from .reported import reported_change
from .scope_after import scoped_command
from .swapped_roles import swapped_roles
from .user import kept_fact, user_sentence_facts

__all__ = ["RuleExtractor"]


class RuleExtractor:
    """Deterministic offline extraction of typed facts from one turn.

    ``min_words``: sentences shorter than this are skipped unless they hold a value.
    """

    def __init__(self, min_words: int = 3) -> None:
        self.min_words = min_words

    def extract(self, turn: Turn) -> list[Fact]:
        """The typed facts of one turn: its code blocks first, then the facts of its prose."""
        text = (turn.text or "").replace("’", "'").replace("‘", "'")
        if not text.strip():
            return []
        precise = turn.role in (Role.ASSISTANT, Role.TOOL)
        facts: list[Fact] = [new_fact(turn, PatchKind.CODE, block)
                             for block in code_blocks(text, precise)]
        prose, pasted = unfenced_code(FENCE_RE.sub("\n", text))
        lower = not precise and typed_without_capitals(prose)  # "goes to priya"
        if not precise:
            prose = plain_prose(prose)  # "dont recommend anything with pork"
            prose = asides_apart(prose)  # "summarise this (I'm dyslexic, so ...)"
        if not precise:
            facts.extend(new_fact(turn, PatchKind.CODE, block) for block in pasted)
        if turn.role is Role.TOOL:
            facts.extend(config_facts(turn, text))  # "$ cat config/app.yaml": its values
        if precise:
            facts.extend(assistant_facts(turn, prose))
            return facts
        facts.extend(self._structures(turn, prose))
        if turn.role is not Role.DOCUMENT:
            commands, prose = directive_facts(turn, prose)
            facts.extend(commands)
        goal: list[str] = []
        short = len(text.split()) <= MAX_SAID_BACK_WORDS
        opening = True  # no sentence but acknowledgements so far ("all good. 4 times a week then")
        # the sentence before judged the value held ("... way too many. 6,000 each"), or the
        # reply is a value alone after the assistant said one back ("20% infill, noted." / "35")
        judged = corrects_said_back(turn, text)
        last: tuple[str, bool] | None = None  # the sentence before, and whether it gave a rule or setting
        last_at = 0  # where the facts of the sentence before start
        for sentence in map(without_aside, split_sentences(prose, semicolons=False)):
            if keeps_last(sentence):  # "The key is under the planter. Remember that.": the
                if last is not None and not last[1]:  # sentence before, kept
                    facts.append(kept_fact(turn, clean(last[0])))
                last = None
                continue
            # the sentence before gave no rule, or one rule alone ("Label the axes on any chart.")
            command = clean(last[0]) if last is not None and (
                not last[1] or all(f.kind is PatchKind.CONSTRAINT for f in facts[last_at:])) else None
            if command is not None and scoped_command(command, sentence):
                # "Put the TL;DR first. Every time, even for short stuff.": one rule (in place of
                # the rule the command alone gave)
                if last[1]:
                    del facts[last_at:]
                facts.append(new_fact(turn, PatchKind.CONSTRAINT, f"{command} {clean(sentence)}"))
                last = None
                continue
            last_at = len(facts)
            swapped = swapped_roles(turn, sentence)
            if swapped is not None:  # "other way round, Lee's on CAD": the two roles swapped
                facts.extend(swapped)
                last = (sentence, True)
                continue
            other = other_option(turn, sentence)
            if other is not None:  # "nope, the other one, Fine.": of a pair the user listed
                facts.append(other)
                last = (sentence, True)
                continue
            critical = False
            for part in compound_parts(sentence) or (sentence,):  # one fact per clause
                found = user_sentence_facts(turn, part, goal, self.min_words)
                if lower and not any(f.kind.critical for f in found):
                    found = self._names_read(turn, part, goal) or found
                if not any(f.kind.critical for f in found):
                    found = self._rule_after_no(turn, part, goal) or found
                if not any(f.value for f in found):  # "the vet said two is plenty"
                    found = reported_change(part, lambda rest: elliptical_facts(
                        turn, rest, user_sentence_facts(turn, rest, goal, self.min_words),
                        any_clause=True, after_judgement=True)) or found
                if opening or short or judged or opens_with_new_value(part):
                    # "45 minutes please. an hour is way too long": a
                    found = elliptical_facts(turn, part, found, any_clause=short,  # reply opening on its value
                                             after_judgement=judged)
                facts.extend(found)
                critical = critical or any(f.kind.critical for f in found)
            if not critical and used_in_passing(sentence) is not None:
                # "my pharmacy is the Walgreens on Elm St, use that one whenever ...": kept
                del facts[last_at:]
                facts.append(kept_fact(turn, clean(sentence)))
                critical = True
            last = (sentence, critical)
            opening = opening and is_acknowledgement(sentence)
            judged = judges_held_value(sentence)
        facts = values_said_back(turn, _apart(_dedupe(facts)))  # "hmm, 2.5 kg, ..."
        return carried_values(turn, facts)  # "make that 5" of the assistant's 10

    def _rule_after_no(self, turn: Turn, part: str, goal: list[str]) -> list[Fact]:
        """The facts of a clause that states no rule whole, read as two parts when the
        second is a rule of its own after "no" ("We're a TypeScript shop, no plain JS
        answers please"); none when neither part gives a rule."""
        parts = rule_after_no(part)
        if parts is not None:
            found = [f for p in parts for f in user_sentence_facts(turn, p, goal, self.min_words)]
            return found if any(f.kind.critical for f in found) else []
        parts = rule_after_so(part)  # "the school is nut-free so lunch ideas can't have nuts"
        if parts is None:
            return []
        rule = [f for f in user_sentence_facts(turn, parts[1], goal, self.min_words)
                if f.kind is PatchKind.CONSTRAINT]
        return [new_fact(turn, PatchKind.CONSTRAINT, clean(part))] if rule else []

    def _names_read(self, turn: Turn, part: str, goal: list[str]) -> list[Fact]:
        """The facts of a clause typed without capitals, read with the words that can only
        be names capitalised, when that reading gives a rule or a setting (else none)."""
        named = names_capitalised(part)
        if named == part:
            return []
        found = user_sentence_facts(turn, named, goal, self.min_words)
        if not any(f.kind.critical for f in found):
            return []
        return [replace(f, text=as_typed(f.text, part) or f.text, slot=as_typed(f.slot, part),
                        value=as_typed(f.value, part)) for f in found]

    async def aextract(self, turn: Turn) -> list[Fact]:
        return self.extract(turn)

    def _structures(self, turn: Turn, prose: str) -> list[Fact]:
        """Runs of three or more list items or table rows (unless every item is a rule)."""
        out = []
        run: list[str] = []
        for line in prose.splitlines() + [""]:
            if LIST_ITEM_RE.match(line) and not line.lstrip().startswith("#") or TABLE_ROW_RE.match(line):
                run.append(line.strip())
                continue
            if len(run) >= 3 and not all(rule_cue(clean(item)) for item in run):
                out.append(new_fact(turn, PatchKind.STRUCTURE, "\n".join(run)))
            run = []
        return out


def _apart(facts: list[Fact]) -> list[Fact]:
    """Facts of one message that would share a slot with different values are items of a
    list ("Time: 9:00 AM ...", "Time: 10:30 AM ..."), not revisions of each other: each gets
    an identity of its own. A "from A to B" pair (same slot, the old value first, its note
    "<slot> = A") is a revision and stays as it is."""
    keyed: dict[str, list[int]] = {}
    for i, f in enumerate(facts):
        if not f.kind.critical:
            continue
        subject = f.slot or parse_statement(f.text).subject
        if subject:
            keyed.setdefault(subject.lower(), []).append(i)
    out = list(facts)
    for subject, idx in keyed.items():
        if len(idx) < 2:
            continue
        if len(idx) == 2 and facts[idx[0]].text.lower().startswith(f"{subject} = "):
            continue  # a from-to pair
        for i in idx:
            f = facts[i]
            out[i] = Fact(kind=f.kind, text=f.text, role=f.role, turn=f.turn,
                          slot=" ".join(re.findall(r"[\w.:-]+", f.text)[:12]), op=f.op or "=",
                          value=f.value, unit=f.unit, scope=f.scope, source=f.source,
                          session_id=f.session_id)
    return out


def _dedupe(facts: list[Fact]) -> list[Fact]:
    """The facts without repeats of the same kind, text and slot (first one kept)."""
    seen = set()
    out = []
    for f in facts:
        key = (f.kind, f.text.lower(), f.slot)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out
