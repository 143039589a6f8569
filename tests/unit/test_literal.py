"""The literal pre-tests give exactly what the patterns they stand in for give."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from dspm_core.literal import bounded_hits, may_hold

TEXT = st.text(alphabet="ab5 .+#-%_$AB", max_size=14)
WORD = st.text(alphabet="ab5 .+#-%_$AB", min_size=1, max_size=3)


@settings(max_examples=3000)
@given(TEXT, WORD, st.sampled_from([(".+#-", "+#-", True), (".,$", "%", False), ("", "", True)]))
def test_bounded_hits_are_the_pattern_matches(text, word, bounds):
    not_before, not_after, ignore_case = bounds
    pattern = rf"(?<![\w{re.escape(not_before)}]){re.escape(word)}(?![\w{re.escape(not_after)}])"
    found = [m.start() for m in re.finditer(pattern, text, re.I if ignore_case else 0)]
    assert bounded_hits(text, word, not_before, not_after, ignore_case) == found


@settings(max_examples=2000)
@given(TEXT, WORD, st.booleans())
def test_may_hold_is_false_only_without_a_match(text, word, ignore_case):
    matched = re.search(re.escape(word), text, re.I if ignore_case else 0) is not None
    if matched:
        assert may_hold(text, word, ignore_case)
    else:
        assert may_hold(text, word, ignore_case) is False


def test_text_outside_ascii_is_left_to_the_pattern():
    assert bounded_hits("ſtop here", "stop", "", "") is None
    assert may_hold("ſtop", "stop") is True
    assert bounded_hits("the Kelvin is 5", "", "", "") is None


def test_hits_do_not_overlap_and_respect_both_sides():
    assert bounded_hits("5 5 5", "5 5", "", "") == [0]
    assert bounded_hits("v1.2 and 1.2", "1.2", ".", "") == [9]
    assert bounded_hits("12% or 12 MB", "12", "", "%") == [7]
