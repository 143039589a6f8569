"""A change that gives a new value of a kind replaces the one value of that kind a recent
request or remark mentioned, though no form read that request as a setting
(``dspm_core.value_mentions``). Sentences written for this project."""

from __future__ import annotations

import pytest
from test_in_passing import kept, remember, replaced

from dspm_core.value_mentions import is_change, mentions


@pytest.mark.parametrize("turns, new, old", [
    # a weekday, after the assistant confirmed the request
    (["could you stick a reminder on my phone to call the garage on thursday afternoon?",
      ("assistant", "Done."), "actually friday, they're shut thursdays"], "friday", "thursday"),
    # a capitalised name, the new one opening its sentence
    (["can you get me a table at Bocca for six on friday?",
      "turns out they're closed for a private do. Ortolana instead"], "Ortolana", "Bocca"),
    # money given as a bare number after its reason
    (["can you order a birthday cake for Maya from the bakery on Dale St? about £40",
      "her whole class is coming now so that won't feed them. 75"], "75", "£40"),
    # a tool named for it
    (["can you draft the release checklist in Confluence for the team",
      "half the team can't log in there. use Coda for it"], "Coda", "Confluence"),
    # a name of a known kind said after a reason
    (["write the welcome note for the new volunteers in French please",
      "they're mostly from the Lisbon group so Portuguese please"], "Portuguese", "French"),
    # a city preferred, opening its sentence, for the one city of a request
    # a name of a known kind alone after its reason, a question in between
    (["order the club hoodies in navy please, 12 of them",
      "thx. btw how long do tulip bulbs take to flower",
      ("assistant", "Usually 3 to 4 months after planting."),
      "ok. the club voted on new colours so burgundy please"], "burgundy", "navy"),
    # a colour of a muted shade, after the old one was turned down
    (["can you order the throw cushions in terracotta, the square ones, 2 of them",
      "saw them in a friend's flat and they looked orange. go with sage"], "sage", "terracotta"),
    # "these days" beside a value of the kind of a stated setting
    (["the school run leaves at 8:10", "it's 7:50 these days"], "7:50", "8:10"),
    # (a city whose name is also a word: "derby")
    (["arrange the reunion dinner for 12 of us on the 3rd, somewhere central in Nottingham",
      "Derby would be better, half of us live out that way now"], "Derby", "Nottingham"),
    # a city among other names of the request
    (["sort out the leaving drinks for Priya on friday, somewhere in Nottingham city centre",
      "Derby would be better, most of us live out that way"], "Derby", "Nottingham"),
    # "only" beside the new value names nothing
    (["book me a 90 minute driving lesson for sunday morning",
      ("assistant", "I can request a 90-minute lesson on Sunday morning. Any instructor you prefer?"),
      "whoever. actually only 60, the car park shuts at 12"], "60", "90"),
    # a new place said with where it is ("on Mill Rd"), its reason first
    (["arrange the leaving drinks for friday 8th at The Anchor from 6, about 20 of us",
      "The Anchor flooded last night. it's at Tap House on Mill Rd now"], "Tap House", "The Anchor"),
    # a short weekday
    (["book the 5-a-side pitch for tue at 7pm, 10 players",
      "half the lads are away that night, move it to wed pls"], "wed", "tue"),
    # a date moved, said in the past
    (["the school fair is sat 14 june, 11-3 on the field, we're doing a cake stall",
      "the pta emailed, the whole thing's been pushed back to 21 june because of exams"],
     "21 june", "14 june"),
    # the value alone after a sentence that names the old one
    (["order the throw for the sofa in navy please, the 150cm one",
      "went off the navy, the room's dark enough already. teal please"], "teal", "navy"),
    # a British spelling opening the request is a word, not a name
    (["Organising the charity quiz for 40 people at The Swan on the 3rd",
      "The Swan's double booked. Quillbrook Arms would be better"], "Quillbrook Arms", "The Swan"),
    # a person by title, typed in lower case
    (["send the referral letter to dr mensah at the eye clinic please",
      "actually dr fairweather, mensah only does mondays"], "dr fairweather", "dr mensah"),
    # a number alone after its reason, of a setting whose value it is
    (["please set a pasta timer for 9 minutes",
      "oh it's the thick fettuccine, that needs longer. 12"], "12", "9"),
])
def test_a_change_replaces_the_one_value_of_its_kind(turns: list, new: str, old: str) -> None:
    replaced(remember(*turns), new, old)


