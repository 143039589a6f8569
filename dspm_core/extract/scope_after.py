"""A sentence that only gives the command before it a standing scope: "Put the TL;DR first
and the details after. Every time, even for short stuff.", "Use metric units. Always.",
"Skip the small talk. From now on."

The command alone could be a task of the moment; the scope said after it makes it a rule
for every answer, so the two sentences are kept together as one rule. The sentence before
must be a command (it opens with a verb, "please" or "don't"); a scope after a statement
("We went to Rome. Every time.") or a question says nothing of the replies.
"""

from __future__ import annotations

import re

from ..lexicon import is_base_verb

__all__ = ["scoped_command"]

_I = re.I
# the scope, alone or with what it reaches ("even for short stuff", "no exceptions")
_SCOPE_RE = re.compile(
    r"^\W*(?:(?:and|oh|also|ok|so)[\s,]+)?(?:every\s+(?:single\s+)?time|always|from\s+now\s+on|going\s+forward|"
    r"in\s+(?:every|all)\s+(?:answers?|repl(?:y|ies)|responses?)|for\s+(?:everything|all\s+of\s+them)|"
    r"each\s+time|no\s+exceptions)\b(?:[\s,;-]+(?:even\s+(?:for|when|if|with|in|on|at)\b[^.!?]{0,40}|"
    r"no\s+exceptions|please|pls|thanks|ok|okay|not\s+just\s+this\s+once|"
    r"(?:every|each)\s+(?:single\s+)?time))*\W*$", _I)
_COMMAND_RE = re.compile(r"^\W*(?:(?:please|pls|kindly|and|also|oh)[\s,]+)*(?P<verb>[a-z]+)\b", _I)
_NOT_VERBS = frozenset("i we you it this that my our the a an they he she there what how why when "
                       "is are was were do does can could would will should".split())


def scoped_command(command: str, scope: str) -> bool:
    """Whether ``scope`` only gives ``command``, the sentence before it, a standing scope."""
    if _SCOPE_RE.match(scope) is None or command.rstrip().endswith("?"):
        return False
    m = _COMMAND_RE.match(command)
    if m is None:
        return False
    verb = m.group("verb").lower()
    return verb in ("don't", "dont", "never", "no") or verb not in _NOT_VERBS and is_base_verb(verb)
