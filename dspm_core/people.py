"""The people a speaker names by how they stand to them ("my sister", "our landlord"): a
setting said of one of them is theirs, not the speaker's."""

from __future__ import annotations

__all__ = ["PEOPLE"]

#: people a speaker names by how they stand to them, as a pattern's alternation
PEOPLE = (r"junior|senior|colleague|coworker|co-worker|wife|husband|partner|son|daughter|kids?|child|"
          r"children|mum|mom|dad|mother|father|brother|sister|friend|boss|manager|flatmate|roommate|"
          r"neighbou?r|team ?mate|intern|assistant|grandma|grandpa|granny|nan|aunt|uncle|cousin|niece|"
          r"nephew|baby|toddler|client|tenant|landlord|nanny|employee|staff|contractor|freelancer")