def test_the_request_keeps_what_else_it_said_with_the_old_value_marked() -> None:
    memory = remember("could you stick a reminder on my phone to call the garage on thursday "
                      "afternoon?", "actually friday, they're shut thursdays")
    assert "call the garage on (earlier: thursday) afternoon" in memory.get_context()


@pytest.mark.parametrize("turns, values", [
    # another person's
    (["remind me to water the tomatoes on thursday",
      "my sister waters hers on sunday, so sunday for her"], ["thursday", "sunday"]),
    # an addition
    (["book a table at Bocca on friday", "also get us Ortolana for the saturday instead of "
                                         "cooking"], ["Bocca", "Ortolana"]),
    # a number alone answering a question changes no earlier number
    (["the kids get 3 stories a night", "book a table for saturday at 8pm",
      ("assistant", "How many people?"), "4"], ["3 stories"]),
    # the change names another thing than the earlier statement ("the paid plan")
    (["the free plan keeps backups for 14 days",
      "now for the paid plan make it 60 days"], ["14 days", "60 days"]),
    # two names said in the turn of the request: which one changed is not clear
    (["set up a shared doc for the trip in Notion? me, Priya and Tom",
      "Tom can't use it. use Dropbox Paper for it"], ["Notion", "Priya"]),
    # a question about another value
    (["plan me a long weekend in Porto in june", "would Seville be cheaper?"], ["Porto"]),
    # a name of a known kind alone for someone else, a question in between
    (["write the invitation for the book club in German please",
      "what's the plural of cactus?", ("assistant", "Cacti, or cactuses."),
      "my sister wants hers for her choir, so Dutch for her"], ["German"]),
    # a person by title for someone else
    (["send the referral letter to dr mensah at the eye clinic please",
      "my dad sees dr fairweather now, he moved practice"], ["dr mensah"]),
    # a city said of something else than the request's city
    (["book the team dinner somewhere central in Bristol on the 3rd",
      "my sister says Cardiff would be better for her hen do"], ["Bristol"]),
    # the value turned down is no new value
    (["my dentist is Dr Amari", ("assistant", "I've booked you in with Dr Kwan."),
      "Amari!! not Kwan"], ["Amari"]),
])
def test_what_is_no_change_of_the_speakers_value_keeps_both(turns: list, values: list) -> None:
    memory = remember(*turns)
    for value in values:
        kept(memory, value)


@pytest.mark.parametrize("text, kinds", [
    ("book a table for 4 at Dishoom on saturday at 8pm, £30 a head",
     ["number", "name", "weekday", "clock", "money"]),
    ("set a timer for 45 minutes", ["quantity:time"]),
    ("make it vegan and in Spanish", ["known:diet", "known:reply language"]),
    ("Mildreds instead", ["name"]),
    ("York would be better than Reading", ["name", "name"]),
    ("ask dr okafor or Ms Lee", ["name", "name"]),
])
def test_mentions_read_each_value_once_with_its_kind(text: str, kinds: list) -> None:
    assert [m.kind for m in mentions(text)] == kinds


@pytest.mark.parametrize("text, change", [
    ("actually tuesday, i misread it", True),
    ("Mildreds instead", True),
    ("that needs longer. 55", True),
    ("55", False),  # an answer, not a change
    ("also tuesday for the other one", False),
    ("would tuesday work?", False),
    ("can we look at Seville instead?", True),
])
def test_is_change(text: str, change: bool) -> None:
    m = mentions(text)[0]
    assert is_change(text, m) is change


