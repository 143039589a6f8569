"""A duty given in the other forms people use, and handed to someone else
(``dspm_core/roles.py``): the word for its holder ("Zainab is the shift lead for the
weekend crew", "Venue coordinator will be Magnus", "our treasurer is Ottoline"), "in charge
of" / "responsible for", "taught by", "<duty> is <person>'s job", and a duty given before an
aside ("Tobias handles the refunds, anything over $50 goes to him"). Another person then
takes it: "Ines is taking over the refunds", "they're sending Oskar instead", "handed the
rota over to Kemal", "let's give the minutes to Priyanka", "Arjun swapped with Lotte", "we
asked Selma to run it", "Zeno will drive them instead", "Hallie is covering", "a teacher
named Ruth Okoye is running it now". Two people with the same kind of duty of two things
keep both. Through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts, revised
from dspm_core.roles import role_said


@pytest.mark.parametrize("said, role, who", [
    ("Zainab is the shift lead for the weekend crew", "shift lead for the weekend crew", "Zainab"),
    ("Venue coordinator will be Magnus", "Venue coordinator", "Magnus"),
    ("our treasurer is Ottoline", "treasurer", "Ottoline"),
    ("Clement is in charge of the float for the bake sale", "float for the bake sale", "Clement"),
    ("Yolanda is responsible for booking the minibus", "booking the minibus", "Yolanda"),
    ("the pottery class is taught by Coach Brandt", "pottery class", "Coach Brandt"),
    ("Stock counts are Wilhelmina's job", "Stock counts", "Wilhelmina"),
    ("Tobias handles the refunds, anything over $50 goes to him", "refunds", "Tobias"),
    ("Hyacinth is coordinating the volunteer drivers for the gala", "volunteer drivers for the gala", "Hyacinth"),
    ("Kestrel is head mod on the forum", "head mod on the forum", "Kestrel"),
    ("Joaquín runs the picking crew", "picking crew", "Joaquín"),
    ("my neighbour Agnieszka will water the plants while we're in Spain", "water the plants", "Agnieszka"),
    ("Counsel Brody reviews all settlement letters before they are sent, so send drafts to him first",
     "all settlement letters before they are sent", "Counsel Brody"),
])
def test_a_duty_given_in_other_words_is_read(said: str, role: str, who: str) -> None:
    assert role_said(said) == (role, who, False)


@pytest.mark.parametrize("said, who", [
    ("Ines is taking over the refunds", "Ines"),
    ("the agency is sending Oskar instead", "Oskar"),
    ("Zainab handed the rota over to Kemal", "Kemal"),
    ("he forgot twice so let's give the minutes to Priyanka", "Priyanka"),
    ("Arjun swapped with Lotte", "Lotte"),
    ("Marek quit, we asked Selma to run it", "Selma"),
    ("Bruno's car broke down, Zeno will drive them instead", "Zeno"),
    ("Fenella is off sick, Hallie is covering", "Hallie"),
    ("he retired, a teacher named Ruth Okoye is running it now", "Ruth Okoye"),
    ("Otto is busy, so Marisol is gonna take over the rota", "Marisol"),
])
def test_another_person_taking_the_duty_is_read_as_a_change(said: str, who: str) -> None:
    assert role_said(said) == (None, who, True)


@pytest.mark.parametrize("said", [
    "Mike is the reason we were late",
    "Dana is the best",
    "The answer is Paris",
    "the winner is Sarah",
    "Dinner is Friday",
    "can you send the minutes to Priyanka",
    "Shipping is free on orders over $50",
    "Sam is a teacher",
    "Our client is Acme Corp",
    "Mike will be late tonight",
])
def test_no_duty_is_read_where_none_is_given(said: str) -> None:
    assert role_said(said) is None or role_said(said)[0] is None and not role_said(said)[2]


HANDED = [
    (("Zainab is the shift lead for the weekend crew", "assistant: Zainab leads weekends, noted.",
      "Zainab is away in June, Kemal is covering"), ("Kemal", ["Zainab"])),
    (("Venue coordinator will be Magnus", "Magnus broke his wrist, so the agency is sending Oskar instead"),
     ("Oskar", ["Magnus"])),
    (("Clement is in charge of the float for the bake sale", "assistant: Clement has the float.",
      "Clement handed the float over to Yolanda"), ("Yolanda", ["Clement"])),
    (("Stock counts are Wilhelmina's job", "Wilhelmina is moving to the other shop, Ines is taking over the stock counts"),
     ("Ines", ["Wilhelmina"])),
    (("Tobias handles the refunds, anything over $50 goes to him", "Tobias left, we asked Selma to handle them"),
     ("Selma", ["Tobias"])),
    (("my neighbour Agnieszka will water the plants while we're in Spain", "assistant: Agnieszka on plants, noted.",
      "she's away too it turns out, my nephew Tomek is doing it now"), ("my nephew Tomek", ["Agnieszka"])),
    (("Kestrel is head mod on the forum", "assistant: Kestrel, noted.", "kestrel needs a break for a while, make Jinx head mod"),
     ("Jinx", ["Kestrel"])),
]


@pytest.mark.parametrize("turns,expected", HANDED, ids=[t[-1][:40] for t, _ in HANDED])
def test_the_duty_handed_to_another_person_revises_it(turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


def test_the_same_duty_of_two_shifts_stays_two_settings() -> None:
    turns = ("Zainab is the shift lead on weekdays", "and Kemal is the shift lead on weekends")
    assert revised(*turns) == []
    assert len(critical_texts(*turns)) == 2
