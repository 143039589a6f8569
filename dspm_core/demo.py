"""The built-in demo conversation: hard rules, revisions, echoes and filler (about 40 turns)."""

from __future__ import annotations

__all__ = ["DEMO_CONVERSATION", "DEMO_QUERY"]

DEMO_QUERY = "What timeout and retry settings should the payment webhook use?"

DEMO_CONVERSATION: list[tuple[str, str]] = [
    ("user", "Hi! We're building the payments webhook service for Acme today."),
    ("assistant", "Great, happy to help. What are the requirements?"),
    ("user", "Hard rule: never log full card numbers, anywhere."),
    ("assistant", "Understood. Card numbers will never be logged."),
    ("user", "All payments must be PCI-DSS compliant."),
    ("assistant", "PCI-DSS compliance confirmed for every payment path."),
    ("user", "Set the webhook timeout to 30 seconds."),
    ("user", "The webhook batch size is 500 records."),
    ("assistant", "Noted: webhook timeout 30 seconds, batch size 500 records."),
    ("user", "Max retries for failed deliveries is 5."),
    ("user", "The API rate limit must not exceed 100 requests per minute."),
    ("assistant", "Status: scaffolding the handler now."),
    ("user", "Thanks, looks good so far."),
    ("user", "We'll use PostgreSQL for the database."),
    ("assistant", "```python\ndef handle_webhook(event: dict) -> None:\n    verify_signature(event)\n    enqueue(event)\n```"),
    ("user", "Data retention must not exceed 5 years."),
    ("user", "Audit logs must be kept for at least 1 year."),
    ("assistant", "Build 41 passed. All 112 tests green."),
    ("user", "Cool."),
    ("user", "Change the webhook timeout to 10 seconds."),
    ("assistant", "Done, the webhook timeout is now 10 seconds."),
    ("assistant", "Status: deploying to staging."),
    ("user", "The launch deadline is Friday."),
    ("user", "Session TTL is 60 seconds."),
    ("assistant", "Staging deploy finished without errors."),
    ("user", "Actually, switch the database to MySQL."),
    ("assistant", "Migrating the schema to MySQL."),
    ("user", "Raise the session TTL to 300 seconds."),
    ("assistant", "Status: load test running."),
    ("user", "The load test looks fine."),
    ("user", "Lower max retries to 3."),
    ("assistant", "Retries reduced; the webhook timeout stays at 60 seconds."),
    ("user", "Bump the session TTL to 120 seconds."),
    ("user", "The launch deadline moved to Monday."),
    ("assistant", "Noted, launch on Monday."),
    ("assistant", "Status: writing the runbook."),
    ("user", "The refund window is 14 days."),
    ("user", "Great work today."),
    ("assistant", "Thanks! Anything else before launch?"),
    ("user", "What timeout and retry settings should the payment webhook use?"),
]