# ------------------------------------------------------ changes said in other everyday forms
@pytest.mark.parametrize("turns, new, old", [
    # the new value beside the old one it replaces, with "not"
    (["please get the chimney sweep round on tuesday morning, the lounge one needs doing",
      "sorry thursday not tuesday, i'm at my mum's then"], "thursday", "tuesday"),
    # a day of the month that suits better
    (["order the anniversary flowers from Petalworks for delivery on the 19th, budget about £45",
      "hmm the 18th works better, we're out that evening"], "18th", "19th"),
    # a clock time preferred, with "actually" mistyped
    (["can u book the car wash on Elm St for sat at 2pm, full valet",
      "11am better actualy, footie at 2"], "11am", "2pm"),
    # "change the budget to X", the old figure named in the reason
    (["find me a cleaner for the flat on friday, 3 hours, about 60 pounds",
      "change the budget to 80, 60 wont get anyone round here"], "80", "60 pounds"),
    # "do the X" after the old value's reason
    (["can you arrange the window cleaner for the 9th, front and back, about £25",
      "the scaffolders are in that week, do the 23rd"], "23rd", "9th"),
    # a reason after the change speaks of another thing of the speaker's own
    (["remind me at 8:30am tmrw to post the birthday card at the Crown St box",
      "could u do 7:50 instead, want to do it before my shift"], "7:50", "8:30am"),
    # a reason that brings the time forward
    (["set the plant watering reminder for 6pm every sunday, the big fern and the basil",
      "bring it forward to 10am pls, they dry out by the afternoon"], "10am", "6pm"),
    # the size wanted now said "like last time"
    (["can you reorder the green rain jacket from the Uniqlo site, in small like last time",
      "large actually, the small one pinches at the shoulders"], "large", "small"),
])
def test_everyday_changes_of_one_value(turns: list, new: str, old: str) -> None:
    replaced(remember(*turns), new, old)


def test_a_typed_request_keeps_what_else_it_said_with_the_old_value_marked() -> None:
    memory = remember("can u book the car wash on Elm St for sat at 2pm, full valet",
                      "11am better actualy, footie at 2")
    context = memory.get_context()
    assert "(earlier: 2pm)" in context and "full valet" in context, context


def test_a_second_change_of_the_same_value_takes_the_first_ones_place() -> None:
    """The request kept with its old value marked says nothing of what holds now, so a
    second change finds the first and nothing stale is left."""
    memory = remember("can u book the car wash on Elm St for sat at 2pm, full valet",
                      "11am better actualy, footie at 2", "actually 10am, they open early")
    replaced(memory, "10am", "11am")
    context = memory.get_context()
    assert "(was 11am then 2pm)" in context and "now 11am" not in context, context


@pytest.mark.parametrize("turns, values", [
    # a preference for another thing's value
    (["book the car wash for sat at 2pm", "the cinema at 7pm would be better for her though"],
     ["2pm", "7pm"]),
    # another day of the month asked about
    (["order the flowers for delivery on the 19th", "would the 18th be any cheaper?"], ["19th"]),
    # a second errand with its own budget: nothing says it changed
    (["find me a cleaner for the flat, no more than 60 pounds a visit",
      "and a gardener too, 40 pounds a visit"], ["60 pounds", "40 pounds"]),
])
def test_other_values_of_a_kind_stay(turns: list, values: list) -> None:
    memory = remember(*turns)
    for value in values:
        kept(memory, value)


@pytest.mark.parametrize("text, kinds", [
    ("deliver on the 2nd aug, not nov 14th", ["date", "date"]),
    ("20 wont be enough, make it 30.", ["number", "number"]),
])
def test_dates_and_bare_numbers(text: str, kinds: list) -> None:
    assert [m.kind for m in mentions(text)] == kinds


