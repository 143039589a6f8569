"""A deadline or an expiry moved by someone's leave ("they gave us until Monday", "my visa
got extended until November") revises the day it was due."""

from __future__ import annotations

import pytest

from dspm_core.due_dates import due_said


@pytest.mark.parametrize("said,due", [
    ("The council gave us until Thursday for the planning appeal.", ("deadline for the planning appeal", "Thursday")),
    ("we've got till 4pm now", (None, "4pm")),
    ("My manager gave me an extension until the 21st.", (None, "the 21st")),
    ("Our lease runs out in August.", ("lease", "August")),
    ("the trial has been extended to 12 June", ("trial", "12 June")),
    ("The van's service is due in March.", ("van's service", "March")),
    ("our council tax is due on the 15th", ("council tax", "the 15th")),
])
def test_a_deadline_or_expiry_said(said, due):
    assert due_said(said) == due


@pytest.mark.parametrize("said", [
    "Another family got until Friday for theirs.",
    "Could they give us until Friday?",
    "If the lease runs out in August, where do we go?",
    "I work until 6pm.",
    "My friend's visa expires in May.",
])
def test_not_the_speakers_deadline(said):
    assert due_said(said) is None


@pytest.mark.parametrize("first,change,value,old", [
    ("The deadline for the appeal is Tuesday.", "They gave us until Friday for the appeal.", "Friday", "Tuesday"),
    ("My dissertation is due on the 2nd.", "My supervisor gave me an extension to the 16th.", "16th", "2nd"),
    ("Our lease runs out in August.", "The lease got extended until December.", "December", "August"),
])
def test_the_day_moved_revises_the_deadline(first, change, value, old, assert_revised):
    assert_revised(first, change, value, old)
