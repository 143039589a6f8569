"""Conventions declared as how things are ("Branch names in this repo are kebab-case.")
are kept as settings of their thing, revised by a new convention of the same thing, and
kept apart from the conventions of other things; general knowledge, someone else's
convention, a complaint, a question or a state of things declares none.

Each test feeds turns through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from dspm_core.conventions import read_convention
from test_in_passing import criticals, kept, remember, replaced


@pytest.mark.parametrize("text, subject, value", [
    ("Variable names in this codebase are snake_case.", "Variable names", "snake_case"),
    ("all the timestamps in our exports are in UTC", "timestamps", "UTC"),
    ("Dates on the invoices are formatted as DD/MM/YYYY.", "Dates", "DD/MM/YYYY"),
    ("our test names are sentence case", "test names", "sentence case"),
    ("The README is in English because our users are global.", "README", "English"),
    ("Release notes here are always in the past tense.", "Release notes", "past tense"),
    ("The mobile app follows Material Design", "mobile app", "Material Design"),
    ("changelog entries are sorted by date", "changelog entries", "by date"),
    ("the shop's prices are in GBP now", None, None),  # the shop's: not the speaker's
])
def test_a_convention_is_read(text: str, subject: str | None, value: str | None) -> None:
    got = read_convention(text)
    assert got == ((subject, value) if subject else None)


@pytest.mark.parametrize("text, value", [
    ("Variable names in this codebase are snake_case.", "snake_case"),
    ("our config files are TOML, not YAML", "TOML"),
    ("Weights in the tracker are in kg.", "kg"),
    ("support emails are always in formal French", "French"),
])
def test_a_declared_convention_is_kept(text: str, value: str) -> None:
    (p,) = criticals(text)
    assert value in p.text and p.value and value.lower() in p.value.lower()


@pytest.mark.parametrize("text", [
    "In Rust, type names are PascalCase.",
    "JavaScript constants are usually UPPER_CASE.",
    "my brother's blog is in German",
    "the variable names in this snippet are confusing",
    "the README is out of date again",
    "our builds are failing again",
    "the office is quiet today",
    "are the invoices in euros?",
    "The old app was all camelCase.",
])
def test_no_convention_is_declared(text: str) -> None:
    assert criticals(text) == []


@pytest.mark.parametrize("first, revision, new, old", [
    ("Branch names in this repo are kebab-case.", "branch names are snake_case now",
     "snake_case", "kebab-case"),
    ("All timestamps in the logs are in UTC.", "timestamps in the logs are in local time now",
     "local time", "UTC"),
    ("The newsletter is in British English.", "the newsletter is in US English now",
     "US English", "British English"),
    ("Commit messages in this repo are in the imperative.",
     "commit messages are in past tense from now on", "past tense", "imperative"),
])
def test_a_convention_is_revised(first: str, revision: str, new: str, old: str) -> None:
    replaced(remember(first, revision), new, old)


@pytest.mark.parametrize("first, other", [
    ("React components are PascalCase in this codebase", "JSON keys in our API are camelCase."),
    ("All timestamps in the logs are in UTC.", "dates in the app are DD/MM/YYYY"),
    ("The newsletter is in British English.", "customer emails are always in formal German"),
    ("headings on the blog are sentence case", "page titles on the site are title case"),
])
def test_conventions_of_other_things_stay_apart(first: str, other: str) -> None:
    memory = remember(first, other)
    kept(memory, read_convention(first)[1])
    kept(memory, read_convention(other)[1])