@pytest.mark.parametrize("value", ["Set the billing-service timeout to 1 seconds.",
                                   "Change the billing-service timeout to 1 seconds."])
def test_a_value_beside_a_bound_of_its_setting_changes_no_bound(value: str) -> None:
    """A value and a bound on it are two settings, however the value is said."""
    memory = remember("The billing-service timeout must not exceed 2 seconds.", value)
    kept(memory, "2 seconds")
    kept(memory, "1 seconds")


def test_a_value_alone_after_its_reason_in_the_same_message() -> None:
    """The sentences of a message are merged in the order they were said, so a value alone
    after its reason is read as a change."""
    memory = remember("can you book me a weekly slot at the climbing wall with Tom, 6:30 every "
                      "tuesday, 90 mins, bouldering room", "kids club took over that hour. 7:45")
    replaced(memory, "7:45", "6:30")
    assert "bouldering room" in memory.get_context()


def test_a_request_read_as_a_setting_keeps_its_other_details() -> None:
    memory = remember("set up a daily check-in invite for the design team, 8:50 every weekday, "
                      "10 mins, Birch room plus a zoom link",
                      "the all-hands moved onto that slot every morning. 11:20")
    replaced(memory, "11:20", "8:50")
    context = memory.get_context()
    assert "(earlier: 8:50)" in context and "Birch room" in context, context


@pytest.mark.parametrize("text, said, kind", [
    ("order fifty-five badges", "fifty-five badges", "quantity:"),
    ("the tip is 18% here", "18%", "quantity:percent"),
    ("can u move it to half eight?", "half eight", "clock"),
    ("final count a hundred and six", "a hundred and six", "number"),
])
def test_a_value_said_in_words_is_mentioned_as_said(text: str, said: str, kind: str) -> None:
    found = [m for m in mentions(text) if m.text == said]
    assert found and found[0].kind.startswith(kind) and text[found[0].start:].startswith(said)


def test_let_s_go_is_no_name() -> None:
    assert [m.text for m in mentions("let's go with the blue one")] == ["blue"]


def test_a_pointer_at_a_value_of_its_own_message_changes_no_older_one() -> None:
    memory = remember("the dentist appointment is on monday the 9th",
                      "the parents evening is on thursday, can you move it to friday?")
    kept(memory, "monday")


def test_a_value_for_another_part_of_the_week_changes_no_other() -> None:
    memory = remember("the heating comes on at 6:15 on weekdays",
                      "on weekends two hours later, so 8:15")
    kept(memory, "6:15")
    kept(memory, "8:15")


@pytest.mark.parametrize("turns, new, old", [
    # the thing, then its new value, with no word of change
    (["sort the leaving do for Priti: 25 people, the back room at the Fox, cake from Lidl, "
      "prosecco at £9 a bottle", "prosecco at £11 a bottle, the cheap one is gone"], "£11", "£9"),
    # "pls" after it, a question and its answer in between
    (["garden order: 6 bags of compost, 3 lavender plants, gravel in grey, delivery on the 14th",
      "do lavender plants need full sun?", ("assistant", "Yes, six hours or more is best."),
      "gravel in white pls, grey shows the moss"], "white", "grey"),
    # the value first, then its thing
    (["loan quote pls: £12k car, 20% down payment, 4 year term", "hmm 30% down payment, "
      "sold my old bike"], "30%", "20%"),
])
def test_a_detail_changed_by_naming_its_thing(turns: list, new: str, old: str) -> None:
    """One detail of a message that gave several, changed by its thing beside the new value."""
    replaced(remember(*turns), new, old)


