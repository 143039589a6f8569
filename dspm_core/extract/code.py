"""Code and equations: fenced blocks, code pasted without fences, signatures, formulas.

A fenced block is one code fact. In an assistant's answer only substantial blocks count
(install commands, shell one-liners and console output are instructions, not the code),
and at most the longest one. Code pasted into prose without fences is taken out of the
prose as a block when it runs to three lines or more, so its lines are never read as
sentences.
"""

from __future__ import annotations

import re

_I = re.I

FENCE_RE = re.compile(r"```([^\n`]*)\n?(.*?)(?:```|$)", re.S)
_EQUATION_RE = re.compile(
    r"(?:\b[A-Za-z_][\w]*(?:\([^)]*\))?\s*=\s*[^=\n]*[-+*/^√∑×÷²³]\s*[\w(√]|\$(?![\d\s])[^$\n]+\$|\\frac|"
    r"\\sqrt|\b(?:formula|equation)\b\s*(?:is|:))"
)
SIGNATURE_RE = re.compile(
    r"\b(?:def|class|function|func|fn|interface|struct|enum|impl)\s+[A-Za-z_]\w*\s*[(<:{]"
)
FILE_RE = re.compile(
    r"(?<![\w/.])(?:[\w.-]+/)*[\w-]+\.(?:py|js|ts|tsx|jsx|go|rs|java|rb|php|c|cc|cpp|h|hpp|cs|"
    r"sql|yaml|yml|json|toml|md|sh|ini|cfg|tf|html|css|scss|kt|swift|vue|env|lock|txt|csv)\b"
)
FILE_FACT_RE = re.compile(
    r"\b(?:lives? in|is in|are in|located in|defined in|stored in|kept in|goes in|go in|"
    r"belongs? in|moved to|renamed to|the file|file is|path is|entry point|config(?:uration)? "
    r"(?:is|lives)|we keep|put (?:it|them) in)\b",
    _I,
)
_SHELL_RE = re.compile(r"^\s*(?:\$|>|#|pip3?|npm|npx|yarn|pnpm|git|cd|ls|mkdir|python3?|node|"
                       r"brew|apt(?:-get)?|sudo|curl|wget|docker|kubectl|export|source|conda|"
                       r"poetry|cargo|go (?:get|run|build)|flask|django-admin|rails)\b")
_SHELL_LANGS = frozenset("bash sh shell console zsh cmd powershell ps text txt output plaintext "
                         "log terminal".split())
_MAX_ASSISTANT_CODE = 1


def code_blocks(text: str, precise: bool) -> list[str]:
    """The fenced code blocks of ``text`` worth keeping; ``precise`` for an assistant's answer."""
    blocks = []
    for m in FENCE_RE.finditer(text):
        lang = m.group(1).strip().lower()
        lines = [ln for ln in m.group(2).splitlines() if ln.strip()]
        if not lines:
            continue
        # an answer's install commands and one-liners are instructions, not the code
        if precise and (lang in _SHELL_LANGS or len(lines) < 2
                        or all(_SHELL_RE.match(ln) for ln in lines)):
            continue
        blocks.append(m.group(0).strip())
    if precise and len(blocks) > _MAX_ASSISTANT_CODE:
        keep = sorted(sorted(blocks, key=len, reverse=True)[:_MAX_ASSISTANT_CODE], key=blocks.index)
        blocks = keep
    return blocks


_CODE_KEYWORD_RE = re.compile(
    r"^(?:def|class|import|return|elif|else|try|except|finally|public|private|protected|static|"
    r"const|let|var|function|package|void|int|String|boolean|bool|float|double|char|long|fn|"
    r"func|struct|impl|pub|async|await|yield|raise|throw|new|print|console\.log|#!|#include|"
    r"SELECT|INSERT|UPDATE|CREATE|DELETE|ALTER|FROM|WHERE)\b(?!['’])(?!\s+(?:the|a|an|of|to|and|is)\b)"
)
_CODE_CALL_RE = re.compile(r"^[\w.$]+\s*\(.*\)\s*[;,]?$|^from\s+[\w.]+\s+import\b|"
                           r"^(?:if|for|while|switch|catch|elif)\s*\(.*|^(?:if|for|while|elif|else)\b.*:$")
