"""A critical's short line ``subject op value`` is offered only when the subject names a
setting; a subject left over from a sentence keeps the sentence as said."""

import pytest

from dspm_core import DSPMMemory
from dspm_core.forms import forms_for


def shortest(*texts: str) -> list[str]:
    m = DSPMMemory()
    for t in texts:
        m.add_turn("user", t)
    return [forms_for(p)[-1].text for p in m.all_patches if p.critical]


@pytest.mark.parametrize("text,line", [
    ("Set the polling interval to 30 seconds.", "decision: polling interval = 30 seconds"),
    ("The p95 latency budget is 200 ms.", "decision: p95 latency budget = 200 ms"),
    ("Set the bucket 8 size limit to 5 GB.", "decision: bucket 8 size limit = 5 GB"),
    ("I have a deadline of April 15 to finish the MVP.", "decision: deadline = April 15"),
    ("Scheduled backups run at 2 AM.", "decision: Scheduled backups = 2 AM"),
])
def test_a_named_setting_keeps_its_short_line(text, line):
    assert shortest(text) == [line]


@pytest.mark.parametrize("text", [
    "I've got 5 detailed critiques from the beta readers by May 30.",
    "I attended the 6 PM workshop on May 8 in Room 204.",
    "I'm kinda stressed about my visa interview on June 10 at the consulate.",
    "I decided to replace 2 weak sources with 3 journal articles.",
    "I'm 60 and earning $85,000 annually.",
    "I'll definitely use Grammarly and Hemingway Editor more.",
    "I'm working on a project where I had to decide against OAuth due to scope, without 2FA.",
])
def test_a_sentence_leftover_is_never_written_as_a_setting(text):
    for line in shortest(text):
        body = line.split(": ", 1)[1]
        assert body[:12] == text[:12], line  # the sentence (or its start), not "x = y"
