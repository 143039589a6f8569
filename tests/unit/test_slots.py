"""Statement parsing and slot identity."""

from __future__ import annotations

import pytest

from dspm_core.slots import AliasTable, bound_class, normalise_op, parse_statement, subject_key
from dspm_core.values import parse_value


@pytest.mark.parametrize("text,subject,op,value", [
    ("Set the webhook timeout to 10 seconds.", "webhook timeout", "=", "10 seconds"),
    ("Data retention must not exceed 5 years.", "Data retention", "<=", "5 years"),
    ("Data retention must be at least 5 years.", "Data retention", ">=", "5 years"),
    ("The API rate limit is 100 requests per hour.", "API rate limit", "=", "100 requests per hour"),
    ("Responses must be under 200 words.", "Responses", "<", "200 words"),
    ("Audit logs must be kept for at least 1 year.", "Audit logs", ">=", "1 year"),
    ("We'll use PostgreSQL for the database.", "database", "=", "PostgreSQL"),
    ("Let's use PostgreSQL.", "database", "=", "PostgreSQL"),
    ("The launch deadline moved to November 5.", "launch deadline", "=", "November 5"),
    ("Raise the budget from $5,000 to $7,500.", "budget", "=", "$7,500"),
    ("Never use eval.", "use eval", "!=", None),
    ("Hard rule: never log full card numbers, anywhere.", "log full card numbers", "!=", None),
    ("The platinum fee cap is 0.5%.", "platinum fee cap", "=", "0.5%"),
    ("Confirmed: the billing-service timeout is 10 seconds.", "billing-service timeout", "=",
     "10 seconds"),
    ("the webhook timeout stays at 60 seconds", "webhook timeout", "=", "60 seconds"),
])
def test_parse_statement(text, subject, op, value):
    st = parse_statement(text)
    assert (st.subject, st.op, st.value) == (subject, op, value)


@pytest.mark.parametrize("a,b", [
    ("Time to live for sessions", "session TTL"),
    ("time-to-live of sessions", "Session TTL"),
    ("the Webhook Timeouts", "webhook timeout"),
    ("sesion timout", "session timeout"),
    ("the database", "DB"),
])
def test_subject_keys_fold(a, b):
    assert subject_key(a) == subject_key(b)


@pytest.mark.parametrize("a,b", [
    ("server-a timeout", "server-b timeout"),
    ("zonba quota", "zonbb quota"),
    ("platinum fee cap", "silver fee cap"),
    ("webhook batch size", "webhook timeout"),
])
def test_subject_keys_stay_apart(a, b):
    assert subject_key(a) != subject_key(b)


def test_alias_table_learns_definitions():
    table = AliasTable()
    learned = table.learn("Our Mean Time Between Failures (MTBF) target is 400 hours.")
    assert ("mtbf", "mean time between failures") in learned
    assert subject_key("mean time between failures target", table) == subject_key("MTBF target", table)
    assert subject_key("mean time between failures target") != subject_key("MTBF target")


def test_operators_and_bound_classes():
    assert normalise_op("at most") == "<=" and normalise_op("≥") == ">=" and normalise_op(None) is None
    assert bound_class("<=") == bound_class("<") == "upper"
    assert bound_class(">=") == bound_class(">") == "lower"
    assert bound_class("=") == bound_class(None) == "eq"
    assert bound_class("!=") == "neg"


@pytest.mark.parametrize("a,b", [("30 secs", "30 seconds"), ("1,000 records", "1000 records"),
                                 ("Oct 20", "October 20th"), ("5 GB", "5 gigabytes"),
                                 ("next Friday", "Friday")])
def test_values_canonical(a, b):
    assert parse_value(a).canonical == parse_value(b).canonical


def test_value_dimensions():
    assert parse_value("100 requests per minute").scope == "minute"
    assert parse_value("10 MB").dimension == "size"
    assert parse_value("Friday").dimension == parse_value("March 3").dimension == "when"
    assert parse_value("30 seconds").dimension == parse_value("2 hours").dimension == "time"