_CODE_ASSIGN_RE = re.compile(r"^[\w.$\[\]\"']+\s*(?:[+\-*/%|&]?=|:=|=>|->)\s*\S")


# ("$" only before a name: "$HOME", "${x}"; "$12,000" is money)
_CODEISH_RE = re.compile(r"[;{}()=<>/@#\[\]]|\$(?=[A-Za-z_{(])")
# a line of code that opens with a keyword but has no bracket, operator or semicolon: a
# block's header ("try:", "else:"), a keyword alone, an import, or SQL in capitals
_KEYWORD_CODE_RE = re.compile(r"^(?:.*:$|\w+$|(?:import|from)\s+[\w.]+(?:\s+(?:import|as)\s+"
                              r"[\w., ]+)?$|(?-i:SELECT|INSERT|UPDATE|CREATE|DELETE|ALTER)\b)")


def _code_line(line: str) -> int:
    """2 for a line that is surely code, 1 for one that may be (an assignment), else 0."""
    t = line.strip()
    if not t or len(t) > 240:
        return 0
    if not _CODEISH_RE.search(t) and not _CODE_KEYWORD_RE.match(t):
        return 0
    if not _CODEISH_RE.search(t) and not _KEYWORD_CODE_RE.match(t):
        return 0  # "try not to use semicolons", "let me know", "print it double sided"
    if t.endswith((";", "{", "}", "};", "});", "],", "},")) or t.startswith(
            ("}", "{", "//", "/*", "*/", "*", ">>>", "</", "<!--", "@", "#!", "$ ")) \
            or _CODE_KEYWORD_RE.match(t) and not t.endswith((".", "?", "!")) \
            or _CODE_CALL_RE.match(t) or re.match(r"^<[a-zA-Z][^>]*>", t):
        return 2
    if re.search(r"\w\.\w+\(", t) and len(re.findall(r"(?:^|\s)[a-z]{2,}(?=\s)", t)) <= 2:
        return 2  # a method call with hardly any prose around it
    if _CODE_ASSIGN_RE.match(t) and not re.search(r"\s(?:is|are|the|and|to|of|for|should|must)\s", t):
        return 1
    return 0


def unfenced_code(prose: str) -> tuple[str, list[str]]:
    """Take code pasted without fences out of the prose: runs of two or more code-like lines
    (one of them surely code) become a code block when they have three lines or more; a
    lone line that is surely code is dropped. A lone assignment ("timeout = 30") stays."""
    lines = prose.split("\n")
    keep: list[str] = []
    blocks: list[str] = []
    i = 0
    while i < len(lines):
        score = _code_line(lines[i])
        if not score:
            keep.append(lines[i])
            i += 1
            continue
        j = i
        strong = False
        while j < len(lines) and (_code_line(lines[j]) or (not lines[j].strip() and j + 1 < len(lines)
                                                           and _code_line(lines[j + 1]))):
            strong = strong or _code_line(lines[j]) == 2
            j += 1
        run = [ln for ln in lines[i:j] if ln.strip()]
        if strong and (len(run) >= 3 or any(SIGNATURE_RE.search(ln) for ln in run)):
            blocks.append("\n".join(lines[i:j]).strip("\n"))
        elif not strong and len(run) < 2:
            keep.extend(lines[i:j])
        keep.append("")
        i = j
    return "\n".join(keep), blocks


def is_equation(s: str) -> bool:
    m = _EQUATION_RE.search(s)
    if not m:
        return False
    if "=" not in m.group(0) or m.group(0).startswith(("$", "\\")):
        return True
    rhs = s[s.index("=", m.start()) + 1:]
    return not re.search(r"[\"'{}\[\];]|://|\w\.\w+\(|==", rhs)