@pytest.mark.parametrize("turns, values", [
    # a sibling thing with a word of its own
    (["conference tickets: early bird at £120, workshop pass at £60",
      "student workshop pass at £30"], ["£60", "£30"]),
    # the thing of another person
    (["my stand at the fete: jam jars at £3, cakes at £2, bunting in red",
      "my neighbour's stand is next to mine, her cakes at £1.50"], ["£2", "£1.50"]),
    # a digit names another thing ("unit 2" / "unit 1")
    (["unit 1 rent at £700, unit 2 rent at £650", "unit 3 rent at £800"], ["£700", "£650", "£800"]),
    # an item added
    (["shopping list: 2 kg of flour, milk at £1.20", "and add oat milk at £1.80"],
     ["£1.20", "£1.80"]),
])
def test_a_thing_of_its_own_beside_a_value_changes_no_detail(turns: list, values: list) -> None:
    memory = remember(*turns)
    for value in values:
        kept(memory, value)


def test_a_capital_letter_names_its_own_thing() -> None:
    """"proxy A" is not the proxy of another setting: the letter is a word of the thing."""
    memory = remember("Change the ronoc proxy queue depth to 500 messages.",
                      "Set the proxy A queue depth to 700 messages.")
    kept(memory, "500 messages")
    kept(memory, "700 messages")


@pytest.mark.parametrize("turns, values", [
    # a bound, then a value of the same thing: two settings
    (["house rules for the party: music volume under 70%, guests 30", "music volume at 60% pls"],
     ["70%", "60%"]),
])
def test_a_value_named_by_its_thing_changes_no_bound(turns: list, values: list) -> None:
    memory = remember(*turns)
    for value in values:
        kept(memory, value)


@pytest.mark.parametrize("text, said", [
    ("the curtains in sage green please", ["sage green"]),
    ("a charcoal grey suit for the wedding", ["charcoal grey"]),
    # two colours said apart stay two
    ("navy and cream for the invites", ["navy", "cream"]),
])
def test_colour_words_said_together_are_one_colour(text: str, said: list) -> None:
    assert [m.text for m in mentions(text) if m.kind == "known:colour"] == said


def test_a_colour_changed_by_naming_its_kind_and_a_word_of_the_old_one() -> None:
    memory = remember("get the Aldo sofa from Larkin Home in dusty pink please, delivered after the 12th",
                      "change the colour to olive, the pink clashes with the rug")
    replaced(memory, "olive", "pink")
    kept(memory, "12th")
    # another thing's colour is no change of the sofa's
    memory = remember("get the Aldo sofa from Larkin Home in dusty pink please",
                      "the cushions should be olive, pink ones would be too much")
    kept(memory, "dusty pink")


@pytest.mark.parametrize("text, said", [
    # a colour word that opens a capitalised name is part of the name
    ("quiz night upstairs at the Red Lion", [("name", "Red Lion")]),
    # a word opening the sentence is a name only when it is rare, as said or singular
    ("Upstairs at the Crown, 8pm", [("name", "Crown"), ("clock", "8pm")]),
])
def test_names_that_look_like_words(text: str, said: list) -> None:
    assert [(m.kind, m.text) for m in mentions(text)] == said


def test_a_new_place_said_with_its_noun_replaces_the_place_of_a_reminder() -> None:
    memory = remember("upstairs at the Red Lion, every other thursday at 8 - that's where my quiz "
                      "team meets, remind me",
                      "from now on it's at the club on Mill Road, the pub shut down")
    replaced(memory, "Mill Road", "Red Lion")
    assert "thursday at 8" in memory.get_context()
    # someone else's place is no change of the reminder's
    memory = remember("upstairs at the Red Lion, every other thursday at 8 - that's where my quiz "
                      "team meets, remind me",
                      "my brother's darts team plays at the club on Mill Road now")
    kept(memory, "Red Lion")


def test_from_next_time_is_a_change_of_the_meeting_place() -> None:
    first = "for the chess club we meet always at the Ferris Arms, 7pm mondays, remember it please"
    replaced(remember(first, "from next session is the Linden Library place, the pub is too loud"),
             "Linden Library", "Ferris Arms")
    kept(remember(first, "from next time my brother's group meets at the Linden Library"), "Ferris Arms")