# the marks of arithmetic at work: a fraction, an operator between numbers, a pair of
# numbers, a combination or permutation ("5C3", "4P2"), a factorial
_WORKING_RE = re.compile(r"\b\d+\s*/\s*\d+\b|\d\s*[*×÷+−]\s*[\d(]|\(\s*-?\d+\s*,\s*-?\d+\s*\)|"
                         r"\b\d+[CP]\d+\b|\b\d+!")


def has_working(s: str) -> bool:
    """``s`` has a mark of arithmetic at work (a fraction, a factorial, "5C3", ...)."""
    return _WORKING_RE.search(s) is not None


# a quantity of a worked problem, said by the one working it: "The probability of drawing
# the second ace is 3/51", "The number of ways to choose 2 balls out of the 3", "The sum of
# interior angles in a triangle is 180°" (a fact of the problem, not the user's setting)
_FIGURES = (r"triangle|circle|square|rectangle|polygon|pentagon|hexagon|octagon|parallelogram|"
            r"trapezoid|trapezium|rhombus|cylinder|cone|sphere|cube|prism|pyramid")
_PROBLEM_QUANTITY_RE = re.compile(
    r"^\W*(?:so\s+|and\s+)?(?:the|a)\s+(?:probability|chance|odds)\s+(?:of|that)\s+(?:\w+\s+){0,2}?"
    r"(?:getting|rolling|drawing|flipping|picking|selecting|choosing|tossing|landing|no)\b"
    r"|^\W*(?:so\s+|and\s+)?the\s+(?:number\s+of\s+(?:ways|outcomes|combinations|permutations|"
    r"arrangements)|total\s+(?:number\s+of\s+)?outcomes|sum\s+of\s+(?:the\s+)?(?:interior\s+|"
    r"exterior\s+)?angles)\b"
    r"|^\W*(?:so\s+|and\s+)?the\s+probability\s+is\s+\d[\d.]*\s*(?:/|:|%|or\b)"
    # what the working comes to: "So the angles of a hexagon add up to 720 degrees", "That
    # means the area is 12 square metres once you multiply it out"
    r"|^\W*(?:so|then|therefore|thus|hence|(?:that|which|this)\s+(?:means|gives|makes))\b"
    r"(?=.*\b(?:adds?\s+up\s+to|multipl(?:y|ied|ying)|divid(?:e|ed|ing)\s+(?:\d|it|that|this|by)\b|"
    r"equals?|works?\s+out\s+(?:to|at)|"
    r"\d+\s+(?:times|plus|minus)\s+\d))"
    # the givens of a figure or a draw: "a rectangle with sides 4 cm and 9 cm", "a right
    # triangle that has legs of 5 and 12", "similar with a scale factor of 3:4", "There are
    # 40 marbles left"
    rf"|\b(?:{_FIGURES})s?\s+(?:with|that\s+has|has|whose)\s+(?:(?:a|an|the|its)\s+)?"
    r"(?:sides?|angles?|base|height|radius|diameter|hypotenuse|legs?|edges?)\b(?=.*\d)"
    r"|\bsides?\s+(?:of\s+)?\d[\d.]*\s*(?:cm|mm|m|in|units?)?\s*,\s*\d"
    r"|\bsimilar\s+with\s+a\s+scale\s+factor\b"
    r"|^\W*there\s+are\s+\d+\s+(?:cards|balls|marbles|tiles|socks)\s+(?:left|remaining)\b", re.I)


def is_problem_quantity(s: str) -> bool:
    """``s`` gives a quantity of a worked problem (a probability of a draw or a roll, a
    number of ways, the outcomes, a sum of angles, what a sum or a product comes to after
    "so" or "that means", the sides of a figure or the marbles left in a draw): a step of
    the working."""
    return _PROBLEM_QUANTITY_RE.search(s) is not None


def is_worked_step(s: str) -> bool:
    """A step of a calculation the user is working through ("(4/52) * (3/51)", "the pairs
    (1,6), (2,5) ... add up to 7"): two marks of arithmetic or more."""
    return len(_WORKING_RE.findall(s)) >= 2
